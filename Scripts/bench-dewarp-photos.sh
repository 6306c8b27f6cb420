#!/usr/bin/env bash
# Real photos of curved book pages (issue 40), each with its text transcribed by hand (NAME.jpg and
# NAME.txt in DIR): Tesseract's share of the words (eng, words of four letters or more) on the raw
# photo, on the page as `--borders auto` made it before laying flat (the quad flattened), on the
# page laid flat, on the whole photo laid flat (no crop; Shift+C leaves a photo whose crop it does
# not keep as it was taken), the same two with the line sheet alone (LineSheet: the fit leptonica's
# model falls back to; "-" where it finds none), and on page-dewarp's result (mzucker/page_dewarp, MIT; `pip install page-dewarp`
# into a virtual environment, its bin folder on the PATH) when it is installed, all in one run;
# and the text lines' straightness before and after (strips-bench-correction dewarp). A photo
# whose EXIF says it is turned is read upright (its pixels turned first), by every reader alike.
#
#   Scripts/bench-dewarp-photos.sh [DIR]     (default: Tests/Fixtures/books)
set -euo pipefail
cd "$(dirname "$0")/.."
source="${1:-Tests/Fixtures/books}"
swift build -c release --product strips-bench-correction >&2
folder="${TMPDIR:-/tmp}/strips-bench-dewarp-photos"
rm -rf "$folder"
mkdir -p "$folder"
share() { python3 Scripts/word-share.py "$1" "$2"; }
printf '%-22s %10s %10s %10s %12s %12s %10s %12s %12s %14s\n' photo "raw photo" flattened "laid flat" "whole, flat" "whole, 1 pass" sheet "whole, sheet" page-dewarp "page-dewarp s"
for truth in "$source"/*.txt; do
  base="$(basename "${truth%.txt}")"
  [ -f "$source/$base.jpg" ] || continue
  photo="$folder/$base.jpg"
  convert "$source/$base.jpg" -auto-orient "$photo"
  .build/release/strips-bench-correction dewarp "$photo" "$folder" --runs 1 >"$folder/$base-bench.txt"
  .build/release/strips-bench-correction dewarp "$photo" "$folder/whole" --runs 1 --whole >"$folder/$base-whole.txt"
  line="$(printf '%-22s' "$base")"
  for kind in "$photo" "$folder/$base-flat.png" "$folder/$base-dewarped.png"; do
    tesseract "$kind" "$folder/$base-read" -l eng >/dev/null 2>&1
    line+="$(printf ' %10s' "$(share "$truth" "$folder/$base-read.txt")")"
  done
  # The whole photo laid flat as the app draws it (two passes), and as it was drawn before (one
  # pass of sixteen taps), so a change of the drawing shows in the words.
  for kind in "$folder/whole/$base-dewarped.png" "$folder/whole/$base-dewarped-one-pass.png"; do
    tesseract "$kind" "$folder/$base-read" -l eng >/dev/null 2>&1
    line+="$(printf ' %12s' "$(share "$truth" "$folder/$base-read.txt")")"
  done
  for kind in "10:$folder/$base-sheet.png" "12:$folder/whole/$base-sheet.png"; do
    if [ -f "${kind#*:}" ]; then
      tesseract "${kind#*:}" "$folder/$base-read" -l eng >/dev/null 2>&1
      line+="$(printf " %${kind%%:*}s" "$(share "$truth" "$folder/$base-read.txt")")"
    else
      line+="$(printf " %${kind%%:*}s" -)"
    fi
  done
  # page-dewarp on one thread; its processor time (user + system, the whole process: Python,
  # OpenCV, its fit and its drawing) is the baseline the bench's own times compare with.
  if command -v page-dewarp >/dev/null 2>&1 && (cd "$folder" && OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 \
       /usr/bin/time -f '%U %S' -o "$base-time.txt" page-dewarp "$base.jpg" >/dev/null 2>&1) && [ -f "$folder/${base}_thresh.png" ]; then
    tesseract "$folder/${base}_thresh.png" "$folder/$base-read" -l eng >/dev/null 2>&1
    line+="$(printf ' %12s %14s' "$(share "$truth" "$folder/$base-read.txt")" "$(awk '{printf "%.2f", $1 + $2}' "$folder/$base-time.txt")")"
  else
    line+="$(printf ' %12s %14s' - -)"
  fi
  echo "$line"
  sed 's/^/    /' "$folder/$base-bench.txt" "$folder/$base-whole.txt"
done
