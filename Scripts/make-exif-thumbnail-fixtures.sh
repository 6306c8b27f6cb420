#!/usr/bin/env bash
# Writes Tests/Fixtures/exif-thumbnail/: photos with an embedded EXIF thumbnail.
#
#   portrait-6.jpg    a 64x48 stored picture, EXIF orientation 6 (shown as 48x64), all grey,
#                     whose 16x12 thumbnail has a red left half and a blue right half: shown
#                     upright the thumbnail is 12x16, red on top, blue below. Grey main pixels
#                     tell the thumbnail from a decode of the picture itself.
#   letterboxed.jpg   a 64x48 picture with a 16x16 thumbnail: the wrong shape, not to be used.
#
# ImageMagick 6 makes the pixels; the EXIF APP1 segment (IFD0 with Orientation, IFD1 with
# the JPEG thumbnail, as cameras write it) is put after the SOI marker by the Python below.
# Deterministic.
#
# Usage: Scripts/make-exif-thumbnail-fixtures.sh   (needs ImageMagick 6 at /usr/bin/convert and python3)
set -euo pipefail
cd "$(dirname "$0")/.."
IM=/usr/bin/convert
out=Tests/Fixtures/exif-thumbnail
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

$IM -size 64x48 xc:'#808080' -strip -quality 90 "$tmp/main.jpg"
$IM -size 16x12 xc:'#0000ff' -fill '#ff0000' -draw 'rectangle 0,0 7,11' -strip -quality 98 -sampling-factor 1x1 "$tmp/thumb.jpg"
$IM -size 16x16 xc:'#00ff00' -strip -quality 90 "$tmp/square.jpg"

embed() {  # main thumbnail orientation output
  python3 - "$@" <<'PY'
import struct, sys
main, thumb, orientation, dst = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
data, thumbnail = open(main, "rb").read(), open(thumb, "rb").read()
assert data[:2] == b"\xff\xd8" and thumbnail[:2] == b"\xff\xd8"
# Little-endian TIFF: IFD0 at 8 (Orientation), IFD1 at 26 (Compression = JPEG, offset, length),
# the thumbnail's bytes at 68. Offsets count from the TIFF header.
ifd0 = struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack("<I", 26)
ifd1 = struct.pack("<H", 3) + struct.pack("<HHIHH", 0x0103, 3, 1, 6, 0) \
    + struct.pack("<HHII", 0x0201, 4, 1, 68) + struct.pack("<HHII", 0x0202, 4, 1, len(thumbnail)) + struct.pack("<I", 0)
tiff = b"II*\x00" + struct.pack("<I", 8) + ifd0 + ifd1
assert len(tiff) == 68
payload = b"Exif\x00\x00" + tiff + thumbnail
app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
open(dst, "wb").write(data[:2] + app1 + data[2:])
PY
}
embed "$tmp/main.jpg" "$tmp/thumb.jpg" 6 "$out/portrait-6.jpg"
embed "$tmp/main.jpg" "$tmp/square.jpg" 1 "$out/letterboxed.jpg"
echo "wrote $(find "$out" -type f | wc -l) fixtures under $out"
