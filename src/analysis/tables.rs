//! df-pn's two tables ([`Search`](super::mate::Search)): what is proved of each board, by the
//! attacker's hand ([`FactTable`]), and the numbers of the nodes in progress ([`WorkTable`]).
//!
//! Each is one array of small slots, addressed by the bits of the key (open addressing, linear
//! probing, at most half full), so that a lookup mostly reads one cache line: with a hash map,
//! it read the map's control bytes, then its bucket, then a board's list of other hands, each
//! in its own place in memory, and three quarters of the time spent in the lookups went to
//! waiting for them (`perf annotate`, bench/README.md). A node's children's lines are asked
//! for while they are named ([`Slots::prefetch`]), before their numbers are read.
//!
//! A table halves its entries in place (the better half by a score, [`Cut`]) when it is half
//! full and growing would take the tables past their cap.

use super::game::hand_covers;

/// df-pn: what is proved of a node (position key, role), whatever the depth asked: one table
/// lookup answers both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fact {
    /// The shortest mate proved, in the attacker's moves ([`Fact::NONE`]: none).
    pub(super) proved: u8,
    /// The most moves within which no mate is proved (0: none).
    pub(super) disproved: u8,
}

impl Fact {
    pub(super) const NONE: u8 = u8::MAX;

    /// The depth a fact stands for: its mate's length or its "no mate"'s depth, the larger.
    fn depth(self) -> u16 {
        let proved = if self.proved == Fact::NONE {
            0
        } else {
            self.proved
        };
        u16::from(proved.max(self.disproved))
    }
}

impl Default for Fact {
    fn default() -> Fact {
        Fact {
            proved: Fact::NONE,
            disproved: 0,
        }
    }
}

/// A df-pn node's key in the table of the nodes in progress: the position's key with its
/// role (the attacker to move or not) and the attacker's moves left folded into its high half
/// (by an odd multiplier: each role and depth changes it differently). The facts are keyed the
/// same way by the board's key and the role, with 0 moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct NodeKey(pub(super) [u64; 2]);

impl NodeKey {
    pub(super) fn of(key: u128, or: bool, n: u8) -> NodeKey {
        let fold = (u64::from(n) << 1 | u64::from(or)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        NodeKey([key as u64, (key >> 64) as u64 ^ fold])
    }

    /// The key's two words mixed into one, never 0 (a slot's 0 means empty).
    fn tag(self) -> u64 {
        (self.0[0] ^ self.0[1].rotate_left(23)).max(1)
    }
}

/// The 30 bits of a number in [`Progress`].
const INF_MASK: u64 = (1 << 30) - 1;

/// A node in progress: its proof and disproof numbers (below 2^30, as the search's infinity)
/// and its attacker's moves left (at most 15 kept, for the choice of the entries kept when the
/// table is full), in one word, never 0 (the numbers are at least 1).
#[derive(Clone, Copy, Debug)]
pub(super) struct Progress(u64);

impl Progress {
    pub(super) fn new(pn: u32, dn: u32, n: u8) -> Progress {
        let (pn, dn) = (u64::from(pn).min(INF_MASK), u64::from(dn).min(INF_MASK));
        Progress(pn | dn << 30 | u64::from(n.min(15)) << 60)
    }

    pub(super) fn numbers(self) -> (u32, u32) {
        ((self.0 & INF_MASK) as u32, (self.0 >> 30 & INF_MASK) as u32)
    }

    pub(super) fn moves_left(self) -> u8 {
        (self.0 >> 60) as u8
    }

    /// What the table keeps first when full: the most moves left, then the largest numbers.
    fn score(self) -> u16 {
        let (pn, dn) = self.numbers();
        u16::from(self.moves_left()) << 5 | (31 - pn.saturating_add(dn).leading_zeros()) as u16
    }
}

/// The most hands the facts keep for one board and role (beyond, the oldest but the first
/// goes).
pub(super) const HANDS_PER_BOARD: usize = 8;

/// The fewest slots of a table.
const MIN_SLOTS: usize = 1 << 10;

/// Asks for the cache line of `slot` ahead of its use. The slot is not read: the processor
/// fetches the line while the search works on, and the read that follows finds it there.
#[inline(always)]
fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and changes nothing; the address is a valid reference.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(slot).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

/// An array of at least `words` zeroed words, whose pages the system fills lazily (zeroed
/// memory is asked for as such: a large block is fresh mapped memory, not written until
/// used), in the system's huge pages where it gives them: the tables are read at random,
/// and with the usual 4 KiB pages most reads of a large table also missed the processor's
/// cache of page addresses (the TLB).
fn zeroed(words: usize) -> Vec<u64> {
    let v = vec![0u64; words];
    advise_huge_pages(v.as_ptr() as usize, words * 8);
    v
}

/// Asks Linux to back the pages of `len` bytes from `addr` (an allocation) with huge pages
/// (2 MiB), where transparent huge pages are enabled for such requests.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: usize, len: usize) {
    const HUGE: usize = 2 << 20;
    const PAGE: usize = 4096;
    if len < HUGE {
        return;
    }
    let (start, end) = (addr.next_multiple_of(PAGE), (addr + len) & !(PAGE - 1));
    // SAFETY: madvise changes no memory: it tells the kernel how the pages of this
    // allocation (whole pages within it) will be used. Its failure is harmless and ignored.
    unsafe {
        libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: usize, _len: usize) {}

/// The slot a key of this tag starts at in a table of `mask + 1` slots.
#[inline]
fn home(tag: u64, mask: usize) -> usize {
    (tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask
}

/// The scores a table tells apart when it keeps its better half.
const SCORES: usize = 2048;

/// Which entries stay when a table keeps its better half: those scored at or above `cut`,
/// and of those scored just below it, `room` in `of`, chosen by a hash of their key.
struct Cut {
    cut: usize,
    room: u64,
    of: u64,
}

impl Cut {
    /// The cut that keeps at most `target` of entries counted by score (`count[s]`: how many
    /// scored `s`).
    fn keeping(count: &[u64; SCORES], target: u64) -> Cut {
        let (mut kept, mut cut) = (0, SCORES);
        while cut > 0 && kept + count[cut - 1] <= target {
            cut -= 1;
            kept += count[cut];
        }
        Cut {
            cut,
            room: target - kept,
            of: count[cut.saturating_sub(1)].max(1),
        }
    }

    fn keeps(&self, score: u16, tag: u64) -> bool {
        let s = usize::from(score).min(SCORES - 1);
        s >= self.cut || (s + 1 == self.cut && tag % self.of < self.room)
    }
}

/// An open-addressed array of slots of `W` words, at most half full: the facts
/// ([`FactTable`]) and the nodes in progress ([`WorkTable`]). A slot's first word is its tag,
/// 0 for an empty slot (an array of zeroed words is an empty table). The slots start at a
/// multiple of their size in memory (`W` a power of two): none straddles two cache lines.
pub(super) struct Slots<const W: usize> {
    words: Vec<u64>,
    /// The index in `words` of the first slot's first word.
    base: usize,
    /// How many slots (0 or a power of two).
    n: usize,
    len: usize,
    /// What the table keeps first when it keeps its better half (higher is better).
    score: fn(&[u64; W]) -> u16,
}

/// What is proved of each board and role, by the attacker's hand: a slot per hand (at most
/// [`HANDS_PER_BOARD`] per board), read with hand dominance. Its slot: [`FactSlot`].
pub(super) type FactTable = Slots<4>;

/// The numbers of the nodes in progress, by [`NodeKey`]. Its slot: [`WorkSlot`]. A node is
/// known by its key's 64-bit tag alone: two nodes mistaken for each other (about one chance in
/// 2^64 per lookup) would only mislead the search's choice of a node, never prove or refute
/// anything, since a node's proof or disproof is kept in the facts.
pub(super) type WorkTable = Slots<2>;

impl<const W: usize> Slots<W> {
    /// An empty table, with no slots yet.
    fn empty(score: fn(&[u64; W]) -> u16) -> Slots<W> {
        Slots {
            words: Vec::new(),
            base: 0,
            n: 0,
            len: 0,
            score,
        }
    }

    /// An empty table of `n` slots.
    fn with_slots(n: usize, score: fn(&[u64; W]) -> u16) -> Slots<W> {
        // One slot more, to start on a multiple of the slot's size.
        let words = zeroed((n + 1) * W);
        let base = words.as_ptr().align_offset(W * 8).min(W);
        Slots {
            words,
            base,
            n,
            len: 0,
            score,
        }
    }

    /// The bytes it takes.
    pub(super) fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Makes room for one more entry: a table half full grows to twice its slots if it then
    /// takes, beside `other` bytes, at most `max` (counting, while it grows, its old array
    /// beside the new one); if not, it keeps its better half in place. An empty table gets
    /// its first array ([`MIN_SLOTS`]) whatever the cap.
    pub(super) fn make_room(&mut self, other: usize, max: usize) {
        if !self.is_full() {
            return;
        }
        if self.bytes_growing() + other <= max || self.len == 0 {
            self.grow();
        } else {
            self.keep_better_half();
        }
    }

    /// Asks for the line where the key's slots start (see [`prefetch`]).
    #[inline]
    pub(super) fn prefetch(&self, key: NodeKey) {
        if let Some(s) = self.home_slot(key.tag()) {
            prefetch(s);
        }
    }

    /// The slots, as one slice.
    #[inline]
    fn all(&self) -> &[[u64; W]] {
        self.words
            .get(self.base..)
            .unwrap_or(&[])
            .as_chunks::<W>()
            .0
    }

    #[inline]
    fn slot(&self, i: usize) -> &[u64; W] {
        &self.words[self.base..].as_chunks::<W>().0[i]
    }

    #[inline]
    fn slot_mut(&mut self, i: usize) -> &mut [u64; W] {
        &mut self.words[self.base..].as_chunks_mut::<W>().0[i]
    }

    fn mask(&self) -> usize {
        self.n.wrapping_sub(1)
    }

    /// Whether one more entry would take it past half full (or it has no slots yet).
    fn is_full(&self) -> bool {
        2 * (self.len + 1) > self.n
    }

    /// The bytes it takes while it grows (the old and the new array).
    fn bytes_growing(&self) -> usize {
        ((2 * self.n).max(MIN_SLOTS) + 1) * W * 8 + self.bytes()
    }

    /// The slot where a key of this tag starts, if the table has slots.
    #[inline]
    fn home_slot(&self, tag: u64) -> Option<&[u64; W]> {
        (self.n > 0).then(|| self.slot(home(tag, self.mask())))
    }

    /// The first empty slot from the home of `tag` on (the table is never full).
    fn free_for(&self, tag: u64) -> usize {
        let mask = self.mask();
        let mut i = home(tag, mask);
        while self.slot(i)[0] != 0 {
            i = (i + 1) & mask;
        }
        i
    }

    /// A slot that is empty, if any.
    fn an_empty_slot(&self) -> Option<usize> {
        (0..self.n).find(|&i| self.slot(i)[0] == 0)
    }

    /// Twice the slots (at least [`MIN_SLOTS`]), the entries kept: each run read from its
    /// start, so the entries with the same home keep the order they were put in.
    fn grow(&mut self) {
        let mut new = Slots::with_slots((2 * self.n).max(MIN_SLOTS), self.score);
        if let Some(start) = self.an_empty_slot() {
            let mask = self.mask();
            for k in 1..=self.n {
                let s = *self.slot((start + k) & mask);
                if s[0] != 0 {
                    let at = new.free_for(s[0]);
                    *new.slot_mut(at) = s;
                    new.len += 1;
                }
            }
        }
        *self = new;
    }

    /// Takes slot `i` out: each later entry of its run that may stand in the hole (its home is
    /// not between the hole and it) moves back into it (backward-shift deletion), which keeps
    /// the order of the entries with the same home.
    fn take_out(&mut self, i: usize) {
        let mask = self.mask();
        let mut hole = i;
        let mut j = (i + 1) & mask;
        while self.slot(j)[0] != 0 {
            let h = home(self.slot(j)[0], mask);
            if (j.wrapping_sub(h) & mask) >= (j.wrapping_sub(hole) & mask) {
                *self.slot_mut(hole) = *self.slot(j);
                hole = j;
            }
            j = (j + 1) & mask;
        }
        *self.slot_mut(hole) = [0; W];
        self.len -= 1;
    }

    /// Keeps the better half of the entries by their score (at most 15/32 of them: a little
    /// under half, so that a full table is a quarter full after), in place.
    fn keep_better_half(&mut self) {
        let score = self.score;
        let mut count = [0u64; SCORES];
        for i in 0..self.n {
            let s = self.slot(i);
            if s[0] != 0 {
                count[usize::from(score(s)).min(SCORES - 1)] += 1;
            }
        }
        let cut = Cut::keeping(&count, self.len as u64 * 15 / 32);
        let Some(start) = self.an_empty_slot() else {
            return;
        };
        let mask = self.mask();
        // Whether an entry goes depends on the entry alone (the cut is set): it is decided
        // where the entry stands when it is reached, whatever moved it there.
        let goes = |s: &[u64; W]| s[0] != 0 && !cut.keeps(score(s), s[0]);
        // From the empty slot `start`, once round: no run crosses it.
        let mut i = (start + 1) & mask;
        while i != start {
            if goes(self.slot(i)) {
                self.take_out(i);
                // Slot i now holds the entry moved into it (if any): look at it again.
                if self.slot(i)[0] != 0 {
                    continue;
                }
            }
            i = (i + 1) & mask;
        }
    }
}

/// The words of a fact's slot: the board's key mixed ([`NodeKey::tag`]), the attacker's hand
/// packed ([`pack_hand`](super::game::pack_hand)) in two words, and a word with the low half
/// of the board key's first word (a second check that it is the same board) and the fact.
type FactSlot = [u64; 4];

fn slot_fact(s: &FactSlot) -> Fact {
    Fact {
        proved: (s[3] >> 32) as u8,
        disproved: (s[3] >> 40) as u8,
    }
}

fn slot_hand(s: &FactSlot) -> u128 {
    u128::from(s[2]) << 64 | u128::from(s[1])
}

fn fact_slot(board: NodeKey, hand: u128, f: Fact) -> FactSlot {
    [
        board.tag(),
        hand as u64,
        (hand >> 64) as u64,
        u64::from(board.0[0] as u32) | u64::from(f.proved) << 32 | u64::from(f.disproved) << 40,
    ]
}

impl FactTable {
    pub(super) fn new() -> FactTable {
        Slots::empty(|s: &FactSlot| slot_fact(s).depth())
    }

    /// What is known of a board with the attacker's hand `hand`, with hand dominance: a mate
    /// proved with a hand that `hand` covers, and a "no mate" proved with a hand that covers
    /// `hand`.
    pub(super) fn get(&self, board: NodeKey, hand: u128) -> Fact {
        let mut f = Fact::default();
        let (slots, mask) = (self.all(), self.mask());
        if slots.is_empty() {
            return f;
        }
        let (tag, check) = (board.tag(), board.0[0] as u32);
        let mut i = home(tag, mask);
        // The run from the board's home up to the first empty slot (the loop a lookup spends
        // its time in: written out, where iterators over the run took four times the
        // instructions).
        while let Some(s) = slots.get(i)
            && s[0] != 0
        {
            i = (i + 1) & mask;
            if s[0] != tag || s[3] as u32 != check {
                continue;
            }
            let (theirs, e) = (slot_hand(s), slot_fact(s));
            if e.proved < f.proved && hand_covers(hand, theirs) {
                f.proved = e.proved;
            }
            if e.disproved > f.disproved && hand_covers(theirs, hand) {
                f.disproved = e.disproved;
            }
        }
        f
    }

    /// The hand of a "no mate" within at least `n` moves proved for the board with a hand that
    /// covers `hand` (the first such in the table), if any: the node's hand is one of those
    /// it holds for.
    pub(super) fn disproof_hand(&self, board: NodeKey, hand: u128, n: u8) -> Option<u128> {
        let (slots, mask) = (self.all(), self.mask());
        if slots.is_empty() {
            return None;
        }
        let (tag, check) = (board.tag(), board.0[0] as u32);
        let mut i = home(tag, mask);
        while let Some(s) = slots.get(i)
            && s[0] != 0
        {
            i = (i + 1) & mask;
            if s[0] == tag
                && s[3] as u32 == check
                && slot_fact(s).disproved >= n
                && hand_covers(slot_hand(s), hand)
            {
                return Some(slot_hand(s));
            }
        }
        None
    }

    /// Changes the fact of the board with this very hand (made if new: then, if the board has
    /// [`HANDS_PER_BOARD`] hands already, its oldest but the first goes). The table must not
    /// be full ([`FactTable::is_full`]).
    pub(super) fn update(&mut self, board: NodeKey, hand: u128, change: impl FnOnce(&mut Fact)) {
        let mut mine = [0usize; HANDS_PER_BOARD];
        let (mut count, mut same) = (0, None);
        let (tag, check, mask) = (board.tag(), board.0[0] as u32, self.mask());
        // The run from the board's home, up to its first empty slot (`end`), as in `get`.
        let mut end = home(tag, mask);
        let slots = self.all();
        while let Some(s) = slots.get(end)
            && s[0] != 0
        {
            if s[0] == tag && s[3] as u32 == check {
                if slot_hand(s) == hand {
                    same = Some(end);
                    break;
                }
                if count < HANDS_PER_BOARD {
                    mine[count] = end;
                }
                count += 1;
            }
            end = (end + 1) & mask;
        }
        let (at, mut f) = match same {
            Some(i) => (i, slot_fact(self.slot(i))),
            None if count >= HANDS_PER_BOARD => {
                // The second oldest goes: each later hand moves back a slot, the new one last.
                for w in 1..HANDS_PER_BOARD - 1 {
                    *self.slot_mut(mine[w]) = *self.slot(mine[w + 1]);
                }
                (mine[HANDS_PER_BOARD - 1], Fact::default())
            }
            None => {
                self.len += 1;
                (end, Fact::default())
            }
        };
        change(&mut f);
        *self.slot_mut(at) = fact_slot(board, hand, f);
    }
}

/// The words of a slot of the nodes in progress: the node's key mixed ([`NodeKey::tag`]) and
/// its [`Progress`].
type WorkSlot = [u64; 2];

impl WorkTable {
    pub(super) fn new() -> WorkTable {
        Slots::empty(|s: &WorkSlot| Progress(s[1]).score())
    }

    fn find(&self, key: NodeKey) -> Option<usize> {
        let (slots, mask) = (self.all(), self.mask());
        if slots.is_empty() {
            return None;
        }
        let tag = key.tag();
        let mut i = home(tag, mask);
        while let Some(s) = slots.get(i)
            && s[0] != 0
        {
            if s[0] == tag {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
        None
    }

    pub(super) fn get(&self, key: NodeKey) -> Option<Progress> {
        self.find(key).map(|i| Progress(self.slot(i)[1]))
    }

    /// Sets a node's numbers. The table must not be full ([`WorkTable::is_full`]).
    pub(super) fn insert(&mut self, key: NodeKey, p: Progress) {
        let at = match self.find(key) {
            Some(at) => at,
            None => {
                self.len += 1;
                self.free_for(key.tag())
            }
        };
        *self.slot_mut(at) = [key.tag(), p.0];
    }

    /// Takes a node out (when it is proved or disproved).
    pub(super) fn remove(&mut self, key: NodeKey) {
        if let Some(i) = self.find(key) {
            self.take_out(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node in progress keeps its numbers, up to the largest below "infinite", and its
    /// moves left up to 15; its key tells each role and depth of a position apart.
    #[test]
    fn nodes_in_progress_pack_their_numbers_and_keys() {
        let inf = (1 << 30) - 1;
        for (pn, dn, n) in [(1, 1, 1), (inf - 1, 7, 9), (3, inf - 1, 15), (12, 34, 200)] {
            let p = Progress::new(pn, dn, n);
            assert_eq!(p.numbers(), (pn, dn));
            assert_eq!(p.moves_left(), n.min(15));
        }
        let key = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210u128;
        let mut seen = std::collections::HashSet::new();
        let mut tags = std::collections::HashSet::new();
        for or in [false, true] {
            for n in 0..=u8::MAX {
                assert!(seen.insert(NodeKey::of(key, or, n)), "{or} {n}");
                assert!(tags.insert(NodeKey::of(key, or, n).tag()), "{or} {n}");
            }
        }
    }

    fn key(i: u64) -> NodeKey {
        let k =
            u128::from(i.wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(31)) << 64 | u128::from(i);
        NodeKey::of(k, i.is_multiple_of(2), 0)
    }

    /// Grows the table until it has room for one more entry (what `make_room` does below
    /// its cap).
    fn with_room<const W: usize>(t: &mut Slots<W>) {
        while t.is_full() {
            t.grow();
        }
    }

    /// The nodes in progress: set, read, replaced, taken out, with the table growing as it
    /// fills; every entry is found again after a neighbour is taken out.
    #[test]
    fn nodes_in_progress_are_found_after_growth_and_removals() {
        let mut t = WorkTable::new();
        for i in 0..5_000u64 {
            with_room(&mut t);
            t.insert(key(i), Progress::new(i as u32 + 1, 2, 3));
        }
        assert_eq!(t.len, 5_000);
        assert!(t.bytes() <= 16 * 16_385, "{}", t.bytes());
        t.insert(key(7), Progress::new(99, 98, 4));
        assert_eq!(t.len, 5_000);
        assert_eq!(t.get(key(7)).map(|p| p.numbers()), Some((99, 98)));
        for i in (0..5_000u64).step_by(3) {
            t.remove(key(i));
        }
        for i in 0..5_000u64 {
            let want = (i % 3 != 0).then_some(if i == 7 { 99 } else { i as u32 + 1 });
            assert_eq!(t.get(key(i)).map(|p| p.numbers().0), want, "{i}");
        }
        assert_eq!(t.len, 5_000 - 1_667);
        assert!(t.get(key(5_000)).is_none());
    }

    /// Keeping the better half keeps the higher scores, a little under half of them, and
    /// leaves every kept entry findable.
    #[test]
    fn the_better_half_stays() {
        let mut t = WorkTable::new();
        for i in 0..10_000u64 {
            with_room(&mut t);
            // Scores by moves left: 0 to 9, a thousand each.
            t.insert(key(i), Progress::new(1, 1, (i % 10) as u8));
        }
        let bytes = t.bytes();
        t.keep_better_half();
        assert_eq!(t.bytes(), bytes, "halved in place");
        assert!((4_000..=4_700).contains(&t.len), "{}", t.len);
        let mut kept = 0;
        for i in 0..10_000u64 {
            if let Some(p) = t.get(key(i)) {
                assert!(i % 10 >= 5, "{i} kept");
                assert_eq!(p.moves_left(), (i % 10) as u8);
                kept += 1;
            }
        }
        assert_eq!(kept, t.len);
        assert!(
            kept >= 4_000,
            "the five best scores but part of one: {kept}"
        );
    }

    /// Facts: read with hand dominance, at most eight hands a board (the oldest but the first
    /// goes), found again after the table grows and after it keeps its better half.
    #[test]
    fn facts_by_hand() {
        let mut t = FactTable::new();
        t.grow();
        let board = key(1);
        // Hands 1..=9 pieces of the first kind (a field of 6 bits).
        for n in 1..=9u128 {
            t.update(board, n, |f| f.disproved = 10 - n as u8);
        }
        assert_eq!(t.len, 8, "eight hands kept");
        // Hand 2 went (the oldest but the first): a hand of 2 is covered by 3's no mate.
        assert_eq!(t.get(board, 2).disproved, 7);
        assert_eq!(t.get(board, 1).disproved, 9, "the first hand kept");
        assert_eq!(t.get(board, 10).disproved, 0, "covered by none");
        t.update(board, 5, |f| f.proved = 4);
        assert_eq!(t.get(board, 6).proved, 4, "covers hand 5's mate");
        assert_eq!(t.get(board, 4).proved, Fact::NONE);
        assert_eq!(t.get(key(2), 5), Fact::default(), "another board");
        for i in 10..3_000u64 {
            with_room(&mut t);
            t.update(key(i), 0, |f| f.disproved = (i % 7) as u8);
        }
        assert_eq!(t.get(board, 6).proved, 4);
        assert_eq!(t.get(key(123), 0).disproved, 123 % 7);
        t.keep_better_half();
        assert!((1_300..=1_450).contains(&t.len), "{}", t.len);
        // Depths 4 to 6 (about 1,280) stay, and a share of the depths 3 (about 125).
        let mut threes = 0;
        for i in 10..3_000u64 {
            let d = t.get(key(i), 0).disproved;
            assert!(d == 0 || d == (i % 7) as u8, "{i}: {d}");
            assert!(d == 0 || d >= 3, "{i}: a low depth kept");
            assert!(d != 0 || i % 7 < 4, "{i}: a high depth lost");
            threes += usize::from(d == 3);
        }
        assert!((60..=200).contains(&threes), "{threes}");
        t.update(board, 10, |f| f.disproved = 10);
        assert_eq!(t.get(board, 1).disproved, 10);
    }
}
