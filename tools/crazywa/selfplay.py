#!/usr/bin/env python3
"""CrazyWa self-play: generate Wa shogi (with drops) game records for kifu fixtures.

Plays games of the CrazyWa engine (Debian package `crazywa`, XBoard protocol,
variant `crazywa` = Wa shogi with drops) against itself and writes them as PSN
(PGN-like) files, moves exactly as the engine wrote them (XBoard coordinates:
files a-k from sente's left, ranks 1-11 from sente's side; drops `P@e5`;
promotions `c9c10+`; a move without suffix never promotes).

Usage:
    python3 tools/crazywa/selfplay.py --games 40 --seed 1 --out-dir fixtures/crazywa
    python3 tools/crazywa/selfplay.py --help

How a game is played: one engine process per game drives both sides (it is
sent `go` for every ply, which with CrazyWa is equivalent to two engines: the
engine clears its hash table and history before every search).  The search is
depth-limited (`sd`), with a huge clock so that time never cuts it, which makes
a game a pure function of the engine binary, the depth and the opening plies.
To make games differ, the first K plies (K drawn from --random-plies) are
chosen at random (seeded) among the moves the engine itself proposed as best
during the last two iterations of its search for that ply; the search depth of
each game is drawn from --depths.  Everything random comes from
random.Random("<seed>:<round>"), so a given --seed reproduces the same games,
whatever --jobs is.

A game ends when the engine, asked to move, prints a result line instead of a
move (CrazyWa does this when the side to move has no legal move: checkmate),
when it prints `resign`, when the same position (board, hands, side to move)
occurs for the fourth time (recorded as `*`, see --help), or at the ply cap
(result `*`).  The Termination tag says which.

Black = sente = the side that moves first (XBoard's "white", uppercase in FEN);
Result is written first mover first: 1-0 = Black (sente) wins.

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

START_FEN = ("hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/"
             "3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w 0 1")
FILES = "abcdefghijk"

MOVE_RE = re.compile(r"^([a-k])(\d{1,2})([a-k])(\d{1,2})([+=]?)$")
DROP_RE = re.compile(r"^([A-Za-z])@([a-k])(\d{1,2})$")
PV_RE = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s+(\S+)")
RESULT_RE = re.compile(r"^(1-0|0-1|1/2-1/2)(\s.*)?$")


class Engine:
    """A CrazyWa process spoken to over XBoard protocol."""

    def __init__(self, path, log=None):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.log = log
        self.name = "CrazyWa"
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, cmd):
        if self.log:
            self.log.write("> %s\n" % cmd)
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def readline(self, timeout):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return ""  # timed out
        if line is None:
            raise RuntimeError("engine exited unexpectedly")
        if self.log:
            self.log.write("< %s\n" % line)
        return line

    def sync(self, n, timeout=30.0):
        """ping/pong round trip, so that all earlier commands are processed."""
        self.send("ping %d" % n)
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = self.readline(deadline - time.time())
            if line.strip() == "pong %d" % n:
                return
        raise RuntimeError("engine did not answer ping %d" % n)

    def start(self):
        self.send("xboard")
        self.send("protover 2")
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.readline(deadline - time.time())
            m = re.search(r'myname="([^"]*)"', line)
            if m:
                self.name = m.group(1)
            if "done=1" in line:
                return
        raise RuntimeError("engine did not finish feature negotiation")

    def think(self, move_timeout):
        """After `go`: return (kind, text, pv_lines). kind is 'move',
        'result' or 'resign'."""
        pvs = []
        deadline = time.time() + move_timeout
        nudged = False
        while True:
            remaining = deadline - time.time()
            if remaining <= 0:
                if nudged:
                    raise RuntimeError("engine does not move")
                sys.stderr.write("warning: search exceeded %ss, sending '?'"
                                 " (this game is no longer reproducible)\n"
                                 % move_timeout)
                self.send("?")
                nudged = True
                deadline = time.time() + 30
                continue
            line = self.readline(remaining)
            s = line.strip()
            if not s:
                continue
            if s.startswith("move "):
                return "move", s.split()[1], pvs
            m = RESULT_RE.match(s)
            if m:
                return "result", s, pvs
            if s == "resign" or s.startswith("resign"):
                return "resign", s, pvs
            if s.startswith("Illegal move") or s.startswith("Error"):
                raise RuntimeError("engine complained: %s" % s)
            m = PV_RE.match(s)
            if m:
                pvs.append((int(m.group(1)), int(m.group(2)), m.group(5)))

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class Tracker:
    """Minimal board bookkeeping (no legality checks): used for statistics
    and for noticing repeated positions."""

    def __init__(self, fen=START_FEN):
        self.board = {}
        rows = fen.split()[0].split("/")
        for i, row in enumerate(rows):
            rank = 11 - i
            f = 0
            j = 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    f += int(row[j:k])
                    j = k
                    continue
                piece = c
                if c == "+":
                    piece = "+" + row[j + 1]
                    j += 1
                self.board[(f, rank)] = piece
                f += 1
                j += 1
        self.hands = {True: {}, False: {}}  # True = first mover (uppercase)
        self.stm = True
        self.captures = self.drops = self.promotions = 0
        self.seen = {}
        self.note_position()

    def key(self):
        return (tuple(sorted(self.board.items())),
                tuple(sorted(self.hands[True].items())),
                tuple(sorted(self.hands[False].items())), self.stm)

    def note_position(self):
        k = self.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        return self.seen[k]

    def occurrences_after(self, move):
        """How often the position after `move` has already occurred."""
        saved = (dict(self.board), {k: dict(v) for k, v in self.hands.items()},
                 self.stm, self.captures, self.drops, self.promotions,
                 dict(self.seen))
        try:
            return self.apply(move) - 1
        except RuntimeError:
            return 99
        finally:
            (self.board, self.hands, self.stm, self.captures, self.drops,
             self.promotions, self.seen) = saved

    def apply(self, move):
        """Apply an engine move; return how often the resulting position has
        now occurred."""
        m = DROP_RE.match(move)
        if m:
            letter = m.group(1).upper()
            sq = (FILES.index(m.group(2)), int(m.group(3)))
            hand = self.hands[self.stm]
            if hand.get(letter, 0) <= 0:
                raise RuntimeError("engine dropped a piece not in hand: %s" % move)
            if (FILES.index(m.group(2)), int(m.group(3))) in self.board:
                raise RuntimeError("engine dropped on an occupied square: %s" % move)
            hand[letter] = hand.get(letter, 0) - 1
            if hand[letter] <= 0:
                del hand[letter]
            self.board[sq] = letter if self.stm else letter.lower()
            self.drops += 1
        else:
            m = MOVE_RE.match(move)
            if not m:
                raise RuntimeError("unparsable engine move %r" % move)
            fr = (FILES.index(m.group(1)), int(m.group(2)))
            to = (FILES.index(m.group(3)), int(m.group(4)))
            piece = self.board.get(fr)
            if piece is None or piece[-1].isupper() != self.stm:
                raise RuntimeError("engine moved no piece of its own: %s" % move)
            victim = self.board.get(to)
            if victim is not None and victim[-1].isupper() == self.stm:
                raise RuntimeError("engine captured its own piece: %s" % move)
            if victim is not None:
                base = victim[-1].upper()
                hand = self.hands[self.stm]
                hand[base] = hand.get(base, 0) + 1
                self.captures += 1
            del self.board[fr]
            if m.group(5) == "+":
                piece = "+" + piece
                self.promotions += 1
            self.board[to] = piece
        self.stm = not self.stm
        return self.note_position()


def position_fen(tr):
    """FEN of the tracked position in the form CrazyWa's setboard accepts:
    board (uppercase = first mover, `+X` = promoted), holdings in brackets
    right after the board (`[-]` when both hands are empty), side to move."""
    rows = []
    for r in range(11, 0, -1):
        s, n = "", 0
        for f in range(11):
            p = tr.board.get((f, r))
            if p is None:
                n += 1
                continue
            if n:
                s += str(n)
                n = 0
            s += p
        if n:
            s += str(n)
        rows.append(s)
    hand = "".join(k * v for k, v in sorted(tr.hands[True].items()))
    hand += "".join(k.lower() * v for k, v in sorted(tr.hands[False].items()))
    return "%s[%s] %s 0 1" % ("/".join(rows), hand or "-",
                              "w" if tr.stm else "b")


def search(args, fen, depth, log):
    """Fresh engine process: setboard FEN, search to `depth`.
    Returns (kind, text, pv_lines, engine_name)."""
    eng = Engine(args.engine, log)
    try:
        eng.start()
        eng.send("variant crazywa")
        eng.send("setboard " + fen)
        eng.send("post")
        eng.send("sd %d" % depth)
        big = 10 ** 8  # centiseconds: the clock never limits the search
        eng.send("time %d" % big)
        eng.send("otim %d" % big)
        eng.send("go")
        kind, text, pvs = eng.think(args.move_timeout)
        return kind, text, pvs, eng.name
    finally:
        eng.close()


def play_game(args, rnd):
    """Play one game; return (tags, moves, result, stats)."""
    rng = random.Random("%s:%s" % (args.seed, rnd))
    depth = rng.choice(args.depths)
    lo, hi = args.random_plies
    random_plies = rng.randint(lo, hi)
    log = None
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)
        log = open(os.path.join(args.log_dir, "game-%03d.log" % rnd), "w")
    try:
        tr = Tracker()
        moves = []
        name = "CrazyWa"
        result, termination = "*", None
        fallbacks = 0
        while True:
            if len(moves) >= args.max_plies:
                result = "*"
                termination = "ply limit (%d plies)" % args.max_plies
                break
            fen = position_fen(tr)
            d = depth
            kind = None
            while True:
                try:
                    kind, text, pvs, name = search(args, fen, d, log)
                    if kind == "move" and tr.occurrences_after(text) >= 99:
                        raise RuntimeError("impossible move %s" % text)
                    break
                except RuntimeError as exc:
                    # CrazyWa 1.0.5 (Debian build) sometimes crashes in deeper
                    # searches, or answers a move that cannot be played (from
                    # an empty square, a drop of a piece not in hand); search
                    # this ply one ply shallower instead.
                    if log:
                        log.write("# %s at depth %d\n" % (exc, d))
                    if d <= 1:
                        break
                    d -= 1
                    fallbacks += 1
            if kind is None:
                result = "*"
                termination = "engine crashed at every depth (%s)" % fen
                break
            mover = "Black" if len(moves) % 2 == 0 else "White"
            if kind == "result":
                result = RESULT_RE.match(text).group(1)
                termination = ("%s to move, CrazyWa printed '%s' instead of "
                               "a move (checkmated, or every move loses to "
                               "mate in its search)" % (mover, text))
                break
            if kind == "resign":
                result = "0-1" if mover == "Black" else "1-0"
                termination = "%s (CrazyWa) resigned" % mover
                break
            move = text
            top = max(dd for dd, _, _ in pvs) if pvs else 0
            cands = [move]
            for dd, score, pv in reversed(pvs):  # most recent (deepest) first
                # skip moves the engine scored as losing to mate: at depth 1
                # such a PV move may even leave the own king in check
                if dd >= top - 1 and score > -50000 and pv not in cands \
                        and tr.occurrences_after(pv) < 99:
                    cands.append(pv)
            if len(moves) < random_plies or rng.random() < args.noise:
                move = rng.choice(cands)
            elif tr.occurrences_after(move) >= args.avoid_repeat:
                # the engine forgets the game history (fresh process per ply);
                # steer away from repetitions with its next-best proposal
                for c in cands:
                    if tr.occurrences_after(c) < args.avoid_repeat:
                        move = c
                        break
            moves.append(move)
            count = tr.apply(move)
            if count >= 4:
                result = "*"
                termination = ("fourfold repetition after %d plies "
                               "(not adjudicated)" % len(moves))
                break
        tags = [
            ("Event", "CrazyWa self-play"),
            ("Site", "kifu fixtures"),
            ("Round", str(rnd)),
            ("Black", name),
            ("White", name),
            ("Result", result),
            ("Variant", "wa"),
            ("Termination", termination),
        ]
        stats = {"plies": len(moves), "captures": tr.captures,
                 "drops": tr.drops, "promotions": tr.promotions,
                 "depth": depth, "random_plies": random_plies,
                 "fallbacks": fallbacks}
        return tags, moves, result, stats
    finally:
        if log:
            log.close()


def format_game(tags, moves, result):
    out = ["[%s \"%s\"]" % (k, v.replace("\\", "\\\\").replace('"', '\\"'))
           for k, v in tags]
    out.append("")
    tokens = []
    for i, mv in enumerate(moves):
        if i % 2 == 0:
            tokens.append("%d." % (i // 2 + 1))
        tokens.append(mv)
    tokens.append(result)
    line = ""
    lines = []
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = t if not line else line + " " + t
    lines.append(line)
    out.extend(lines)
    return "\n".join(out) + "\n"


def unique_rounds(results):
    """Rounds in order, leaving out a game identical to one of a lower round."""
    seen, out = set(), []
    for r in sorted(results):
        key = tuple(results[r][1])
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def parse_range(s):
    if "-" in s:
        a, b = s.split("-", 1)
        return int(a), int(b)
    return int(s), int(s)


def main():
    ap = argparse.ArgumentParser(
        description="Play CrazyWa against itself (variant crazywa = Wa shogi "
                    "with drops) and write PSN game records.",
        epilog="Example: python3 tools/crazywa/selfplay.py --games 40 "
               "--seed 1 --out-dir fixtures/crazywa --jobs 2")
    ap.add_argument("--games", type=int, default=40, help="number of games (default 40)")
    ap.add_argument("--seed", default="1", help="seed for all random choices (default 1)")
    ap.add_argument("--first-round", type=int, default=1,
                    help="Round number of the first game (default 1); the random "
                         "choices of a game depend only on --seed and its round")
    ap.add_argument("--depths", default="2",
                    help="comma-separated search depths (`sd`); each game draws one (default 2; see the README: deeper searches of the Debian build are unreliable)")
    ap.add_argument("--random-plies", default="2-6",
                    help="range K1-K2: the first K plies (K drawn per game) are picked "
                         "at random among engine-proposed moves (default 2-6)")
    ap.add_argument("--max-rounds", type=int, default=1000,
                    help="give up after this many rounds (default 1000)")
    ap.add_argument("--max-plies", type=int, default=400,
                    help="ply cap; a game reaching it gets result * (default 400)")
    ap.add_argument("--noise", type=float, default=0.05,
                    help="after the opening, probability per ply of a random choice "
                         "among the engine-proposed moves (default 0.05)")
    ap.add_argument("--avoid-repeat", type=int, default=2,
                    help="if the engine's move would reach a position for the "
                         "(N+1)th time, play its next-best proposal that does not "
                         "(default 2); 4 disables this")
    ap.add_argument("--engine", default="/usr/games/crazywa", help="engine binary")
    ap.add_argument("--out-dir", default="fixtures/crazywa",
                    help="directory for selfplay-NNN.psn files (default fixtures/crazywa)")
    ap.add_argument("--single-file", default=None,
                    help="write all games into this one file instead of one file per game")
    ap.add_argument("--jobs", type=int, default=1,
                    help="games played in parallel, one engine process each (default 1)")
    ap.add_argument("--move-timeout", type=float, default=120.0,
                    help="seconds before a stuck search is forced with '?' (default 120)")
    ap.add_argument("--log-dir", default=None,
                    help="write the raw engine dialogue of each game here")
    args = ap.parse_args()
    args.depths = [int(x) for x in args.depths.split(",") if x.strip()]
    args.random_plies = parse_range(args.random_plies)

    # Rounds are played in order (--jobs at a time).  A game in which the
    # engine crashed at every depth is skipped (not written) and one more
    # round is played instead (likewise for a game identical to one of a
    # lower round); the games kept are the --games lowest rounds
    # that did not crash, so the set depends only on --seed.
    results, skipped = {}, []
    t0 = time.time()
    next_round = args.first_round
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = {}
        while True:
            while len(futs) < max(1, args.jobs) and \
                    len(unique_rounds(results)) + len(futs) < args.games and \
                    next_round < args.first_round + args.max_rounds:
                futs[ex.submit(play_game, args, next_round)] = next_round
                next_round += 1
            if not futs:
                break
            done, _ = concurrent.futures.wait(
                futs, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                r = futs.pop(fut)
                tags, moves, result, st = fut.result()
                term = dict(tags)["Termination"]
                crashed = term.startswith("engine crashed")
                sys.stderr.write(
                    "game %3d: %-7s %3d plies, depth %d, %d random plies, %3d captures, "
                    "%3d drops, %3d promotions, %d shallower retries (%.0fs)  %s%s\n"
                    % (r, result, st["plies"], st["depth"], st["random_plies"],
                       st["captures"], st["drops"], st["promotions"], st["fallbacks"],
                       time.time() - t0, term, "  [skipped]" if crashed else ""))
                if crashed:
                    skipped.append(r)
                else:
                    results[r] = (tags, moves, result)
    kept = unique_rounds(results)[:args.games]
    if not args.single_file:
        os.makedirs(args.out_dir, exist_ok=True)
        for r in kept:
            path = os.path.join(args.out_dir, "selfplay-%03d.psn" % r)
            with open(path, "w") as f:
                f.write(format_game(*results[r]))
    else:
        with open(args.single_file, "w") as f:
            f.write("\n".join(format_game(*results[r]) for r in kept))
    sys.stderr.write("%d games written, rounds skipped after engine crashes: %s\n"
                     % (len(kept), skipped or "none"))


if __name__ == "__main__":
    main()
