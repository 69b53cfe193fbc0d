#!/usr/bin/env bash
# Regenerates the README's images. Run from the repository root after `cargo build --release`;
# the screenshot of a replay page needs Chromium (apt-get install chromium).
set -euo pipefail
cd "$(dirname "$0")/../.."
kifu=target/release/kifu
out=docs/images
game=fixtures/crazywa/selfplay-001.psn
"$kifu" render "$game" -o "$out/wa-final.svg"
"$kifu" render "$game" --size 640 -o "$out/wa-final.png"
"$kifu" render "$game" --ply 30 --flip --style plain --labels english --ranks letters \
    -o "$out/wa-plain-flipped.svg"
# A Gufū mate in five plies, with a caption too long for one line.
"$kifu" render - -o "$out/gufu-mate.svg" \
    --caption "Black: A. Virtanen · White: B. Lindqvist-Öhman · 5. K-2二>E#, checkmate" <<'PSN'
[Black "A. Virtanen"]
[White "B. Lindqvist-Öhman"]
[Variant "Gufu"]

1. K*2三>N 2. K*1一>S 3. W*2一>E 4. S*1三>W 5. K-2二>E# 1-0
PSN
# The replay page of a game with variations, at a ply inside one, seen by a browser.
"$kifu" convert fixtures/wa/crazywa-124-kanji.psn --to html -o "$out/replay-page.html"
if command -v chromium >/dev/null; then
    profile=$(mktemp -d)
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" --window-size=1280,760 \
        --screenshot="$out/replay-page.png" "file://$PWD/$out/replay-page.html#node=12" \
        2>/dev/null
    rm -rf "$profile"
fi
rm "$out/replay-page.html"
