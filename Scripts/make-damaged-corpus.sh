#!/usr/bin/env bash
# Writes a folder of damaged copies of the project's own pictures, the way real files get damaged:
# truncated, bits flipped, header bytes changed, sizes that cannot be, chunk lengths pointing past
# the end, PngSuite's corruptions (signature, CR/LF conversion, checksums, colour type, bit depth,
# missing IDAT), plus copies that must still be shown (pristine; a bad CRC in an ancillary chunk).
#
#   Scripts/make-damaged-corpus.sh OUT_FOLDER
#
# Names are SOURCE--MUTATION.EXT. Deterministic (same bytes every run); needs only coreutils.
set -euo pipefail
export LC_ALL=C  # grep matches bytes, not characters
root="$(cd "$(dirname "$0")/.." && pwd)"
out=${1:?usage: make-damaged-corpus.sh OUT_FOLDER}
mkdir -p "$out"

sources=(
  "$root"/Tests/Fixtures/formats/shape.{png,jpg,gif,bmp,tga,webp}
  "$root/Tests/Fixtures/orientation/orient-6.jpg"
  "$root/Assets/Sample/01-contract.jpg"
  "$root/Assets/Pizza/margherita-left.png"
)

size() { stat -c %s "$1"; }
byte() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '; }
# put FILE OFFSET HEX...: overwrites bytes in place.
put() {
  local file=$1 offset=$2; shift 2
  local bytes=""; for h in "$@"; do bytes+="\\x$h"; done
  printf "$bytes" | dd of="$file" bs=1 seek="$offset" conv=notrunc status=none
}
# offset FILE TEXT: byte offset of the first TEXT in FILE (binary-safe), or empty.
offset() { grep -aboF "$2" "$1" | head -1 | cut -d: -f1 || true; }
# copy NAME: the working copy of the current source under a mutation's name.
copy() { local dest="$out/$base--$1.$ext"; cp "$src" "$dest"; echo "$dest"; }
truncate_to() { head -c "$2" "$src" > "$out/$base--$1.$ext"; }

for src in "${sources[@]}"; do
  name=$(basename "$src"); base=${name%.*}; ext=${name##*.}; n=$(size "$src")

  copy pristine > /dev/null
  for cut in 1 8 20 $((n / 4)) $((n / 2)) $((n * 3 / 4)) $((n - 1)); do truncate_to "cut$cut" "$cut"; done
  for k in 1 2 3 4 5 6; do
    at=$(( (k * 7919 + 13) % n )); f=$(copy "flip$at")
    put "$f" "$at" "$(printf %02x $(( $(byte "$src" "$at") ^ 0xFF )))"
  done
  f=$(copy zero-head); put "$f" 0 00 00 00 00
  { cat "$src"; head -c 4096 /dev/zero | tr '\0' '\252'; } > "$out/$base--trailing-garbage.$ext"

  case $ext in
    png)
      f=$(copy huge-width); put "$f" 16 7f ff ff ff
      f=$(copy zero-width); put "$f" 16 00 00 00 00
      idat=$(( $(offset "$src" IDAT) - 4 ))
      f=$(copy idat-past-end); put "$f" "$idat" 00 ff ff ff
      # PngSuite's corrupt files, made the same way from this picture.
      f=$(copy xs1); put "$f" 0 09
      f=$(copy xs2); put "$f" 1 51
      f=$(copy xs4); put "$f" 3 67
      f=$(copy xs7); put "$f" 7 20
      { head -c 4 "$src"; printf '\r\r\n'; tail -c +7 "$src"; } > "$out/$base--xcr.$ext"
      { head -c 4 "$src"; printf '\n\n'; tail -c +7 "$src"; } > "$out/$base--xlf.$ext"
      f=$(copy xhd); put "$f" 29 00 00 00 00
      f=$(copy xc1); put "$f" 25 01
      f=$(copy xc9); put "$f" 25 09
      f=$(copy xd0); put "$f" 24 00
      f=$(copy xd3); put "$f" 24 03
      f=$(copy xd9); put "$f" 24 63
      idat_len=$(( $(byte "$src" "$idat") << 24 | $(byte "$src" $((idat + 1))) << 16 | $(byte "$src" $((idat + 2))) << 8 | $(byte "$src" $((idat + 3))) ))
      { head -c "$idat" "$src"; tail -c +$((idat + 12 + idat_len + 1)) "$src"; } > "$out/$base--xdt.$ext"
      f=$(copy xcs); put "$f" $((idat + 8 + idat_len)) 00 00 00 00
      # An ancillary text chunk with a wrong CRC: the picture itself is fine and must be shown.
      { head -c 33 "$src"; printf '\x00\x00\x00\x03tEXta\x00b\xde\xad\xbe\xef'; tail -c +34 "$src"; } > "$out/$base--ancillary-crc.$ext"
      ;;
    jpg)
      sof=$(grep -aboP '\xff[\xc0-\xc2]' "$src" | head -1 | cut -d: -f1)
      f=$(copy huge-sof); put "$f" $((sof + 5)) ff ff ff ff
      f=$(copy zero-sof); put "$f" $((sof + 5)) 00 00 00 00
      head -c $((n - 2)) "$src" > "$out/$base--no-eoi.$ext"
      ;;
    gif)
      f=$(copy huge-screen); put "$f" 6 ff ff ff ff
      desc=$(grep -abo ',' "$src" | awk -F: '$1 > 12 {print $1; exit}')
      f=$(copy huge-frame); put "$f" $((desc + 5)) ff ff ff ff
      ;;
    bmp)
      f=$(copy huge-width); put "$f" 18 ff ff ff 7f
      f=$(copy pixels-past-end); put "$f" 10 ff ff ff 00
      f=$(copy bad-depth); put "$f" 28 07 00
      ;;
    tga)
      f=$(copy huge-size); put "$f" 12 ff ff ff ff
      f=$(copy bad-type); put "$f" 2 07
      ;;
    webp)
      f=$(copy riff-past-end); put "$f" 4 ff ff ff 0f
      f=$(copy huge-size); put "$f" 26 ff 3f ff 3f
      ;;
  esac
done
: > "$out/empty.png"
ls "$out" | wc -l
