#!/usr/bin/env bash
# Issue 22's measurements (docs/PERFORMANCE.md): makes eight 300 dpi sample scans of our own text
# pages (typeset with DejaVu through cairo, turned up to 1.5 degrees, a lid's shadow, noise, JPEG),
# then measures recognition time against the tesseract command on the same pages, the word accuracy
# and word boxes of the saved text-layered PDFs as pdftotext reads them, that the layer is invisible,
# and each look's time and size. Needs the tesseract command (tesseract-ocr) and poppler-utils.
#   Scripts/bench-text.sh [DIR]                     default DIR: a temporary folder
#   OMP_THREAD_LIMIT=1 Scripts/bench-text.sh        both sides without OpenMP's extra threads
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d -t strips-text-XXXXXX)}
command -v tesseract >/dev/null || { echo "bench-text: needs the tesseract command (apt install tesseract-ocr)" >&2; exit 1; }
swift build -c release --product strips-bench-text >&2
.build/release/strips-bench-text make "$dir" 8 >&2
.build/release/strips-bench-text run "$dir"
