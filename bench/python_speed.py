"""The Python package's speed, side by side in one run (see bench/python.sh, which builds what
this needs and makes the corpora).

Each round runs every measurement once, in a fresh process, in the same order; the figures are
the medians over the rounds:

- kifu validate -j 1 -q on the Wa corpus (wall time of the process);
- kifu (Python): ``for g in kifu.read_games(f): list(g.mainline_moves())`` on the same file;
- python-chess: ``chess.pgn.read_game`` in a loop, each game's ``mainline_moves()`` listed, on a
  chess PGN corpus of the same size;
- perft(3) of the Wa start through a Python loop (``legal_moves``, ``push``, ``pop``; every leaf
  pushed, and "bulk": the last ply's moves counted as ``board.perft`` counts them) against
  ``board.perft(3)`` (in Rust).

Usage: python bench/python_speed.py KIFU_BINARY WA_CORPUS CHESS_CORPUS [ROUNDS [CHESS_ROUNDS]]

CHESS_ROUNDS (default ROUNDS) runs python-chess in the first CHESS_ROUNDS rounds only: on the
100 MB corpus one python-chess round takes about four minutes, and its ratio to kifu is far from
the target, while the kifu-against-validate ratio needs every round.
"""

import json
import os
import statistics
import subprocess
import sys
import time

KIFU_LOOP = """
import sys, time, kifu
t = time.perf_counter()
games = plies = 0
for g in kifu.read_games(sys.argv[1]):
    plies += len(list(g.mainline_moves()))
    games += 1
print(time.perf_counter() - t, games, plies)
"""

CHESS_LOOP = """
import sys, time, chess.pgn
t = time.perf_counter()
games = plies = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        plies += len(list(g.mainline_moves()))
        games += 1
print(time.perf_counter() - t, games, plies)
"""

PERFT = """
import sys, time, kifu
def perft(board, depth):
    # Every leaf pushed and popped.
    if depth == 0:
        return 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n
def perft_bulk(board, depth):
    # As board.perft counts: the last ply's moves counted, not played.
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft_bulk(board, depth - 1)
        board.pop()
    return n
board = kifu.Board(sys.argv[1])
t = time.perf_counter(); a = perft(board, 3); py = time.perf_counter() - t
t = time.perf_counter(); c = perft_bulk(board, 3); bulk = time.perf_counter() - t
t = time.perf_counter(); b = board.perft(3); rust = time.perf_counter() - t
assert a == b == c, (a, b, c)
print(py, bulk, rust, a)
"""


def child(code, *args):
    out = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
    ).stdout.split()
    return [float(x) for x in out]


def wall(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def main():
    kifu_bin, wa, chess_pgn = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    chess_rounds = min(rounds, int(sys.argv[5])) if len(sys.argv) > 5 else rounds
    wa_mb = os.path.getsize(wa) / 1e6
    chess_mb = os.path.getsize(chess_pgn) / 1e6
    times = {k: [] for k in ["validate", "kifu_py", "chess", "perft_py", "perft_py_bulk", "perft_rust"]}
    counts = {}
    # A warm-up run of each (file cache, checks that all work).
    child(KIFU_LOOP, wa)
    wall([kifu_bin, "validate", "-j", "1", "-q", wa])
    for r in range(rounds):
        times["validate"].append(wall([kifu_bin, "validate", "-j", "1", "-q", wa]))
        t, games, plies = child(KIFU_LOOP, wa)
        times["kifu_py"].append(t)
        counts["kifu"] = (int(games), int(plies))
        if r < chess_rounds:
            t, games, plies = child(CHESS_LOOP, chess_pgn)
            times["chess"].append(t)
            counts["chess"] = (int(games), int(plies))
        py, bulk, rust, nodes = child(PERFT, "wa")
        times["perft_py"].append(py)
        times["perft_py_bulk"].append(bulk)
        times["perft_rust"].append(rust)
        counts["perft"] = int(nodes)
        done = {k: v[-1] for k, v in times.items() if len(v) == r + 1}
        print(f"round {r + 1}/{rounds}: " + ", ".join(f"{k} {t:.3f}s" for k, t in done.items()),
              file=sys.stderr)
    med = {k: statistics.median(v) for k, v in times.items()}
    nodes = counts["perft"]
    result = {
        "rounds": rounds,
        "chess_rounds": chess_rounds,
        "wa_corpus_mb": round(wa_mb, 1),
        "chess_corpus_mb": round(chess_mb, 1),
        "wa_games_plies": counts["kifu"],
        "chess_games_plies": counts["chess"],
        "validate_j1_s": round(med["validate"], 3),
        "kifu_read_games_s": round(med["kifu_py"], 3),
        "python_chess_s": round(med["chess"], 3),
        "kifu_mb_per_s": round(wa_mb / med["kifu_py"], 2),
        "python_chess_mb_per_s": round(chess_mb / med["chess"], 2),
        "read_games_vs_validate": round(med["kifu_py"] / med["validate"], 2),
        "kifu_vs_python_chess_mb_per_s": round((wa_mb / med["kifu_py"]) / (chess_mb / med["chess"]), 1),
        "perft3_nodes": nodes,
        "perft3_python_loop_nodes_per_s": round(nodes / med["perft_py"]),
        "perft3_python_loop_bulk_nodes_per_s": round(nodes / med["perft_py_bulk"]),
        "perft3_rust_nodes_per_s": round(nodes / med["perft_rust"]),
        "perft3_rust_vs_python_loop": round(med["perft_py"] / med["perft_rust"], 1),
        "perft3_rust_vs_python_loop_bulk": round(med["perft_py_bulk"] / med["perft_rust"], 1),
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
