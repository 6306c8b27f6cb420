#!/usr/bin/env bash
# Issue 22's "no frames lost": the real window under Xvfb flung through sample scans, once with
# text recognition running in the background (--ocr eng, an empty text cache, so every page is
# read during the flings) and once without (--ocr off), RUNS times each, taking turns. Prints the
# missed vsyncs the F overlay counts (docs/PERFORMANCE.md, "Live frame statistics") for each run.
#   Scripts/bench-text-frames.sh [STRIPS] [RUNS]     default: .build-release/release/strips (built), 3
#   FLICKS=48 SETTLE=1.5 (seconds before the first flick) are the defaults.
# Needs xvfb and xdotool, and the sample scans' fonts (DejaVu).
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:-}
runs=${2:-3}
if [ -z "$app" ]; then
  swift build -c release --build-path .build-release --product strips >&2
  swift build -c release --build-path .build-release --product strips-bench-text >&2
  app=.build-release/release/strips
  bench=.build-release/release/strips-bench-text
else
  swift build --product strips-bench-text >&2
  bench=.build/debug/strips-bench-text
fi
for tool in Xvfb xdotool; do command -v $tool >/dev/null || { echo "bench-text-frames: needs $tool" >&2; exit 1; }; done
work=$(mktemp -d -t strips-frames-XXXXXX)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
"$bench" make "$work/scans" 12 >/dev/null

display=""
for n in $(seq 150 199); do [ -e /tmp/.X$n-lock ] || { display=":$n"; break; }; done
[ -n "$display" ] || { echo "bench-text-frames: no free X display" >&2; exit 1; }
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=$display
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

# One run: open the scans, show the statistics (F), wait for the pictures in view, then 48 flicks
# across the preview (120 ms each, half a second apart: forward 12, back 12, twice), quit (Q), and
# print the statistics line the app writes on exit with the pages whose text was read by then.
run() {
  local ocr=$1 n=$2
  rm -rf "$work/cache-$n" "$work/state-$n"
  XDG_CACHE_HOME="$work/cache-$n" XDG_STATE_HOME="$work/state-$n" "$app" photos "$work/scans" --ocr "$ocr" \
    >"$work/app-$n.log" 2>&1 & local pid=$!
  local wid=""
  for _ in $(seq 100); do
    wid=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | tail -1) && [ -n "$wid" ] && break
    sleep 0.1
  done
  [ -n "$wid" ] || { echo "bench-text-frames: no window" >&2; kill $pid; return 1; }
  sleep 1.5
  # SDL may replace its first window while it picks a renderer: the id is looked up again.
  wid=$(xdotool search --onlyvisible --pid "$pid" | tail -1)
  xdotool windowactivate --sync "$wid" >/dev/null 2>&1 || true
  xdotool key --window "$wid" f
  sleep "${SETTLE:-1.5}"
  for i in $(seq "${FLICKS:-48}"); do
    local from=800 to=300
    [ $(( (i - 1) / 12 % 2 )) = 1 ] && { from=300; to=800; }
    xdotool mousemove --window "$wid" $from 300 mousedown 1 \
      sleep 0.03 mousemove --window "$wid" $(( (from * 3 + to) / 4 )) 300 \
      sleep 0.03 mousemove --window "$wid" $(( (from + to) / 2 )) 300 \
      sleep 0.03 mousemove --window "$wid" $(( (from + to * 3) / 4 )) 300 \
      sleep 0.03 mousemove --window "$wid" $to 300 mouseup 1
    sleep 0.5
  done
  local read
  read=$( (find "$work/cache-$n/strips/text" -type f 2>/dev/null || true) | wc -l)
  wid=$(xdotool search --onlyvisible --pid "$pid" | tail -1)
  xdotool key --window "$wid" q || true
  for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill $pid 2>/dev/null || true
  echo "ocr $ocr, run $n, pages read during the run $read: $(grep -m1 'strips: frames' "$work/app-$n.log" || echo 'no statistics')"
}

# Taking turns at going first, so neither side always follows the other.
for r in $(seq "$runs"); do
  if [ $((r % 2)) = 1 ]; then run eng "eng$r"; run off "off$r"; else run off "off$r"; run eng "eng$r"; fi
done
