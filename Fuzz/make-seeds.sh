#!/usr/bin/env bash
# Makes the committed seed corpus from the test fixtures (run once; the outputs are committed).
# Targets that take a file get one leading byte that picks the extension (see FuzzSupport.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
f=Tests/Fixtures
index() { case $1 in png) echo 0;; jpg) echo 1;; gif) echo 2;; bmp) echo 3;; webp) echo 4;; tga) echo 5;; tif) echo 6;; ppm|pgm|pbm) echo 7;; qoi) echo 8;; pcx) echo 9;; lbm) echo 10;; esac; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
convert "$f/formats/shape.png" -depth 8 -compress lzw "$tmp/shape.tif"
convert -size 9x5 gradient:red-blue -interlace PNG -depth 16 "$tmp/interlaced16.png"
convert -size 7x3 xc:'rgba(10,200,30,0.5)' -colors 4 "$tmp/palette.png"
mkdir -p Fuzz/corpus/{header,png,decode,formats}
for file in $f/formats/* "$tmp/shape.tif" "$tmp/interlaced16.png" "$tmp/palette.png" $f/orientation/orient-{1,6}.jpg; do
  ext=${file##*.}; name=$(basename "$file")
  for target in header decode formats; do
    [ "$target" = formats ] && [ "$ext" = jpg ] && continue
    { printf "\\x$(printf %02x "$(index "$ext")")"; cat "$file"; } > "Fuzz/corpus/$target/$name"
  done
  [ "$ext" = png ] && cp "$file" "Fuzz/corpus/png/$name"
done
# Every format decoded whole, from the decoder tests' fixtures.
for file in $f/decoders/*; do
  ext=${file##*.}; case $ext in png|jpg) continue;; esac
  { printf "\\x$(printf %02x "$(index "$ext")")"; cat "$file"; } > "Fuzz/corpus/formats/decoder-$(basename "$file")"
done
