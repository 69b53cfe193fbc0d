#!/usr/bin/env python3
"""mate_peer: a plain forced-mate search for Wa shogi, the peer of `kifu mate` in
bench/mate.sh.

It runs over tools/perft_ref/perft_ref.py, the independent Python move generator written from
the rules text (no code shared with kifu), and searches the way a first attempt would: iterative
deepening (mate in 1, 2, ...), the attacker's moves restricted to checks, stopping at the first
mating move and at the first refuting defence, but no transposition table and no move ordering.

Usage:
    python3 bench/mate_peer.py [--depth N] [--nodrop] FEN

Prints "mate in K" (K moves of the side to move) or "no mate in N".
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "perft_ref"))
import perft_ref  # noqa: E402


def mates(pos, black, n):
    """Whether the side `black` (to move) mates within n of its moves, checks only."""
    for m in pos.legal_moves(black):
        cap = pos.make(m, black)
        try:
            if not pos.in_check(not black):
                continue
            replies = pos.legal_moves(not black)
            if not replies:
                return True
            if n > 1 and all(after_reply(pos, r, black, n - 1) for r in replies):
                return True
        finally:
            pos.unmake(m, black, cap)
    return False


def after_reply(pos, r, black, n):
    cap = pos.make(r, not black)
    try:
        return mates(pos, black, n)
    finally:
        pos.unmake(r, not black, cap)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--nodrop", action="store_true")
    ap.add_argument("fen")
    a = ap.parse_args()
    pos = perft_ref.Wa(a.fen, not a.nodrop)
    for k in range(1, a.depth + 1):
        if mates(pos, pos.black, k):
            print("mate in %d" % k)
            return
    print("no mate in %d" % a.depth)


if __name__ == "__main__":
    main()
