#!/usr/bin/env bash
# Issue 42's speed per page (docs/PERFORMANCE.md, "Speed per page"), side by side in one run, each
# comparison repeated RUNS times (default 3, order alternated) with the load average beside it:
#
# 1. `strips convert PDF --ocr eng` (the defaults: --rotate auto, judging, saving) on real 300 dpi
#    scans made into one PDF by img2pdf, against Tesseract's own command run a page per core
#    (`tesseract PAGE OUT -l eng pdf`, OMP_THREAD_LIMIT=1, xargs -P cores, on the page files) and
#    `ocrmypdf -l eng --jobs CORES --output-type pdf` on the same PDF. Goals: strips at most 1.1 x
#    Tesseract's time, at least 1.25 x OCRmyPDF's pages a second.
# 2. `strips thumbnail --size 1024 --pages 1-20` of 20 scanned A4 pages (a 300 dpi JPEG each, in
#    one PDF) against `mutool draw -w 1024 -h 1024` of the same pages. Goal: at most 1.0 x, in
#    each of five runs.
#
# Wall seconds and processor seconds (user + system, children included) are printed for each: on
# a machine shared with other builds the processor time is the fairer measure, the wall time is
# what a user waits. Pages:
#   OCR:        Tests/Corpus/real's 300 dpi scans (Tesseract's and leptonica's test pages), or OCR_PAGES=DIR
#   thumbnails: SCANS=DIR of 300 dpi A4 JPEG scans (the first 20), e.g. softmatic/vision-data's
#               2D/Receipts/B and C (CC-BY-4.0: git clone https://github.com/softmatic/vision-data);
#               without it, the corpus's receipts (150 dpi) enlarged to 300 dpi A4 by ImageMagick.
#   Scripts/bench-speed.sh [RUNS] [DIR]       STRIPS_BUILD_PATH=.build-release to build elsewhere
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
dir=${2:-$(mktemp -d -t strips-speed-XXXXXX)}
build=${STRIPS_BUILD_PATH:-.build}
Scripts/install-bench-deps.sh
venv=$(dirname "$(Scripts/install-bench-deps.sh --ocrmypdf)")/..
# STRIPS_SKIP_BUILD=1: the release binary as it is (another build holds the build folder).
[ "${STRIPS_SKIP_BUILD:-}" = 1 ] || nice -n 10 swift build -c release --build-path "$build" --product strips >&2
strips=$PWD/$build/release/strips
cores=$(nproc)
load() { cut -d' ' -f1 /proc/loadavg; }

# Runs a command, its output thrown away; prints "WALL CPU" (seconds).
timed() {
  /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" "$@" >/dev/null 2>"$dir/stderr.txt" || { cat "$dir/stderr.txt" >&2; exit 1; }
  awk '{printf "%.2f %.2f", $1, $2 + $3}' "$dir/time.txt"
}

# --- the pages -------------------------------------------------------------------------------
mkdir -p "$dir/ocr" "$dir/scans"
if [ -n "${OCR_PAGES:-}" ]; then
  cp "$OCR_PAGES"/* "$dir/ocr/"
else
  for f in tuned/scan-feyn.tif tuned/scan-pageseg1.tif held-out/scan-pageseg3.tif held-out/scan-shearer.148.tif held-out/scan-8087_054.3B.tif; do
    cp "Tests/Corpus/real/$f" "$dir/ocr/"
  done
fi
ocr_pages=("$dir"/ocr/*)
"$venv/bin/img2pdf" "${ocr_pages[@]}" -o "$dir/ocr.pdf"
if [ -n "${SCANS:-}" ]; then
  scans=("$SCANS"/*.jpg)
  scans=("${scans[@]:0:20}")
  scan_source="$SCANS"
else
  command -v convert >/dev/null || { echo "ImageMagick's convert is needed (apt-get install imagemagick), or SCANS=DIR" >&2; exit 1; }
  i=0
  while [ $i -lt 20 ]; do
    for f in Tests/Corpus/real/*/receipt-*.jpg; do
      [ $i -lt 20 ] || break
      convert "$f" -colorspace sRGB -resize 2480x3508! -density 300 -quality 90 -sampling-factor 2x2 "$dir/scans/$(printf %02d $i).jpg"
      i=$((i + 1))
    done
  done
  scans=("$dir"/scans/*.jpg)
  scan_source="the corpus's receipts enlarged to 300 dpi A4"
fi
"$venv/bin/img2pdf" "${scans[@]}" -o "$dir/scans.pdf"
echo "OCR: ${#ocr_pages[@]} pages ($(identify -format '%wx%h@%x ' "${ocr_pages[@]}" 2>/dev/null)); thumbnails: ${#scans[@]} pages from $scan_source; cores: $cores"

# --- 1. text --------------------------------------------------------------------------------
cat > "$dir/tesseract-pages.sh" <<'EOF2'
#!/bin/sh
# A page a core, each Tesseract on one thread: TESS_OUT holds a PDF a page.
printf '%s\n' "$@" | OMP_THREAD_LIMIT=1 xargs -P "$(nproc)" -I{} sh -c 'tesseract "$1" "$TESS_OUT/$(basename "$1")" -l eng pdf' _ {}
EOF2
chmod +x "$dir/tesseract-pages.sh"
tesseract_run() { rm -rf "$dir/tess"; mkdir -p "$dir/tess"; timed env TESS_OUT="$dir/tess" "$dir/tesseract-pages.sh" "${ocr_pages[@]}"; }
# The text cache is emptied for each run, so every page is read.
strips_run() { rm -rf "$dir/strips"; mkdir -p "$dir/strips"; timed env XDG_CACHE_HOME="$(mktemp -d -p "$dir")" "$strips" convert "$dir/ocr.pdf" --output "$dir/strips/out.pdf" --ocr eng; }
ocrmypdf_run() { timed env PATH="$venv/bin:$PATH" "$venv/bin/ocrmypdf" -q -l eng --jobs "$cores" --output-type pdf "$dir/ocr.pdf" "$dir/ocrmypdf.pdf"; }

n=${#ocr_pages[@]}
echo
echo "strips convert --ocr eng against tesseract (a page a core) and ocrmypdf --jobs $cores; seconds wall / processor"
printf '%-4s %-6s %-15s %-15s %-15s %-22s %-22s\n' run load tesseract strips ocrmypdf "strips/tesseract w/p" "strips/ocrmypdf pages/s w/p"
for r in $(seq 1 "$runs"); do
  l=$(load)
  if [ $((r % 2)) -eq 1 ]; then t=$(tesseract_run); s=$(strips_run); o=$(ocrmypdf_run); else o=$(ocrmypdf_run); s=$(strips_run); t=$(tesseract_run); fi
  read -r tw tc <<<"$t"; read -r sw sc <<<"$s"; read -r ow oc <<<"$o"
  awk -v r="$r" -v l="$l-$(load)" -v tw="$tw" -v tc="$tc" -v sw="$sw" -v sc="$sc" -v ow="$ow" -v oc="$oc" 'BEGIN {
    printf "%-4s %-6s %6.1f / %-6.1f %6.1f / %-6.1f %6.1f / %-6.1f x%.2f / x%.2f          x%.2f / x%.2f\n", r, l, tw, tc, sw, sc, ow, oc, sw / tw, sc / tc, ow / sw, oc / sc }'
done
echo "words pdftotext finds: strips $(pdftotext "$dir/strips/out.pdf" - | wc -w), tesseract $(for f in "$dir"/tess/*.pdf; do pdftotext "$f" -; done | wc -w), ocrmypdf $(pdftotext "$dir/ocrmypdf.pdf" - | wc -w)"

# --- 2. thumbnails --------------------------------------------------------------------------
echo
echo "${#scans[@]} scanned A4 pages to 1024 px: strips thumbnail against mutool draw; seconds wall / processor"
printf '%-4s %-6s %-15s %-15s %s\n' run load mutool strips "strips/mutool w/p"
mkdir -p "$dir/thumbs"
for r in 1 2 3 4 5; do
  l=$(load)
  mutool_run() { timed mutool draw -q -w 1024 -h 1024 -o "$dir/thumbs/mutool-%d.png" "$dir/scans.pdf" "1-${#scans[@]}"; }
  thumb_run() { timed "$strips" thumbnail --size 1024 --pages "1-${#scans[@]}" "$dir/scans.pdf" "$dir/thumbs/strips-%d.png"; }
  if [ $((r % 2)) -eq 1 ]; then m=$(mutool_run); s=$(thumb_run); else s=$(thumb_run); m=$(mutool_run); fi
  read -r mw mc <<<"$m"; read -r sw sc <<<"$s"
  awk -v r="$r" -v l="$l" -v mw="$mw" -v mc="$mc" -v sw="$sw" -v sc="$sc" 'BEGIN {
    printf "%-4s %-6s %6.2f / %-6.2f %6.2f / %-6.2f x%.2f / x%.2f\n", r, l, mw, mc, sw, sc, sw / mw, sc / mc }'
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
