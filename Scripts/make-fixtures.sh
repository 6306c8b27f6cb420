#!/usr/bin/env bash
# Writes Tests/Fixtures/: tiny pictures for the loader tests.
#
#   orientation/orient-N.jpg  N = 1...8: the same upright 32x16 picture (red top-left, green
#                             top-right, blue bottom-left, white bottom-right), stored turned or
#                             mirrored as EXIF orientation N says, with the tag set to N.
#   formats/shape.{png,gif,bmp,webp,tga,jpg}  one 40x24 picture in each format (header tests).
#
# ImageMagick 6 makes the pixels. IM6's `-orient` only rewrites an EXIF block the file already
# has, so a minimal EXIF APP1 segment (IFD0 with the Orientation tag alone) is written after
# the JPEG's SOI marker by the few lines of Python below. Deterministic.
#
# Usage: Scripts/make-fixtures.sh   (needs ImageMagick 6 at /usr/bin/convert and python3)
set -euo pipefail
cd "$(dirname "$0")/.."
IM=/usr/bin/convert
out=Tests/Fixtures
mkdir -p "$out/orientation" "$out/formats"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The upright picture: 16x8 quadrants, aligned to JPEG's 8x8 blocks so the colours stay clean.
$IM -size 32x16 xc:white \
  -fill '#ff0000' -draw 'rectangle 0,0 15,7' \
  -fill '#00ff00' -draw 'rectangle 16,0 31,7' \
  -fill '#0000ff' -draw 'rectangle 0,8 15,15' \
  "$tmp/upright.png"

# How the stored pixels are made from the upright picture, for each orientation tag.
ops=("" "-flop" "-rotate 180" "-flip" "-transpose" "-rotate 270" "-transverse" "-rotate 90")
for n in 1 2 3 4 5 6 7 8; do
  # shellcheck disable=SC2086
  $IM "$tmp/upright.png" ${ops[$((n - 1))]} -strip -quality 98 -sampling-factor 1x1 "$tmp/stored-$n.jpg"
  python3 - "$tmp/stored-$n.jpg" "$out/orientation/orient-$n.jpg" "$n" <<'PY'
import struct, sys
src, dst, orientation = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, "rb").read()
assert data[:2] == b"\xff\xd8"
# TIFF header (little endian), IFD0 with one entry: 0x0112 Orientation, SHORT, count 1.
tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) \
    + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack("<I", 0)
payload = b"Exif\x00\x00" + tiff
app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
open(dst, "wb").write(data[:2] + app1 + data[2:])
PY
done

# One picture in each format the header reader knows, and one it does not (TGA).
$IM -size 40x24 gradient:'#336699-#ffcc00' "$tmp/shape.png"
for ext in png gif bmp webp tga jpg; do
  $IM "$tmp/shape.png" -strip "$out/formats/shape.$ext"
done
echo "wrote $(find "$out" -type f | wc -l) fixtures under $out"
