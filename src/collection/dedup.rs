//! Recognising the same game written twice: 128-bit keys of what makes two records the same
//! game (see [`Replayed::key`](super::game::ReplayedGame::key)), and the set of keys seen.
//!
//! A key is two SipHash values under independent random keys, chosen once per run: two
//! different games share a key with probability about 2^-128 each, so a collection of a
//! million games has a chance of about 10^-27 of one false duplicate. Only the keys are kept
//! (16 bytes a game), not the games.

use rustc_hash::FxHashSet;
use std::hash::{BuildHasher, Hash, Hasher, RandomState};

/// The identity of a game, as far as duplicates go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameKey(pub u128);

/// Makes [`GameKey`]s. One maker must serve a whole run (its random keys are its own).
#[derive(Clone, Debug)]
pub struct KeyMaker {
    high: RandomState,
    low: RandomState,
}

impl KeyMaker {
    /// A key maker with fresh random seeds (keys are only comparable between keys of one maker).
    pub fn new() -> KeyMaker {
        KeyMaker {
            high: RandomState::new(),
            low: RandomState::new(),
        }
    }

    /// The key of anything hashable.
    pub fn key<T: Hash + ?Sized>(&self, what: &T) -> GameKey {
        // What `what` feeds a hasher, recorded once (a game's moves are many small fields:
        // recording them is cheaper than running SipHash twice over each), then hashed whole.
        let mut bytes = Recorder(Vec::with_capacity(1024));
        what.hash(&mut bytes);
        let high = self.high.hash_one(&bytes.0[..]) as u128;
        let low = self.low.hash_one(&bytes.0[..]) as u128;
        GameKey(high << 64 | low)
    }
}

impl Default for KeyMaker {
    fn default() -> Self {
        KeyMaker::new()
    }
}

/// A "hasher" that keeps the bytes written to it: the derived `Hash` of a value written out
/// with fixed-width integers, lengths before sequences and variant numbers before fields, an
/// unambiguous encoding of it.
struct Recorder(Vec<u8>);

impl Hasher for Recorder {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    fn finish(&self) -> u64 {
        0
    }
}

/// The keys seen so far.
#[derive(Debug, Default)]
pub struct Seen {
    keys: FxHashSet<GameKey>,
}

impl Seen {
    /// No key seen yet.
    pub fn new() -> Seen {
        Seen::default()
    }

    /// Records `key`; true if it is new (the first game with this key).
    pub fn insert(&mut self, key: GameKey) -> bool {
        self.keys.insert(key)
    }

    /// How many distinct keys were seen.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key was seen yet.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_things_apart_and_repeat() {
        let maker = KeyMaker::new();
        let a = maker.key(&("wa", vec![1u8, 2, 3]));
        assert_eq!(a, maker.key(&("wa", vec![1u8, 2, 3])));
        assert_ne!(a, maker.key(&("wa", vec![1u8, 3, 2])));
        assert_ne!(a, maker.key(&("gufu", vec![1u8, 2, 3])));
        let mut seen = Seen::new();
        assert!(seen.insert(a));
        assert!(!seen.insert(a));
        assert_eq!(seen.len(), 1);
    }

    #[test]
    fn both_halves_are_used() {
        let maker = KeyMaker::new();
        let k = maker.key(&42u32).0;
        assert_ne!(k >> 64, 0);
        assert_ne!(k as u64, 0);
        assert_ne!(
            (k >> 64) as u64,
            k as u64,
            "two independent hashes, not one twice"
        );
    }
}
