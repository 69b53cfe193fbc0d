#!/usr/bin/env bash
# The engine adapter's overhead per position: `kifu analyze GAME --engine ENGINE --depth D
# --mate-depth 1 --to csv` on fixture games, against the engine alone driven over the same
# protocol by bench/engine_peer.py (no rules, no checks: the floor), side by side; medians of
# ROUNDS interleaved rounds. See bench/README.md.
#
# Usage: bench/engine.sh [ROUNDS]   (default 3)
# Environment: KIFU_BEFORE (another kifu binary to time in the same rounds, e.g. one built from
# an earlier commit), BENCH_ENGINE (default /usr/games/hachu), BENCH_VARIANT (its XBoard name,
# default wa-shogi), BENCH_DEPTH (default 1), BENCH_GAMES (fixture names under fixtures/xboard,
# default "hachu-09 hachu-12"), BENCH_NO_BUILD=1 (time target/release/kifu as it is).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
engine=${BENCH_ENGINE:-/usr/games/hachu}
variant=${BENCH_VARIANT:-wa-shogi}
depth=${BENCH_DEPTH:-1}
games=${BENCH_GAMES:-hachu-09 hachu-12}
before=${KIFU_BEFORE:-}
log() { echo "== $*" >&2; }
[[ -x $engine ]] || { echo "no engine at $engine (apt-get install hachu)" >&2; exit 2; }
if [[ -z ${BENCH_NO_BUILD:-} ]]; then
  log "building kifu (release)"
  cargo build --release --quiet --bin kifu
fi
kifu=target/release/kifu
now() { date +%s.%N; }
# run NAME CMD...: the command's wall time appended to $tmp/NAME.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
  local name=$1; shift
  local t0 t1
  t0=$(now)
  "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; echo "failed: $*" >&2; exit 1; }
  t1=$(now)
  awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}' >>"$tmp/$name"
}
printf 'load: %s\n' "$(uptime | sed 's/.*load/load/')" >&2
for r in $(seq "$rounds"); do
  for g in $games; do
    pgn=fixtures/xboard/$g.pgn
    moves=fixtures/xboard/$g.engine.txt
    args=(analyze "$pgn" --engine "$engine" --depth "$depth" --mate-depth 1 --to csv)
    [[ -n $before ]] && run "$g.before" "$before" "${args[@]}"
    run "$g.kifu" "$kifu" "${args[@]}"
    t0=$(now)
    out=$(python3 bench/engine_peer.py "$engine" "$variant" "$depth" "$moves")
    echo "$out" | cut -d' ' -f1 >>"$tmp/$g.peer"
    echo "$out" | cut -d' ' -f2 >"$tmp/$g.positions"
  done
  log "round $r/$rounds done"
done
median() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
printf 'load: %s\n' "$(uptime | sed 's/.*load/load/')" >&2
echo "| game | positions | engine alone (peer) | kifu | kifu's overhead a position |${before:+ kifu before | its overhead a position |}"
echo "| --- | ---: | ---: | ---: | ---: |${before:+ ---: | ---: |}"
for g in $games; do
  n=$(cat "$tmp/$g.positions")
  peer=$(median "$tmp/$g.peer")
  k=$(median "$tmp/$g.kifu")
  row=$(printf '| %s | %d | %.2f s | %.2f s | %.2f ms |' "$g" "$n" "$peer" "$k" "$(awk -v k="$k" -v p="$peer" -v n="$n" 'BEGIN {print (k - p) * 1000 / n}')")
  if [[ -n $before ]]; then
    b=$(median "$tmp/$g.before")
    row+=$(printf ' %.2f s | %.2f ms |' "$b" "$(awk -v k="$b" -v p="$peer" -v n="$n" 'BEGIN {print (k - p) * 1000 / n}')")
  fi
  echo "$row"
done
