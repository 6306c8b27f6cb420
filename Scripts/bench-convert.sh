#!/usr/bin/env bash
# Issue 30's measurement (docs/PERFORMANCE.md): `strips convert` on N (default 200) made-up 300 dpi
# scans of text pages (strips-bench-batch's: prose typeset as the text benchmark's, turned up to a
# degree, a lid's shadow, noise, JPEG, letter size) with --ocr eng --look bw, against
# OCRmyPDF on the same pages (made into one PDF by img2pdf, which embeds the JPEGs as they are),
# both on every core of the machine, from an empty text cache. Prints each one's wall time and
# pages a second, and the ratio. Installs OCRmyPDF first (Scripts/install-bench-deps.sh).
#   Scripts/bench-convert.sh [N] [DIR]          default DIR: a temporary folder
#   STRIPS_BUILD_PATH=.build-release Scripts/bench-convert.sh   build into another folder
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
dir=${2:-$(mktemp -d -t strips-convert-XXXXXX)}
build=${STRIPS_BUILD_PATH:-.build}
Scripts/install-bench-deps.sh
venv=$(dirname "$(Scripts/install-bench-deps.sh --ocrmypdf)")/..
swift build -c release --build-path "$build" --product strips-bench-batch >&2
swift build -c release --build-path "$build" --product strips >&2
[ -f "$dir/page-$(printf %03d "$count").jpg" ] || "$build"/release/strips-bench-batch scans "$dir" "$count" 300
pages=("$dir"/page-*.jpg)
pages=("${pages[@]:0:$count}")
rm -rf "$dir/strips" "$dir/ocrmypdf.pdf" "$dir/in.pdf"
mkdir -p "$dir/strips"
"$venv/bin/img2pdf" "${pages[@]}" -o "$dir/in.pdf"

cores=$(nproc)
# Wall seconds, and processor seconds (user + system) in time-cpu.txt: under other load the
# processor time is the fairer of the two.
seconds() { /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" "$@" >/dev/null 2>"$dir/stderr.txt" || { cat "$dir/stderr.txt" >&2; exit 1; }
            awk '{printf "%.1f", $2 + $3}' "$dir/time.txt" >> "$dir/time-cpu.txt"; echo >> "$dir/time-cpu.txt"; cut -d' ' -f1 "$dir/time.txt"; }
rm -f "$dir/time-cpu.txt"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# The text cache is emptied for each run, so both read every page.
strips=$(seconds env XDG_CACHE_HOME="$(mktemp -d)" "$build"/release/strips convert "${pages[@]}" --output "$dir/strips/out.pdf" --ocr eng --look bw)
ocrmypdf=$(seconds env PATH="$venv/bin:$PATH" "$venv/bin/ocrmypdf" -l eng --jobs "$cores" --output-type pdf "$dir/in.pdf" "$dir/ocrmypdf.pdf")
echo "pages: ${#pages[@]} (300 dpi letter JPEGs), cores: $cores, load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "processor seconds: strips $(sed -n 1p "$dir/time-cpu.txt"), ocrmypdf $(sed -n 2p "$dir/time-cpu.txt") (its helpers: tesseract, ghostscript)"
awk -v s="$strips" -v o="$ocrmypdf" -v n="${#pages[@]}" 'BEGIN {
  printf "strips convert --ocr eng --look bw:  %7.1f s  %5.2f pages/s  %s\n", s, n / s, ""
  printf "ocrmypdf -l eng --output-type pdf:   %7.1f s  %5.2f pages/s\n", o, n / o
  printf "strips / ocrmypdf pages a second: %.2f x\n", o / s }'
ls -l "$dir/strips/out.pdf" "$dir/ocrmypdf.pdf" | awk '{printf "%s: %.1f MB\n", $NF, $5 / 1e6}'
# Both searchable: the words pdftotext finds in each.
for f in "$dir/strips/out.pdf" "$dir/ocrmypdf.pdf"; do echo "$(basename "$f"): $(pdftotext "$f" - | wc -w) words"; done
