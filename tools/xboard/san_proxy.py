#!/usr/bin/env python3
"""An engine proxy that tries XBoard's SAN reader (see README.md).

XBoard reads an engine's `move ...` with the same parser that reads the moves
of a PGN file (parser.c NextUnit, via ParseOneMove). This proxy runs a real
engine, keeps the position with the independent move generator of
tools/perft_ref/, and rewrites each `move <engine coordinates>` the engine
prints into another spelling of the same move. The spellings go round in turn,
separately for each kind of move (drops, Sparrow Pawn captures, other
captures, other moves), among those that fit it:

  san      XBoard's own SAN (`Rg4`, `dxd5`, `P@e5`)
  eq       SAN with `=` (`Rg4=`, `g8=`) on a move that does not promote
  long     letter, origin, `-` or `x`, target (`Rh3-g4`, `Ph7xh8`)
  nox      a capture without `x` (`Rg8` for `Rxg8`, `d5` for `dxd5`)
  xall     `x` on a move that captures nothing (`Rxg4`)
  coordeq  engine coordinates with `=` (`h3g4=`) on a move that does not promote
  mate     SAN with `#` (`Rg4#`)
  lower    a drop with a lower-case letter (`p@e5`)
  star     a drop with `*` (`P*e5`)

What XBoard then saves shows how it read each spelling. Usage, as the engine
command: san_proxy.py ENGINE [ARGS...]. It logs each move to
san_proxy.<pid>.log in the working directory: ply, the engine's move, what was
sent, the spelling.
"""

import os
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import san_check as sc  # noqa: E402
from san_check import pr  # noqa: E402

MODES = {
    "drop": ["san", "lower", "star", "mate"],
    "sparrow capture": ["san", "nox", "long", "eq"],
    "capture": ["san", "nox", "long", "eq", "mate"],
    "move": ["san", "eq", "long", "xall", "coordeq", "mate"],
}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset(False)

    def reset(self, drops):
        self.pos = pr.Wa(pr.WA_START, drops)
        self.black = True
        self.ply = 0
        self.turns = dict.fromkeys(MODES, 0)

    def play(self, text):
        mv = sc.parse_engine(self.pos, self.black, text)
        if mv is None:
            return None
        self.pos.make(mv, self.black)
        self.black = not self.black
        self.ply += 1
        return mv


def spell(state, text):
    pos, black = state.pos, state.black
    mv = sc.parse_engine(pos, black, text)
    if mv is None:
        return text, "unknown"
    frm, to, flag, base = mv
    san = sc.san(pos, black, mv)
    capture = frm >= 0 and pos.board[to] != 0
    if frm < 0:
        kind = "drop"
    elif capture and abs(pos.board[frm]) == pr.SP:
        kind = "sparrow capture"
    else:
        kind = "capture" if capture else "move"
    mode = MODES[kind][state.turns[kind] % len(MODES[kind])]
    state.turns[kind] += 1
    return spelled(pos, mv, san, mode, text, capture), mode


def spelled(pos, mv, san, mode, text, capture):
    frm, to, flag, base = mv
    if frm < 0:
        letter = pr.BASE_TO_LETTER[base]
        if mode == "lower":
            return letter.lower() + "@" + sc.square(to)
        if mode == "star":
            return letter + "*" + sc.square(to)
        return san + "#" if mode == "mate" else san
    if mode == "eq" and flag != 1:
        return san + "="
    if mode == "long":
        code = abs(pos.board[frm])
        letter = ("+" if code > pr.PROM else "") + pr.BASE_TO_LETTER[code % pr.PROM or pr.PROM]
        return (letter + sc.square(frm) + ("x" if capture else "-") + sc.square(to)
                + ("+" if flag == 1 else ""))
    if mode == "nox":
        if re.match(r"[a-k]x", san):  # a Sparrow Pawn capture: the target square alone
            return san[2:]
        return san.replace("x", "", 1)
    if mode == "xall" and not re.fullmatch(r"[a-k]\d+\+?", san):
        m = re.fullmatch(r"(\+?[A-Z][a-k]?\d*)([a-k]\d+\+?)", san)
        return m.group(1) + "x" + m.group(2) if m else san
    if mode == "coordeq" and flag != 1:
        return text + "="
    if mode == "mate":
        return san + "#"
    return san


def main():
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    state = State()
    log = open(f"san_proxy.{os.getpid()}.log", "w", buffering=1)

    def from_engine():
        for line in engine.stdout:
            m = re.match(r"move (\S+)\s*$", line)
            if m:
                with state.lock:
                    sent, mode = spell(state, m.group(1))
                    log.write(f"{state.ply + 1} {m.group(1)} {sent} {mode}\n")
                    state.play(m.group(1))
                line = f"move {sent}\n"
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=from_engine, daemon=True).start()
    for line in sys.stdin:
        words = line.split()
        with state.lock:
            if words[:1] == ["new"]:
                state.reset(state.pos.drops)
            elif words[:1] == ["variant"] and len(words) > 1:
                state.reset(words[1] == "crazywa")
            elif words[:1] == ["setboard"]:
                state.reset(state.pos.drops)
            elif words[:1] == ["usermove"] and len(words) > 1:
                state.play(words[1])  # may end in `=`: XBoard passes it on
        engine.stdin.write(line)
        engine.stdin.flush()
        if words[:1] == ["quit"]:
            break
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
