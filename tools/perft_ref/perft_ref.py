#!/usr/bin/env python3
"""perft_ref: an independent reference move generator for Wa shogi and Gufu shogi.

Written from the rules texts only (no code shared with the Rust rules core), to
cross-check its perft counts.  Standard library only.

Usage:
    python3 perft_ref.py --variant wa|wa-nodrop|gufu [--position STR] [--divide] DEPTH

Prints the number of leaf nodes of the legal-move tree of the given DEPTH.
With --divide, prints one line "<move> <count>" per legal first move, then
"total <count>".
"""

import argparse
import sys

# ===========================================================================
#                               W A   S H O G I
# ===========================================================================
#
# Board: 11 x 11.  Internal square index = row * 11 + col.
#   row 0 = rank a (White's back rank, top) ... row 10 = rank k (Black's back rank)
#   col 0 = file 11 (Black's left, XBoard file 'a') ... col 10 = file 1 (XBoard 'k')
# Black (sente, uppercase, moves first) moves "forward" = towards row 0.
# White (gote, lowercase) moves "forward" = towards row 10.
#
# Piece codes: base types 1..17, promoted = base + 20.  Black pieces are
# positive, White pieces negative.  0 = empty.

N = 11
NSQ = N * N

CK, CE, TF, FF, RR, SW, LH, OC, VW, VS, FG, FC, SC, SO, BD, CM, SP = range(1, 18)
PROM = 20

# (abbr, XBoard letter, unpromoted Betza, promoted Betza or None)
# Transcribed from the piece table of the rules text.
WA_PIECES = {
    CK: ("CK", "K", "K", None),
    CE: ("CE", "E", "vR fF3 bF sW", None),
    TF: ("TF", "X", "F A vW vD", None),
    FF: ("FF", "F", "B fW", "B vR sW"),
    RR: ("RR", "R", "fR F bW", "F A vW vD"),
    SW: ("SW", "S", "sR vW", "R"),
    LH: ("LH", "H", "fR bW2", "vN"),
    OC: ("OC", "O", "fR", "K"),
    VW: ("VW", "W", "W fF", "K"),
    VS: ("VS", "V", "F fW", "F fW sW"),
    FG: ("FG", "G", "vW fF", "sR vW"),
    FC: ("FC", "C", "sW fF", "vR sW fF"),
    SC: ("SC", "U", "fW bF", "B fW"),
    SO: ("SO", "L", "fW bF", "vR fF3 bF sW"),
    BD: ("BD", "D", "fF sW bW", "W fF"),
    CM: ("CM", "M", "vW fF", "F fW"),
    SP: ("SP", "P", "fW", "W fF"),
}
LETTER_TO_BASE = {v[1]: k for k, v in WA_PIECES.items()}
BASE_TO_LETTER = {k: v[1] for k, v in WA_PIECES.items()}
PROMOTABLE = {k for k, v in WA_PIECES.items() if v[3] is not None}

INF = 99


def betza_moves(text):
    """Parse the small Betza subset used by the table.

    Returns (rays, leaps) in Black's orientation (forward = dr -1):
      rays:  {(dr, dc): max_range}  (blocked slides / steps; range 1 = step)
      leaps: set of (dr, dc)        (jump over anything)
    """
    rays = {}
    leaps = set()
    for tok in text.split():
        i = 0
        mods = ""
        while tok[i] in "fbsv":
            mods += tok[i]
            i += 1
        atom = tok[i]
        rng_txt = tok[i + 1:]
        if atom in "WFK":
            rng = int(rng_txt) if rng_txt else 1
            slide = True
        elif atom in "RB":
            rng = int(rng_txt) if rng_txt else INF
            slide = True
        elif atom in "ADN":
            rng = 1
            slide = False
        else:
            raise ValueError(tok)
        if atom in "WR":
            vecs = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        elif atom in "FB":
            vecs = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        elif atom == "K":
            vecs = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)]
        elif atom == "A":
            vecs = [(-2, -2), (-2, 2), (2, -2), (2, 2)]
        elif atom == "D":
            vecs = [(-2, 0), (2, 0), (0, -2), (0, 2)]
        elif atom == "N":
            vecs = [(-2, -1), (-2, 1), (2, -1), (2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2)]

        def keep(v):
            if not mods:
                return True
            dr, dc = v
            ok = False
            for m in mods:
                if m == "f" and dr < 0:
                    ok = True
                if m == "b" and dr > 0:
                    ok = True
                if m == "v" and abs(dr) > abs(dc):
                    ok = True
                if m == "s" and abs(dc) > abs(dr):
                    ok = True
            return ok

        for v in vecs:
            if not keep(v):
                continue
            if slide:
                rays[v] = max(rays.get(v, 0), rng)
            else:
                leaps.add(v)
    return rays, leaps


DIRS8 = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
DIR_INDEX = {d: i for i, d in enumerate(DIRS8)}


def on_board(r, c):
    return 0 <= r < N and 0 <= c < N


# Per signed code (index code + 64): move tables.
OFF = 64
W_MOVES = [None] * 128     # [idx][sq] -> (rays: tuple of tuples of squares, leaps: tuple)
W_ATTR = [None] * 128      # [idx] -> list of 8 ranges (attacker moving in DIRS8[d])
W_LEAPVEC = [None] * 128   # [idx] -> set of leap vectors (dr, dc) (actual board orientation)
ALL_LEAPVECS = []


def _build_wa_tables():
    leapvec_set = set()
    for base, (_, _, unp, pro) in WA_PIECES.items():
        for promoted, txt in ((False, unp), (True, pro)):
            if txt is None:
                continue
            rays, leaps = betza_moves(txt)
            code = base + (PROM if promoted else 0)
            for sign in (1, -1):
                # White = Black's pattern rotated 180 degrees.
                srays = {(dr * sign, dc * sign): r for (dr, dc), r in rays.items()}
                sleaps = {(dr * sign, dc * sign) for (dr, dc) in leaps}
                idx = sign * code + OFF
                attr = [0] * 8
                for v, r in srays.items():
                    attr[DIR_INDEX[v]] = min(r, N)
                W_ATTR[idx] = attr
                W_LEAPVEC[idx] = sleaps
                leapvec_set |= sleaps
                per_sq = []
                for sq in range(NSQ):
                    r0, c0 = divmod(sq, N)
                    rl = []
                    for (dr, dc), rng in srays.items():
                        ray = []
                        r, c = r0 + dr, c0 + dc
                        n = 0
                        while on_board(r, c) and n < rng:
                            ray.append(r * N + c)
                            r += dr
                            c += dc
                            n += 1
                        if ray:
                            rl.append(tuple(ray))
                    lp = []
                    for (dr, dc) in sleaps:
                        r, c = r0 + dr, c0 + dc
                        if on_board(r, c):
                            lp.append(r * N + c)
                    per_sq.append((tuple(rl), tuple(lp)))
                W_MOVES[idx] = per_sq
    ALL_LEAPVECS.extend(sorted(leapvec_set))


_build_wa_tables()

# RAYSQ[sq][d]: squares from sq walking in DIRS8[d]
RAYSQ = []
for _sq in range(NSQ):
    _r0, _c0 = divmod(_sq, N)
    _l = []
    for (_dr, _dc) in DIRS8:
        _ray = []
        _r, _c = _r0 + _dr, _c0 + _dc
        while on_board(_r, _c):
            _ray.append(_r * N + _c)
            _r += _dr
            _c += _dc
        _l.append(tuple(_ray))
    RAYSQ.append(tuple(_l))

# LEAPSRC[sq]: list of (src_square, frozenset of signed codes that leap src->sq)
LEAPSRC = []
for _sq in range(NSQ):
    _r0, _c0 = divmod(_sq, N)
    _l = []
    for (_dr, _dc) in ALL_LEAPVECS:
        _r, _c = _r0 - _dr, _c0 - _dc
        if on_board(_r, _c):
            codes = frozenset(i - OFF for i in range(128)
                              if W_LEAPVEC[i] is not None and (_dr, _dc) in W_LEAPVEC[i])
            _l.append((_r * N + _c, codes))
    LEAPSRC.append(tuple(_l))

# ATTACK_BY[sq][d]: for detection, for each direction d from the king, a tuple of
# (square, distance) pairs; attacker at that square must attack in direction (d+4)%8.
OPP = [(d + 4) % 8 for d in range(8)]

WA_START = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1"


def sqname(sq):
    r, c = divmod(sq, N)
    return "%s%d" % (chr(ord("a") + c), N - r)


class Wa:
    def __init__(self, fen, drops):
        self.drops = drops
        self.board = [0] * NSQ
        self.hand = [[0] * 40, [0] * 40]   # hand[0] Black, hand[1] White, by base type
        self.king = [None, None]
        self.parse(fen)

    # ------------------------------------------------------------------ FEN
    def parse(self, fen):
        fen = fen.strip()
        parts = fen.split()
        boardtxt = parts[0]
        rest = parts[1:]
        handtxt = ""
        if "[" in boardtxt:
            boardtxt, h = boardtxt.split("[", 1)
            handtxt = h.rstrip("]")
        elif rest and rest[0].startswith("["):
            handtxt = rest[0].strip("[]")
            rest = rest[1:]
        ranks = boardtxt.split("/")
        if len(ranks) != N:
            raise ValueError("need 11 ranks, got %d" % len(ranks))
        for r, rk in enumerate(ranks):
            c = 0
            i = 0
            while i < len(rk):
                ch = rk[i]
                if ch.isdigit():
                    j = i
                    while j < len(rk) and rk[j].isdigit():
                        j += 1
                    c += int(rk[i:j])
                    i = j
                    continue
                promoted = False
                if ch == "+":
                    promoted = True
                    i += 1
                    ch = rk[i]
                base = LETTER_TO_BASE[ch.upper()]
                if promoted and base not in PROMOTABLE:
                    raise ValueError("piece %s cannot be promoted" % ch)
                code = base + (PROM if promoted else 0)
                if ch.islower():
                    code = -code
                if c >= N:
                    raise ValueError("rank %d too long" % (r + 1))
                self.board[r * N + c] = code
                if base == CK:
                    self.king[0 if code > 0 else 1] = r * N + c
                c += 1
                i += 1
            if c != N:
                raise ValueError("rank %d has %d files" % (r + 1, c))
        if handtxt and handtxt != "-":
            for ch in handtxt:
                if ch.upper() not in LETTER_TO_BASE or ch.upper() == "K":
                    raise ValueError("bad piece in hand: %r (hands hold unpromoted pieces)" % ch)
                base = LETTER_TO_BASE[ch.upper()]
                self.hand[0 if ch.isupper() else 1][base] += 1
        side = rest[0] if rest else "w"
        if side not in ("w", "b"):
            raise ValueError("side to move must be w (Black/sente) or b (White/gote)")
        # XBoard: "w" = the uppercase side (Black/sente), "b" = lowercase (White/gote)
        self.black = (side == "w")

    # ------------------------------------------------------------ attacks
    def attacked(self, sq, by_black):
        board = self.board
        attr = W_ATTR
        rays = RAYSQ[sq]
        for d in range(8):
            n = 0
            for s in rays[d]:
                n += 1
                p = board[s]
                if p:
                    if (p > 0) == by_black and attr[p + OFF][OPP[d]] >= n:
                        return True
                    break
        for src, codes in LEAPSRC[sq]:
            p = board[src]
            if p and (p > 0) == by_black and p in codes:
                return True
        return False

    def in_check(self, black):
        k = self.king[0 if black else 1]
        return k is not None and self.attacked(k, not black)

    # ------------------------------------------------------------ moves
    # move = (frm, to, flag, dropbase); frm = -1 for drops
    # flag: 0 = no promotion possible, 1 = promote (+), 2 = promotion declined (=)
    def pseudo_moves(self, black):
        board = self.board
        out = []
        app = out.append
        if black:
            zone_lo, zone_hi, last = 0, 2, 0
        else:
            zone_lo, zone_hi, last = 8, 10, 10
        for frm in range(NSQ):
            p = board[frm]
            if p == 0 or (p > 0) != black:
                continue
            ap = p if p > 0 else -p
            rays, leaps = W_MOVES[p + OFF][frm]
            canprom = ap in PROMOTABLE
            fr_in = zone_lo <= frm // N <= zone_hi
            forced_last = ap == SP or ap == OC
            for ray in rays:
                for to in ray:
                    q = board[to]
                    if q and (q > 0) == black:
                        break
                    if canprom:
                        tr = to // N
                        if fr_in or zone_lo <= tr <= zone_hi:
                            app((frm, to, 1, 0))
                            if not (forced_last and tr == last):
                                app((frm, to, 2, 0))
                        else:
                            app((frm, to, 0, 0))
                    else:
                        app((frm, to, 0, 0))
                    if q:
                        break
            for to in leaps:
                q = board[to]
                if q and (q > 0) == black:
                    continue
                if canprom:
                    tr = to // N
                    if fr_in or zone_lo <= tr <= zone_hi:
                        app((frm, to, 1, 0))
                        if not (forced_last and tr == last):
                            app((frm, to, 2, 0))
                    else:
                        app((frm, to, 0, 0))
                else:
                    app((frm, to, 0, 0))
        return out

    def drop_moves(self, black):
        out = []
        if not self.drops:
            return out
        hand = self.hand[0 if black else 1]
        board = self.board
        last = 0 if black else 10
        own_sp = SP if black else -SP
        empties = None
        for base in range(1, 18):
            if hand[base] <= 0:
                continue
            if empties is None:
                empties = [s for s in range(NSQ) if board[s] == 0]
            if base == SP:
                blocked_cols = {s % N for s in range(NSQ) if board[s] == own_sp}
                for s in empties:
                    if s // N == last or s % N in blocked_cols:
                        continue
                    out.append((-1, s, 0, base))
            elif base == OC:
                for s in empties:
                    if s // N != last:
                        out.append((-1, s, 0, base))
            else:
                for s in empties:
                    out.append((-1, s, 0, base))
        return out

    def make(self, m, black):
        frm, to, flag, base = m
        board = self.board
        if frm < 0:
            self.hand[0 if black else 1][base] -= 1
            board[to] = base if black else -base
            return 0
        p = board[frm]
        cap = board[to]
        if flag == 1:
            board[to] = p + PROM if p > 0 else p - PROM
        else:
            board[to] = p
        board[frm] = 0
        if cap:
            ac = cap if cap > 0 else -cap
            if ac > PROM:
                ac -= PROM
            self.hand[0 if black else 1][ac] += 1
        if p == CK or p == -CK:
            self.king[0 if black else 1] = to
        return cap

    def unmake(self, m, black, cap):
        frm, to, flag, base = m
        board = self.board
        if frm < 0:
            self.hand[0 if black else 1][base] += 1
            board[to] = 0
            return
        p = board[to]
        if flag == 1:
            p = p - PROM if p > 0 else p + PROM
        board[frm] = p
        board[to] = cap
        if cap:
            ac = cap if cap > 0 else -cap
            if ac > PROM:
                ac -= PROM
            self.hand[0 if black else 1][ac] -= 1
        if p == CK or p == -CK:
            self.king[0 if black else 1] = frm

    def legal_moves(self, black, first_only=False):
        """Legal moves for the given side (or [one move] / [] if first_only)."""
        side = 0 if black else 1
        out = []
        checked = self.in_check(black)
        for m in self.pseudo_moves(black):
            cap = self.make(m, black)
            k = self.king[side]
            ok = k is None or not self.attacked(k, not black)
            self.unmake(m, black, cap)
            if ok:
                out.append(m)
                if first_only:
                    return out
        if self.drops:
            ek = self.king[1 - side]
            fwd = -N if black else N
            for m in self.drop_moves(black):
                if checked:
                    cap = self.make(m, black)
                    k = self.king[side]
                    ok = not self.attacked(k, not black)
                    self.unmake(m, black, cap)
                    if not ok:
                        continue
                # (a drop cannot expose one's own King, so when not in check it is safe)
                if m[3] == SP and ek is not None and m[1] + fwd == ek:
                    # Sparrow Pawn drop giving check: illegal if it mates.
                    cap = self.make(m, black)
                    mate = not self.legal_moves(not black, first_only=True)
                    self.unmake(m, black, cap)
                    if mate:
                        continue
                out.append(m)
                if first_only:
                    return out
        return out

    def perft(self, depth, black):
        moves = self.legal_moves(black)
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            cap = self.make(m, black)
            total += self.perft(depth - 1, not black)
            self.unmake(m, black, cap)
        return total

    def movestr(self, m):
        frm, to, flag, base = m
        if frm < 0:
            return "%s@%s" % (BASE_TO_LETTER[base], sqname(to))
        return sqname(frm) + sqname(to) + {0: "", 1: "+", 2: "="}[flag]

    def divide(self, depth):
        black = self.black
        res = []
        for m in self.legal_moves(black):
            cap = self.make(m, black)
            n = 1 if depth == 1 else self.perft(depth - 1, not black)
            self.unmake(m, black, cap)
            res.append((self.movestr(m), n))
        return res

    def count(self, depth):
        if depth == 0:
            return 1
        return self.perft(depth, self.black)


# ===========================================================================
#                             G U F U   S H O G I
# ===========================================================================
#
# Board: 2 files x 3 ranks.  Square index = row * 2 + col,
#   row 0 = rank 一 (top) .. row 2 = rank 三 ; col 0 = file 2 (left), col 1 = file 1 (right).
# Facing 0=N (up), 1=E (right, towards file 1), 2=S (down), 3=W (left).
# A piece on the board is (letter, facing); letters: 'K' Black King, 'k' White King,
# 'W' Kaze, 'S' Arashi.  The position (board tuple, side, hand string, ply) is the
# whole state: check and the "fixed" pieces are functions of it.

G_FACINGS = "NESW"
G_RANKS = "一二三"
G_VEC = [(-1, 0), (0, 1), (1, 0), (0, -1)]


def _rot(v, k):
    dr, dc = v
    for _ in range(k):
        dr, dc = dc, -dr          # quarter turn clockwise (row down, col right)
    return dr, dc


# patterns in the N-facing frame (forward = (-1, 0); left = W = (0,-1); right = E = (0,1))
G_PATTERN = {
    "K": [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)],
    "W": [(-1, 0), (1, -1), (1, 1)],                       # Kaze: forward, diagonally backward
    "S": [(-1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1)],    # Arashi: forward, sideways, diag. forward
}
# G_ATT[letter][facing][sq] -> tuple of target squares
G_ATT = {}
for _L, _pat in G_PATTERN.items():
    _byf = []
    for _f in range(4):
        _bysq = []
        for _sq in range(6):
            _r, _c = divmod(_sq, 2)
            _t = []
            for _v in _pat:
                _dr, _dc = _rot(_v, _f)
                if 0 <= _r + _dr < 3 and 0 <= _c + _dc < 2:
                    _t.append((_r + _dr) * 2 + _c + _dc)
            _bysq.append(tuple(sorted(_t)))
        _byf.append(tuple(_bysq))
    G_ATT[_L] = tuple(_byf)
G_ATT["k"] = G_ATT["K"]


def g_adj(a, b):
    ra, ca = divmod(a, 2)
    rb, cb = divmod(b, 2)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


G_ADJ = [[g_adj(a, b) for b in range(6)] for a in range(6)]


def g_sqname(sq):
    r, c = divmod(sq, 2)
    return "%d%s" % (2 - c, G_RANKS[r])


GUFU_START = "2/2/2 b KkWS 1"
SETUP_PIECE = {1: "K", 2: "k", 3: "W", 4: "S"}


def g_parse(s):
    parts = s.split()
    if len(parts) != 4:
        raise ValueError("gufu position needs 4 fields")
    ranks = parts[0].split("/")
    if len(ranks) != 3:
        raise ValueError("need 3 ranks")
    board = []
    for rk in ranks:
        row = []
        i = 0
        while i < len(rk):
            ch = rk[i]
            if ch.isdigit():
                row.extend([None] * int(ch))
                i += 1
            else:
                if ch not in "KkWS" or i + 1 >= len(rk) or rk[i + 1] not in "nesw":
                    raise ValueError("bad piece in %r" % rk)
                row.append((ch, "nesw".index(rk[i + 1])))
                i += 2
        if len(row) != 2:
            raise ValueError("rank %r must have 2 squares" % rk)
        board.extend(row)
    side = parts[1]
    if side not in ("b", "w"):
        raise ValueError("side must be b or w")
    hand = "" if parts[2] == "-" else parts[2]
    hand = "".join(ch for ch in "KkWS" for _ in range(hand.count(ch)))
    ply = int(parts[3])
    return tuple(board), side == "b", hand, ply


def g_kings(board):
    kb = kw = None
    for i, x in enumerate(board):
        if x:
            if x[0] == "K":
                kb = i
            elif x[0] == "k":
                kw = i
    return kb, kw


def g_face_to_face(board):
    kb, kw = g_kings(board)
    if kb is None or kw is None:
        return False
    rb, cb = divmod(kb, 2)
    rw, cw = divmod(kw, 2)
    d = (rw - rb, cw - cb)
    if abs(d[0]) + abs(d[1]) != 1:
        return False
    fb = board[kb][1]
    fw = board[kw][1]
    return G_VEC[fb] == d and G_VEC[fw] == (-d[0], -d[1])


def g_fixed(board, black):
    """Squares of shared pieces fixed to the opponent of `black` (side to move):
    they attack the mover's King and touch the opponent's King."""
    kb, kw = g_kings(board)
    own, opp = (kb, kw) if black else (kw, kb)
    fixed = set()
    if own is None or opp is None:
        return fixed
    for i, x in enumerate(board):
        if x and x[0] in "WS":
            if own in G_ATT[x[0]][x[1]][i] and G_ADJ[i][opp]:
                fixed.add(i)
    return fixed


def g_can_capture_king(board, black, ply):
    """Does the side to move have a step that captures the enemy King?"""
    if ply <= 4:
        return False
    kb, kw = g_kings(board)
    own, opp = (kb, kw) if black else (kw, kb)
    if own is None or opp is None:
        return False
    fixed = g_fixed(board, black)
    for i, x in enumerate(board):
        if x and x[0] in "WS" and i not in fixed:
            if opp in G_ATT[x[0]][x[1]][i] and G_ADJ[i][own]:
                return True
    return False


def g_game_over_kings(board, hand, ply):
    if ply <= 4:
        return False
    kb, kw = g_kings(board)
    return kb is None or kw is None


def g_legal_moves(board, black, hand, ply):
    """Legal moves, ignoring the 'game already over' test (mate).  Each move is
    (notation, new_board, new_hand, captures_king)."""
    out = []
    kb, kw = g_kings(board)
    own, opp = (kb, kw) if black else (kw, kb)
    ownL = "K" if black else "k"

    def add(note, nb, nh, capk):
        if not g_face_to_face(nb):
            out.append((note, nb, nh, capk))

    def drop_ok(nb, sq, L, f):
        # check by drop is illegal: the dropped piece attacks the opponent's King
        # and touches the dropper's King
        if L in "WS":
            nkb, nkw = g_kings(nb)
            o, p = (nkb, nkw) if black else (nkw, nkb)
            if o is not None and p is not None and p in G_ATT[L][f][sq] and G_ADJ[sq][o]:
                return False
        return True

    if ply <= 4:
        L = SETUP_PIECE[ply]
        if L not in hand:
            return out
        nh = hand.replace(L, "", 1)
        for sq in range(6):
            if board[sq] is None:
                for f in range(4):
                    nb = list(board)
                    nb[sq] = (L, f)
                    nb = tuple(nb)
                    if drop_ok(nb, sq, L, f):
                        add("%s*%s>%s" % (L.upper(), g_sqname(sq), G_FACINGS[f]), nb, nh, False)
        return out

    if g_game_over_kings(board, hand, ply):
        return out
    fixed = g_fixed(board, black)

    # King: steps (capturing an unfixed shared piece, never the other King) and turn
    if own is not None:
        f = board[own][1]
        nf = (f + 1) % 4
        for t in G_ATT["K"][0][own]:
            x = board[t]
            nh = hand
            if x is None:
                note = "K-%s>%s" % (g_sqname(t), G_FACINGS[nf])
            elif x[0] in "Kk":
                continue
            else:
                if t in fixed:
                    continue
                nh = "".join(sorted(hand + x[0], key="KkWS".index))
                note = "Kx%s>%s" % (g_sqname(t), G_FACINGS[nf])
            nb = list(board)
            nb[own] = None
            nb[t] = (ownL, nf)
            add(note, tuple(nb), nh, False)
        nb = list(board)
        nb[own] = (ownL, nf)
        add("K:%s>%s" % (g_sqname(own), G_FACINGS[nf]), tuple(nb), hand, False)

    # shared pieces on the board, unless fixed to the opponent
    for i, x in enumerate(board):
        if not x or x[0] not in "WS" or i in fixed:
            continue
        L, f = x
        nf = (f + 1) % 4
        for t in G_ATT[L][f][i]:
            y = board[t]
            nh = hand
            capk = False
            if y is None:
                note = "%s-%s>%s" % (L, g_sqname(t), G_FACINGS[nf])
            elif y[0] == ownL:
                continue
            elif y[0] in "Kk":
                # enemy King: only while this piece gives check for the mover
                # (it attacks that King -- true, t is in its pattern -- and touches ours)
                if own is None or not G_ADJ[i][own]:
                    continue
                capk = True
                note = "%sx%s>%s" % (L, g_sqname(t), G_FACINGS[nf])
            else:
                nh = "".join(sorted(hand + y[0], key="KkWS".index))
                note = "%sx%s>%s" % (L, g_sqname(t), G_FACINGS[nf])
            nb = list(board)
            nb[i] = None
            nb[t] = (L, nf)
            add(note, tuple(nb), nh, capk)
        nb = list(board)
        nb[i] = (L, nf)
        add("%s:%s>%s" % (L, g_sqname(i), G_FACINGS[nf]), tuple(nb), hand, False)

    # drops from the common hand
    for L in "WS":
        if L not in hand:
            continue
        nh = hand.replace(L, "", 1)
        for sq in range(6):
            if board[sq] is None:
                for f in range(4):
                    nb = list(board)
                    nb[sq] = (L, f)
                    nb = tuple(nb)
                    if drop_ok(nb, sq, L, f):
                        add("%s*%s>%s" % (L, g_sqname(sq), G_FACINGS[f]), nb, nh, False)
    return out


def g_children(board, black, hand, ply):
    """Children of a node: [] when the game is over (King captured, checkmate)."""
    if g_game_over_kings(board, hand, ply):
        return []
    moves = g_legal_moves(board, black, hand, ply)
    if ply >= 5 and g_fixed(board, black):
        # in check: checkmate if no legal move captures the enemy King or leaves
        # our King where the opponent could not capture it on his next move
        mate = True
        for note, nb, nh, capk in moves:
            if capk or not g_can_capture_king(nb, not black, ply + 1):
                mate = False
                break
        if mate:
            return []
    return moves


_g_memo = {}


def g_perft(board, black, hand, ply, depth):
    if depth == 0:
        return 1
    key = (board, black, hand, min(ply, 5), depth)
    v = _g_memo.get(key)
    if v is not None:
        return v
    ch = g_children(board, black, hand, ply)
    if depth == 1:
        v = len(ch)
    else:
        v = 0
        for note, nb, nh, capk in ch:
            if capk:
                continue          # King captured: game over, no moves below
            v += g_perft(nb, not black, nh, ply + 1, depth - 1)
    _g_memo[key] = v
    return v


def g_format(board, black, hand, ply):
    rows = []
    for r in range(3):
        s = ""
        empty = 0
        for c in range(2):
            x = board[r * 2 + c]
            if x is None:
                empty += 1
            else:
                if empty:
                    s += str(empty)
                    empty = 0
                s += x[0] + "nesw"[x[1]]
        if empty:
            s += str(empty)
        rows.append(s)
    return "%s %s %s %d" % ("/".join(rows), "b" if black else "w", hand or "-", ply)


# ===========================================================================
#                                   C L I
# ===========================================================================

def main(argv=None):
    ap = argparse.ArgumentParser(description="Independent perft reference for Wa and Gufu shogi")
    ap.add_argument("--variant", required=True, choices=["wa", "wa-nodrop", "gufu"])
    ap.add_argument("--position", default=None, help="position string (Wa: XBoard FEN; Gufu: project format)")
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("depth", type=int)
    a = ap.parse_args(argv)

    try:
        return run(ap, a)
    except (ValueError, KeyError, IndexError) as e:
        ap.error("bad position: %s" % e)


def run(ap, a):
    if a.variant in ("wa", "wa-nodrop"):
        g = Wa(a.position or WA_START, drops=(a.variant == "wa"))
        if not g.drops and (any(g.hand[0]) or any(g.hand[1])):
            ap.error("wa-nodrop has no hands: the position must not list pieces in hand")
        if a.divide:
            res = g.divide(a.depth) if a.depth > 0 else []
            for m, n in res:
                print("%s %d" % (m, n))
            print("total %d" % (sum(n for _, n in res) if a.depth > 0 else 1))
        else:
            print(g.count(a.depth))
    else:
        sys.setrecursionlimit(10000)
        board, black, hand, ply = g_parse(a.position or GUFU_START)
        if a.divide:
            total = 0
            if a.depth == 0:
                total = 1
            else:
                for note, nb, nh, capk in g_children(board, black, hand, ply):
                    n = 1 if a.depth == 1 else (0 if capk else g_perft(nb, not black, nh, ply + 1, a.depth - 1))
                    print("%s %d" % (note, n))
                    total += n
            print("total %d" % total)
        else:
            print(g_perft(board, black, hand, ply, a.depth))


if __name__ == "__main__":
    main()
