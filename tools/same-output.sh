#!/usr/bin/env bash
# Writes what the kifu binary prints for the fixtures (every command and format that changes
# rarely) into DIR, one file per run, with each run's exit status; compare two DIRs with
# `diff -r` to check that a change kept every output byte-identical.
#
# Usage: tools/same-output.sh DIR [KIFU]   (KIFU default: target/release/kifu)
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/same-output.sh DIR [KIFU]}
kifu=${2:-target/release/kifu}
mkdir -p "$out"

run() { # NAME ARGS...: stdout to NAME.out, stderr to NAME.err, status to NAME.status
  local name=$1; shift
  "$kifu" "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo $? >"$out/$name.status"
}

run validate-json validate --format json fixtures
run validate-human validate fixtures
for to in csv json; do run "convert-$to" convert --to "$to" fixtures; done
run convert-csv-game convert --to csv --per game fixtures
for n in hodges long san xboard; do run "convert-$n" convert --notation "$n" fixtures; done
run convert-kanji convert --ranks kanji fixtures/wa
run convert-html convert --to html fixtures/gufu
run analyze-gufu analyze fixtures/gufu --to json
run analyze-gufu-text analyze fixtures/gufu
run perft-wa perft --variant wa 3 --divide
run perft-nodrop perft --variant wa-nodrop 2 --divide
run perft-gufu perft --variant gufu 6 --divide
for f in fixtures/gufu/gufu-friendly-mate.psn fixtures/crazywa/selfplay-001.psn; do
  b=$(basename "$f" .psn)
  run "render-$b" render "$f"
  run "render-$b-ply3" render "$f" --ply 3 --flip
done
run render-png render fixtures/gufu/gufu-friendly-mate.psn --format png
run filter filter fixtures --variant gufu
run stats stats fixtures
run solve solve --variant gufu
