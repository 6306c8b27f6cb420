#!/usr/bin/env bash
# Builds the video-file libFuzzer target (Fuzz/FuzzVideo.swift: `--camera FILE`'s path, opening,
# decoding and libswscale's conversions into the padded pixels) and runs it for SECONDS (default
# 600).
#   Scripts/fuzz-video.sh [SECONDS] [libFuzzer args...]
# Seeds in Fuzz/corpus/video (remade by Fuzz/make-video-seeds.sh) are copied to
# .build-fuzz/corpus/video, which grows as the fuzzer finds new paths; crashes, timeouts and
# out-of-memory inputs land in .build-fuzz/findings/video/. ffmpeg's libraries are not
# instrumented: coverage guides the fuzzer through our code, and AddressSanitizer sees a library's
# stores into our instrumented memory (its redzones) and its heap misuse.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
[ $# -gt 0 ] && shift

target=video
out=.build-fuzz
mkdir -p "$out/$target" "$out/corpus/$target" "$out/findings/$target"
# The modules fuzz.sh builds too, shared with it.
modules_dir=$out/modules
source Scripts/fuzz-build.sh
fuzz_c_modules CJPEGRegion CLiveTemporaries CCameraDevices CPipeWireCamera
modules=(StripsCore StripsFiles StripsPictures StripsCorrection StripsLooks StripsDesktop StripsCamera)
binary="$out/$target/fuzz-$target"
# Built again only when a source it is made of changed since.
if [ ! -f "$binary" ] || [ -n "$(find Fuzz/FuzzVideo.swift $(printf "Sources/%s " "${modules[@]}") Sources/C* -newer "$binary" -print -quit)" ]; then
for module in "${modules[@]}"; do fuzz_swift_module_if_changed "$module"; done
swiftc "${flags[@]}" "${includes[@]}" Fuzz/FuzzVideo.swift $(printf "$modules_dir/%s.o " "${modules[@]}") "${c_objects[@]}" \
  -lavdevice -lavformat -lavcodec -lswscale -lavutil -llept -lturbojpeg -ljpeg -lexif -lspng -lgif -ltiff -lwebp -lpipewire-0.3 -lgio-2.0 -lgobject-2.0 -lglib-2.0 \
  -o "$binary"
fi

cp -n Fuzz/corpus/"$target"/* "$out/corpus/$target/" 2>/dev/null || true
# Leak checking is off: ffmpeg keeps process-wide tables LeakSanitizer would report.
exec "$out/$target/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=3072 -timeout=20 -detect_leaks=0 \
  -max_len=65536 -artifact_prefix="$out/findings/$target/" -print_final_stats=1 "$@" "$out/corpus/$target"
