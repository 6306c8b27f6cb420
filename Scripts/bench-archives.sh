#!/usr/bin/env bash
# Issue 42's measurement (docs/PERFORMANCE.md, docs/ARCHIVES.md): `strips convert` on one archive
# batch (strips-bench-batch archive: N made-up scans, every fifth a QR separator sheet, so N/5
# documents) by 1, 2 and 4 processes sharing it with --shard K/P, each group started together
# and timed to its last process: pages a second and processor seconds for each; then the processor time a watch of an
# idle folder takes in a minute (user + system, from /proc).
#   Scripts/bench-archives.sh [N] [DPI] [OCR] [DIR]   defaults: 100 pages, 300 dpi, --ocr eng, a temporary folder
#   STRIPS_BUILD_PATH=.build-release Scripts/bench-archives.sh   build into another folder
#   STRIPS_BENCH_CONFIGURATION=debug Scripts/bench-archives.sh   time the debug build instead
#   STRIPS_IDLE_SECONDS=60                                        how long the idle watch is timed
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100}
dpi=${2:-300}
ocr=${3:-eng}
dir=${4:-$(mktemp -d -t strips-archives-XXXXXX)}
build=${STRIPS_BUILD_PATH:-.build}
configuration=${STRIPS_BENCH_CONFIGURATION:-release}
idle=${STRIPS_IDLE_SECONDS:-60}
swift build -c "$configuration" --build-path "$build" --product strips-bench-batch >&2
swift build -c "$configuration" --build-path "$build" --product strips >&2
bin="$build/$configuration"
[ -f "$dir/batch/page-$(printf %04d "$count").jpg" ] || "$bin/strips-bench-batch" archive "$dir/batch" "$count" "$dpi"
export SOURCE_DATE_EPOCH=1764000000

echo "batch: $count pages at $dpi dpi ($((count / 5)) documents), --ocr $ocr, cores: $(nproc), $configuration build"
reference=""
for processes in 1 2 4; do
  out="$dir/out-$processes"
  rm -rf "$out" && mkdir -p "$out"
  cache=$(mktemp -d)   # an empty text cache for each group: every page's text is read
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  pids=()
  for k in $(seq 1 "$processes"); do
    # Each process's processor seconds (user + system) too: on a machine others load, the wall
    # time says more about them than about strips; the processor time is what sharing costs.
    XDG_CACHE_HOME="$cache" /usr/bin/time -f "%U %S" -o "$out/cpu-$k.txt" "$bin/strips" convert "$dir/batch" --output "$out/batch.pdf" \
      --ocr "$ocr" --shard "$k/$processes" --report "$out/report.jsonl" >/dev/null 2>"$out/stderr-$k.txt" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || { cat "$out"/stderr-*.txt >&2; exit 1; }; done
  end=$(date +%s.%N)
  rm -rf "$cache"
  documents=$(find "$out" -maxdepth 1 -name '*.pdf' | wc -l)
  # The same files whichever way the batch was shared.
  sums=$(cd "$out" && sha256sum ./*.pdf | sort | sha256sum | cut -c1-16)
  [ -z "$reference" ] && reference=$sums
  same=$([ "$sums" = "$reference" ] && echo "same files as 1 process" || echo "FILES DIFFER from 1 process")
  cpu=$(cat "$out"/cpu-*.txt | awk '{t += $1 + $2} END {printf "%.1f", t}')
  awk -v p="$processes" -v s="$start" -v e="$end" -v n="$count" -v d="$documents" -v l="$load" -v same="$same" -v c="$cpu" 'BEGIN {
    printf "%d process%s: %7.1f s  %6.2f pages/s  %d documents  %7.1f processor s (%.2f a page)  (load before %s; %s)\n",
      p, p == 1 ? "  " : "es", e - s, n / (e - s), d, c, c / n, l, same }'
done

# An idle hot folder: the processor time it takes in a minute.
mkdir -p "$dir/idle-in" "$dir/idle-out"
"$bin/strips" convert --watch "$dir/idle-in" --output "$dir/idle-out" --ocr off 2>/dev/null &
watch=$!
sleep 2   # past its start (loading the program and its libraries is not watching)
# Nanoseconds on a processor, every thread of the watch together (/proc/PID/task/*/schedstat).
cpu_ns() { cat /proc/"$watch"/task/*/schedstat 2>/dev/null | awk '{ns += $1} END {printf "%d", ns}'; }
before=$(cpu_ns)
wakes_before=$(awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$watch/status")
sleep "$idle"
after=$(cpu_ns)
wakes_after=$(awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$watch/status")
kill -TERM "$watch"
wait "$watch" || true
awk -v b="$before" -v a="$after" -v s="$idle" -v w=$((wakes_after - wakes_before)) 'BEGIN {
  printf "idle watch: %.4f processor seconds in %d s, %d wake-ups of its main thread (near zero is the goal)\n", (a - b) / 1e9, s, w }'
