#!/usr/bin/env bash
# The Python package's speed (python/): kifu.read_games + mainline_moves against
# `kifu validate -j 1` on the same Wa corpus, against python-chess reading the same number of
# megabytes of chess PGN, and perft(3) through a Python loop against board.perft(3). Medians of
# ROUNDS interleaved rounds (bench/python_speed.py). See bench/README.md.
#
# Usage: bench/python.sh [ROUNDS [CHESS_ROUNDS]]   (default 3; CHESS_ROUNDS: python-chess runs in
# the first CHESS_ROUNDS rounds only, default all)
# Environment: BENCH_DIR (corpus cache, default target/bench-data), BENCH_PY_MB (corpus size in
# MB, default 20), BENCH_VENV (the virtual environment, default target/bench-venv),
# BENCH_NO_BUILD=1 (use the kifu binary and the venv as they are).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
chess_rounds=${2:-$rounds}
dir=${BENCH_DIR:-target/bench-data}
mb=${BENCH_PY_MB:-20}
venv=${BENCH_VENV:-target/bench-venv}
bytes=$((mb * 1000000))
mkdir -p "$dir"
log() { echo "== $*" >&2; }

if [[ -z ${BENCH_NO_BUILD:-} ]]; then
  log "building kifu and chess_generate (release)"
  cargo build --release --quiet --bin kifu --example chess_generate
  log "installing the Python package and python-chess in $venv"
  [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet chess ./python
fi

# The Wa corpus: copies of 1000 generated games (seed 1), cut at a game's start below $bytes.
base=$dir/wa-py-base.psn
wa=$dir/wa-py-${mb}MB.psn
if [[ ! -s $base ]]; then
  log "generating $base (1000 Wa games)"
  target/release/kifu generate --variant wa --games 1000 --seed 1 -o "$base"
fi
if [[ ! -s $wa || $wa -ot $base ]]; then
  log "making $wa"
  "$venv/bin/python" - "$base" "$wa" "$bytes" <<'PY'
import sys
base, out, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(base, encoding="utf-8").read().rstrip("\n") + "\n\n"
whole = text * (size // len(text.encode()) + 1)
data = whole.encode()[:size]
cut = data.rfind(b"\n[Event ")
open(out + ".tmp", "wb").write(data[: cut + 1] if cut > 0 else data)
import os; os.replace(out + ".tmp", out)
PY
fi
chess=$dir/chess-py-${mb}MB.pgn
if [[ ! -s $chess || $chess -ot $wa ]]; then
  log "generating $chess (as many bytes as $wa)"
  target/release/examples/chess_generate --bytes "$(stat -c %s "$wa")" --seed 1 >"$chess.tmp"
  mv "$chess.tmp" "$chess"
fi
printf 'load: %s\n' "$(uptime | sed 's/.*load/load/')" >&2
"$venv/bin/python" bench/python_speed.py target/release/kifu "$wa" "$chess" "$rounds" "$chess_rounds"
