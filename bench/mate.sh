#!/usr/bin/env bash
# Gufū solved and mate-search speed, single thread, release build. First `kifu solve --variant
# gufu` (the whole retrograde solution, from scratch in every run: nothing is cached between
# processes). Then `kifu mate` on the Wa positions of bench/mate-positions.txt (from CrazyWa's
# games, 5 and 7 plies before their checkmates), against bench/mate_peer.py (a plain search over
# the independent Python move generator).
# Usage: bench/mate.sh [RUNS]   (default 5 runs per position for kifu, 1 for the peer)
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
time_of() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc -l; }

echo "machine: $(nproc) cores, $(uname -m); load: $(cut -d' ' -f1-3 /proc/loadavg)"
solve=$(for _ in $(seq "$runs"); do time_of $kifu solve --variant gufu; done | median)
printf 'kifu solve --variant gufu: median %.3f s of %d runs (%s)\n' "$solve" "$runs" \
  "$($kifu solve --variant gufu --time 2>&1 >/dev/null | sed 's/ in [0-9.]* s//')"
echo "kifu mate --variant wa --depth $depth $extra: $runs runs per position (median); peer: 1 run"
tk=$(mktemp); tp=$(mktemp); disagree=0; mates=0; n=0
trap 'rm -f "$tk" "$tp"' EXIT
while IFS=$'\t' read -r game ply fen; do
  [[ -z "$game" || "$game" == \#* ]] && continue
  n=$((n + 1))
  # shellcheck disable=SC2086
  answer=$($kifu mate --variant wa --position "$fen" --depth "$depth" $extra | head -1)
  # shellcheck disable=SC2086
  t=$(for _ in $(seq "$runs"); do time_of $kifu mate --variant wa --position "$fen" --depth "$depth" $extra; done | median)
  echo "$t" >>"$tk"
  [[ "$answer" == mate* ]] && mates=$((mates + 1))
  line=$(printf '%-18s ply %3s  kifu %7.3f s  %s' "$game" "$ply" "$t" "${answer%%:*}")
  if [[ "$peer" == 1 && -z "$extra" ]]; then
    s=$(date +%s.%N)
    p=$(timeout "$peer_timeout" python3 bench/mate_peer.py --depth "$depth" "$fen" || echo "timeout")
    e=$(date +%s.%N)
    pt=$(echo "$e - $s" | bc -l)
    echo "$pt" >>"$tp"
    [[ "$p" != "${answer%%:*}" ]] && disagree=$((disagree + 1)) && p="$p  <-- DIFFERENT"
    line=$(printf '%s   peer %7.3f s  %s' "$line" "$pt" "$p")
  fi
  echo "$line"
done <bench/mate-positions.txt
read -r kmax ksum < <(stats <"$tk")
printf '\nkifu: %d positions (%d with a mate within %d), median %.3f s, max %.3f s, total %.2f s\n' \
  "$n" "$mates" "$depth" "$(median <"$tk")" "$kmax" "$ksum"
if [[ -s "$tp" ]]; then
  read -r pmax psum < <(stats <"$tp")
  printf 'peer: median %.3f s, max %.3f s, total %.2f s; answers that differ: %d\n' \
    "$(median <"$tp")" "$pmax" "$psum" "$disagree"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
