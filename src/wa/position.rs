//! A Wa shogi position and its legal moves.

use super::{
    Kind, LEAP_SOURCES, Move, NKINDS, Piece, RAYS, Way, back, between, delta, in_zone, last_rank,
    nearest, square_list, step, step_in, table, way,
};
use crate::Variant;
use crate::geometry::{Color, FileRank, Square, SquareSet, WA};
use crate::rules::{self, IllegalMove, Move as _, Outcome, PositionError, Status, Termination};

const N: usize = 121;

/// A Wa shogi position: board, hands, side to move, and the two FEN counters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; N],
    pub(crate) hands: [[u8; NKINDS]; 2],
    pub(crate) turn: Color,
    pub(crate) variant: Variant,
    pub(crate) kings: [Option<Square>; 2],
    /// XBoard's half-move counter: plies since the last capture or Sparrow Pawn move.
    pub(crate) halfmove: u32,
    /// Move number: starts at 1, grows after each White move.
    pub(crate) fullmove: u32,
    /// Whether the side to move is in check (kept up to date by `play_unchecked` and the FEN
    /// reader; it lets the legality test skip most of the work when not in check).
    pub(crate) checked: bool,
    /// 128-bit Zobrist hash of board, hands and side to move, kept up to date by every change.
    pub(crate) zobrist: u128,
    /// The part of `zobrist` that stands for the hands (`zobrist ^ hand_zobrist`: board and
    /// side to move alone), kept up to date with it.
    pub(crate) hand_zobrist: u128,
    /// The squares of each side's pieces (bit `i`: `Square(i)`), kept up to date by `put`.
    pub(crate) occupied: [u128; 2],
    /// The squares of each piece face of each side (index: [`face_slot`]), kept up to date by
    /// `put`.
    pub(crate) faces: [u128; 4 * NKINDS],
}

/// The slot of a piece (kind, promoted, colour) in [`Position::faces`].
#[inline]
fn face_slot(p: Piece) -> usize {
    p.kind.index() * 4 + usize::from(p.promoted) * 2 + p.color.index()
}

/// SplitMix64 finalizer.
pub(crate) const fn mix(n: u64) -> u64 {
    let mut z = n.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The 128-bit Zobrist key of a number: two independent 64-bit halves.
const fn zkey(n: u64) -> u128 {
    (mix(n) as u128) << 64 | mix(n ^ 0xD1B5_4A32_D192_ED03).rotate_left(17) as u128
}

/// The Zobrist key of a piece (kind, promoted, colour: its [`face_slot`]) on a square.
#[inline]
fn zpiece(sq: Square, p: Piece) -> u128 {
    match ZPIECES
        .get(sq.index())
        .and_then(|row| row.get(face_slot(p)))
    {
        Some(&z) => z,
        None => zpiece_of(sq.0, face_slot(p)),
    }
}

/// [`zpiece`] worked out: the key of the number made of the square and the piece's code.
const fn zpiece_of(sq: u8, slot: usize) -> u128 {
    // The face slot (kind * 4 + promoted * 2 + colour) plus one: the code the keys were
    // first made from.
    zkey((sq as u64) << 8 | (slot as u64 + 1))
}

/// [`zpiece`] of every piece on every square, worked out once when the program is built
/// (two SplitMix finalizers a key, where every change of a piece and every child the mate
/// search names asks for several).
static ZPIECES: [[u128; 4 * NKINDS]; N] = {
    let mut t = [[0u128; 4 * NKINDS]; N];
    let mut sq = 0;
    while sq < N {
        let mut slot = 0;
        while slot < 4 * NKINDS {
            t[sq][slot] = zpiece_of(sq as u8, slot);
            slot += 1;
        }
        sq += 1;
    }
    t
};

/// The Zobrist key of `n` pieces of a kind in a colour's hand (0 for none).
#[inline]
fn zhand(color: Color, kind: Kind, n: u8) -> u128 {
    match ZHANDS
        .get(usize::from(n))
        .and_then(|row| row[color.index()].get(kind.index()))
    {
        Some(&z) => z,
        None => zhand_of(color as u64, kind.0 as u64, n),
    }
}

/// [`zhand`] worked out.
const fn zhand_of(color: u64, kind: u64, n: u8) -> u128 {
    if n == 0 {
        return 0;
    }
    zkey(1 << 20 | color << 16 | kind << 8 | n as u64)
}

/// [`zhand`] for the counts below 32 (more than any kind's pieces in a game), worked out
/// once.
static ZHANDS: [[[u128; NKINDS]; 2]; 32] = {
    let mut t = [[[0u128; NKINDS]; 2]; 32];
    let mut n = 0;
    while n < 32 {
        let mut c = 0;
        while c < 2 {
            let mut k = 0;
            while k < NKINDS {
                t[n][c][k] = zhand_of(c as u64, k as u64, n as u8);
                k += 1;
            }
            c += 1;
        }
        n += 1;
    }
    t
};

const ZTURN: u128 = 0x5851_F42D_4C95_7F2D_2545_F491_4F6C_DD1D;

/// What a move could do about promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromotionOptions {
    /// Promoting is allowed.
    pub can: bool,
    /// Not promoting is illegal.
    pub must: bool,
}

impl Position {
    /// An empty board (no kings: not a legal game position until pieces are put on it).
    /// `Variant::WaNoDrop` is the game without drops; any other variant the game with drops.
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            board: [None; N],
            hands: [[0; NKINDS]; 2],
            turn: Color::Black,
            variant: if variant.drops() {
                Variant::Wa
            } else {
                Variant::WaNoDrop
            },
            kings: [None; 2],
            halfmove: 0,
            fullmove: 1,
            checked: false,
            zobrist: 0,
            hand_zobrist: 0,
            occupied: [0; 2],
            faces: [0; 4 * NKINDS],
        }
    }

    /// The Zobrist hash computed from scratch.
    pub(crate) fn compute_zobrist(&self) -> u128 {
        let mut z = self.compute_hand_zobrist();
        for (i, p) in self.board.iter().enumerate() {
            if let Some(p) = p {
                z ^= zpiece(Square(i as u8), *p);
            }
        }
        if self.turn == Color::White {
            z ^= ZTURN;
        }
        z
    }

    /// The hands' part of the Zobrist hash computed from scratch.
    pub(crate) fn compute_hand_zobrist(&self) -> u128 {
        let mut z = 0;
        for c in [Color::Black, Color::White] {
            for k in Kind::all() {
                z ^= zhand(c, k, self.hands[c.index()][k.index()]);
            }
        }
        z
    }

    /// The key of the board and the side to move, hands left out.
    pub(crate) fn board_key(&self) -> u128 {
        self.zobrist ^ self.hand_zobrist
    }

    /// Sets how many pieces of a kind `color` has in hand.
    fn set_hand(&mut self, color: Color, kind: Kind, n: u8) {
        let slot = &mut self.hands[color.index()][kind.index()];
        let change = zhand(color, kind, *slot) ^ zhand(color, kind, n);
        self.zobrist ^= change;
        self.hand_zobrist ^= change;
        *slot = n;
    }

    /// The piece on a square (None for an empty or off-board square).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// How many pieces of a kind `color` has in hand.
    pub fn in_hand(&self, color: Color, kind: Kind) -> u8 {
        self.hands[color.index()][kind.index()]
    }

    /// The half-move counter of the FEN.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number of the FEN.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The occupied squares.
    #[inline]
    fn occ(&self) -> u128 {
        self.occupied[0] | self.occupied[1]
    }

    pub(crate) fn put(&mut self, sq: Square, p: Option<Piece>) {
        if let Some(old) = self.board[sq.index()] {
            self.zobrist ^= zpiece(sq, old);
            self.occupied[old.color.index()] &= !(1 << sq.index());
            if let Some(f) = self.faces.get_mut(face_slot(old)) {
                *f &= !(1 << sq.index());
            }
            if old.kind == Kind::CK && self.kings[old.color.index()] == Some(sq) {
                self.kings[old.color.index()] = None;
            }
        }
        self.board[sq.index()] = p;
        if let Some(p) = p {
            self.zobrist ^= zpiece(sq, p);
            self.occupied[p.color.index()] |= 1 << sq.index();
            if let Some(f) = self.faces.get_mut(face_slot(p)) {
                *f |= 1 << sq.index();
            }
            if p.kind == Kind::CK {
                self.kings[p.color.index()] = Some(sq);
            }
        }
    }

    /// The 128-bit Zobrist hash of what makes positions "the same" for repetition: board,
    /// hands and side to move.
    pub fn repetition_hash(&self) -> u128 {
        self.zobrist
    }

    /// Whether `by` attacks `sq` (pieces of `by` that could move there, pins ignored).
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.attack_scan(sq, by, None, &mut |_| true)
    }

    /// The squares of `by`'s pieces that attack `sq`.
    pub fn attackers(&self, sq: Square, by: Color) -> Vec<Square> {
        let mut out = Vec::new();
        self.attack_scan(sq, by, None, &mut |s| {
            out.push(s);
            false
        });
        out.sort();
        out
    }

    /// Calls `found` for each attacker of `sq` of colour `by`, as if the square `vacated` (if
    /// any) were empty; stops when it returns true. Returns whether it was stopped.
    fn attack_scan(
        &self,
        sq: Square,
        by: Color,
        vacated: Option<Square>,
        found: &mut impl FnMut(Square) -> bool,
    ) -> bool {
        let occ = self.occ() & !vacated.map_or(0, |v| 1u128 << v.index());
        self.attack_scan_in(sq, by, occ, 0, found)
    }

    /// [`Position::attack_scan`] on the board with the pieces on `occ` (the board's own pieces
    /// where they stand; other squares empty), the pieces on `mine` taken as the side's own
    /// (they block lines but attack nothing).
    fn attack_scan_in(
        &self,
        sq: Square,
        by: Color,
        occ: u128,
        mine: u128,
        found: &mut impl FnMut(Square) -> bool,
    ) -> bool {
        if sq.index() >= N {
            return false;
        }
        // Only the lines with a piece of `by` on them can hold an attacker.
        let theirs = self.occupied[by.index()] & occ & !mine;
        for (dir, &ray) in RAYS[sq.index()].iter().enumerate() {
            if ray & theirs != 0
                && let Some(s) = self.line_attacker(sq, dir, by, occ, mine)
                && found(s)
            {
                return true;
            }
        }
        // The pieces of `by` a leap away, if they leap that way.
        for s in square_list(LEAP_SOURCES[sq.index()] & self.occupied[by.index()] & occ & !mine) {
            if let Some(p) = self.board[s.index()]
                && table(p).leaps & delta(s, sq).leap_bit != 0
                && found(s)
            {
                return true;
            }
        }
        false
    }

    /// The piece of `by` that attacks `sq` along the line from it in direction `dir`, on the
    /// board with the pieces on `occ` (the pieces on `mine` taken as the other side's: they
    /// block, they attack nothing): the first piece on that line, if it is `by`'s and slides
    /// back along it far enough.
    #[inline(always)]
    fn line_attacker(
        &self,
        sq: Square,
        dir: usize,
        by: Color,
        occ: u128,
        mine: u128,
    ) -> Option<Square> {
        let on = RAYS[sq.index()][dir] & occ;
        if on == 0 {
            return None;
        }
        let s = nearest(on, dir);
        if mine & 1 << s.index() != 0 {
            return None;
        }
        let p = self.board[s.index()]?;
        (p.color == by && table(p).slide[back(dir)] >= delta(sq, s).dist).then_some(s)
    }

    /// Whether `by` attacks `sq` once the piece on `vacated` has left it (lines through
    /// `vacated` open).
    fn attacked_vacating(&self, sq: Square, by: Color, vacated: Square) -> bool {
        self.attack_scan(sq, by, Some(vacated), &mut |_| true)
    }

    /// Whether `color`'s Crane King is attacked.
    pub fn is_in_check_of(&self, color: Color) -> bool {
        match self.kings[color.index()] {
            Some(k) => self.attacked(k, color.opponent()),
            None => false,
        }
    }

    /// The squares of the pieces giving check to the side to move.
    pub fn checkers(&self) -> Vec<Square> {
        match self.kings[self.turn.index()] {
            Some(k) => self.attackers(k, self.turn.opponent()),
            None => Vec::new(),
        }
    }

    /// What a move of `p` from `from` to `to` may or must do about promotion.
    pub fn promotion_options(p: Piece, from: Square, to: Square) -> PromotionOptions {
        let can =
            !p.promoted && p.kind.can_promote() && (in_zone(p.color, from) || in_zone(p.color, to));
        let must = can && p.kind.row().dead_on_last_rank && last_rank(p.color, to);
        PromotionOptions { can, must }
    }

    /// The squares of pieces equal to `p` that can move to `to` by their moves on this board
    /// (nothing in the way), legality aside; in square order.
    pub fn origins(&self, p: Piece, to: Square) -> Vec<Square> {
        self.origin_set(p, to).iter().collect()
    }

    /// [`Position::origins`] as a set (no allocation).
    pub fn origin_set(&self, p: Piece, to: Square) -> SquareSet {
        SquareSet(self.origin_bits(p, to))
    }

    /// [`Position::origin_set`] as bits: bit `i` stands for `Square(i)`.
    pub(crate) fn origin_bits(&self, p: Piece, to: Square) -> u128 {
        // The pieces of that side equal to `p` with a clear way to `to`.
        let mut out = 0u128;
        if to.index() >= N {
            return self.origin_walk(p, to);
        }
        let t = table(p);
        let occ = self.occ();
        // The squares of that face: those that reach `to` by a leap, or along a line short
        // enough and clear.
        let faces = self.faces.get(face_slot(p)).copied().unwrap_or(0);
        for s in square_list(faces) {
            let clear = match way(t, s, to) {
                Way::Leap => true,
                Way::Line(dir) => between(s, to, dir) & occ == 0,
                Way::None => false,
            };
            if clear {
                out |= 1 << s.index();
            }
        }
        out
    }

    /// [`Position::origin_set`] by walking each ray back from `to` (kept for off-board
    /// square numbers, which the walk reads as `WA.offset` does).
    fn origin_walk(&self, p: Piece, to: Square) -> u128 {
        let mut out = 0u128;
        for r in &table(p).rays {
            let mut cur = to;
            for _ in 0..r.range {
                let Some(s) = step(cur, -r.dx, -r.dy) else {
                    break;
                };
                cur = s;
                if let Some(q) = self.board[s.index()] {
                    if q == p {
                        out |= 1 << s.index();
                    }
                    if !r.jump {
                        break;
                    }
                }
            }
        }
        out
    }

    /// The squares the piece on `from` can reach by its moves on this board (capturing
    /// enemy pieces, stopped by any piece), legality aside. Empty if no piece stands there.
    pub fn targets(&self, from: Square) -> Vec<Square> {
        let Some(p) = self.piece_at(from) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.piece_targets(p, from, &mut |to| out.push(to));
        out.sort();
        out.dedup();
        out
    }

    fn piece_targets(&self, p: Piece, from: Square, emit: &mut impl FnMut(Square)) {
        let t = table(p);
        for (r, &slot) in t.rays.iter().zip(&t.ray_slots) {
            let mut cur = from;
            for _ in 0..r.range {
                let next = match slot {
                    Some(slot) => step_in(cur, slot),
                    None => step(cur, r.dx, r.dy),
                };
                let Some(s) = next else {
                    break;
                };
                cur = s;
                match self.board[s.index()] {
                    None => emit(s),
                    Some(q) => {
                        if q.color != p.color {
                            emit(s);
                        }
                        if !r.jump {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether a drop of `kind` by the side to move on `to` breaks a drop rule that does not
    /// depend on check: the square must be empty, not dead, and not a second Sparrow Pawn.
    fn drop_rule(&self, kind: Kind, to: Square) -> Result<(), IllegalMove> {
        // Only a Sparrow Pawn drop looks for Sparrow Pawns, and only in the file of `to`.
        let files = if kind == Kind::SP {
            self.sparrow_files_in(WA.col_row(to).0 as usize)
        } else {
            0
        };
        self.drop_rule_with(kind, to, files)
    }

    /// Bit `file` set: the side to move has an unpromoted Sparrow Pawn in that file.
    fn sparrow_files(&self) -> u16 {
        self.sparrow_files_among(!0)
    }

    /// [`Position::sparrow_files`] for the squares of one column only (0 = left-most).
    fn sparrow_files_in(&self, col: usize) -> u16 {
        let column = RAYS[col][4] | 1 << col;
        self.sparrow_files_among(column)
    }

    /// [`Position::sparrow_files`] for the squares of a set only.
    fn sparrow_files_among(&self, squares: u128) -> u16 {
        let own = Piece {
            color: self.turn,
            kind: Kind::SP,
            promoted: false,
        };
        let sparrows = self.faces.get(face_slot(own)).copied().unwrap_or(0) & squares;
        square_list(sparrows).fold(0, |mask, s| mask | 1 << WA.file(s))
    }

    fn drop_rule_with(
        &self,
        kind: Kind,
        to: Square,
        sparrow_files: u16,
    ) -> Result<(), IllegalMove> {
        if self.board[to.index()].is_some() {
            return Err(IllegalMove::DropOnOccupied);
        }
        if kind.row().dead_on_last_rank && last_rank(self.turn, to) {
            return Err(IllegalMove::DropDeadSquare);
        }
        if kind == Kind::SP && sparrow_files & (1 << WA.file(to)) != 0 {
            return Err(IllegalMove::TwoSparrowPawns);
        }
        Ok(())
    }

    /// Every move the pieces allow, before the check and drop-mate rules.
    #[cfg(test)]
    fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.each_pseudo_move_on(Kind::all(), &[!0; NKINDS], |_, _| !0, &mut |m| {
            out.push(m);
            false
        });
    }

    /// Calls `f` with every move the pieces allow (board moves in square order, then drops
    /// of the kinds `drop_kinds` lists, in that order) until it returns true; returns
    /// whether it did (a board move's piece finishes its moves first). The drops of each kind
    /// only on the squares of its mask (`drop_on[kind]`, a bit per square), and the board
    /// moves of each piece only to the squares of `board_to(from, piece)`.
    fn each_pseudo_move_on(
        &self,
        drop_kinds: impl Iterator<Item = Kind>,
        drop_on: &[u128; NKINDS],
        board_to: impl Fn(Square, Piece) -> u128,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut stop = false;
        for from in square_list(self.occupied[self.turn.index()]) {
            let Some(p) = self.board[from.index()] else {
                continue;
            };
            // A piece that reaches none of its allowed squares even on an empty board is
            // not walked.
            let allowed = board_to(from, p);
            if allowed & table(p).reach[from.index()] == 0 {
                continue;
            }
            self.piece_targets(p, from, &mut |to| {
                if allowed & (1u128 << to.index()) == 0 {
                    return;
                }
                let opt = Position::promotion_options(p, from, to);
                if opt.can && !stop {
                    stop = f(Move::Normal {
                        from,
                        to,
                        promote: true,
                    });
                }
                if !opt.must && !stop {
                    stop = f(Move::Normal {
                        from,
                        to,
                        promote: false,
                    });
                }
            });
            if stop {
                return true;
            }
        }
        if self.variant.drops() && self.hands[self.turn.index()].iter().any(|&n| n > 0) {
            let sparrow_files = self.sparrow_files();
            for kind in drop_kinds {
                if self.hands[self.turn.index()][kind.index()] == 0 {
                    continue;
                }
                // The empty squares of the board in `drop_on`, in the board's order.
                let mask = drop_on[kind.index()] & ((1u128 << N) - 1) & !self.occ();
                for to in square_list(mask) {
                    if self.drop_rule_with(kind, to, sparrow_files).is_ok()
                        && f(Move::Drop { kind, to })
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// For a pseudo-legal move: the check rule and the Sparrow-drop-mate rule.
    fn final_rules(&self, m: &Move) -> Result<(), IllegalMove> {
        self.final_rules_with(m, &mut DropSafety::default())
    }

    /// [`Position::final_rules`], with what is known of the drops' squares: in check, whether
    /// a drop on a square leaves the King attacked does not depend on the piece dropped (it
    /// only blocks lines), so a list of moves asks once per square, not once per kind.
    fn final_rules_with(&self, m: &Move, memo: &mut DropSafety) -> Result<(), IllegalMove> {
        if self.checked
            && let Some(k) = self.kings[self.turn.index()]
            && m.from() != Some(k)
        {
            // In check, a move of another piece or a drop must take a checker or stand
            // between one and the King: anything else leaves the check as it was.
            let targets = *memo.targets.get_or_insert_with(|| self.evasion_targets(k));
            let bit = 1u128 << m.to().index();
            if targets & bit == 0 {
                return Err(IllegalMove::LeavesKingInCheck);
            }
        }
        if self.checked
            && let Move::Drop { to, .. } = *m
            && let Some(k) = self.kings[self.turn.index()]
        {
            let bit = 1u128 << to.index();
            if memo.known & bit == 0 {
                let occ = self.occ() | bit;
                memo.known |= bit;
                if !self.attack_scan_in(k, self.turn.opponent(), occ, bit, &mut |_| true) {
                    memo.safe |= bit;
                }
            }
            if memo.safe & bit == 0 {
                return Err(IllegalMove::LeavesKingInCheck);
            }
            return self.sparrow_rule(m);
        }
        if !self.checked
            && let Move::Normal { from, to, .. } = *m
            && let Some(k) = self.kings[self.turn.index()]
            && k != from
        {
            // Not in check and the King stays: only an attack uncovered through `from` can
            // reach the King.
            return if self.uncovers_attack(k, from, to) {
                Err(IllegalMove::LeavesKingInCheck)
            } else {
                Ok(())
            };
        }
        if let Move::Normal { from, to, .. } = *m
            && self.kings[self.turn.index()] == Some(from)
        {
            // The King moves: safe unless its new square is attacked once it has left
            // `from` (a piece it captures stands on that square and blocks no line to it).
            return if self.attacked_vacating(to, self.turn.opponent(), from) {
                Err(IllegalMove::LeavesKingInCheck)
            } else {
                Ok(())
            };
        }
        // Not in check, a drop only blocks lines: the King stays safe. In check, another
        // piece's move or a drop must leave no attacker of the King: the board after the move
        // has that piece (or the dropped one) on `to`, and `from` empty.
        let safe = !self.checked && matches!(m, Move::Drop { .. });
        if !safe && let Some(k) = self.kings[self.turn.index()] {
            let from = m.from().map_or(0, |f| 1u128 << f.index());
            let to = 1u128 << m.to().index();
            let occ = (self.occ() & !from) | to;
            if self.attack_scan_in(k, self.turn.opponent(), occ, to, &mut |_| true) {
                return Err(IllegalMove::LeavesKingInCheck);
            }
        }
        self.sparrow_rule(m)
    }

    /// The legal moves that check the opponent's King, each with the position it leads to (in
    /// the order of [`rules::Position::legal_moves`]), the drops of each kind only on the
    /// squares of `drop_on[kind]`. Whether a move checks is worked out before it is played
    /// ([`Position::would_check`]), so the board moves that cannot check are neither tested
    /// for legality nor played: what a mate search asks at every node.
    pub(crate) fn checks_dropping_on(&self, drop_on: &[u128; NKINDS]) -> Vec<(Move, Position)> {
        let Some(k) = self.kings[self.turn.opponent().index()] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.each_check_dropping_on(k, drop_on, &mut |m| {
            out.push((m, self.after_check(&m)));
            false
        });
        out
    }

    /// The moves of [`Position::checks_dropping_on`], without the positions.
    pub(crate) fn check_moves_dropping_on(&self, drop_on: &[u128; NKINDS]) -> Vec<Move> {
        let Some(k) = self.kings[self.turn.opponent().index()] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.each_check_dropping_on(k, drop_on, &mut |m| {
            out.push(m);
            false
        });
        out
    }

    /// The position a legal check leads to.
    fn after_check(&self, m: &Move) -> Position {
        let mut next = self.clone();
        next.apply(m);
        next.checked = true;
        next
    }

    /// Whether one of the side to move's checks mates at once (stops at the first that does).
    /// The Sparrow Pawn's drops are not tried: by the Sparrow-drop-mate rule
    /// ([`Position::sparrow_rule`]) none mates, and each would cost a copy of the position
    /// and a search for a legal reply.
    pub(crate) fn mates_at_once(&self) -> bool {
        self.mates_at_once_capped(None)
    }

    /// [`Position::mates_at_once`]; and when no check mates, `caps` (if given: a count per
    /// kind for the side to move's hand) lowered to the hand up to which none would (the
    /// *disproof pieces* of the mate search, see
    /// [`Searchable::attack_cap`](crate::analysis::game::Searchable::attack_cap)): to 0 for a
    /// kind it holds none of and that the opponent holds, where a drop of it could mate (a
    /// square as for the drops tried, from which it would check); and to all but one of the
    /// two hands' pieces of a kind the opponent drops to answer a check, where no other
    /// answer was found (its legal moves are searched drops last). More of a kind it holds
    /// adds no move.
    pub(crate) fn mates_at_once_capped(&self, mut caps: Option<&mut [u8; NKINDS]>) -> bool {
        let Some(k) = self.kings[self.turn.opponent().index()] else {
            return false;
        };
        let (me, them) = (self.turn.index(), self.turn.opponent().index());
        // Most checks leave the King a square it can already go to safely: found without
        // playing them.
        let flights = self.king_flights(k);
        // A drop leaves the King every flight the dropped piece does not attack, and the
        // square it lands on if that is a flight (the King takes it): it can only mate from
        // a square that is no flight and from which the piece reaches every flight on an
        // empty board. Only there is it asked whether the drop checks; the other drops are
        // not generated.
        let within_of = |kind: Kind| {
            let p = Piece {
                color: self.turn,
                kind,
                promoted: false,
            };
            let mut on = !flights;
            for f in square_list(flights) {
                on &= table(p).reached_from[f.index()];
            }
            on
        };
        let mut within = [0u128; NKINDS];
        for kind in Kind::all() {
            if kind == Kind::SP || self.hands[me][kind.index()] == 0 {
                continue;
            }
            within[kind.index()] = within_of(kind);
        }
        let clear = self.clear_lines(k);
        let drop_on = self.drop_check_squares_within(k, clear, &within);
        // A check that leaves a flight is passed over before its legality is tested.
        let covers_all = |m: &Move| self.surviving_flight(m, k, flights).is_none();
        let mated = self.each_check_passing(k, &drop_on, covers_all, &mut |m| match self
            .after_check(&m)
            .first_legal_move()
        {
            None => true,
            Some(Move::Drop { kind, .. }) => {
                if let Some(caps) = caps.as_deref_mut() {
                    let i = kind.index();
                    let all_but_one = (self.hands[me][i] + self.hands[them][i]).saturating_sub(1);
                    caps[i] = caps[i].min(all_but_one);
                }
                false
            }
            Some(Move::Normal { .. }) => false,
        });
        if !mated && let Some(caps) = caps {
            for kind in Kind::all() {
                let i = kind.index();
                if kind == Kind::SP || self.hands[me][i] > 0 || self.hands[them][i] == 0 {
                    continue;
                }
                if self.drop_check_squares_of(kind, k, clear, within_of(kind)) != 0 {
                    caps[i] = 0;
                }
            }
        }
        mated
    }

    /// The squares the opponent's King (on `k`) could go to now and not be attacked there:
    /// its moves to squares that no piece of the side to move attacks once the King has left
    /// `k`.
    fn king_flights(&self, k: Square) -> u128 {
        let Some(p) = self.board[k.index()] else {
            return 0;
        };
        let mut out = 0;
        self.piece_targets(p, k, &mut |f| {
            if !self.attacked_vacating(f, self.turn, k) {
                out |= 1u128 << f.index();
            }
        });
        out
    }

    /// A square of `flights` ([`Position::king_flights`]) the opponent's King (on `k`) can
    /// still go to after `m`, a move of the side to move as its pieces allow (legal or not:
    /// what it attacks does not depend on that): one that neither the moved or dropped piece
    /// attacks from `to`, nor a piece whose line `m` opens through `from` (the King gone from
    /// `k`). Then `m` does not mate. Nothing else can newly attack a square: a capture leaves
    /// `to` as full as it was, and a drop only fills it. (`to` itself is a flight only for a
    /// drop, which the King may take: a piece moved there attacked it from `from`.)
    fn surviving_flight(&self, m: &Move, k: Square, flights: u128) -> Option<Square> {
        let (from, to, piece) = match *m {
            Move::Drop { kind, to } => (
                None,
                to,
                Piece {
                    color: self.turn,
                    kind,
                    promoted: false,
                },
            ),
            Move::Normal { from, to, promote } => {
                match self.board.get(from.index()).copied().flatten() {
                    Some(mut p) => {
                        p.promoted |= promote;
                        (Some(from), to, p)
                    }
                    None => return None,
                }
            }
        };
        let to_bit = 1u128 << to.index();
        let from_bit = from.map_or(0, |f| 1u128 << f.index());
        let occ = (self.occ() & !from_bit & !(1u128 << k.index())) | to_bit;
        square_list(flights).find(|&f| {
            let hit = match way(table(piece), to, f) {
                Way::None => false,
                Way::Leap => true,
                Way::Line(dir) => between(to, f, dir) & occ == 0,
            };
            let opened = from.is_some_and(|from| {
                let dir = delta(f, from).dir as usize;
                dir < 8 && self.line_attacker(f, dir, self.turn, occ, to_bit).is_some()
            });
            !hit && !opened
        })
    }

    /// Calls `f` with each legal check of the King on `k` (drops only on `drop_on`) until `f`
    /// returns true; whether it did.
    fn each_check_dropping_on(
        &self,
        k: Square,
        drop_on: &[u128; NKINDS],
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        self.each_check_passing(k, drop_on, |_| true, f)
    }

    /// [`Position::each_check_dropping_on`] for the checks that pass `pass` alone, a test
    /// made before the move's legality is (`pass` must not rely on it).
    fn each_check_passing(
        &self,
        k: Square,
        drop_on: &[u128; NKINDS],
        pass: impl Fn(&Move) -> bool,
        f: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut memo = DropSafety::default();
        self.each_pseudo_move_on(Kind::all(), drop_on, self.check_destinations(k), &mut |m| {
            self.would_check(&m, k)
                && pass(&m)
                && self.final_rules_with(&m, &mut memo).is_ok()
                && f(m)
        })
    }

    /// For a piece of the side to move, the squares where a move of it may check the King on
    /// `k` (a superset, which [`Position::would_check`] narrows): anywhere if leaving its
    /// square may open a line of another of the mover's pieces onto `k`, else the squares
    /// from which it reaches `k` on an empty board, as it is or promoted.
    fn check_destinations(&self, k: Square) -> impl Fn(Square, Piece) -> u128 + '_ {
        let opens = self.line_openers(k);
        move |from, p| {
            if opens & 1u128 << from.index() != 0 {
                return !0;
            }
            table(p).reached_once_moved[k.index()]
        }
    }

    /// Of the squares of the side to move's pieces, those whose piece, leaving, leaves a line
    /// of the side to move's pieces onto the King on `k` (some piece of the side to move is
    /// then the first along that line from `k` and slides back to it): on each line from `k`
    /// whose nearest piece is the side to move's, that piece if the one after it would attack
    /// along the line, and every other square of the line if the nearest itself attacks along
    /// it. (Where the nearest piece is the other side's, no piece of the side to move leaving
    /// the line changes what stands first on it.)
    fn line_openers(&self, k: Square) -> u128 {
        let (occ, mine) = (self.occ(), self.occupied[self.turn.index()]);
        let Some(rays) = RAYS.get(k.index()) else {
            return 0;
        };
        let mut opens = 0;
        for (dir, &ray) in rays.iter().enumerate() {
            let on = ray & occ;
            if on & mine == 0 {
                continue;
            }
            let first = 1u128 << nearest(on, dir).index();
            if first & mine == 0 {
                continue;
            }
            if self.line_attacker(k, dir, self.turn, occ, 0).is_some() {
                opens |= ray & !first;
            }
            if self
                .line_attacker(k, dir, self.turn, occ & !first, 0)
                .is_some()
            {
                opens |= first;
            }
        }
        opens
    }

    /// For each kind, the squares where a drop by the side to move checks the opponent's
    /// King on `k`: those from which an unpromoted piece of the side to move attacks `k`
    /// along a clear way.
    pub(crate) fn drop_check_squares(&self, k: Square) -> [u128; NKINDS] {
        self.drop_check_squares_within(k, self.clear_lines(k), &[!0; NKINDS])
    }

    /// [`Position::drop_check_squares`] among the squares of `within` (by kind) alone, given
    /// the squares with a clear line to `k` ([`Position::clear_lines`]).
    fn drop_check_squares_within(
        &self,
        k: Square,
        clear: u128,
        within: &[u128; NKINDS],
    ) -> [u128; NKINDS] {
        let mut out = [0u128; NKINDS];
        for kind in Kind::all() {
            if self.hands[self.turn.index()][kind.index()] == 0 {
                continue;
            }
            out[kind.index()] = self.drop_check_squares_of(kind, k, clear, within[kind.index()]);
        }
        out
    }

    /// The squares of `within` where a piece of `kind` dropped by the side to move (whatever
    /// its hand) would check the King on `k`, given the squares with a clear line to `k`
    /// ([`Position::clear_lines`]): the empty squares from which the piece reaches `k` on an
    /// empty board, by a leap or along a line that is clear. One set for all the squares,
    /// where the way from each was once walked in turn.
    pub(crate) fn drop_check_squares_of(
        &self,
        kind: Kind,
        k: Square,
        clear: u128,
        within: u128,
    ) -> u128 {
        if k.index() >= N {
            return 0;
        }
        let empty = !self.occ() & ((1u128 << N) - 1);
        let t = table(Piece {
            color: self.turn,
            kind,
            promoted: false,
        });
        t.reached_from[k.index()] & empty & within & (clear | t.leaped_from[k.index()])
    }

    /// The squares from which a line to `k` is clear: on each of the eight lines from `k`,
    /// those up to the first piece (that piece's square included).
    pub(crate) fn clear_lines(&self, k: Square) -> u128 {
        let occ = self.occ();
        let Some(rays) = RAYS.get(k.index()) else {
            return 0;
        };
        let mut out = 0;
        for (dir, &ray) in rays.iter().enumerate() {
            let on = ray & occ;
            out |= if on == 0 {
                ray
            } else {
                ray & !RAYS[nearest(on, dir).index()][dir]
            };
        }
        out
    }

    /// Whether the move `m` of the side to move (on the board as the pieces allow) would check
    /// the opponent's King on `k`, worked out before it is played: the piece where it lands
    /// (promoted if it promotes) attacks `k` along a clear way once `from` is empty, or leaving
    /// `from` opens a line of one of the mover's pieces onto `k`. The same answer as
    /// [`Position::gave_check`] after the move.
    pub(crate) fn would_check(&self, m: &Move, k: Square) -> bool {
        match *m {
            Move::Drop { kind, to } => self.drop_gives_check(kind, to),
            Move::Normal { from, to, promote } => {
                let Some(mut p) = self.board.get(from.index()).copied().flatten() else {
                    return false;
                };
                if from.index() >= N || to.index() >= N || k.index() >= N {
                    return false;
                }
                p.promoted |= promote;
                let occ = (self.occ() & !(1u128 << from.index())) | 1u128 << to.index();
                let direct = match way(table(p), to, k) {
                    Way::None => false,
                    Way::Leap => true,
                    Way::Line(dir) => between(to, k, dir) & occ == 0,
                };
                direct || {
                    let dir = delta(k, from).dir as usize;
                    dir < 8
                        && self
                            .line_attacker(k, dir, self.turn, occ, 0)
                            .is_some_and(|s| s != to)
                }
            }
        }
    }

    /// The squares where a piece moved or dropped (not the King) may end a check on the King
    /// on `k`: each checker's square and, for a checker along a line, the squares between it
    /// and the King; with several checkers, the squares common to them all (a superset of the
    /// legal destinations, which [`Position::final_rules_with`] still tests one by one).
    fn evasion_targets(&self, k: Square) -> u128 {
        let by = self.turn.opponent();
        let occ = self.occ();
        let mut targets = !0u128;
        for (dir, &ray) in RAYS[k.index()].iter().enumerate() {
            if let Some(s) = self.line_attacker(k, dir, by, occ, 0) {
                // From the King (not included) up to the checker (included).
                targets &= ray ^ RAYS[s.index()][dir];
            }
        }
        for s in square_list(LEAP_SOURCES[k.index()] & self.occupied[by.index()]) {
            if let Some(p) = self.board[s.index()]
                && table(p).leaps & delta(s, k).leap_bit != 0
            {
                targets &= 1u128 << s.index();
            }
        }
        targets
    }

    /// The Sparrow-drop-mate rule: a Sparrow dropped with check must leave the opponent a
    /// legal move.
    fn sparrow_rule(&self, m: &Move) -> Result<(), IllegalMove> {
        if let Move::Drop { kind: Kind::SP, to } = *m
            && self.drop_gives_check(Kind::SP, to)
        {
            let mut next = self.clone();
            next.apply(m);
            next.checked = true;
            if !next.has_legal_move() {
                return Err(IllegalMove::SparrowDropMate);
            }
        }
        Ok(())
    }

    /// Whether dropping `kind` on `to` checks the opponent: as in `gave_check`, the side to
    /// move attacks nothing of the opponent's King before the drop, and a drop only blocks
    /// lines, so only the dropped piece can give check.
    fn drop_gives_check(&self, kind: Kind, to: Square) -> bool {
        let Some(k) = self.kings[self.turn.opponent().index()] else {
            return false;
        };
        let p = Piece {
            color: self.turn,
            kind,
            promoted: false,
        };
        self.path_to(p, to, k) == Some(None)
    }

    /// Whether moving the piece on `from` to `to` uncovers an attack on the King on `k` by a
    /// sliding piece behind `from` (leaps cannot be uncovered: they are never blocked).
    fn uncovers_attack(&self, k: Square, from: Square, to: Square) -> bool {
        let dir = delta(k, from).dir as usize;
        if dir >= 8 {
            return false;
        }
        // The line from the King once the move is made: `from` empty, the mover on `to`.
        let to = 1u128 << to.index();
        let occ = (self.occ() & !(1u128 << from.index())) | to;
        self.line_attacker(k, dir, self.turn.opponent(), occ, to)
            .is_some()
    }

    /// The destinations [`Position::each_pseudo_move_on`] allows the side to move's pieces:
    /// `king_to` for its King, `targets` for the others.
    fn moves_to(&self, king_to: u128, targets: u128) -> impl Fn(Square, Piece) -> u128 {
        let king = self.kings[self.turn.index()];
        move |from, _| if king == Some(from) { king_to } else { targets }
    }

    /// Calls `f` with each legal move of the side to move's King (none without a King), its
    /// captures first, each group in the order of [`legal_moves`](rules::Position::legal_moves),
    /// until it returns true; whether it did. Each move is found legal only when it is reached:
    /// a caller that stops at the first tests the King's safety on no other square. The
    /// captures come first as the search's defence order ranks them
    /// ([`defence_order`](crate::analysis::game::Searchable::defence_order)); `tests/mate.rs`
    /// checks that the two agree.
    pub(crate) fn king_moves_until(&self, f: &mut impl FnMut(&Move) -> bool) -> bool {
        let Some(k) = self.kings[self.turn.index()] else {
            return false;
        };
        let Some(p) = self.board[k.index()] else {
            return false;
        };
        // The King's squares in the order `legal_moves` lists them (a King never promotes),
        // captures first: a King's capture most often refutes a mate.
        let mut targets = Vec::with_capacity(8);
        self.piece_targets(p, k, &mut |to| targets.push(to));
        targets.sort_by_key(|to| self.board[to.index()].is_none());
        targets.into_iter().any(|to| {
            let m = Move::Normal {
                from: k,
                to,
                promote: false,
            };
            self.final_rules(&m).is_ok() && f(&m)
        })
    }

    /// The other legal moves (the other pieces' moves and the drops), in the order of
    /// [`legal_moves`](rules::Position::legal_moves).
    pub(crate) fn other_moves(&self) -> Vec<Move> {
        self.legal_moves_of(false, true)
    }

    /// The legal moves of the King (if `king`) and of the rest (if `others`: the other
    /// pieces' moves and the drops), in board order, drops last.
    fn legal_moves_of(&self, king: bool, others: bool) -> Vec<Move> {
        let mut moves = Vec::with_capacity(if others { 128 } else { 8 });
        let mut memo = DropSafety::default();
        // In check, a drop can only be legal where it ends the check (see `evasion_targets`):
        // the others are not generated at all.
        // So are the moves of other pieces than the King.
        let targets = match self.kings[self.turn.index()] {
            Some(k) if self.checked && others => {
                let targets = self.evasion_targets(k);
                memo.targets = Some(targets);
                targets
            }
            _ if others => !0,
            _ => 0,
        };
        let king_to = if king { !0 } else { 0 };
        let board_to = self.moves_to(king_to, targets);
        self.each_pseudo_move_on(Kind::all(), &[targets; NKINDS], board_to, &mut |m| {
            if self.final_rules_with(&m, &mut memo).is_ok() {
                moves.push(m);
            }
            false
        });
        moves
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.first_legal_move().is_some()
    }

    /// A legal move of the side to move, if it has one: the first found, the King's moves
    /// tried first, then the other pieces', then the drops (so a drop only where no other
    /// move is legal).
    pub(crate) fn first_legal_move(&self) -> Option<Move> {
        // Stops at the first legal move. Sparrow drops last: their drop-mate test is the
        // expensive one.
        // The King's own moves first: where a side has few moves left, they are the likeliest.
        if let Some(k) = self.kings[self.turn.index()]
            && let Some(p) = self.board[k.index()]
        {
            let mut found = None;
            self.piece_targets(p, k, &mut |to| {
                let m = Move::Normal {
                    from: k,
                    to,
                    promote: false,
                };
                if found.is_none() && self.final_rules(&m).is_ok() {
                    found = Some(m);
                }
            });
            if found.is_some() {
                return found;
            }
        }
        let drop_kinds = Kind::all()
            .filter(|&k| k != Kind::SP)
            .chain(std::iter::once(Kind::SP));
        let mut memo = DropSafety::default();
        // In check, the other pieces' moves and the drops can only end it on the squares of
        // `evasion_targets` (as in `legal_moves`); the King's moves were all tried above.
        let targets = match self.kings[self.turn.index()] {
            Some(k) if self.checked => {
                let targets = self.evasion_targets(k);
                if targets == 0 {
                    return None;
                }
                memo.targets = Some(targets);
                targets
            }
            _ => !0,
        };
        // The King's moves were all tried above: not again.
        let board_to = self.moves_to(0, targets);
        let mut found = None;
        self.each_pseudo_move_on(drop_kinds, &[targets; NKINDS], board_to, &mut |m| {
            let legal = self.final_rules_with(&m, &mut memo).is_ok();
            if legal {
                found = Some(m);
            }
            legal
        });
        found
    }

    fn fr(sq: Square) -> FileRank {
        FileRank {
            file: WA.file(sq),
            rank: WA.rank(sq),
        }
    }

    /// Whether `p` on `from` reaches `to` by one of its moves on an empty board (None if not),
    /// and if so the first piece in the way (Some(None): the way is clear). When several rays
    /// reach `to`: clear if one of them is, else the blocker on the last of them.
    #[inline]
    fn path_to(&self, p: Piece, from: Square, to: Square) -> Option<Option<Square>> {
        if from.index() >= N || to.index() >= N {
            return None;
        }
        match way(table(p), from, to) {
            Way::None => None,
            Way::Leap => Some(None),
            Way::Line(dir) => {
                let on = between(from, to, dir) & self.occ();
                Some((on != 0).then(|| nearest(on, dir)))
            }
        }
    }

    /// The rules a move must satisfy, game over aside: like [`check`](rules::Position::check) but without
    /// telling a finished game apart (cheaper where many candidate moves are tried).
    pub fn check_rules(&self, m: &Move) -> Result<(), IllegalMove> {
        self.check_rules_with(m, false)
    }

    /// [`Position::check_rules`] for a move of a piece of the side to move that reaches `to`
    /// with a clear way (one of [`Position::origin_set`]): the same answer, without walking
    /// the way again. For other moves, the answer may be wrong.
    pub(crate) fn check_rules_reaching(&self, m: &Move) -> Result<(), IllegalMove> {
        self.check_rules_with(m, true)
    }

    fn check_rules_with(&self, m: &Move, clear_way: bool) -> Result<(), IllegalMove> {
        match *m {
            Move::Normal { from, to, promote } => {
                let Some(p) = self.piece_at(from) else {
                    return Err(if from.index() < N {
                        IllegalMove::NoPiece { at: Self::fr(from) }
                    } else {
                        IllegalMove::CannotMoveThatWay
                    });
                };
                if p.color != self.turn {
                    return Err(IllegalMove::NotYourPiece { at: Self::fr(from) });
                }
                match if clear_way {
                    Some(None)
                } else {
                    self.path_to(p, from, to)
                } {
                    None => return Err(IllegalMove::CannotMoveThatWay),
                    Some(Some(b)) => return Err(IllegalMove::PathBlocked { at: Self::fr(b) }),
                    Some(None) => {}
                }
                if self.board[to.index()].is_some_and(|q| q.color == self.turn) {
                    return Err(IllegalMove::OwnPieceOnTarget);
                }
                let opt = Position::promotion_options(p, from, to);
                if promote && !opt.can {
                    let why = if p.promoted {
                        "the piece is promoted already"
                    } else if !p.kind.can_promote() {
                        "this piece never promotes"
                    } else {
                        "the move neither starts nor ends in the promotion zone"
                    };
                    return Err(IllegalMove::CannotPromote { why });
                }
                if !promote && opt.must {
                    return Err(IllegalMove::MustPromote);
                }
                self.final_rules(m)
            }
            Move::Drop { kind, to } => {
                if !self.variant.drops() {
                    return Err(IllegalMove::DropsDisabled);
                }
                if kind.index() >= NKINDS || self.hands[self.turn.index()][kind.index()] == 0 {
                    return Err(IllegalMove::NotInHand);
                }
                if to.index() >= N {
                    return Err(IllegalMove::CannotMoveThatWay);
                }
                self.drop_rule(kind, to)?;
                self.final_rules(m)
            }
        }
    }

    /// After `m` (already applied): whether the side to move is now in check. Before the
    /// move the mover attacked nothing of the opponent's King (that side could not have left
    /// it in check), so only the moved or dropped piece, or a line opened through the square
    /// it left, can attack it now.
    fn gave_check(&self, m: &Move) -> bool {
        let Some(k) = self.kings[self.turn.index()] else {
            return false;
        };
        let to = m.to();
        let Some(p) = self.board[to.index()] else {
            return self.is_in_check_of(self.turn);
        };
        if self.path_to(p, to, k) == Some(None) {
            return true;
        }
        match *m {
            Move::Drop { .. } => false,
            Move::Normal { from, .. } => self.line_attack_through(k, from, self.turn.opponent()),
        }
    }

    /// Whether the first piece on the line from `k` through `through` (if they are aligned)
    /// belongs to `by` and slides far enough to reach `k`.
    fn line_attack_through(&self, k: Square, through: Square, by: Color) -> bool {
        let dir = delta(k, through).dir as usize;
        dir < 8 && self.line_attacker(k, dir, by, self.occ(), 0).is_some()
    }

    /// What [`Position::apply`] would make of the Zobrist hash, of its hands' part and of the
    /// hands, found without playing `m`.
    pub(crate) fn hashes_after(&self, m: &Move) -> (u128, u128, [[u8; NKINDS]; 2]) {
        let mut z = self.zobrist ^ ZTURN;
        let mut hz = self.hand_zobrist;
        let mut hands = self.hands;
        let me = self.turn;
        match *m {
            Move::Normal { from, to, promote } => {
                let Some(mut p) = self.piece_at(from) else {
                    return (self.zobrist, self.hand_zobrist, hands);
                };
                z ^= zpiece(from, p);
                if let Some(c) = self.piece_at(to) {
                    z ^= zpiece(to, c);
                    if c.kind != Kind::CK && self.variant.drops() {
                        let n = hands[me.index()][c.kind.index()];
                        let change = zhand(me, c.kind, n) ^ zhand(me, c.kind, n.saturating_add(1));
                        z ^= change;
                        hz ^= change;
                        hands[me.index()][c.kind.index()] = n.saturating_add(1);
                    }
                }
                if promote && p.kind.can_promote() {
                    p.promoted = true;
                }
                z ^= zpiece(to, p);
            }
            Move::Drop { kind, to } => {
                let n = hands[me.index()][kind.index()];
                let change = zhand(me, kind, n) ^ zhand(me, kind, n.saturating_sub(1));
                z ^= change;
                hz ^= change;
                hands[me.index()][kind.index()] = n.saturating_sub(1);
                if let Some(old) = self.piece_at(to) {
                    z ^= zpiece(to, old);
                }
                z ^= zpiece(
                    to,
                    Piece {
                        color: me,
                        kind,
                        promoted: false,
                    },
                );
            }
        }
        (z, hz, hands)
    }

    /// Carries out a move without updating `checked`.
    fn apply(&mut self, m: &Move) {
        match *m {
            Move::Normal { from, to, promote } => {
                let Some(mut p) = self.piece_at(from) else {
                    return;
                };
                let captured = self.piece_at(to);
                let sparrow = p.kind == Kind::SP && !p.promoted;
                if let Some(c) = captured {
                    // Captured pieces go to the captor's hand, unpromoted (not a King; and
                    // the game without drops has no hands).
                    if c.kind != Kind::CK && self.variant.drops() {
                        let n = self.hands[self.turn.index()][c.kind.index()];
                        self.set_hand(self.turn, c.kind, n.saturating_add(1));
                    }
                }
                if promote && p.kind.can_promote() {
                    p.promoted = true;
                }
                let reset = captured.is_some() || sparrow;
                self.put(from, None);
                self.put(to, Some(p));
                self.halfmove = if reset {
                    0
                } else {
                    self.halfmove.saturating_add(1)
                };
            }
            Move::Drop { kind, to } => {
                let n = self.hands[self.turn.index()][kind.index()];
                self.set_hand(self.turn, kind, n.saturating_sub(1));
                self.put(
                    to,
                    Some(Piece {
                        color: self.turn,
                        kind,
                        promoted: false,
                    }),
                );
                self.halfmove = self.halfmove.saturating_add(1);
            }
        }
        if self.turn == Color::White {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.opponent();
        self.zobrist ^= ZTURN;
    }
}

impl rules::Position for Position {
    type Move = Move;

    /// The start position (`Variant::WaNoDrop`: without drops; any other: with drops).
    fn start(variant: Variant) -> Position {
        // Read once per variant, then copied (every game of a batch starts here).
        static START: [std::sync::OnceLock<Position>; 2] =
            [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
        START[usize::from(!variant.drops())]
            .get_or_init(|| {
                super::fen::parse(variant, super::fen::START).expect("the start position parses")
            })
            .clone()
    }

    fn from_position_string(variant: Variant, s: &str) -> Result<Position, PositionError> {
        super::fen::parse(variant, s)
    }

    fn position_string(&self) -> String {
        super::fen::write(self)
    }

    /// `Variant::Wa` or `Variant::WaNoDrop`.
    fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    fn turn(&self) -> Color {
        self.turn
    }

    fn ply_number(&self) -> u64 {
        (u64::from(self.fullmove) - 1) * 2 + 1 + u64::from(self.turn == Color::White)
    }

    fn move_number(&self) -> u64 {
        u64::from(self.fullmove)
    }

    /// Every legal move (empty when the side to move has none: the game is then over).
    fn legal_moves(&self) -> Vec<Move> {
        self.legal_moves_of(true, true)
    }

    /// Whether `m` is legal here, and if not, which rule it breaks.
    fn check(&self, m: &Move) -> Result<(), IllegalMove> {
        // A legal move proves the game goes on; only a failing one needs the costly test.
        let r = self.check_rules(m);
        if r.is_err() && !self.has_legal_move() {
            return Err(IllegalMove::GameOver);
        }
        r
    }

    /// Plays a move known to be legal (from [`legal_moves`](rules::Position::legal_moves) or checked). An illegal
    /// move leaves a position that may break the rules, but never panics for on-board squares.
    fn play_unchecked(&mut self, m: &Move) {
        self.apply(m);
        self.checked = self.gave_check(m);
    }

    /// Whether the game is over in this position (checkmate or no legal move).
    fn status(&self) -> Status {
        if self.has_legal_move() {
            return Status::Ongoing;
        }
        Status::Over(Outcome {
            winner: Some(self.turn.opponent()),
            termination: if self.in_check() {
                Termination::Checkmate
            } else {
                Termination::NoLegalMoves
            },
        })
    }

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool {
        self.checked
    }

    /// Where `color`'s Crane King stands.
    fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }
}

/// For [`Position::final_rules_with`]: the squares whose drop safety is known, and those of
/// them where a drop leaves the King safe.
#[derive(Default)]
struct DropSafety {
    /// In check: where a piece other than the King may go (see `evasion_targets`).
    targets: Option<u128>,
    known: u128,
    safe: u128,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;
    use crate::rules::Position as _;

    /// Plays `games` random games of up to 300 plies from the start (random legal moves,
    /// seeded), calling `check(position, game, ply)` before each move.
    fn along_random_games(seed: u64, games: usize, mut check: impl FnMut(&Position, usize, usize)) {
        let mut rng = Rng::new(seed);
        for game in 0..games {
            let mut pos = Position::start(Variant::Wa);
            for ply in 0..300 {
                check(&pos, game, ply);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len() as u64) as usize];
                pos.play_unchecked(&m);
            }
        }
    }

    /// The candidate origins from the side's pieces equal those found by walking back from
    /// the target, for every piece face and target square, along random games.
    #[test]
    fn origin_set_matches_the_walk() {
        along_random_games(5, 20, |pos, game, ply| {
            if ply % 7 != 0 {
                return;
            }
            for i in 0..N {
                let Some(p) = pos.board[i] else { continue };
                for to in 0..N {
                    let to = Square(to as u8);
                    assert_eq!(
                        pos.origin_bits(p, to),
                        pos.origin_walk(p, to),
                        "game {game} ply {ply} {p:?} {to:?}"
                    );
                }
            }
        });
    }

    /// The reference for `path_to`: every ray of the piece walked square by square.
    fn path_walk(pos: &Position, p: Piece, from: Square, to: Square) -> Option<Option<Square>> {
        let mut found = None;
        for r in &table(p).rays {
            let (mut cur, mut blocker) = (from, None);
            for _ in 0..r.range {
                let Some(s) = step(cur, r.dx, r.dy) else {
                    break;
                };
                if s == to {
                    if r.jump || blocker.is_none() {
                        return Some(None);
                    }
                    found = Some(blocker);
                    break;
                }
                if blocker.is_none() && pos.board[s.index()].is_some() {
                    blocker = Some(s);
                }
                cur = s;
            }
        }
        found
    }

    fn every_piece() -> impl Iterator<Item = Piece> {
        Kind::all().flat_map(|kind| {
            [false, true].into_iter().flat_map(move |promoted| {
                [Color::Black, Color::White].map(|color| Piece {
                    color,
                    kind,
                    promoted,
                })
            })
        })
    }

    /// Where a piece reaches on an empty board (the table that lets the move generator pass
    /// over a piece) is `reach`'s walk of its rays, and `reached_from` turned round; where it
    /// may check from once moved is `reached_from` of its form and its promoted form.
    #[test]
    fn reach_tables_match_the_ray_walk() {
        for p in every_piece() {
            for from in (0..N as u8).map(Square) {
                let walked = super::super::reach(p, from)
                    .iter()
                    .fold(0u128, |set, (s, _)| set | 1u128 << s.index());
                assert_eq!(table(p).reach[from.index()], walked, "{p:?} {from:?}");
                for to in square_list(walked) {
                    assert!(table(p).reached_from[to.index()] & 1u128 << from.index() != 0);
                }
                let promoted = Piece {
                    promoted: true,
                    ..p
                };
                let moved = if !p.promoted && p.kind.can_promote() {
                    table(p).reached_from[from.index()] | table(promoted).reached_from[from.index()]
                } else {
                    table(p).reached_from[from.index()]
                };
                assert_eq!(table(p).reached_once_moved[from.index()], moved, "{p:?}");
            }
        }
    }

    /// The line tables (`path_to`, attackers) agree with walking the pieces' rays on the board,
    /// for every piece face, from every occupied square (and a few empty ones) to every square.
    #[test]
    fn lines_match_the_ray_walk() {
        along_random_games(3, 4, |pos, game, ply| {
            if ply % 60 != 17 {
                return;
            }
            let froms: Vec<Square> = (0..N as u8)
                .map(Square)
                .filter(|s| pos.board[s.index()].is_some() || s.0 % 13 == 0)
                .collect();
            for p in every_piece() {
                for &from in &froms {
                    for to in (0..N as u8).map(Square) {
                        assert_eq!(
                            pos.path_to(p, from, to),
                            path_walk(pos, p, from, to),
                            "game {game} ply {ply} {p:?} {from:?} {to:?}"
                        );
                    }
                }
            }
            // Off the board: attacked by nothing (and no panic).
            for by in [Color::Black, Color::White] {
                assert!(pos.attackers(Square(N as u8 + 5), by).is_empty());
                assert!(!pos.attacked(Square(255), by));
            }
            for sq in (0..N as u8).map(Square) {
                for by in [Color::Black, Color::White] {
                    let walked: Vec<Square> = (0..N as u8)
                        .map(Square)
                        .filter(|&s| {
                            pos.board[s.index()].is_some_and(|q| {
                                q.color == by && path_walk(pos, q, s, sq) == Some(None)
                            })
                        })
                        .collect();
                    assert_eq!(
                        pos.attackers(sq, by),
                        walked,
                        "game {game} ply {ply} {sq:?}"
                    );
                }
            }
        });
    }

    /// Whether a legal move exists agrees with the list of legal moves, at every ply of random
    /// games (the last of each has none), and in the position after each Sparrow Pawn drop
    /// that checks (the test of the drop-mate rule).
    #[test]
    fn checks_are_the_legal_moves_that_check() {
        // `would_check` before the move agrees with the check flag after it, for every legal
        // move; the checks a mate search asks for are exactly the legal moves that check, in
        // the same order, with the same positions after them.
        let (mut checks, mut discovered, mut drop_checks) = (0, 0, 0);
        along_random_games(23, 40, |pos, game, ply| {
            let Some(k) = pos.kings[pos.turn.opponent().index()] else {
                return;
            };
            let mut expected = Vec::new();
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(&m);
                assert_eq!(
                    pos.would_check(&m, k),
                    next.in_check(),
                    "game {game} ply {ply} {m:?}"
                );
                if next.in_check() {
                    if let Move::Normal { to, .. } = m
                        && next.attackers(k, pos.turn).iter().any(|&s| s != to)
                    {
                        discovered += 1;
                    }
                    expected.push((m, next));
                }
            }
            checks += expected.len();
            // The checking drop squares found through the table are those where a drop
            // checks, tried square by square.
            let squares = pos.drop_check_squares(k);
            for kind in Kind::all() {
                let mut want = 0u128;
                if pos.in_hand(pos.turn, kind) > 0 {
                    for to in (0..N as u8).map(Square) {
                        if pos.board[to.index()].is_none() && pos.drop_gives_check(kind, to) {
                            want |= 1u128 << to.index();
                        }
                    }
                }
                drop_checks += want.count_ones();
                assert_eq!(
                    squares[kind.index()],
                    want,
                    "game {game} ply {ply} {kind:?}"
                );
            }
            let got = pos.checks_dropping_on(&[!0; NKINDS]);
            assert_eq!(got.len(), expected.len(), "game {game} ply {ply}");
            for ((m, a), (n, b)) in got.iter().zip(&expected) {
                assert_eq!(m, n, "game {game} ply {ply}");
                assert_eq!(
                    a.position_string(),
                    b.position_string(),
                    "game {game} ply {ply}"
                );
                assert_eq!(a.repetition_hash(), b.repetition_hash());
                assert_eq!(a.in_check(), b.in_check());
            }
        });
        assert!(checks > 1000, "{checks} checks");
        assert!(discovered > 0, "no discovered check among {checks}");
        assert!(drop_checks > 100, "{drop_checks} checking drops");
    }

    /// The mate-in-1 test's shortcut: after each check, each square the King could go to
    /// before it is one the shortcut says it can still go to exactly when the King's move
    /// there is legal once the check is played. Over 40 random games, where most checks leave
    /// the King such a square (else the shortcut would save nothing), and a lone King facing
    /// a Treacherous Fox in hand, whose drops cover squares by leaps.
    #[test]
    fn surviving_flights_are_the_legal_king_moves() {
        let (mut checks, mut kept) = (0, 0);
        let mut try_checks = |pos: &Position, at: &str| {
            let Some(k) = pos.kings[pos.turn.opponent().index()] else {
                return;
            };
            let flights = pos.king_flights(k);
            pos.each_check_dropping_on(k, &[!0; NKINDS], &mut |m| {
                checks += 1;
                let legal = pos.after_check(&m).legal_moves();
                for f in square_list(flights) {
                    let escape = Move::Normal {
                        from: k,
                        to: f,
                        promote: false,
                    };
                    assert_eq!(
                        pos.surviving_flight(&m, k, 1u128 << f.index()) == Some(f),
                        legal.contains(&escape),
                        "{at}: {m:?} and the King's move to {f:?}"
                    );
                }
                kept += usize::from(pos.surviving_flight(&m, k, flights).is_some());
                false
            });
        };
        let fox = "11/11/11/11/5k5/11/11/11/11/11/10K[X] w 0 1";
        try_checks(
            &Position::from_position_string(Variant::Wa, fox).unwrap(),
            fox,
        );
        along_random_games(23, 40, |pos, game, ply| {
            try_checks(pos, &format!("game {game} ply {ply}"))
        });
        assert!(checks > 1000 && kept * 2 > checks, "{kept} of {checks}");
    }

    #[test]
    fn has_legal_move_matches_the_list() {
        let mut ends = 0;
        along_random_games(17, 60, |pos, game, ply| {
            let none = pos.legal_moves().is_empty();
            ends += usize::from(none);
            assert_eq!(pos.has_legal_move(), !none, "game {game} ply {ply}");
            if pos.variant.drops() && pos.in_hand(pos.turn, Kind::SP) > 0 {
                for to in (0..N as u8).map(Square) {
                    let m = Move::Drop { kind: Kind::SP, to };
                    if pos.drop_rule(Kind::SP, to).is_ok() && pos.drop_gives_check(Kind::SP, to) {
                        let mut next = pos.clone();
                        next.play_unchecked(&m);
                        let none = next.legal_moves().is_empty();
                        assert_eq!(next.has_legal_move(), !none, "game {game} ply {ply} {m:?}");
                    }
                }
            }
        });
        assert!(ends > 0, "some games end without a legal move");
    }

    /// The King's moves found one at a time are its legal moves, captures first and otherwise
    /// in the same order, and the walk stops where the caller says.
    #[test]
    fn king_moves_one_at_a_time_are_the_kings_legal_moves() {
        let mut stopped = 0;
        along_random_games(23, 40, |pos, game, ply| {
            let king = pos.kings[pos.turn.index()];
            let mut all: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| king.is_some() && m.from() == king)
                .collect();
            all.sort_by_key(|m| pos.board[m.to().index()].is_none());
            let mut seen = Vec::new();
            assert!(!pos.king_moves_until(&mut |m| {
                seen.push(*m);
                false
            }));
            assert_eq!(seen, all, "game {game} ply {ply}");
            if let Some(second) = all.get(1) {
                let mut calls = 0;
                assert!(pos.king_moves_until(&mut |m| {
                    calls += 1;
                    m == second
                }));
                assert_eq!(calls, 2, "game {game} ply {ply}");
                stopped += 1;
            }
        });
        assert!(
            stopped > 0,
            "some positions give the King two moves or more"
        );
    }

    /// A move is refused for leaving the King attacked exactly when, played on a copy, it
    /// does: for every move the pieces allow, along random games.
    #[test]
    fn king_safety_matches_a_played_copy() {
        along_pseudo_moves(13, 40, |pos, m, next, at| {
            let exposed = next.is_in_check_of(pos.turn);
            let refused = pos.final_rules(m) == Err(IllegalMove::LeavesKingInCheck);
            assert_eq!(refused, exposed, "{at} {m:?}");
        });
    }

    /// Calls `check(position, move, position after it, "game G ply P")` for every move the
    /// pieces allow (before the check and drop-mate rules) along random games.
    fn along_pseudo_moves(
        seed: u64,
        games: usize,
        mut check: impl FnMut(&Position, &Move, &Position, &str),
    ) {
        along_random_games(seed, games, |pos, game, ply| {
            let mut pseudo = Vec::new();
            pos.pseudo_moves(&mut pseudo);
            for m in &pseudo {
                let mut next = pos.clone();
                next.apply(m);
                check(pos, m, &next, &format!("game {game} ply {ply}"));
            }
        });
    }

    /// The hashes and hands a move leads to, found without playing it, are those of the
    /// position it leads to, for every move the rules of the pieces allow, along random games.
    #[test]
    fn hashes_after_match_a_played_copy() {
        along_pseudo_moves(12, 60, |pos, m, next, at| {
            assert_eq!(
                pos.hashes_after(m),
                (next.zobrist, next.hand_zobrist, next.hands),
                "{at} {m:?}"
            );
        });
    }

    /// Whether a drop gives check, found without playing it, agrees with playing it on a
    /// copy, for every drop the rules of the pieces allow, along random games.
    #[test]
    fn drop_check_matches_a_played_copy() {
        along_pseudo_moves(11, 60, |pos, m, next, at| {
            if let Move::Drop { kind, to } = *m {
                assert_eq!(
                    pos.drop_gives_check(kind, to),
                    next.is_in_check_of(next.turn),
                    "{at} {m:?}"
                );
            }
        });
    }

    /// The incrementally kept hash and in-check flag equal their from-scratch values along
    /// random games with captures, drops and promotions.
    #[test]
    fn incremental_state_matches_recomputation() {
        along_random_games(7, 200, |pos, game, ply| {
            assert_eq!(pos.zobrist, pos.compute_zobrist(), "game {game} ply {ply}");
            assert_eq!(
                pos.hand_zobrist,
                pos.compute_hand_zobrist(),
                "game {game} ply {ply}"
            );
            for c in [Color::Black, Color::White] {
                let squares = (0..N).filter(|&i| pos.board[i].is_some_and(|p| p.color == c));
                let set = squares.fold(0u128, |m, i| m | 1 << i);
                assert_eq!(pos.occupied[c.index()], set, "game {game} ply {ply}");
                for k in Kind::all() {
                    for promoted in [false, true] {
                        let p = Piece {
                            color: c,
                            kind: k,
                            promoted,
                        };
                        let set = (0..N)
                            .filter(|&i| pos.board[i] == Some(p))
                            .fold(0u128, |m, i| m | 1 << i);
                        assert_eq!(pos.faces[face_slot(p)], set, "game {game} ply {ply} {p:?}");
                    }
                }
            }
            assert_eq!(
                pos.checked,
                pos.is_in_check_of(pos.turn),
                "game {game} ply {ply}"
            );
        });
    }
}
