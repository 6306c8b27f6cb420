#!/usr/bin/env bash
# Runs the test suite under ThreadSanitizer and/or AddressSanitizer (decode workers and the texture
# cache share data between threads; the decoders read untrusted bytes). Each sanitizer builds in
# its own folder (.build-tsan, .build-asan), so the normal .build is untouched.
#   Scripts/sanitize.sh [thread|address|both] [swift test arguments, e.g. --filter Loader]
#   Scripts/sanitize.sh hostile   # AddressSanitizer over the hostile-input suites (issue 38): the
#     camera path at every width 1-64 and the standard sizes in four layouts, non-regular inputs and
#     outputs, the damaged picture, TIFF and PDF corpora (qpdf's reproducers too, each in bounded time),
#     damaged camera files, oversized pictures, interrupted saves, the recorder, and a scripted window
#     recorded to a video with such camera files as its camera (CameraRecordingTests).
#     AddressSanitizer sees what instrumented code does; a write by an uninstrumented C library
#     (libswscale's vector stores) shows only when it corrupts what ASan guards, so the camera
#     sizes' real check is that libswscale only ever gets LibraryPixels' padded memory.
# Exits non-zero when a test fails or a sanitizer reports anything (the `strips` binary the tests
# run is built with the same sanitizer, and its reports fail the tests that read its stderr).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh

which=${1:-both}
[ $# -gt 0 ] && shift
case "$which" in
  thread) sanitizers=(thread) ;;
  address) sanitizers=(address) ;;
  both) sanitizers=(thread address) ;;
  hostile)
    sanitizers=(address)
    set -- --filter 'CameraSizeTests|CameraPathTests|CameraRecordingTests|CameraCommandTests|NonRegularInputTests|OutputPathTests|DamagedInputTests|DamagedTIFFTests|DamagedPDFCorpusTests|PDFBadFileTests|OversizedPictureBatchTests|VideoRecorderTests|GIFRecorderTests|LibraryPixelsTests|DamagedFileBudgetTests|InterruptedSaveTests' "$@" ;;
  *) echo "sanitize.sh: expected thread, address, both or hostile, not '$which'" >&2; exit 2 ;;
esac

# Headless runs need no display; tests that want SDL's video ask for the dummy driver themselves.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="halt_on_error=1 detect_leaks=0 ${ASAN_OPTIONS:-}"
for sanitizer in "${sanitizers[@]}"; do
  scratch=.build-${sanitizer:0:1}san
  echo "== swift test --sanitize=$sanitizer (scratch $scratch)" >&2
  swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
done
