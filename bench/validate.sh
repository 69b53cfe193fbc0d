#!/usr/bin/env bash
# Validation throughput: `kifu validate` on a ~100 MB Wa corpus against chess validators
# (pgn-extract, pgn-reader + shakmaty) on a chess PGN corpus of the same byte size, and `wc -l`
# as the floor. Release build, same machine, medians of RUNS interleaved rounds (each runs every tool once). See bench/README.md.
#
# Usage: bench/validate.sh [RUNS]            (default 5 rounds, after one warm-up run)
#        bench/validate.sh --memory [COPIES] (peak RSS of kifu validate on COPIES x the Wa corpus,
#                                             default 10 = ~1 GB, built in $TMPDIR or /tmp and
#                                             deleted afterwards)
# Environment: BENCH_DIR (corpus cache, default target/bench-data), BENCH_MB (corpus size in MB,
# default 100), BENCH_SEEDS (Wa seeds, default 4), BENCH_GAMES (Wa games per seed, default 1000),
# BENCH_JOBS (parallel generators, default nproc), BENCH_NO_BUILD=1 (time the binaries already in
# target/release, e.g. while src/ is mid-edit), PGN_EXTRACT (default: pgn-extract on PATH, or
# /usr/games/pgn-extract), KIFU_BEFORE (another kifu binary, say main's before a change: timed
# beside this checkout's in the same rounds, with the after/before ratios).
# The corpora are made once and cached; delete BENCH_DIR (or one file in it) to remake them.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=speed
runs=5
case "${1:-}" in
  --memory) mode=memory; copies=${2:-10} ;;
  -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
  '') ;;
  *) runs=$1 ;;
esac
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be a positive integer" >&2; exit 2; }

dir=${BENCH_DIR:-target/bench-data}
target_mb=${BENCH_MB:-100}
seeds=${BENCH_SEEDS:-4}
games=${BENCH_GAMES:-1000}
jobs=${BENCH_JOBS:-$(nproc)}
target_bytes=$((target_mb * 1000000))
pgn_extract=${PGN_EXTRACT:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
mkdir -p "$dir"

log() { echo "== $*" >&2; }
size_of() { stat -c %s "$1"; }

if [[ -z ${BENCH_NO_BUILD:-} ]]; then
  log "building (release)"
  cargo build --release --quiet --bin kifu --example chess_generate --example chess_validate
fi
kifu=target/release/kifu
chess_generate=target/release/examples/chess_generate
chess_validate=target/release/examples/chess_validate

# --- corpora ---------------------------------------------------------------------------------

# repeat_to BASE OUT BYTES: OUT = copies of BASE (a blank line between copies) up to BYTES; the
# last copy is cut before the last game that would pass BYTES. Written whole or not at all.
repeat_to() {
  local base=$1 out=$2 bytes=$3 tmp="$2.tmp" size=0 bsize rem cut
  bsize=$(( $(size_of "$base") + 1 ))
  : >"$tmp"
  while (( size + bsize <= bytes )); do
    cat "$base" >>"$tmp"; echo >>"$tmp"; size=$((size + bsize))
  done
  rem=$((bytes - size))
  if (( rem > 0 )); then
    # byte offset of the last game start inside the first rem bytes of base
    cut=$(head -c "$rem" "$base" | grep -b '^\[Event ' | tail -n 1 | cut -d: -f1 || true)
    if [[ -n $cut && $cut -gt 0 ]]; then head -c "$cut" "$base" >>"$tmp"; fi
  fi
  mv "$tmp" "$out"
}

wa_base=$dir/wa-base-s${seeds}-g${games}.psn
wa=$dir/wa-${target_mb}MB.psn
if [[ ! -s $wa_base ]]; then
  log "generating the Wa base corpus: $seeds seeds x $games games, $jobs at a time (slow: ~0.3 MB/s per core)"
  pids=()
  for s in $(seq "$seeds"); do
    while (( $(jobs -rp | wc -l) >= jobs )); do sleep 0.5; done
    "$kifu" generate --variant wa --games "$games" --seed "$s" -o "$dir/wa-seed$s.psn.part" &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  : >"$wa_base.tmp"
  for s in $(seq "$seeds"); do cat "$dir/wa-seed$s.psn.part" >>"$wa_base.tmp"; echo >>"$wa_base.tmp"; done
  mv "$wa_base.tmp" "$wa_base"
  rm -f "$dir"/wa-seed*.psn.part
  rm -f "$wa"
fi
if [[ ! -s $wa || $wa -ot $wa_base ]]; then
  log "concatenating copies of $wa_base to $target_mb MB"
  repeat_to "$wa_base" "$wa" "$target_bytes"
fi

wa_bytes=$(size_of "$wa")
chess_base=$dir/chess-base-10MB.pgn
chess=$dir/chess-${target_mb}MB.pgn
if [[ ! -s $chess_base ]]; then
  log "generating the chess base corpus (~10 MB, seed 1)"
  "$chess_generate" --bytes 10000000 --seed 1 >"$chess_base.tmp"
  mv "$chess_base.tmp" "$chess_base"
  rm -f "$chess"
fi
if [[ ! -s $chess || $chess -ot $wa ]]; then
  log "concatenating copies of $chess_base to the Wa corpus's size ($wa_bytes bytes)"
  repeat_to "$chess_base" "$chess" "$wa_bytes"
fi
chess_bytes=$(size_of "$chess")

# --- peak memory ------------------------------------------------------------------------------

if [[ $mode == memory ]]; then
  big=$(mktemp "${TMPDIR:-/tmp}/kifu-bench-XXXXXX.psn")
  trap 'rm -f "$big"' EXIT
  log "building $big: $copies copies of $wa"
  for _ in $(seq "$copies"); do cat "$wa" >>"$big"; echo >>"$big"; done
  printf 'file: %s, %.0f MB; load: %s\n' "$big" "$(echo "$(size_of "$big") / 1000000" | bc -l)" "$(uptime | sed 's/.*load/load/')"
  # default: all cores, as `kifu validate` runs by default; BENCH_MEM_THREADS="1 2" for more
  for j in ${BENCH_MEM_THREADS:-$(nproc)}; do
    log "/usr/bin/time -v $kifu validate -j $j -q $big"
    /usr/bin/time -v "$kifu" validate -j "$j" -q "$big" >"$dir/memory-problems.txt" 2>"$dir/time-v.txt" || true
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time-v.txt")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time-v.txt")
    status=$(sed -n 's/.*Exit status: //p' "$dir/time-v.txt")
    printf 'kifu validate -j %s -q: max RSS %d KB = %.1f MiB (target < 100 MB: %s), wall %s, exit status %s\n' \
      "$j" "$rss" "$(echo "$rss / 1024" | bc -l)" "$( ((rss * 1024 < 100000000)) && echo PASS || echo FAIL)" "$wall" "$status"
    [[ $status == 0 ]] || { echo "problems reported (first lines; all in $dir/memory-problems.txt):"; head -n 8 "$dir/memory-problems.txt"; }
  done
  exit 0
fi

# --- timing ---------------------------------------------------------------------------------

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# time_of CMD...: "wall cpu" seconds of one run: wall from date +%s.%N, cpu = user + sys from
# /usr/bin/time (10 ms resolution). Output discarded; the exit status is not checked here (the
# warm-up run checks it).
tfile=$(mktemp)
trap 'rm -f "$tfile"' EXIT
time_of() {
  local s e
  s=$(date +%s.%N)
  /usr/bin/time -o "$tfile" -f '%U %S' "$@" >/dev/null 2>&1 || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc -l | tr '\n' ' '
  awk 'END { print $1 + $2 }' "$tfile"
}

declare -A secs cpus mbs cmds walls cpuls
rows=()
keys=()
# bench KEY LABEL CORPUS BYTES PLIES CMD...: a tool to time (the runs come below)
bench() {
  local key=$1 label=$2 corpus=$3 bytes=$4 plies=$5; shift 5
  cmds[$key]=$(printf '%q ' "$@")
  keys+=("$key")
  rows+=("$key|$label|$corpus|$bytes|$plies")
}
# The timed runs are interleaved: each round runs every tool once, so that a slower spell of a
# shared machine falls on all tools alike rather than on whichever ran then; the targets are
# judged on the per-round ratios (their median), the table gives each tool's median.
run_rounds() {
  local r key t
  for r in $(seq "$runs"); do
    log "round $r of $runs"
    for key in "${keys[@]}"; do
      t=$(eval "time_of ${cmds[$key]}")
      walls[$key]+="${t%% *}"$'\n'
      cpuls[$key]+="${t##* }"$'\n'
    done
  done
  for row in "${rows[@]}"; do
    IFS='|' read -r key _ _ bytes _ <<<"$row"
    secs[$key]=$(printf '%s' "${walls[$key]}" | median)
    cpus[$key]=$(printf '%s' "${cpuls[$key]}" | median)
    mbs[$key]=$(echo "$bytes / 1000000 / ${secs[$key]}" | bc -l)
  done
}
# round_ratio A B: the median over rounds of (MB/s of A) / (MB/s of B), or - if one is missing
declare -A bytes_of
round_ratio() {
  [[ -n ${walls[$1]:-} && -n ${walls[$2]:-} ]] || { echo -; return; }
  paste <(printf '%s' "${walls[$1]}") <(printf '%s' "${walls[$2]}") |
    awk -v ba="${bytes_of[$1]}" -v bb="${bytes_of[$2]}" '{ print (ba / $1) / (bb / $2) }' |
    median | xargs printf '%.2f'
}

uptime_before=$(uptime)
log "load before: $uptime_before"

# Warm-up runs (page cache), which also count the plies and check that every game is valid.
log "warm-up: kifu validate (counting plies)"
wa_status=0
"$kifu" validate -j "$(nproc)" "$wa" >/dev/null 2>"$dir/kifu-summary.txt" || wa_status=$?
wa_summary=$(tail -n 1 "$dir/kifu-summary.txt")
wa_plies=$(sed -n 's/.* \([0-9][0-9]*\) plies replayed.*/\1/p' <<<"$wa_summary")
log "kifu: $wa_summary (exit status $wa_status)"
log "warm-up: chess_validate (counting moves)"
chess_status=0
chess_summary=$("$chess_validate" "$chess" 2>/dev/null) || chess_status=$?
chess_plies=$(sed -n 's/.*games, \([0-9][0-9]*\) moves.*/\1/p' <<<"$chess_summary")
log "chess_validate: $chess_summary (exit status $chess_status)"
if [[ -x $pgn_extract ]]; then
  # (its progress counter, "Games: N" and a carriage return, is not a problem)
  pgnx_errors=$("$pgn_extract" -r -s "$chess" 2>&1 | tr '\r' '\n' | grep -v '^Games: [0-9]*$' | head -c 2000 || true)
  [[ -z $pgnx_errors ]] || log "pgn-extract reported: $pgnx_errors"
fi
wc -l "$wa" "$chess" >/dev/null

bench kifu1 "kifu validate -j 1 -q" wa "$wa_bytes" "${wa_plies:--}" "$kifu" validate -j 1 -q "$wa"
bench kifu2 "kifu validate -j 2 -q" wa "$wa_bytes" "${wa_plies:--}" "$kifu" validate -j 2 -q "$wa"
if [[ -n ${KIFU_BEFORE:-} ]]; then
  bench before1 "kifu before: validate -j 1 -q" wa "$wa_bytes" "${wa_plies:--}" "$KIFU_BEFORE" validate -j 1 -q "$wa"
  bench before2 "kifu before: validate -j 2 -q" wa "$wa_bytes" "${wa_plies:--}" "$KIFU_BEFORE" validate -j 2 -q "$wa"
fi
if [[ -x $pgn_extract ]]; then
  bench pgnx "pgn-extract -r -s" chess "$chess_bytes" "${chess_plies:--}" "$pgn_extract" -r -s "$chess"
else
  log "pgn-extract not found (apt-get install pgn-extract): skipped"
fi
bench reader "pgn-reader+shakmaty (1 thread)" chess "$chess_bytes" "${chess_plies:--}" "$chess_validate" "$chess"
bench wcwa "wc -l (floor)" wa "$wa_bytes" - wc -l "$wa"
bench wcchess "wc -l (floor)" chess "$chess_bytes" - wc -l "$chess"
for row in "${rows[@]}"; do IFS='|' read -r key _ _ b _ <<<"$row"; bytes_of[$key]=$b; done
log "timing: $runs rounds, each running every tool once"
run_rounds
uptime_after=$(uptime)

# --- report ---------------------------------------------------------------------------------

ratio() { # a/b of MB/s, or - if missing
  if [[ -n ${mbs[$1]:-} && -n ${mbs[$2]:-} ]]; then printf '%.2f' "$(echo "${mbs[$1]} / ${mbs[$2]}" | bc -l)"; else echo -; fi
}
echo
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); nproc: $(nproc); CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "load before: ${uptime_before##*load average: }; after: ${uptime_after##*load average: }; runs: $runs interleaved rounds (medians)"
echo "kifu: $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- src grammar 2>/dev/null || echo ' + uncommitted changes')"
echo "wa corpus:    $wa: $wa_summary"
echo "chess corpus: $chess_summary"
echo
printf '| %-32s | %-6s | %6s | %8s | %6s | %7s | %10s | %14s |\n' tool corpus MB "median s" "CPU s" "MB/s" "plies/s" "vs pgn-extract"
printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..34})" "--------" "-------:" "---------:" "-------:" "--------:" "-----------:" "---------------:"
for row in "${rows[@]}"; do
  IFS='|' read -r key label corpus bytes plies <<<"$row"
  t=${secs[$key]}
  if [[ $plies == - ]]; then pps=-; else pps=$(printf '%.0f' "$(echo "$plies / $t" | bc -l)"); fi
  printf '| %-32s | %-6s | %6.1f | %8.3f | %6.2f | %7.1f | %10s | %14s |\n' "$label" "$corpus" \
    "$(echo "$bytes / 1000000" | bc -l)" "$t" "${cpus[$key]}" "${mbs[$key]}" "$pps" "$(ratio "$key" pgnx)"
done
echo
verdict() { awk -v r="$1" -v t="$2" 'BEGIN { if (r == "-") print "n/a"; else print (r + 0 >= t) ? "PASS" : "FAIL" }'; }
# (per-round ratios, median over the rounds; the table's ratios are of the medians)
r1=$(round_ratio kifu1 pgnx); r2=$(round_ratio kifu1 reader); r3=$(round_ratio kifu2 kifu1)
echo "target: kifu -j1 >= 3x pgn-extract's MB/s:           ${r1}x  $(verdict "$r1" 3)"
echo "target: kifu -j1 >= 0.5x the pgn-reader validator's:   ${r2}x  $(verdict "$r2" 0.5)"
echo "target: kifu -j2 / -j1 speed-up >= 1.8x:               ${r3}x  $(verdict "$r3" 1.8)"
if [[ -n ${KIFU_BEFORE:-} ]]; then
  echo "after / before (MB/s, median of the rounds): -j 1 $(round_ratio kifu1 before1)x, -j 2 $(round_ratio kifu2 before2)x (before: $KIFU_BEFORE)"
fi
[[ $wa_status == 0 ]] || echo "warning: kifu validate exited with status $wa_status on the Wa corpus (invalid games?)"
[[ $chess_status == 0 ]] || echo "warning: chess_validate exited with status $chess_status on the chess corpus"
