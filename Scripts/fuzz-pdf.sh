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
# The modules fuzz.sh builds too, shared with it.
modules_dir=$out/modules
source Scripts/fuzz-build.sh
fuzz_c_modules CJPEGRegion CLiveTemporaries
modules=(StripsCore StripsFiles StripsPictures StripsPDF)
for module in "${modules[@]}"; do fuzz_swift_module_if_changed "$module"; done
swiftc "${flags[@]}" "${includes[@]}" Fuzz/FuzzPDFOpen.swift $(printf "$modules_dir/%s.o " "${modules[@]}") "${c_objects[@]}" \
  -lturbojpeg -ljpeg -lexif -lspng -lgif -ltiff -lwebp -lavformat -lavcodec -lswscale -lavutil -lglib-2.0 \
  $(pkg-config --libs poppler-glib) -lqpdf -o "$out/$target/fuzz-$target"

cp -n Fuzz/corpus/"$target"/* "$out/corpus/$target/" 2>/dev/null || true
# Leak checking is off: GLib and fontconfig keep process-wide caches that LeakSanitizer reports.
exec "$out/$target/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2560 -timeout=10 -detect_leaks=0 \
  -max_len=65536 -dict=Fuzz/pdf.dict -artifact_prefix="$out/findings/$target/" -print_final_stats=1 "$@" "$out/corpus/$target"
