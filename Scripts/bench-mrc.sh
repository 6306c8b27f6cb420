#!/usr/bin/env bash
# Issue 31's measurements (docs/PERFORMANCE.md, "Small files that stay sharp"): makes three 300 dpi
# colour letter scans of our own (text on tinted paper, a blue letterhead, a photograph with text
# beside it, a highlighted line, a red stamp over the text; StripsSampleScans), saves them with
# `strips photos --ocr eng` in every look (Ctrl+S), and runs OCRmyPDF --optimize 1, 2 and 3 on the
# same pages (a PDF of the scans' own JPEGs). Each PDF gets a table row: KB a page, how many of the
# pages' words of four letters or more Tesseract reads from it rendered at 300 dpi (and from the
# scans themselves), how far its photographs' colours are from the scans' (mean absolute
# difference, 0-255), the stamps' ring colour, and the processor time the tool took.
#   Scripts/bench-mrc.sh [DIR]                  default DIR: a temporary folder
#   STRIPS_BUILD_PATH=.build-release Scripts/bench-mrc.sh
# Needs poppler-utils, the tesseract data (install-deps.sh) and OCRmyPDF (Scripts/install-bench-deps.sh;
# its row is left out when it is missing).
set -euo pipefail
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0; fi
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d -t strips-mrc-XXXXXX)}
build=${STRIPS_BUILD_PATH:-.build}
swift build -c release --build-path "$build" --product strips-bench-text >&2
swift build -c release --build-path "$build" --product strips >&2
bench="$build"/release/strips-bench-text
"$bench" colour "$dir" 3 >&2
scans=("$dir"/colour-*.jpg)

# Processor time (user + system) of a command, in seconds.
cost() { /usr/bin/time -f "%U %S" -o "$dir/time.txt" "$@" >/dev/null 2>"$dir/stderr.txt" || { cat "$dir/stderr.txt" >&2; return 1; }
         awk '{printf "%.1f", $1 + $2}' "$dir/time.txt"; }

row() { # LABEL PDF SECONDS [--header]
  local line
  line=$("$bench" colour-saved "$dir" "$2" "$1" ${4:-})
  # The time goes in a last column.
  if [ -n "${4:-}" ]; then
    echo "$line" | sed -n 1p | sed 's/|$/| processor s |/'
    echo "$line" | sed -n 2p | sed 's/|$/|---|/'
    echo "$line" | sed -n 3p | sed "s/|\$/| $3 |/"
  else
    echo "$line" | sed "s/|\$/| $3 |/"
  fi
}

# The scans as they are: their own JPEGs in a PDF (what OCRmyPDF gets, as a scanner's PDF).
printf 'at 100 key ctrl+s\nat 200 end\n' > "$dir/original.strips"
rm -f "$dir/scans.pdf"
"$build"/release/strips photos "${scans[@]}" --script "$dir/original.strips" --output "$dir/scans.pdf" >/dev/null
row "the scans (their JPEGs)" "$dir/scans.pdf" "-" --header

# Strips in every look, with Tesseract's words (as the window has them when it saves).
for presses in 0 1 2 3; do
  look=$(echo original colour grey bw | cut -d' ' -f$((presses + 1)))
  { echo "at 0 key ctrl+a"; for i in $(seq "$presses"); do echo "at $((100 + 50 * i)) key l"; done
    echo "at 1500 key ctrl+s"; echo "at 1600 end"; } > "$dir/$look.strips"
  rm -f "$dir/strips-$look.pdf"
  seconds=$(cost env XDG_CACHE_HOME="$(mktemp -d)" "$build"/release/strips photos "${scans[@]}" --ocr eng \
    --script "$dir/$look.strips" --output "$dir/strips-$look.pdf")
  row "strips, $look look" "$dir/strips-$look.pdf" "$seconds"
done

ocrmypdf=$(command -v ocrmypdf || Scripts/install-bench-deps.sh --ocrmypdf)
if [ -x "$ocrmypdf" ]; then
  for level in 1 2 3; do
    rm -f "$dir/ocrmypdf-O$level.pdf"
    seconds=$(cost "$ocrmypdf" --optimize "$level" -l eng "$dir/scans.pdf" "$dir/ocrmypdf-O$level.pdf")
    row "ocrmypdf --optimize $level ($("$ocrmypdf" --version))" "$dir/ocrmypdf-O$level.pdf" "$seconds"
  done
else
  echo "(OCRmyPDF is not installed: Scripts/install-bench-deps.sh installs it)" >&2
fi
echo
echo "## what a page costs to make and store (strips-bench-text colour-time)"
"$bench" colour-time 3
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); PDFs in $dir"
