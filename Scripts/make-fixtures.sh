#!/usr/bin/env bash
# Writes Tests/Fixtures/: tiny pictures for the loader tests.
#
#   orientation/orient-N.jpg  N = 1...8: the same upright 32x16 picture (red top-left, green
#                             top-right, blue bottom-left, white bottom-right), stored turned or
#                             mirrored as EXIF orientation N says, with the tag set to N.
#   formats/shape.{png,gif,bmp,webp,tga,jpg}  one 40x24 picture in each format (header tests).
#   decoders/flat.png and the same 37x21 picture of eight flat colours in every format decoded
#                             whole (BMP 24-bit and RLE8, TGA bottom-up and RLE with alpha, PCX, PNM P1-P6,
#                             QOI, LBM planar and chunky, lossless WebP) and as a CMYK JPEG: each
#                             must decode to flat.png's pixels (the CMYK one nearly).
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
# Eight flat colours (a palette every format holds), 37 x 21 (an odd width: row padding shows).
mkdir -p "$out/decoders"
d="$out/decoders"
$IM -size 37x21 xc:'#000000' \
  -fill '#ff0000' -draw 'rectangle 5,0 9,20' -fill '#00ff00' -draw 'rectangle 10,0 14,20' \
  -fill '#0000ff' -draw 'rectangle 15,0 19,20' -fill '#ffff00' -draw 'rectangle 20,0 24,10' \
  -fill '#ffffff' -draw 'rectangle 25,0 29,20' -fill '#808080' -draw 'rectangle 30,0 36,20' \
  -fill '#00ffff' -draw 'rectangle 20,11 24,20' -depth 8 -strip "PNG24:$d/flat.png"
$IM "$d/flat.png" -strip "BMP3:$d/rgb.bmp"
$IM "$d/flat.png" -strip -type Palette -compress RLE "BMP3:$d/rle8.bmp"
$IM "$d/flat.png" -strip -type Palette "$d/palette.pcx"
$IM "$d/flat.png" -strip "$d/binary.ppm"
$IM "$d/flat.png" -strip -compress none "$d/plain.ppm"
$IM "$d/flat.png" -strip -define webp:lossless=true "$d/lossless.webp"
$IM "$d/flat.png" -strip -colorspace CMYK -quality 98 -sampling-factor 1x1 "$d/cmyk.jpg"
# Grey and black-and-white pictures of it: their own expected pixels.
$IM "$d/flat.png" -strip -colorspace gray -depth 8 "PNG8:$d/grey.png"
$IM "$d/grey.png" -strip "$d/binary.pgm"
$IM "$d/grey.png" -strip -compress none "$d/plain.pgm"
$IM "$d/flat.png" -strip -threshold 50% -type bilevel "PNG8:$d/bilevel.png"
$IM "$d/bilevel.png" -strip "$d/binary.pbm"
$IM "$d/bilevel.png" -strip -compress none "$d/plain.pbm"
# QOI and LBM (ImageMagick 6 writes neither) and TGA (ImageMagick 6 marks its rows bottom-up and
# writes them top-down): written from flat.png's pixels by the few lines below.
python3 - "$d" <<'PY'
import struct, subprocess, sys
d = sys.argv[1]
w, h = 37, 21
raw = subprocess.run(["/usr/bin/convert", f"{d}/flat.png", "-depth", "8", "rgb:-"], check=True, capture_output=True).stdout
pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
# QOI: the header, every pixel as QOI_OP_RGBA, the end marker.
qoi = b"qoif" + struct.pack(">IIBB", w, h, 4, 0) + b"".join(b"\xff" + bytes(p) + b"\xff" for p in pixels) + b"\0" * 7 + b"\1"
open(f"{d}/rgba.qoi", "wb").write(qoi)
# TGA: 24-bit rows bottom-up, uncompressed; 32-bit with alpha 128, rows top-down, run-length
# coded (a run for each stretch of one colour, at most 128 long, else raw packets).
def tga(kind, bits, descriptor, rows):
    return struct.pack("<BBBHHBHHHHBB", 0, 0, kind, 0, 0, 0, 0, 0, w, h, bits, descriptor) + rows
bottom_up = b"".join(bytes((b, g, r)) for y in reversed(range(h)) for (r, g, b) in pixels[y * w:(y + 1) * w])
open(f"{d}/bottom-up.tga", "wb").write(tga(2, 24, 0x00, bottom_up))
runs = bytearray()
for y in range(h):
    row = pixels[y * w:(y + 1) * w]
    x = 0
    while x < w:
        n = 1
        while x + n < w and n < 128 and row[x + n] == row[x]: n += 1
        r, g, b = row[x]
        runs += bytes((0x80 | (n - 1), b, g, r, 128))
        x += n
open(f"{d}/rle-alpha.tga", "wb").write(tga(10, 32, 0x28, bytes(runs)))
# LBM: a 16-colour palette, the picture as four bitplanes (ILBM) and as a byte a pixel (PBM).
palette = sorted(set(pixels))
palette += [(0, 0, 0)] * (16 - len(palette))
index = [palette.index(p) for p in pixels]
def chunk(kind, data): return kind + struct.pack(">I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
def form(kind, planes, body):
    bmhd = struct.pack(">HHhhBBBBHBBhh", w, h, 0, 0, planes, 0, 0, 0, 0, 1, 1, w, h)
    data = kind + chunk(b"BMHD", bmhd) + chunk(b"CMAP", b"".join(bytes(c) for c in palette)) + chunk(b"BODY", body)
    return b"FORM" + struct.pack(">I", len(data)) + data
row_bytes = (w + 15) // 16 * 2
planar = bytearray()
for y in range(h):
    for plane in range(4):
        row = bytearray(row_bytes)
        for x in range(w):
            if index[y * w + x] >> plane & 1: row[x // 8] |= 0x80 >> (x % 8)
        planar += row
open(f"{d}/planar.lbm", "wb").write(form(b"ILBM", 4, bytes(planar)))
chunky = b"".join(bytes(index[y * w:(y + 1) * w]) + b"\0" * (w % 2) for y in range(h))
open(f"{d}/chunky.lbm", "wb").write(form(b"PBM ", 8, chunky))
PY
echo "wrote $(find "$out" -type f | wc -l) fixtures under $out"
