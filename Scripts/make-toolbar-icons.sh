#!/usr/bin/env bash
# Renders the toolbar's icons, Assets/Toolbar/svg/NAME.svg (24 x 24, white strokes on clear, drawn
# for the app), to the PNGs the window draws: NAME.png at 20 px for 1x screens, NAME@2x.png
# (40 px) and NAME@3x.png (60 px) for HiDPI ones, so every line lands on whole device pixels.
# The window tints them (greyed when a button cannot act). Deterministic; the PNGs are committed.
#
# Usage: Scripts/make-toolbar-icons.sh   (needs rsvg-convert: apt-get install librsvg2-bin)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "make-toolbar-icons: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 1; }
out=Assets/Toolbar
count=0
for svg in "$out"/svg/*.svg; do
  name=$(basename "$svg" .svg)
  for scale in 1 2 3; do
    suffix=$([ "$scale" = 1 ] && echo "" || echo "@${scale}x")
    rsvg-convert --width $((20 * scale)) --height $((20 * scale)) --format png --output "$out/$name$suffix.png" "$svg"
  done
  count=$((count + 1))
done
echo "wrote $count icons at 1x, 2x and 3x to $out"
