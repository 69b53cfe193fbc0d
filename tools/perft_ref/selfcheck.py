#!/usr/bin/env python3
"""Self-check for perft_ref.py (catches coding slips, not misreadings of the rules).

1. Wa: a deliberately naive generator (every move, drops included, is tested by making it
   and generating ALL enemy moves to see whether the King is hit) must give the same counts
   as perft_ref's fast one (reverse-ray attack test, drops unchecked when not in check).
2. Gufu: a second implementation written separately with another representation
   (dict of (file, rank) squares, facings as vectors) must give the same counts.

Usage: python3 selfcheck.py [--quick]
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import perft_ref as pr  # noqa: E402
import make_results  # noqa: E402

# ---------------------------------------------------------------- Gufu, second implementation
# independent re-implementation of the Gufu rules (different representation), for self-check
import sys
from functools import lru_cache
V = {'N': (0, -1), 'E': (-1, 0), 'S': (0, 1), 'W': (1, 0)}   # (dfile, drank)
CW = {'N': 'E', 'E': 'S', 'S': 'W', 'W': 'N'}
CCW = {v: k for k, v in CW.items()}
SQS = [(f, r) for r in (1, 2, 3) for f in (2, 1)]
def add(a, b): return (a[0] + b[0], a[1] + b[1])
def neg(a): return (-a[0], -a[1])
def onb(s): return s[0] in (1, 2) and s[1] in (1, 2, 3)
def attacks(kind, face, sq):
    F = V[face]; R = V[CW[face]]; L = V[CCW[face]]
    if kind in 'Kk':
        vs = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    elif kind == 'W':
        vs = [F, add(neg(F), L), add(neg(F), R)]
    else:
        vs = [F, L, R, add(F, L), add(F, R)]
    return {add(sq, v) for v in vs if onb(add(sq, v))}
def touch(a, b): return a != b and max(abs(a[0]-b[0]), abs(a[1]-b[1])) == 1
def king(pos, L):
    for s, (k, f) in pos.items():
        if k == L: return s
    return None
def checkers(pos, victim):  # pieces giving check to `victim` ('K' or 'k')
    vk = king(pos, victim); mk = king(pos, 'k' if victim == 'K' else 'K')
    if vk is None or mk is None: return set()
    return {s for s, (k, f) in pos.items() if k in 'WS' and vk in attacks(k, f, s) and touch(s, mk)}
def ftf(pos):
    a = king(pos, 'K'); b = king(pos, 'k')
    if a is None or b is None: return False
    return add(a, V[pos[a][1]]) == b and add(b, V[pos[b][1]]) == a
def moves(pos, side, hand, ply):
    """returns list of (newpos, newhand, kingcaptured)"""
    me = 'K' if side == 'b' else 'k'; you = 'k' if side == 'b' else 'K'
    res = []
    def drop(kind):
        for s in SQS:
            if s in pos: continue
            for f in 'NESW':
                np = dict(pos); np[s] = (kind, f)
                if kind in 'WS' and s in checkers(np, you): continue
                if ftf(np): continue
                res.append((np, hand.replace(kind, '', 1), False))
    if ply <= 4:
        k = 'KkWS'[ply - 1]
        if k in hand: drop(k)
        return res
    if king(pos, 'K') is None or king(pos, 'k') is None: return res
    fixed = checkers(pos, me)
    mk = king(pos, me)
    for s, (k, f) in list(pos.items()):
        if k == you: continue
        if s in fixed: continue
        # turn
        np = dict(pos); np[s] = (k, CW[f])
        if not ftf(np): res.append((np, hand, False))
        for t in attacks(k, f, s):
            nh = hand; kc = False
            if t in pos:
                tk = pos[t][0]
                if tk == me: continue
                if k == me:      # our king
                    if tk == you or t in fixed: continue
                    nh = hand + tk
                else:            # shared piece
                    if tk == you:
                        if not touch(s, mk): continue
                        kc = True
                    else:
                        nh = hand + tk
            np = dict(pos); del np[s]; np[t] = (k, CW[f])
            if ftf(np): continue
            res.append((np, ''.join(sorted(nh)), kc))
    for k in sorted(set(hand) & set('WS')):
        drop(k)
    return res
def can_take_king(pos, side):
    me = 'K' if side == 'b' else 'k'
    for np, nh, kc in moves(pos, side, '', 99):
        if kc: return True
    return False
def children(pos, side, hand, ply):
    ms = moves(pos, side, hand, ply)
    me = 'K' if side == 'b' else 'k'
    if ply >= 5 and checkers(pos, me):
        other = 'w' if side == 'b' else 'b'
        if all((not kc) and can_take_king(np, other) for np, nh, kc in ms):
            return []
    return ms
def key(pos): return tuple(sorted(pos.items()))
memo = {}
def perft(pos, side, hand, ply, d):
    if d == 0: return 1
    kk = (key(pos), side, ''.join(sorted(hand)), min(ply, 5), d)
    if kk in memo: return memo[kk]
    n = 0
    for np, nh, kc in children(pos, side, hand, ply):
        if d == 1: n += 1
        elif not kc: n += perft(np, 'w' if side == 'b' else 'b', nh, ply + 1, d - 1)
    memo[kk] = n
    return n
def parse(s):
    b, side, hand, ply = s.split()
    pos = {}
    for r, row in enumerate(b.split('/'), 1):
        f = 2; i = 0
        while i < len(row):
            if row[i].isdigit(): f -= int(row[i]); i += 1
            else: pos[(f, r)] = (row[i], row[i+1].upper()); f -= 1; i += 2
    return pos, side, '' if hand == '-' else hand, int(ply)


# ---------------------------------------------------------------- Wa, naive legality
class NaiveWa(pr.Wa):
    def attacked(self, sq, by_black):
        board = self.board
        for frm in range(pr.NSQ):
            p = board[frm]
            if p == 0 or (p > 0) != by_black:
                continue
            rays, leaps = pr.W_MOVES[p + pr.OFF][frm]
            for ray in rays:
                for to in ray:
                    if to == sq:
                        return True
                    if board[to]:
                        break
            if sq in leaps:
                return True
        return False

    def legal_moves(self, black, first_only=False):
        side = 0 if black else 1
        out = []
        for m in self.pseudo_moves(black) + self.drop_moves(black):
            cap = self.make(m, black)
            k = self.king[side]
            ok = k is None or not self.attacked(k, not black)
            if ok and m[0] < 0 and m[3] == pr.SP:
                ek = self.king[1 - side]
                if ek is not None and ek == m[1] + (-pr.N if black else pr.N):
                    if not self.legal_moves(not black, first_only=True):
                        ok = False
            self.unmake(m, black, cap)
            if ok:
                out.append(m)
                if first_only:
                    return out
        return out


def main():
    quick = "--quick" in sys.argv
    bad = 0
    for cid, var, pos, depths, what in make_results.CASES:
        for d in depths:
            if var == "gufu":
                if d > (6 if quick else 8):
                    continue
                b, bl, h, p = pr.g_parse(pos)
                a = pr.g_perft(b, bl, h, p, d)
                q, s, hh, pp = parse(pos)
                c = perft(q, s, hh, pp, d)
            else:
                if d > (2 if quick else 3) or (cid == "W2" and d > 2):
                    continue
                a = pr.Wa(pos, drops=(var == "wa")).count(d)
                c = NaiveWa(pos, drops=(var == "wa")).count(d)
            ok = a == c
            bad += not ok
            print("%-16s %-9s %d %14d %14d %s" % (cid, var, d, a, c, "ok" if ok else "MISMATCH"))
            sys.stdout.flush()
    print("all agree" if not bad else "%d MISMATCHES" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
