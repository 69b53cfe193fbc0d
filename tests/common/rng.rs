//! The generator's SplitMix64 (`kifu::generate::Rng`), with the helpers random test cases need.

/// A deterministic random stream: the same seed gives the same cases on every machine.
#[derive(Clone, Debug)]
pub struct Rng(kifu::generate::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(kifu::generate::Rng::new(seed))
    }

    /// The generator of case `index` of a stream: independent of every other case.
    pub fn for_case(seed: u64, stream: u64, index: u64) -> Rng {
        let state = seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F);
        let mut r = Rng::new(state ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93));
        r.next();
        r
    }

    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `n` (0 when n is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        ((self.next() as u128 * n as u128) >> 64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Mostly small lengths, sometimes long ones.
    pub fn len(&mut self, max: usize) -> usize {
        let cap = match self.below(10) {
            0..=5 => 8,
            6..=8 => 64,
            _ => max,
        };
        self.below(cap.min(max) + 1)
    }
}
