#!/usr/bin/env bash
# Issue 22's measurements (docs/PERFORMANCE.md): makes eight 300 dpi sample scans of our own text
# pages (typeset with DejaVu through cairo, turned up to 1.5 degrees, a lid's shadow, noise, JPEG),
# then measures recognition time against the tesseract command on the same pages, the word accuracy
# and word boxes of the saved text-layered PDFs as pdftotext reads them, that the layer is invisible,
# and each look's time and size. Needs the tesseract command (tesseract-ocr) and poppler-utils.
#   Scripts/bench-text.sh [DIR]                     default DIR: a temporary folder
#   OMP_THREAD_LIMIT=1 Scripts/bench-text.sh        both sides without OpenMP's extra threads
#   STRIPS_BUILD_PATH=.build-release Scripts/bench-text.sh   build into another folder
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d -t strips-text-XXXXXX)}
command -v tesseract >/dev/null || { echo "bench-text: needs the tesseract command (apt install tesseract-ocr)" >&2; exit 1; }
build=${STRIPS_BUILD_PATH:-.build}
swift build -c release --build-path "$build" --product strips-bench-text >&2
swift build -c release --build-path "$build" --product strips >&2
"$build"/release/strips-bench-text make "$dir" 8 >&2
"$build"/release/strips-bench-text run "$dir"

# The program's own save: the scans opened with --ocr eng (an empty text cache), every page given
# a look (l pressed 0 to 3 times over all of them), Ctrl+S; each PDF measured against the truth.
cache=$(mktemp -d)
for presses in 0 1 2 3; do
  look=$(echo original colour grey bw | cut -d' ' -f$((presses + 1)))
  { echo "at 0 key ctrl+a"; for i in $(seq "$presses"); do echo "at $((100 + 50 * i)) key l"; done
    echo "at 1500 key ctrl+s"; echo "at 1600 end"; } > "$dir/$look.strips"
  rm -f "$dir/saved-$look.pdf"
  XDG_CACHE_HOME=$cache "$build"/release/strips photos "$dir"/page-*.jpg --ocr eng --script "$dir/$look.strips" --output "$dir/saved-$look.pdf"
  echo "## strips photos --ocr eng, every page $look, Ctrl+S"
  "$build"/release/strips-bench-text saved "$dir" "$dir/saved-$look.pdf"
done

# The program's own path, `strips text` (orientation found, then the page read, on as many threads
# as there are cores, OMP_THREAD_LIMIT=1 set by the program itself), from an empty text cache,
# against the tesseract command on the same pages one after the other (its OpenMP capped the same
# way, and as it comes). Processor time (user + system) is what the two cost; wall time follows the
# cores they get.
cost() { /usr/bin/time -f "%U %S %e" -o "$dir/time.txt" "$@" >/dev/null 2>&1; awk '{printf "%.2f s processor, %.2f s wall", $1 + $2, $3}' "$dir/time.txt"; }
pages=("$dir"/page-*.jpg)
echo "strips text, ${#pages[@]} pages:               $(cost env XDG_CACHE_HOME="$(mktemp -d)" "$build"/release/strips text --ocr eng "${pages[@]}")"
echo "tesseract, OMP_THREAD_LIMIT=1:           $(cost env OMP_THREAD_LIMIT=1 bash -c 'for f; do tesseract "$f" - -c thresholding_method=2; done' _ "${pages[@]}")"
echo "tesseract, OpenMP as it comes:           $(cost bash -c 'for f; do tesseract "$f" - -c thresholding_method=2; done' _ "${pages[@]}")"
