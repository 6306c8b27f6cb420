#!/usr/bin/env bash
# How long scanned rows take from the scanner to the screen in the real window (issue 23's goal:
# the first lines of a 300 dpi A4 page drawn within 100 ms of arriving), through the scanner
# worker's pipe: the window, under Xvfb, scans 300 dpi A4 colour pages from SANE's test backend
# with its frame statistics on (F); each band is stamped when the driver's sane_read returned it
# (in the worker) and measured after the present that first shows it (in the window). The test
# backend sends a page in a fraction of a second, faster than a page's insert animation, so its
# reads are paced as scanners send them: a page's first read waits for the head to reach the
# paper (STRIPS_SCAN_TEST_FAULT first=MS), then 400 reads of 64 KB follow at a steady pace
# (slow=MS): an office flatbed (about 6 s a page) and a fast document feeder (about 2 s a page).
# Each is set beside the window's own frame interval, measured in the same run.
#
#   Scripts/bench-scan-screen.sh [path/to/strips]      (default: a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:-}
if [ -z "$app" ]; then
  swift build -c release --product strips >/dev/null
  swift build -c release --product strips-scan-probe >/dev/null
  app=.build/release/strips
fi
for tool in Xvfb xdotool; do command -v $tool >/dev/null || { echo "bench-scan-screen: $tool is missing (apt-get install xvfb xdotool)"; exit 2; }; done
out=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$out"' EXIT
display=""
for n in $(seq 200 249); do [ -e /tmp/.X$n-lock ] || { display=":$n"; break; }; done
[ -n "$display" ] || { echo "bench-scan-screen: no free X display"; exit 1; }
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=$display
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done
mkdir -p "$out/sane"
printf 'test\n' > "$out/sane/dll.conf"
printf 'number_of_devices 2\nmode Color\ndepth 8\ntest-picture "Grid"\ngeometry_max 400.0\n' > "$out/sane/test.conf"

# One window: F (statistics), Ctrl+N, wait for PAGES pages on disk, quit without saving.
run() {  # label pacing pages
  local label=$1 pacing=$2 pages=$3 state="$out/state-$1"
  XDG_STATE_HOME=$state XDG_CACHE_HOME="$out/cache" SANE_CONFIG_DIR="$out/sane" STRIPS_SCAN_TEST_FAULT="$pacing" \
    "$app" photos --scanner test:0 --scan-source feeder --scan-dpi 300 --scan-mode color --scan-page a4 >"$out/$label.log" 2>&1 &
  local pid=$! wid=""
  for _ in $(seq 100); do wid=$(xdotool search --onlyvisible --pid $pid 2>/dev/null | tail -1) && [ -n "$wid" ] && break; sleep 0.1; done
  [ -n "$wid" ] || { echo "bench-scan-screen: no window"; kill $pid; exit 1; }
  sleep 1
  xdotool key --window "$wid" f
  xdotool key --window "$wid" ctrl+n
  for _ in $(seq 600); do
    [ "$(find "$state" -name 'scan-*.png' 2>/dev/null | wc -l)" -ge "$pages" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
  done
  xdotool key --window "$wid" Escape; sleep 0.5
  xdotool key --window "$wid" Escape 2>/dev/null || true; sleep 0.3
  xdotool key --window "$wid" d 2>/dev/null || true
  for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  local line
  line=$(grep "scanned rows on screen" "$out/$label.log" | tail -1 || true)
  [ -n "$line" ] || { echo "bench-scan-screen: $label: no measurement"; cat "$out/$label.log"; exit 1; }
  local frame rows first worst
  frame=$(sed -E 's/.*frame p50 ([0-9.]+) ms.*/\1/' <<< "$line")
  rows=$(sed -E 's/.*leaving the scanner: (p50 [0-9.]+ ms p99 [0-9.]+ ms max [0-9.]+ ms).*/\1/' <<< "$line")
  first=$(sed -E "s/.*a page's first rows (p50 [0-9.]+ ms max [0-9.]+ ms \([0-9]+ pages\)).*/\1/" <<< "$line")
  worst=$(sed -E "s/.*a page's first rows p50 [0-9.]+ ms max ([0-9.]+) ms.*/\1/" <<< "$line")
  echo "$label:"
  echo "  every band, sane_read -> on screen: $rows"
  echo "  a page's first rows: $first"
  echo "  the window's frame interval p50 $frame ms; first rows (worst) / frame interval = $(awk "BEGIN { printf \"%.2f\", $worst / $frame }")"
  echo "  goal, first lines within 100 ms of arriving: $(awk "BEGIN { print ($worst < 100) ? \"met\" : \"NOT met\" }")"
}

echo "bench-scan-screen: $app, 300 dpi A4 colour (2480 x 3507, 26 MB a page), SANE test backend through strips-scan-probe --worker"
run flatbed "slow=15 first=600" 3
run feeder "slow=5 first=300" 6
