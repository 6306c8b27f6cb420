#!/usr/bin/env bash
# Renders the app icon, Assets/Icons/hicolor/scalable/apps/strips.svg, to the hicolor PNG sizes
# (Assets/Icons/hicolor/NxN/apps/strips.png) that desktops without SVG support, and the window
# icon, use. Deterministic; the PNGs are committed.
#
# Usage: Scripts/make-icons.sh   (needs rsvg-convert: apt-get install librsvg2-bin)
set -euo pipefail
cd "$(dirname "$0")/.."
svg=Assets/Icons/hicolor/scalable/apps/strips.svg
for size in 16 22 24 32 48 64 128 256 512; do
  dir=Assets/Icons/hicolor/${size}x${size}/apps
  mkdir -p "$dir"
  rsvg-convert --width "$size" --height "$size" --format png --output "$dir/strips.png" "$svg"
done
echo "wrote $(find Assets/Icons/hicolor -name strips.png | wc -l) PNG sizes of $svg"
