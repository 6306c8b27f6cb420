#!/usr/bin/env bash
# Builds the PDF-opening libFuzzer target (Fuzz/FuzzPDFOpen.swift) and runs it for SECONDS
# (default 600). STRIPS_FUZZ_PDF_RENDER=1 also renders each opened document's first page.
#   Scripts/fuzz-pdf.sh [SECONDS] [libFuzzer args...]
# Seeds in Fuzz/corpus/pdfopen (remade by Fuzz/make-pdf-seeds.sh) are copied to
# .build-fuzz/corpus/pdfopen, which grows as the fuzzer finds new paths; crashes, timeouts and
# leaks land in .build-fuzz/findings/pdfopen/. poppler and qpdf themselves are not instrumented:
# coverage guides the fuzzer through our code, and AddressSanitizer still sees their heap misuse.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
[ $# -gt 0 ] && shift

target=pdfopen
out=.build-fuzz
mkdir -p "$out/$target" "$out/corpus/$target" "$out/findings/$target"
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6)
includes=(-I Sources/CPoppler -I Sources/CQPDF -I Sources/CSDL2 -I Sources/CTurboJPEG -I Sources/CExif -I Sources/CSPNG -I Sources/CGIF -I Sources/CTIFF -I "$out/$target/CJPEGRegion" -I "$out/$target")
for flag in $(pkg-config --cflags poppler-glib); do includes+=(-Xcc "$flag"); done

build_module() {  # NAME SOURCES...
  local name=$1; shift
  swiftc "${flags[@]}" "${includes[@]}" -wmo -module-name "$name" \
    -emit-module -emit-module-path "$out/$target/$name.swiftmodule" -c "$@" -o "$out/$target/$name.o"
}
# CJPEGRegion is a C target: its object compiled with the same sanitizers, its module map written here.
mkdir -p "$out/$target/CJPEGRegion"
printf 'module CJPEGRegion {\n  header "%s"\n  link "jpeg"\n  export *\n}\n' "$PWD/Sources/CJPEGRegion/include/jpeg_region.h" \
  > "$out/$target/CJPEGRegion/module.modulemap"
clang -fsanitize=fuzzer-no-link,address -O1 -g -c Sources/CJPEGRegion/jpeg_region.c -I Sources/CJPEGRegion/include -o "$out/$target/jpeg_region.o"
build_module StripsCore $(find Sources/StripsCore -name '*.swift' | sort)
build_module StripsFiles $(find Sources/StripsFiles -name '*.swift' | sort)
build_module StripsPictures $(find Sources/StripsPictures -name '*.swift' | sort)
build_module StripsPDF $(find Sources/StripsPDF -name '*.swift' | sort)
swiftc "${flags[@]}" "${includes[@]}" Fuzz/FuzzPDFOpen.swift "$out/$target/StripsCore.o" "$out/$target/StripsFiles.o" \
  "$out/$target/StripsPictures.o" "$out/$target/StripsPDF.o" "$out/$target/jpeg_region.o" \
  -lSDL2 -lSDL2_image -lturbojpeg -ljpeg -lexif -lspng -lgif -ltiff \
  -o "$out/$target/fuzz-$target"

cp -n Fuzz/corpus/"$target"/* "$out/corpus/$target/" 2>/dev/null || true
# Leak checking is off: GLib and fontconfig keep process-wide caches that LeakSanitizer reports.
exec "$out/$target/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2560 -timeout=10 -detect_leaks=0 \
  -max_len=65536 -dict=Fuzz/pdf.dict -artifact_prefix="$out/findings/$target/" -print_final_stats=1 "$@" "$out/corpus/$target"
