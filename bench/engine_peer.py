"""The floor for `kifu analyze --engine`: the engine alone, driven over the XBoard protocol with
the least work a driver can do (no rules, no checks, no notation), on the same positions and
with the commands kifu sends for them (see bench/engine.sh and src/engine/engine.rs).

For a game given as its moves in engine coordinates, from the start: the engine started
(`xboard`, `protover 2`, its features read up to `done=1`, `memory 64`, `ping`), one new game
(`new`, `variant`, `force`, `post`, `easy`, `sd DEPTH`, `ping`), then for each position, the
one before each move and the last: `st 60`, `time 6000`, `otim 6000`, `go`, lines read up to
`move` (or a resignation or result claim), `force`; then the game's move on the engine's
board: nothing when the engine chose it, else `undo` (its own move taken back) and `usermove`
(for HaChu, whose `undo` hangs, a new game instead: `new`, `variant`, `force`, `post`, `easy`,
every move so far as `usermove`, `sd DEPTH`), as kifu does; `ping` and its `pong`. Prints the
wall time from the engine's start to the last answer, and the number of positions searched.

Usage: python bench/engine_peer.py ENGINE VARIANT DEPTH MOVES_FILE
"""

import subprocess
import sys
import time


def main():
    engine, variant, depth, moves_file = sys.argv[1:5]
    moves = open(moves_file, encoding="utf-8").read().split()
    t = time.perf_counter()
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    ping = 0

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def read():
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f"{engine} closed its output")
        return line.strip()

    def sync():
        nonlocal ping
        ping += 1
        send(f"ping {ping}")
        while read() != f"pong {ping}":
            pass

    send("xboard")
    send("protover 2")
    name = ""
    while True:
        line = read()
        if "myname=" in line:
            name = line
        if "done=1" in line:
            break
    send("memory 64")
    sync()
    undo = "HaChu" not in name

    def new_game(moves_so_far):
        for line in ["new", f"variant {variant}", "force", "post", "easy"]:
            send(line)
        for m in moves_so_far:
            send(f"usermove {m}")
        send(f"sd {depth}")

    new_game([])
    sync()
    searched = 0
    for i in range(len(moves) + 1):
        for line in ["st 60", "time 6000", "otim 6000", "go"]:
            send(line)
        own = None
        while True:
            line = read()
            if line.startswith("move "):
                own = line[5:].strip()
                break
            if line == "resign" or line.startswith(("1-0", "0-1", "1/2-1/2")):
                break
        send("force")
        searched += 1
        if i == len(moves):
            break
        if own != moves[i]:
            if own is None:
                send(f"usermove {moves[i]}")
            elif undo:
                send("undo")
                send(f"usermove {moves[i]}")
            else:
                new_game(moves[: i + 1])
        sync()
    elapsed = time.perf_counter() - t
    send("quit")
    p.wait(timeout=10)
    print(elapsed, searched)


if __name__ == "__main__":
    main()
