#!/usr/bin/env python3
"""Let XBoard play Wa shogi engine matches and keep what it saved.

Each game is one XBoard run under Xvfb (`xvfb-run -a xboard ... -matchGames N`).
For every run the script writes, into --out-dir:

  <name>.pgn         the file XBoard saved (-saveGameFile), byte for byte
  <name>.engine.txt  the moves the engines sent (`move ...` in XBoard's debug
                     log), one per line, in the order they were played

and, with --keep-logs, <name>.debug (XBoard's debug log). See README.md.

Standard library only; needs the Debian packages xboard and xvfb, and the
engines (hachu-wa wrapper from this directory, or a rebuilt crazywa).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from san_check import split_games  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

VARIANTS = {
    # engine name: (XBoard variant, default engine command)
    "hachu": ("wa-shogi", os.path.join(HERE, "hachu-wa")),
    "crazywa": ("crazywa", None),  # needs --engine-path: the rebuilt binary
}

# `1234 <first : move h3g4` / `1234 <second: move P@e5`
MOVE_LINE = re.compile(r"^\d+ <(?:first |second): move (\S+)\s*$")
# XBoard logs `GameEnds(<result>, <reason>, <who>)`; the reason is `(null)`
# for the resets at start-up and a text when a game really ends.
GAME_ENDS = re.compile(r"^GameEnds\(\d+, (.*), \d+\)\s*$")


def engine_moves(debug_text):
    """The engines' moves, game by game, from an XBoard debug log.

    A game's moves are the `move` lines between its start and the first
    GameEnds with a reason; a move an engine sends after that (XBoard ignores
    it) is dropped."""
    games, current, ended = [], [], True
    for line in debug_text.splitlines():
        if line.startswith("New game ("):  # XBoard: "New game (N): A-B (w)"
            current, ended = [], False
            continue
        m = MOVE_LINE.match(line)
        if m and not ended:
            current.append(m.group(1))
            continue
        g = GAME_ENDS.match(line)
        if g and g.group(1) != "(null)" and not ended:
            # "Xboard: Forfeit due to invalid move: g5h5 (...)": XBoard refused
            # the engine's last move, so it is not in the saved game.
            f = re.match(r"Xboard: Forfeit due to (?:invalid|illegal) move: (\S+)", g.group(1))
            if f and current and current[-1] == f.group(1):
                current.pop()
            games.append(current)
            ended = True
    return games


def pgn_games_plies(pgn_text):
    """The number of SAN move tokens in each game of an XBoard PGN file."""
    return [len(tokens) for _tags, tokens in split_games(pgn_text)]


def run_one(args, index):
    name = f"{args.prefix}-{index:02d}"
    variant, default_cmd = VARIANTS[args.engine]
    cmd = args.engine_path or default_cmd
    if not cmd:
        sys.exit("--engine-path is required for crazywa (the rebuilt binary)")
    cmd = os.path.abspath(cmd)
    work = tempfile.mkdtemp(prefix=f"xboard-{name}-")
    pgn = os.path.join(work, "games.pgn")
    debug = os.path.join(work, "xboard.debug")
    xboard = [
        "xvfb-run", "-a", args.xboard,
        "-variant", variant,
        "-fcp", cmd, "-scp", cmd, "-fd", work, "-sd", work,
        "-matchGames", str(args.games_per_file),
        "-tc", args.tc, "-inc", str(args.inc),
        "-ponderNextMove", "false",
        "-saveGameFile", pgn,
        "-xexit", "-saveSettingsOnExit", "false",
        "-soundProgram", "",
        "-debug", "-nameOfDebugFile", debug,
    ]
    if args.options:
        xboard += ["-firstOptions", args.options, "-secondOptions", args.options]
    xboard += args.xboard_arg
    start = time.time()
    with open(os.path.join(work, "xboard.out"), "wb") as out:
        try:
            subprocess.run(xboard, stdout=out, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=args.timeout, cwd=work)
        except subprocess.TimeoutExpired:
            return name, f"timeout after {args.timeout} s (kept {work})"
    seconds = time.time() - start
    if not os.path.exists(pgn):
        return name, f"XBoard saved no game (see {work})"
    with open(pgn, "rb") as f:
        pgn_bytes = f.read()
    with open(debug, encoding="latin-1") as f:
        games = engine_moves(f.read())
    plies = pgn_games_plies(pgn_bytes.decode("utf-8"))
    if [len(g) for g in games] != plies:
        return name, (f"engine moves {[len(g) for g in games]} != SAN moves {plies} "
                      f"(kept {work})")
    os.makedirs(args.out_dir, exist_ok=True)
    with open(os.path.join(args.out_dir, name + ".pgn"), "wb") as f:
        f.write(pgn_bytes)
    with open(os.path.join(args.out_dir, name + ".engine.txt"), "w") as f:
        f.write("\n".join("\n".join(g) + "\n" for g in games))
    if args.keep_logs:
        shutil.copy(debug, os.path.join(args.out_dir, name + ".debug"))
    shutil.rmtree(work)
    return name, f"ok: {len(games)} game(s), plies {plies}, {seconds:.0f} s"


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", choices=sorted(VARIANTS), required=True)
    p.add_argument("--engine-path", help="engine command (default: ./hachu-wa for hachu)")
    p.add_argument("--prefix", help="file name prefix (default: the engine name)")
    p.add_argument("--first", type=int, default=1, help="number of the first file")
    p.add_argument("--files", type=int, default=1, help="how many XBoard runs (files)")
    p.add_argument("--games-per-file", type=int, default=1, help="-matchGames of each run")
    p.add_argument("--tc", default="0:20", help="XBoard -tc (minutes:seconds per game)")
    p.add_argument("--inc", type=float, default=0.1, help="XBoard -inc (seconds per move)")
    p.add_argument("--options", default="",
                   help='engine options for both engines, e.g. "Resign=1"')
    p.add_argument("--xboard-arg", action="append", default=[],
                   help="extra XBoard argument (repeat, e.g. --xboard-arg=-adjudicateDrawMoves --xboard-arg=120)")
    p.add_argument("--xboard", default="/usr/games/xboard")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--jobs", type=int, default=1, help="XBoard runs at the same time")
    p.add_argument("--timeout", type=int, default=1800, help="seconds per XBoard run")
    p.add_argument("--keep-logs", action="store_true", help="also copy XBoard's debug log")
    args = p.parse_args()
    args.prefix = args.prefix or args.engine
    indices = range(args.first, args.first + args.files)
    failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, status in pool.map(lambda i: run_one(args, i), indices):
            print(f"{name}: {status}", flush=True)
            failed += not status.startswith("ok")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
