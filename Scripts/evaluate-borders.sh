#!/usr/bin/env bash
# The border detector on the full synthetic evaluation set: seeded document photos with known
# corners (sample and rendered pages on wood, fabric, light tables and laminate; uneven light,
# shadows across, blur, sensor and JPEG noise; turned up to 30 degrees; 20-90 % coverage).
# Prints every miss, the share within 1.5 % of the diagonal per class, the flattened aspect
# within 3 %, and timings; draws the misses (green: truth, red: found) as PNGs.
#
#   Scripts/evaluate-borders.sh [--count N] [--seed S] [--misses DIR] [--verbose]
#   Scripts/evaluate-borders.sh --make DIR [--count N]     # write the photos (JPEG) and corners.tsv instead
#   Scripts/evaluate-borders.sh --bench                     # detector and flatten ms per 12 MP photo
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product strips-bench-correction >&2
bench=.build/release/strips-bench-correction
case "${1:-}" in
  --make) shift; folder="${1:?--make needs a folder}"; shift; exec "$bench" make "$folder" "$@" ;;
  --bench) shift; exec "$bench" bench "$@" ;;
  *) exec "$bench" evaluate --count 64 --misses "${TMPDIR:-/tmp}/strips-border-misses" "$@" ;;
esac
