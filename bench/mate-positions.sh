#!/usr/bin/env bash
# How many positions `kifu mate --depth 9` visits on each of the 112 Wa positions of
# bench/mate-positions.txt, and in all. A count depends on the build alone, not on the
# machine or its load, so two builds of the search compare exactly, in about a minute (the
# positions run two at a time). Each search has the default budget (`--max-nodes`), so
# selfplay-137 ply 97 stops at it; its line is shown, and the total is given without it too.
# Usage: bench/mate-positions.sh   Settings: DEPTH (9), JOBS (2);
# KIFU_BEFORE=/path/to/an/older/kifu adds that binary's counts beside, and the two totals.
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${DEPTH:-9}
jobs=${JOBS:-2}
cargo build --release --quiet
export depth
# "answer|positions" of one search: the first line's answer, the count of its last line.
count() {
  local out
  out=$("$1" mate -v wa -p "$2" --depth "$depth" --time 2>&1) || true
  printf '%s|%s\n' "$(head -1 <<<"$out" | cut -d: -f1)" \
    "$(grep -o '^[0-9]* positions in' <<<"$out" | tail -1 | cut -d' ' -f1)"
}
export -f count
# One column of counts: "game ply|answer|positions" per position, in the file's order.
column() {
  local kifu=$1
  grep -v '^#' bench/mate-positions.txt | grep . | nl -ba -w6 -s$'\t' |
    KIFU="$kifu" xargs -P "$jobs" -d '\n' -n 1 bash -c '
      IFS=$'"'\t'"' read -r i game ply fen <<<"$1"
      printf "%s\t%s %s|%s\n" "$i" "$game" "$ply" "$(count "$KIFU" "$fen")"' _ |
    sort -n | cut -f2
}
now=$(mktemp); before=$(mktemp); trap 'rm -f "$now" "$before"' EXIT
column "$PWD/target/release/kifu" >"$now"
if [[ -n "${KIFU_BEFORE:-}" ]]; then
  column "$KIFU_BEFORE" >"$before"
else
  cp "$now" "$before"
fi
paste -d'|' "$now" "$before" | awk -F'|' -v both="${KIFU_BEFORE:+1}" '
  {
    name = $1; hard = (name == "selfplay-137.psn 97")
    if (both) printf "%-22s %-14.30s %10s   before %-14.30s %10s\n", name, $2, $3, $5, $6
    else printf "%-22s %-14.30s %10s\n", name, $2, $3
    a += $3; b += $6; if (!hard) { a1 += $3; b1 += $6 }
    if ($2 != $5) changed++
  }
  END {
    printf "total %d positions (%d without selfplay-137 ply 97)\n", a, a1
    if (both) {
      printf "before %d positions (%d without it)\n", b, b1
      printf "answers changed: %d\n", changed
    }
  }'
