#!/usr/bin/env bash
# Byte-identical outputs: runs one `kifu` binary and another (say, main's before a refactor and
# the branch's after it) through every command and format on fixtures/, and compares their
# standard output, standard error and exit status, and the files they write. Prints the
# exit status and output size of each command, and the differences; exits 1 if any differs.
#
# Usage: bench/same-output.sh BEFORE_BIN AFTER_BIN
#   e.g. git worktree add /tmp/before 664beb0 && (cd /tmp/before && cargo build --release)
#        cargo build --release && bench/same-output.sh /tmp/before/target/release/kifu target/release/kifu
set -uo pipefail
cd "$(dirname "$0")/.."
[[ $# -eq 2 ]] || { sed -n '2,9p' "$0"; exit 2; }
before=$(realpath "$1"); after=$(realpath "$2")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# One command a line, run in a folder of its own (with a link to fixtures/); `@OUT` stands
# for a folder there for the files it writes.
commands() {
  cat <<'LIST'
validate fixtures
validate fixtures --format json -q
validate fixtures/invalid --strict
convert fixtures
convert fixtures --notation long --ranks kanji
convert fixtures/wa fixtures/xboard fixtures/crazywa --notation xboard
convert fixtures/wa fixtures/xboard fixtures/crazywa --notation san
convert fixtures/gufu --notation san
convert fixtures --to csv
convert fixtures --to csv --per game
convert fixtures --to json
convert fixtures/gufu/gufu-friendly-mate.psn --to html -o @OUT/game.html
convert fixtures/xboard/hachu-07.pgn --to html -o @OUT/hachu.html
render fixtures/gufu/gufu-friendly-mate.psn -o @OUT/gufu.svg
render fixtures/xboard/hachu-07.pgn --ply 30 -o @OUT/wa.svg
render fixtures/gufu/gufu-two-games.psn --game 2 --every-ply -o @OUT/boards/
render fixtures/wa/nodrop-casual.psn -o @OUT/wa.png --size 400
analyze fixtures/gufu fixtures/wa
analyze fixtures/gufu --to csv
analyze fixtures/xboard/crazywa-01.pgn --to json
stats fixtures
stats fixtures --format json
filter fixtures --variant gufu
filter fixtures --dedup --count
filter fixtures --invalid
filter fixtures --games 1-2 --cut 10
perft --variant wa 3 --divide
perft --variant gufu 5
mate --variant wa --position 10k/11/8G2/11/11/11/11/11/11/11/K10[X]_w_0_1
mate --variant gufu --position Kn1/1ks/SwWn_w_-_14
solve --variant gufu --moves
solve --variant gufu --position Sske/2/KwWn_b_-_5 --moves --format json
LIST
}

differ=0
n=0
while read -r line; do
  n=$((n + 1))
  for side in before after; do
    bin=$before; [[ $side == after ]] && bin=$after
    out="$work/$side/$n"; mkdir -p "$out/files"
    ln -s "$PWD/fixtures" "$out/fixtures"
    # `_` in a --position value stands for a space (the list is split on spaces).
    read -ra words <<<"${line//@OUT/files}"
    words=("${words[@]//_/ }")
    (cd "$out" && "$bin" "${words[@]}" >stdout 2>stderr </dev/null; echo $? >status)
  done
  printf '%3s %6s bytes  kifu %s\n' "$(cat "$work/after/$n/status")" \
    "$(cat "$work/after/$n/stdout" | wc -c)" "$line"
  if ! diff -r -q -x fixtures "$work/before/$n" "$work/after/$n" >/dev/null; then
    echo "DIFFERS: kifu $line"
    diff -r -x fixtures "$work/before/$n" "$work/after/$n" | head -20
    differ=1
  fi
done < <(commands)
echo "$n commands compared: $([[ $differ == 0 ]] && echo 'every output byte-identical' || echo 'some differ')"
exit $differ
