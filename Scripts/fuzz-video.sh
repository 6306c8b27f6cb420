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
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6)
includes=(-I "$out/$target")
for module in CAVCodec CAVDevice CLeptonica CTIFF CTurboJPEG CExif CSPNG CGIF CWebP CGLib CGettext; do includes+=(-I "Sources/$module"); done
for flag in $(pkg-config --cflags-only-I glib-2.0); do includes+=(-Xcc "$flag"); done

# The C targets: each object compiled with the same sanitizers, its module map written here.
c_objects=()
for module in CJPEGRegion CLiveTemporaries CCameraDevices; do
  mkdir -p "$out/$target/$module"
  header=$(ls Sources/$module/include/*.h)
  printf 'module %s {\n  header "%s"\n  export *\n}\n' "$module" "$PWD/$header" > "$out/$target/$module/module.modulemap"
  includes+=(-I "$out/$target/$module")
  for source in Sources/$module/*.c; do
    clang -fsanitize=fuzzer-no-link,address -O1 -g -c "$source" -I "Sources/$module/include" -o "$out/$target/$module-$(basename "$source" .c).o"
    c_objects+=("$out/$target/$module-$(basename "$source" .c).o")
  done
done

build_module() {  # NAME: every Swift file of Sources/NAME
  swiftc "${flags[@]}" "${includes[@]}" -wmo -module-name "$1" -emit-module -emit-module-path "$out/$target/$1.swiftmodule" \
    -c $(find "Sources/$1" -name '*.swift' | sort) -o "$out/$target/$1.o"
}
modules=(StripsCore StripsFiles StripsPictures StripsCorrection StripsLooks StripsCamera)
binary="$out/$target/fuzz-$target"
# Built again only when a source it is made of changed since.
if [ ! -f "$binary" ] || [ -n "$(find Fuzz/FuzzVideo.swift $(printf "Sources/%s " "${modules[@]}") Sources/C* -newer "$binary" -print -quit)" ]; then
for module in "${modules[@]}"; do build_module "$module"; done
swiftc "${flags[@]}" "${includes[@]}" Fuzz/FuzzVideo.swift $(printf "$out/$target/%s.o " "${modules[@]}") "${c_objects[@]}" \
  -lavdevice -lavformat -lavcodec -lswscale -lavutil -llept -lturbojpeg -ljpeg -lexif -lspng -lgif -ltiff -lwebp -lglib-2.0 \
  -o "$binary"
fi

cp -n Fuzz/corpus/"$target"/* "$out/corpus/$target/" 2>/dev/null || true
# Leak checking is off: ffmpeg keeps process-wide tables LeakSanitizer would report.
exec "$out/$target/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=3072 -timeout=20 -detect_leaks=0 \
  -max_len=65536 -artifact_prefix="$out/findings/$target/" -print_final_stats=1 "$@" "$out/corpus/$target"
