#!/usr/bin/env bash
# Curved pages (issue 40): sample scans with known words bent as a book's page and photographed at
# 12 MP (strips-bench-correction books), each as `--borders auto` makes it without and with its
# curve laid flat, and Tesseract's share of the words on the raw photo, the flattened page and the
# page laid flat (words of four letters or more, as the text tests count them). The bench prints
# the curve finder's and the renderer's times on one core and the text lines' straightness before
# and after. With page-dewarp installed (pip install page-dewarp), its result is read too.
#
#   Scripts/bench-dewarp.sh [--count N] [--runs N] [--size WxH]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product strips-bench-correction >&2
folder="${TMPDIR:-/tmp}/strips-bench-dewarp"
rm -rf "$folder"
.build/release/strips-bench-correction books "$folder" --count 3 --runs 3 "$@"
share() { python3 Scripts/word-share.py "$1" "$2"; }  # truth.txt read.txt
for truth in "$folder"/book-*.txt; do
  name="${truth%.txt}"
  line="$(basename "$name"): words read by Tesseract (eng):"
  for kind in "raw photo:$name.jpg" "flattened:$name-flat.png" "laid flat:$name-dewarped.png"; do
    tesseract "${kind#*:}" "$name-read" -l eng >/dev/null 2>&1
    line+=" ${kind%%:*} $(share "$truth" "$name-read.txt"),"
  done
  if command -v page-dewarp >/dev/null 2>&1; then
    (cd "$folder" && page-dewarp "$(basename "$name").jpg" >/dev/null 2>&1) || true
    if [ -f "${name}_thresh.png" ]; then
      tesseract "${name}_thresh.png" "$name-read" -l eng >/dev/null 2>&1
      line+=" page-dewarp $(share "$truth" "$name-read.txt"),"
    fi
  fi
  echo "${line%,}"
done
