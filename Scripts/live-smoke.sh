#!/usr/bin/env bash
# Opens the real window under Xvfb and uses it as a person would: drag, fling, click a thumbnail,
# delete, undo, resize, then Escape. Fails if the app dies, draws nothing, or will not quit.
#   Scripts/live-smoke.sh path/to/strips [scene args...]
set -euo pipefail
app=$1; shift
args=("$@"); [ ${#args[@]} -gt 0 ] || args=(photos)
out=$(mktemp -d)
trap 'kill $pid $xvfb 2>/dev/null || true; rm -rf "$out"' EXIT
# The thumbnail cache and the remembered state go to scratch folders, never the user's, and each
# run starts the same (no remembered window size).
export XDG_CACHE_HOME="$out/cache" XDG_STATE_HOME="$out/state"
# The scanner is SANE's test backend, never a real one; its reads slowed so a scan takes seconds.
mkdir -p "$out/sane"
printf 'test\n' > "$out/sane/dll.conf"
printf 'number_of_devices 2\nmode Gray\ndepth 8\ntest-picture "Color pattern"\ngeometry_max 400.0\n' > "$out/sane/test.conf"
export SANE_CONFIG_DIR="$out/sane" STRIPS_SCAN_TEST_FAULT="slow=20"

display=""
for n in $(seq 150 199); do [ -e /tmp/.X$n-lock ] || { display=":$n"; break; }; done
[ -n "$display" ] || { echo "live-smoke: no free X display"; exit 1; }
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=$display
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

"$app" "${args[@]}" >"$out/app.log" 2>&1 & pid=$!
wid=""
for _ in $(seq 100); do
  wid=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1) && [ -n "$wid" ] && break
  kill -0 "$pid" 2>/dev/null || { echo "live-smoke: the app exited before its window showed"; cat "$out/app.log"; exit 1; }
  sleep 0.1
done
[ -n "$wid" ] || { echo "live-smoke: no window after 10 s"; exit 1; }
# SDL may replace its first window when it picks a renderer; wait until the id holds still.
for _ in $(seq 20); do
  sleep 0.3
  now=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | tail -1)
  [ "$now" = "$wid" ] && break
  wid=$now
done
xdotool windowactivate --sync "$wid" >/dev/null 2>&1 || true
sleep 0.5

alive() { kill -0 "$pid" 2>/dev/null || { echo "live-smoke: the app died during $1"; cat "$out/app.log"; exit 1; }; }
# The app's window as it is now: SDL may still swap its first window for another while it picks a
# renderer, so every action looks it up afresh (WID in an action stands for it) and tries twice.
window_now() { xdotool search --onlyvisible --pid "$pid" 2>/dev/null | tail -1; }
step() {
  local what=$1; shift
  local try args
  for try in 1 2; do
    wid=$(window_now)
    args=("${@//WID/$wid}")
    xdotool "${args[@]}" 2>/dev/null && break
    [ "$try" = 2 ] && { alive "$what"; echo "live-smoke: xdotool failed during $what"; exit 1; }
    sleep 0.5
  done
  sleep 0.6; alive "$what"
}
if [ "${args[0]}" = pizza ]; then
  step "a fling on the left half" mousemove --window WID 450 500 mousedown 1 mousemove --window WID 450 420 sleep 0.02 mousemove --window WID 450 300 sleep 0.02 mousemove --window WID 450 200 mouseup 1
  step "a short drag on the right half" mousemove --window WID 580 350 mousedown 1 mousemove --window WID 580 330 sleep 0.4 mouseup 1
  step "Down" key --window WID Down
  step "M" key --window WID m
  step "D" key --window WID d
else
  step "a fling on the preview" mousemove --window WID 800 300 mousedown 1 mousemove --window WID 700 300 sleep 0.02 mousemove --window WID 500 300 sleep 0.02 mousemove --window WID 300 300 mouseup 1
  step "a slow drag" mousemove --window WID 300 300 mousedown 1 mousemove --window WID 420 310 sleep 0.4 mouseup 1
  step "a click on a thumbnail" mousemove --window WID 600 727 click 1
  step "Delete" key --window WID Delete
  step "Ctrl+Z" key --window WID ctrl+z
  step "Right" key --window WID Right
  step "a right click on the preview (its menu)" mousemove --window WID 500 300 click 3
  step "Escape closes the menu" key --window WID Escape
  step "F1 (the keys)" key --window WID F1
  step "Escape hides them" key --window WID Escape
  step "the toolbar's rotate button" mousemove --window WID 179 20 click 1
  step "Ctrl+Z" key --window WID ctrl+z
  if [[ " ${args[*]} " == *" --scanner "* ]]; then
    # A feeder scan in the window, through the scanner worker; Escape stops it mid-batch.
    step "Ctrl+N" key --window WID ctrl+n
    sleep 1
    alive "a scan"
    step "Escape stops the scan" key --window WID Escape
    kept=$(find "$XDG_STATE_HOME/strips/recovery" -name 'scan-*.png' 2>/dev/null | wc -l)
    [ "$kept" -ge 1 ] || { echo "live-smoke: no scanned page was kept"; cat "$out/app.log"; exit 1; }
    scanned=" scanned $kept pages, stopped with Escape;"
  fi
fi
step "a resize" windowsize WID 700 500
step "a resize to almost nothing" windowsize WID 1 1
step "a resize back" windowsize WID 900 700

wid=$(window_now)
# The window's class is the desktop entry's name, so the desktop shows the entry's icon for it.
entry_id=$(basename "$(ls "$(dirname "$0")"/../Assets/Desktop/*.desktop)" .desktop)
wm_class=$(xprop -id "$wid" WM_CLASS 2>/dev/null || true)
[ "$wm_class" = "WM_CLASS(STRING) = \"$entry_id\", \"$entry_id\"" ] || { echo "live-smoke: the window's class is not $entry_id: $wm_class"; exit 1; }
xwd -silent -id "$wid" | convert xwd:- "$out/shot.png"
colors=$(identify -format %k "$out/shot.png")
[ "$colors" -gt 50 ] || { echo "live-smoke: the window shows only $colors colours"; exit 1; }

# The app may close its window before xdotool sends the key release: that is the quit working.
xdotool key --window "$(window_now)" Escape 2>/dev/null || true
# Scanned pages are unsaved edits: the quit prompt asks, and D quits without saving them.
if [ -n "${scanned:-}" ]; then sleep 0.5; xdotool key --window "$(window_now)" d 2>/dev/null || true; fi
for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then echo "live-smoke: the app did not quit on Escape"; exit 1; fi
wait "$pid" || { echo "live-smoke: the app exited with $?"; cat "$out/app.log"; exit 1; }
[ -z "${scanned:-}" ] || [ -z "$(ls -A "$XDG_STATE_HOME/strips/recovery" 2>/dev/null)" ] || { echo "live-smoke: the scans discarded on quitting are still kept"; exit 1; }
echo "live-smoke: ${args[*]}: window drawn ($colors colours, class $entry_id), gestures, keys and resizes survived,${scanned:-} quit cleanly"
