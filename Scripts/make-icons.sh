#!/usr/bin/env bash
# Renders the app icon, Assets/Icons/hicolor/scalable/apps/ID.svg, to the hicolor PNG sizes
# (Assets/Icons/hicolor/NxN/apps/ID.png) that desktops without SVG support, and the window icon,
# use; ID is the app's id (Sources/StripsCore/AppID.swift), the desktop entry's name. Deterministic;
# the PNGs are committed.
#
# Usage: Scripts/make-icons.sh   (needs rsvg-convert: apt-get install librsvg2-bin)
set -euo pipefail
cd "$(dirname "$0")/.."
id=io.github.strips.strips
svg=Assets/Icons/hicolor/scalable/apps/$id.svg
for size in 16 22 24 32 48 64 128 256 512; do
  dir=Assets/Icons/hicolor/${size}x${size}/apps
  mkdir -p "$dir"
  rsvg-convert --width "$size" --height "$size" --format png --output "$dir/$id.png" "$svg"
done
echo "wrote $(find Assets/Icons/hicolor -name "$id.png" | wc -l) PNG sizes of $svg"
