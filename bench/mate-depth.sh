#!/usr/bin/env bash
# Deep mates, side by side in one run: `kifu mate --depth 9` (df-pn, the default method) and
# today's iterative-deepening search at `--depth 5` (`--method deepening`), on the 112 Wa
# positions of bench/mate-positions.txt, each position by both in turn (the same load on
# both sides). One core (one process at a time). Each run is cut at TIMEOUT seconds
# (default 10 for df-pn, 60 for deepening): a cut run counts as "timeout".
# Usage: bench/mate-depth.sh   Settings: PN_DEPTH (9), ID_DEPTH (5), PN_TIMEOUT, ID_TIMEOUT;
# KIFU_BEFORE=/path/to/an/older/kifu adds a third column: that binary's `kifu mate --depth
# PN_DEPTH` (its default method and output), cut at PN_TIMEOUT, in the same rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
pn_depth=${PN_DEPTH:-9}
id_depth=${ID_DEPTH:-5}
pn_timeout=${PN_TIMEOUT:-10}
id_timeout=${ID_TIMEOUT:-60}
cargo build --release --quiet
kifu=target/release/kifu
before=${KIFU_BEFORE:-}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# "seconds answer" of one run
run() {
  local t0 t1 out
  t0=$(date +%s.%N)
  out=$(timeout "$1" "${@:2}" | head -1) || true
  t1=$(date +%s.%N)
  printf '%.3f %s\n' "$(echo "$t1 - $t0" | bc)" "${out%%:*}"
}
echo "machine: $(nproc) cores, $(uname -m); load: $(cut -d' ' -f1-3 /proc/loadavg)"
tp=$(mktemp); ti=$(mktemp); tb=$(mktemp); trap 'rm -f "$tp" "$ti" "$tb"' EXIT
n=0; pn_mates=0; id_mates=0; pn_cut=0; id_cut=0; lost=0; pn_max=0; b_mates=0; b_cut=0
while IFS=$'\t' read -r game ply fen; do
  [[ -z "$game" || "$game" == \#* ]] && continue
  n=$((n + 1))
  read -r ps pa < <(run "$pn_timeout" $kifu mate -v wa -p "$fen" --depth "$pn_depth")
  read -r is ia < <(run "$id_timeout" $kifu mate -v wa -p "$fen" --depth "$id_depth" --method deepening)
  [[ -z "${pa:-}" ]] && pa=timeout && pn_cut=$((pn_cut + 1))
  [[ -z "${ia:-}" ]] && ia=timeout && id_cut=$((id_cut + 1))
  echo "$ps" >>"$tp"; echo "$is" >>"$ti"
  bcol=""
  if [[ -n "$before" ]]; then
    read -r bs ba < <(run "$pn_timeout" "$before" mate -v wa -p "$fen" --depth "$pn_depth")
    [[ -z "${ba:-}" ]] && ba=timeout && b_cut=$((b_cut + 1))
    [[ "$ba" == mate* ]] && b_mates=$((b_mates + 1))
    echo "$bs" >>"$tb"
    bcol=$(printf '  before %7.3f s %s' "$bs" "$ba")
  fi
  [[ "$pa" == mate* ]] && pn_mates=$((pn_mates + 1))
  [[ "$ia" == mate* ]] && id_mates=$((id_mates + 1))
  # A mate the old search finds at depth 5 must be found, no longer, at depth 9.
  if [[ "$ia" == mate* && "$pa" != "$ia" ]]; then lost=$((lost + 1)); note="  <-- DIFFERENT"; else note=""; fi
  printf '%-18s ply %3s  pn --depth %s %7.3f s %-14s  deepening --depth %s %7.3f s %-14s%s%s\n' \
    "$game" "$ply" "$pn_depth" "$ps" "$pa" "$id_depth" "$is" "$ia" "$bcol" "$note"
done <bench/mate-positions.txt
printf '\n%d positions\n' "$n"
printf 'pn --depth %s: median %.3f s, max %.3f s, %d mates, %d cut at %s s\n' "$pn_depth" \
  "$(median <"$tp")" "$(sort -n "$tp" | tail -1)" "$pn_mates" "$pn_cut" "$pn_timeout"
printf 'deepening --depth %s: median %.3f s, max %.3f s, %d mates, %d cut at %s s\n' "$id_depth" \
  "$(median <"$ti")" "$(sort -n "$ti" | tail -1)" "$id_mates" "$id_cut" "$id_timeout"
if [[ -n "$before" ]]; then
  printf 'before (%s) --depth %s: median %.3f s, max %.3f s, %d mates, %d cut at %s s\n' "$before" \
    "$pn_depth" "$(median <"$tb")" "$(sort -n "$tb" | tail -1)" "$b_mates" "$b_cut" "$pn_timeout"
fi
printf 'mates of deepening --depth %s not found the same by pn --depth %s: %d\n' "$id_depth" "$pn_depth" "$lost"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
