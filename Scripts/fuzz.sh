#!/usr/bin/env bash
# Builds one libFuzzer target from Fuzz/ and runs it for SECONDS (default 600).
#   Scripts/fuzz.sh TARGET [SECONDS]     TARGET: script header png decode formats
# The seeds in Fuzz/corpus/TARGET are copied to .build-fuzz/corpus/TARGET, which grows as the
# fuzzer finds new paths; crashes land in .build-fuzz/findings/TARGET/. Extra arguments after
# SECONDS go to libFuzzer (e.g. a crash file to replay it).
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh TARGET [SECONDS] [libFuzzer args...]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))

case "$target" in
  script) source_file=Fuzz/FuzzScript.swift; needs_pictures=0 ;;
  header) source_file=Fuzz/FuzzHeader.swift; needs_pictures=1 ;;
  png) source_file=Fuzz/FuzzPNG.swift; needs_pictures=1 ;;
  decode) source_file=Fuzz/FuzzDecode.swift; needs_pictures=1 ;;
  formats) source_file=Fuzz/FuzzFormats.swift; needs_pictures=1 ;;
  *) echo "fuzz.sh: unknown target '$target' (script header png decode formats)" >&2; exit 2 ;;
esac

out=.build-fuzz
mkdir -p "$out/$target" "$out/corpus/$target" "$out/findings/$target"
# The app's modules are compiled with coverage and AddressSanitizer; libFuzzer's main runs the target.
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6)
includes=(-I Sources/CTurboJPEG -I Sources/CExif -I Sources/CSPNG -I Sources/CGIF -I Sources/CTIFF -I Sources/CWebP -I Sources/CAVCodec -I Sources/CGLib
          $(pkg-config --cflags-only-I glib-2.0 | sed 's/-I/-Xcc -I/g') -I "$out/$target/CJPEGRegion" -I "$out/$target")

# CJPEGRegion is a C target: its object compiled with the same sanitizers, its module map written here.
build_c_region() {
  mkdir -p "$out/$target/CJPEGRegion"
  printf 'module CJPEGRegion {\n  header "%s"\n  link "jpeg"\n  export *\n}\n' "$PWD/Sources/CJPEGRegion/include/jpeg_region.h" \
    > "$out/$target/CJPEGRegion/module.modulemap"
  clang -fsanitize=fuzzer-no-link,address -O1 -g -c Sources/CJPEGRegion/jpeg_region.c -I Sources/CJPEGRegion/include \
    -o "$out/$target/jpeg_region.o"
}

build_module() {  # NAME: Sources/NAME, rebuilt only when a source (or a module it uses) is newer than its object
  local name=$1 object="$out/$target/$1.o"
  if [ -f "$object" ] && [ -z "$(find "Sources/$name" Sources/C* Sources/StripsCore Sources/StripsFiles -newer "$object" -print -quit)" ]; then return; fi
  swiftc "${flags[@]}" "${includes[@]}" -enable-testing -wmo -module-name "$name" \
    -emit-module -emit-module-path "$out/$target/$name.swiftmodule" -c $(find "Sources/$name" -name '*.swift' | sort) -o "$object"
}

build_module StripsCore
objects=("$out/$target/StripsCore.o")
if [ "$needs_pictures" = 1 ]; then
  build_c_region
  objects+=("$out/$target/jpeg_region.o")
  # The decoders live in StripsPictures.
  build_module StripsFiles
  build_module StripsPictures
  objects+=("$out/$target/StripsFiles.o" "$out/$target/StripsPictures.o")
fi
support=(); [ "$needs_pictures" = 1 ] && support=(Fuzz/FuzzSupport.swift)
libs=(); [ "$needs_pictures" = 1 ] && libs=(-lturbojpeg -ljpeg -lexif -lspng -lgif -ltiff -lwebp -lavformat -lavcodec -lswscale -lavutil -lglib-2.0)
swiftc "${flags[@]}" "${includes[@]}" "$source_file" "${support[@]}" "${objects[@]}" "${libs[@]}" -o "$out/$target/fuzz-$target"

cp -n Fuzz/corpus/"$target"/* "$out/corpus/$target/" 2>/dev/null || true
# Full malloc stacks, so the suppressions can name the library function that leaked.
export ASAN_OPTIONS="fast_unwind_on_malloc=0 ${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp print_suppressions=0 ${LSAN_OPTIONS:-}"
exec "$out/$target/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2560 -timeout=10 \
  -artifact_prefix="$out/findings/$target/" -print_final_stats=1 "$@" "$out/corpus/$target"
