#!/usr/bin/env bash
# Perft speed: kifu's move generator, single thread, release build, against the independent
# pure-Python reference generator (tools/perft_ref) on the same machine.
# Usage: bench/perft.sh [RUNS]   (default 5 runs each; prints medians)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet
kifu=target/release/kifu

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# time_of CMD...: wall seconds of one run
time_of() { local s e; s=$(date +%s.%N); "$@" >/dev/null; e=$(date +%s.%N); echo "$e - $s" | bc -l; }

bench() { # name nodes cmd...
  local name=$1 nodes=$2; shift 2
  local t; t=$(for _ in $(seq "$runs"); do time_of "$@"; done | median)
  printf '%-34s %12s nodes  median %8.3f s  %12.0f nodes/s\n' "$name" "$nodes" "$t" "$(echo "$nodes / $t" | bc -l)" >&2
  echo "$t"
}

echo "machine: $(nproc) cores, $(uname -m); runs: $runs"
wa4=$(bench "kifu perft wa 4" 6158810 $kifu perft --variant wa 4)
gufu8=$(bench "kifu perft gufu 8" 255132154 $kifu perft --variant gufu 8)
wa3=$(bench "kifu perft wa 3" 126574 $kifu perft --variant wa 3)
py3=$(bench "python perft_ref wa 3 (peer)" 126574 python3 tools/perft_ref/perft_ref.py --variant wa 3)
gufu6=$(bench "kifu perft gufu 6" 3020572 $kifu perft --variant gufu 6)
pyg6=$(bench "python perft_ref gufu 6 (peer)" 3020572 python3 tools/perft_ref/perft_ref.py --variant gufu 6)
printf 'ratio wa 3:   kifu is %.0fx faster than the Python reference\n' "$(echo "$py3 / $wa3" | bc -l)" >&2
printf 'ratio gufu 6: kifu is %.1fx faster than the Python reference (which caches transpositions)\n' "$(echo "$pyg6 / $gufu6" | bc -l)" >&2
