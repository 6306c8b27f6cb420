#!/usr/bin/env bash
# Makes the README's pictures from headless runs (deterministic: the same scripts give the same
# files): docs/media/photos.gif and pizza.gif (a few seconds each, recorded at half size) and
# docs/media/xray.png (the x-ray overlay, mid-fling, in slow motion), docs/media/window.png (the
# toolbar and a page's menu).
#
# Usage: Scripts/make-readme-media.sh [STRIPS_BINARY]   (default .build/debug/strips, built if missing)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
STRIPS=${1:-$ROOT/.build/debug/strips}
if [ ! -x "$STRIPS" ]; then (cd "$ROOT" && swift build --product strips); fi
OUT=$ROOT/docs/media
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

# Paging with parallax, the thumbnails following, a tap on a thumbnail, a delete and its undo.
cat > "$WORK/photos.txt" <<'SCRIPT'
window 720 540
at 300  down 580 230
at 316  move 470 230
at 333  move 340 230
at 350  up 330 230
at 1300 down 470 500
at 1320 up 470 500
at 2200 key Delete
at 2900 key ctrl+z
at 3600 end
SCRIPT

# A half flung, the other stepped with the keys, a mix, the drum.
cat > "$WORK/pizza.txt" <<'SCRIPT'
window 720 640
at 300  down 250 250
at 316  move 250 190
at 333  move 250 110
at 350  up 250 100
at 1500 move 560 250
at 1500 key Down
at 2000 key m
at 3000 key d
at 4200 end
SCRIPT

# Mid-fling at a tenth of the speed, the x-ray on: frames, indices, parallax, expanding values,
# the strip's offset, visible rect, velocity and where the fling will rest.
cat > "$WORK/xray.txt" <<'SCRIPT'
window 1024 768
at 0    key x
at 0    key s
at 100  down 800 300
at 116  move 650 300
at 133  move 480 300
at 150  up 470 300
at 1100 screenshot XRAY
at 1100 end
SCRIPT
sed -i "s|XRAY|$WORK/xray.png|" "$WORK/xray.txt"

# The toolbar and a page's menu with its look submenu open, at the mouse.
cat > "$WORK/window.txt" <<'SCRIPT'
window 900 620
at 100  down 520 260 right
at 150  up 520 260 right
at 300  move 560 356
at 800  screenshot WINDOW
at 800  end
SCRIPT
sed -i "s|WINDOW|$WORK/window.png|" "$WORK/window.txt"

rm -f "$OUT/photos.gif" "$OUT/pizza.gif" "$OUT/xray.png" "$OUT/window.png"
"$STRIPS" photos --script "$WORK/photos.txt" --trace /dev/null --record "$OUT/photos.gif" --record-scale 0.5
"$STRIPS" pizza --script "$WORK/pizza.txt" --trace /dev/null --record "$OUT/pizza.gif" --record-scale 0.5
"$STRIPS" photos --script "$WORK/xray.txt" --trace /dev/null
mv "$WORK/xray.png" "$OUT/xray.png"
"$STRIPS" photos --script "$WORK/window.txt" --trace /dev/null
mv "$WORK/window.png" "$OUT/window.png"
ls -l "$OUT"
