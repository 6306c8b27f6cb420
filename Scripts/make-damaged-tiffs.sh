#!/usr/bin/env bash
# Writes a folder of damaged three-page TIFFs, one set for every compression Strips reads through
# libtiff (none, LZW, Deflate/ZIP, PackBits, JPEG, CCITT G3 and G4): truncated at the header, a
# quarter, half, three quarters and a byte short; bytes flipped; the first directory's count and
# its link to the next changed; plus each file whole. Damaged multi-page files must name their
# loss once and keep every page they cannot read as an error card (DamagedInputTests).
#
#   Scripts/make-damaged-tiffs.sh OUT_FOLDER
#
# Names are COMPRESSION--MUTATION.tif. Needs ImageMagick's convert (the test dependencies).
set -euo pipefail
export LC_ALL=C
out=${1:?usage: make-damaged-tiffs.sh OUT_FOLDER}
mkdir -p "$out"

size() { stat -c %s "$1"; }
byte() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '; }
word() { od -An -tu4 -j "$2" -N4 --endian=little "$1" | tr -d ' '; }
short() { od -An -tu2 -j "$2" -N2 --endian=little "$1" | tr -d ' '; }
put() {
  local file=$1 offset=$2; shift 2
  local bytes=""; for h in "$@"; do bytes+="\\x$h"; done
  printf "$bytes" | dd of="$file" bs=1 seek="$offset" conv=notrunc status=none
}
copy() { local dest="$out/$base--$1.tif"; cp "$src" "$dest"; echo "$dest"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Three pages of 300 x 400: a checkerboard, a gradient and grey (bilevel for the fax codings).
for compression in None LZW Zip RLE JPEG Fax Group4; do
  case $compression in Fax|Group4) look=(-monochrome) ;; *) look=() ;; esac
  src="$work/$compression.tif"
  convert -size 300x400 pattern:checkerboard gradient:white-black xc:gray50 "${look[@]}" -compress "$compression" \
    +set date:create +set date:modify "$src"
  base=$(echo "$compression" | tr 'A-Z' 'a-z'); n=$(size "$src")
  copy pristine > /dev/null
  for cut in 8 $((n / 4)) $((n / 2)) $((n * 3 / 4)) $((n - 1)); do head -c "$cut" "$src" > "$out/$base--cut$cut.tif"; done
  for k in 1 2 3 4; do
    at=$(( (k * 7919 + 13) % n )); f=$(copy "flip$at")
    put "$f" "$at" "$(printf %02x $(( $(byte "$src" "$at") ^ 0xFF )))"
  done
  ifd=$(word "$src" 4); entries=$(short "$src" "$ifd")
  f=$(copy next-past-end); put "$f" $((ifd + 2 + 12 * entries)) ff ff ff 7f
  f=$(copy entries-huge); put "$f" "$ifd" ff ff
done
ls "$out" | wc -l
