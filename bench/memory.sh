#!/usr/bin/env bash
# Memory and time of every command on single games of unusual shapes: a legal 11,000-ply Wa game
# (two lone Kings walking, 100 KB), a 1,000,000-ply Gufū game (17 MB) and variations nested
# 100,000 deep (1.1 MB, past kifu's nesting limit: a too_deep error). Each command runs once
# under an address-space limit (prlimit --as, default 2 GB); the table gives its exit status,
# wall time and peak resident memory (/usr/bin/time), and the target 50 MB + 300 bytes a ply.
# The inputs are made by examples/long_games.rs. See bench/README.md.
#
# Usage: bench/memory.sh [KIFU...]   (binaries to compare, default target/release/kifu)
# Environment: BENCH_DIR (inputs, default target/bench-data/memory), BENCH_AS (address-space
# limit in bytes, default 2000000000), BENCH_TIMEOUT (seconds a run may take, default 300),
# BENCH_NO_BUILD=1 (use the binaries as they are).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${BENCH_DIR:-target/bench-data/memory}
limit=${BENCH_AS:-2000000000}
timeout=${BENCH_TIMEOUT:-300}
bins=("$@")
[[ ${#bins[@]} -gt 0 ]] || bins=(target/release/kifu)

if [[ -z ${BENCH_NO_BUILD:-} ]]; then
  cargo build --release --quiet --bin kifu --example long_games
fi
mkdir -p "$dir"
if [[ ! -s $dir/gufu-1000000.psn ]]; then
  target/release/examples/long_games "$dir"
fi

# Plies of each input's game (the nested one is refused before its moves are replayed).
declare -A plies=([wa-kings-11000]=11000 [gufu-1000000]=1000000 [nested-100000]=0)
commands=(
  "validate -q -j 1"
  "stats"
  "convert --to psn"
  "convert --to csv"
  "convert --to json"
  "convert --to html"
  "analyze --mate-depth 1"
  "render --ply 5"
)

printf '%-20s %-22s %-26s %6s %9s %10s %10s\n' input command binary exit seconds peak_MB target_MB
for input in wa-kings-11000 gufu-1000000 nested-100000; do
  f=$dir/$input.psn
  target=$(( 50 + plies[$input] * 300 / 1000000 ))
  for cmd in "${commands[@]}"; do
    for bin in "${bins[@]}"; do
      # shellcheck disable=SC2086
      code=0
      /usr/bin/time -o "$dir/time.txt" -f '%e %M' timeout "$timeout" prlimit --as="$limit" \
        "$bin" $cmd "$f" >/dev/null 2>&1 || code=$?
      read -r secs kb <<<"$(tail -1 "$dir/time.txt")"
      printf '%-20s %-22s %-26s %6s %9s %10s %10s\n' "$input" "$cmd" "$bin" "$code" "$secs" \
        "$(( kb / 1024 ))" "$target"
    done
  done
done
