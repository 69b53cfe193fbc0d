#!/usr/bin/env bash
# Gufū solved and mate-search speed, single thread, release build. First `kifu solve --variant
# gufu` (the whole retrograde solution, from scratch in every run: nothing is cached between
# processes). Then `kifu mate` on the Wa positions of bench/mate-positions.txt (from CrazyWa's
# games, 5 and 7 plies before their checkmates), against bench/mate_peer.py (a plain search over
# the independent Python move generator).
# Usage: bench/mate.sh [RUNS]   (default 5 runs per position for kifu, 1 for the peer; prints
# medians of wall-clock and of CPU time, user + sys)
# Settings (environment): MATE_DEPTH (default 3), MATE_ARGS (more kifu mate options, e.g.
# --all-moves), MATE_PEER=0 to skip the peer, MATE_PEER_TIMEOUT (seconds, default 120).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
depth=${MATE_DEPTH:-3}
extra=${MATE_ARGS:-}
peer=${MATE_PEER:-1}
peer_timeout=${MATE_PEER_TIMEOUT:-120}
cargo build --release --quiet
kifu=target/release/kifu

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# max and sum of a column of numbers
stats() { awk '{s+=$1; if ($1>m) m=$1} END {printf "%.3f %.3f\n", m, s}'; }
# one run: "wall-seconds cpu-seconds" (CPU = user + sys of the command, from bash's time)
time_of() {
  local TIMEFORMAT='%3R %3U %3S' t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
  awk '{printf "%.3f %.3f\n", $1, $2 + $3}' <<<"$t"
}
# RUNS runs: "median-wall median-cpu"
measure() {
  local r; r=$(for _ in $(seq "$runs"); do time_of "$@"; done)
  echo "$(cut -d' ' -f1 <<<"$r" | median) $(cut -d' ' -f2 <<<"$r" | median)"
}

echo "machine: $(nproc) cores, $(uname -m); load: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r sw sc < <(measure $kifu solve --variant gufu)
printf 'kifu solve --variant gufu: median %.3f s wall, %.3f s CPU, of %d runs (%s)\n' "$sw" "$sc" "$runs" \
  "$($kifu solve --variant gufu --time 2>&1 >/dev/null | sed 's/ in [0-9.]* s//')"
echo "kifu mate --variant wa --depth $depth $extra: $runs runs per position (median wall / CPU); peer: 1 run"
tk=$(mktemp); tc=$(mktemp); tp=$(mktemp); tq=$(mktemp); disagree=0; mates=0; n=0
trap 'rm -f "$tk" "$tc" "$tp" "$tq"' EXIT
while IFS=$'\t' read -r game ply fen; do
  [[ -z "$game" || "$game" == \#* ]] && continue
  n=$((n + 1))
  # shellcheck disable=SC2086
  answer=$($kifu mate --variant wa --position "$fen" --depth "$depth" $extra | head -1)
  # shellcheck disable=SC2086
  read -r w c < <(measure $kifu mate --variant wa --position "$fen" --depth "$depth" $extra)
  echo "$w" >>"$tk"; echo "$c" >>"$tc"
  [[ "$answer" == mate* ]] && mates=$((mates + 1))
  line=$(printf '%-18s ply %3s  kifu %6.3f / %6.3f s  %-13s' "$game" "$ply" "$w" "$c" "${answer%%:*}")
  if [[ "$peer" == 1 && -z "$extra" ]]; then
    p=$(timeout "$peer_timeout" python3 bench/mate_peer.py --depth "$depth" "$fen" || echo "timeout")
    read -r pw pc < <(time_of timeout "$peer_timeout" python3 bench/mate_peer.py --depth "$depth" "$fen")
    echo "$pw" >>"$tp"; echo "$pc" >>"$tq"
    [[ "$p" != "${answer%%:*}" ]] && disagree=$((disagree + 1)) && p="$p  <-- DIFFERENT"
    line=$(printf '%s  peer %7.3f / %7.3f s  %s' "$line" "$pw" "$pc" "$p")
  fi
  echo "$line"
done <bench/mate-positions.txt
read -r kmax ksum < <(stats <"$tk")
read -r cmax csum < <(stats <"$tc")
printf '\nkifu: %d positions (%d with a mate within %d); wall: median %.3f s, max %.3f s, total %.2f s; CPU: median %.3f s, max %.3f s, total %.2f s\n' \
  "$n" "$mates" "$depth" "$(median <"$tk")" "$kmax" "$ksum" "$(median <"$tc")" "$cmax" "$csum"
if [[ -s "$tp" ]]; then
  read -r pmax psum < <(stats <"$tp")
  read -r qmax qsum < <(stats <"$tq")
  printf 'peer: wall: median %.3f s, max %.3f s, total %.2f s; CPU: median %.3f s, max %.3f s, total %.2f s; answers that differ: %d\n' \
    "$(median <"$tp")" "$pmax" "$psum" "$(median <"$tq")" "$qmax" "$qsum" "$disagree"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
