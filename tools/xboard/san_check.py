#!/usr/bin/env python3
"""Check the XBoard fixtures against the engines' moves, independently of kifu.

For every <name>.pgn in the given directories (default fixtures/xboard/) this
script reads <name>.engine.txt, replays the engine moves with the independent
Wa move generator of tools/perft_ref/ (written from the rules text), and:

  * checks that every engine move is legal by the rules;
  * writes each move in SAN by the rules of docs/xboard.md (letters, `+`
    prefix, Sparrow Pawn file, disambiguation, `@`, `+` suffix, `#`) and
    compares it, token for token, with the move XBoard saved;
  * with --kifu PATH, writes the engine moves as a PSN record in engine
    coordinates (Variant `wa` or `wa-nodrop`, XBoard's Result) into a
    temporary directory and runs `PATH validate --format json` on it;
  * prints one line of counts per file and a total, then NOTE lines for kifu's
    warnings and PROBLEM lines for everything that disagrees.

Standard library only. Exit status 1 if there is a PROBLEM.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(HERE, "..", "perft_ref"))
import perft_ref as pr  # noqa: E402  (the independent Wa move generator)

N = pr.N


def file_of(sq):
    return "abcdefghijk"[sq % N]


def rank_of(sq):
    return str(N - sq // N)


def square(sq):
    return file_of(sq) + rank_of(sq)


def split_games(text):
    """(tags, SAN tokens) for each game of an XBoard PGN file."""
    games = []
    for chunk in re.split(r"\n\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', chunk, flags=re.M))
        body = re.sub(r"^\[.*\]$", "", chunk, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens = [t for t in body.split()
                  if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", t)]
        games.append((tags, tokens))
    return games


def split_engine(text):
    """Engine moves of each game: one move a line, games apart by an empty line."""
    return [block.split("\n") for block in text.strip("\n").split("\n\n")]


def parse_engine(pos, black, text):
    """The legal move (perft_ref tuple) that the engine text stands for, or None."""
    m = re.fullmatch(r"([A-Z])@([a-k])(\d+)", text)
    if m:
        to = (N - int(m.group(3))) * N + "abcdefghijk".index(m.group(2))
        want = (-1, to, 0, pr.LETTER_TO_BASE[m.group(1)])
        return want if want in pos.legal_moves(black) else None
    m = re.fullmatch(r"([a-k])(\d+)([a-k])(\d+)([+=]?)", text)
    if not m:
        return None
    frm = (N - int(m.group(2))) * N + "abcdefghijk".index(m.group(1))
    to = (N - int(m.group(4))) * N + "abcdefghijk".index(m.group(3))
    # `+` promotes; no suffix (or the `=` XBoard passes on from a SAN move
    # read with `=`): no promotion, whether or not one was possible.
    flags = (1,) if m.group(5) == "+" else (0, 2)
    for mv in pos.legal_moves(black):
        if mv[0] == frm and mv[1] == to and mv[2] in flags:
            return mv
    return None


def xboard_no_moves(pos, black):
    """True when XBoard's MateTest (moves.c) finds no move for the side to move:
    no legal board move, and no drop that XBoard allows (any piece in hand on
    any empty square, a Sparrow Pawn not on the first or last rank, the own
    King not left in check); XBoard knows no other drop restriction."""
    if any(m[0] >= 0 for m in pos.legal_moves(black)):
        return False
    if not pos.drops:
        return True
    side = 0 if black else 1
    hand = pos.hand[side]
    for base in range(1, 18):
        if hand[base] <= 0:
            continue
        for to in range(pr.NSQ):
            if pos.board[to] or (base == pr.SP and to // N in (0, N - 1)):
                continue
            mv = (-1, to, 0, base)
            pos.make(mv, black)
            safe = not pos.in_check(black)
            pos.unmake(mv, black, 0)
            if safe:
                return False
    return True


def san(pos, black, mv):
    """XBoard's SAN for a legal move, before the `#` (docs/xboard.md)."""
    frm, to, flag, base = mv
    if frm < 0:
        return pr.BASE_TO_LETTER[base] + "@" + square(to)
    code = pos.board[frm]
    kind = abs(code)
    promoted = kind > pr.PROM
    capture = pos.board[to] != 0
    suffix = "+" if flag == 1 else ""
    if kind == pr.SP:  # an unpromoted Sparrow Pawn: no letter
        if capture or file_of(frm) != file_of(to):
            return file_of(frm) + "x" + square(to) + suffix
        return square(to) + suffix
    same_rank = same_file = other = 0
    for m in pos.legal_moves(black):
        if m[0] < 0 or m[1] != to or m[0] == frm or pos.board[m[0]] != code:
            continue
        if m[0] // N == frm // N:
            same_rank += 1
        elif m[0] % N == frm % N:
            same_file += 1
        else:
            other += 1
    out = ("+" if promoted else "") + pr.BASE_TO_LETTER[kind - pr.PROM if promoted else kind]
    if same_rank or (other and not same_file):
        out += file_of(frm)
    if same_file:
        out += rank_of(frm)
    return out + ("x" if capture else "") + square(to) + suffix


def disambiguated(token):
    """A piece move written with (part of) its origin square: `Rgg4`, `+P8f8`."""
    return re.fullmatch(r"\+?[A-Z](?:[a-k]\d*|\d+)x?[a-k]\d+\+?#?", token) is not None


class Stats:
    FIELDS = ["games", "plies", "captures", "sparrow_captures", "drops", "promotions",
              "declined", "promoted_moves", "disambiguated", "mates"]

    def __init__(self):
        self.n = dict.fromkeys(self.FIELDS, 0)

    def add(self, other):
        for k in self.FIELDS:
            self.n[k] += other.n[k]

    def line(self):
        return " ".join(f"{k}={v}" for k, v in self.n.items())


def check_game(tags, tokens, moves, where, problems, stats):
    drops = tags.get("Variant") == "crazywa"
    pos = pr.Wa(tags.get("FEN", pr.WA_START), drops)
    black = pos.black
    stats.n["games"] += 1
    if len(tokens) != len(moves):
        problems.append(f"{where}: {len(tokens)} SAN moves but {len(moves)} engine moves")
    for i, (token, text) in enumerate(zip(tokens, moves), 1):
        mv = parse_engine(pos, black, text)
        if mv is None:
            problems.append(f"{where}: ply {i}: engine move {text} is not legal")
            return
        expect = san(pos, black, mv)
        frm, to, flag, base = mv
        capture = frm >= 0 and pos.board[to] != 0
        stats.n["plies"] += 1
        stats.n["captures"] += capture
        stats.n["sparrow_captures"] += capture and abs(pos.board[frm]) == pr.SP
        stats.n["drops"] += frm < 0
        stats.n["promotions"] += flag == 1
        stats.n["declined"] += flag == 2
        stats.n["promoted_moves"] += frm >= 0 and abs(pos.board[frm]) > pr.PROM
        stats.n["disambiguated"] += disambiguated(expect)
        pos.make(mv, black)
        black = not black
        rules_end = not pos.legal_moves(black, first_only=True)
        xboard_end = xboard_no_moves(pos, black)
        if rules_end != xboard_end:
            problems.append(f"{where}: ply {i} ({token}): no legal move by the rules = "
                            f"{rules_end}, by XBoard's MateTest = {xboard_end}")
        if xboard_end:
            expect += "#"
            stats.n["mates"] += 1
        if token != expect:
            problems.append(f"{where}: ply {i}: XBoard wrote {token}, the rules give {expect}"
                            f" (engine {text})")


def kifu_check(kifu, name, games, engine_games, problems, notes):
    """Validate the engine moves as a PSN record with kifu: errors are problems,
    warnings (an XBoard result the rules disagree with) are notes."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, os.path.basename(name) + ".psn")
        with open(path, "w") as f:
            for (tags, _), moves in zip(games, engine_games):
                variant = "wa" if tags.get("Variant") == "crazywa" else "wa-nodrop"
                f.write(f'[Variant "{variant}"]\n[Result "{tags.get("Result", "*")}"]\n\n')
                words = [(f"{i // 2 + 1}. " if i % 2 == 0 else "") + m
                         for i, m in enumerate(moves)]
                f.write(" ".join(words) + f" {tags.get('Result', '*')}\n\n")
        out = subprocess.run([kifu, "validate", "--format", "json", path],
                             capture_output=True, text=True)
        for line in out.stdout.splitlines():
            obj = json.loads(line)
            if obj.get("type") != "game":
                continue
            where = f"{name}: kifu on the engine moves, game {obj['game']}"
            if not obj["valid"]:
                problems.append(f"{where}: {json.dumps(obj['errors'])}")
            for w in obj["warnings"]:
                notes.append(f"{where}: warning[{w['kind']}] {w['message']}")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dirs", nargs="*", default=[os.path.join(HERE, "..", "..", "fixtures", "xboard")])
    p.add_argument("--kifu", help="a kifu binary: also validate the engine moves with it")
    args = p.parse_args()
    problems, notes, total = [], [], Stats()
    for d in args.dirs:
        for pgn in sorted(glob.glob(os.path.join(d, "*.pgn"))):
            name = pgn[:-4]
            with open(pgn, encoding="utf-8") as f:
                games = split_games(f.read())
            with open(name + ".engine.txt") as f:
                engine_games = split_engine(f.read())
            stats = Stats()
            if len(games) != len(engine_games):
                problems.append(f"{pgn}: {len(games)} games but {len(engine_games)} in .engine.txt")
            for g, ((tags, tokens), moves) in enumerate(zip(games, engine_games), 1):
                check_game(tags, tokens, moves, f"{pgn} game {g}", problems, stats)
            if args.kifu:
                kifu_check(args.kifu, name, games, engine_games, problems, notes)
            ends = ", ".join(re.sub(r"\s+", " ", m) for m in re.findall(
                r"\{([^}]*)\} (?:1-0|0-1|1/2-1/2|\*)\n", open(pgn).read()))
            print(f"{os.path.basename(pgn)}: {stats.line()} end: {ends or 'no comment'}")
            total.add(stats)
    print(f"total: {total.line()}")
    for line in notes:
        print("NOTE " + line)
    for line in problems:
        print("PROBLEM " + line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
