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
# The five targets share their modules (built once, with the same flags).
modules_dir=$out/modules
source Scripts/fuzz-build.sh
modules=(StripsCore)
[ "$needs_pictures" = 1 ] && { fuzz_c_modules CJPEGRegion CLiveTemporaries; modules+=(StripsFiles StripsPictures); }
binary="$out/$target/fuzz-$target"
support=(); [ "$needs_pictures" = 1 ] && support=(Fuzz/FuzzSupport.swift)
# Built again only when a source it is made of changed since.
if [ ! -f "$binary" ] || [ -n "$(find "$source_file" "${support[@]}" $(printf "Sources/%s " "${modules[@]}") Sources/C* -newer "$binary" -print -quit)" ]; then
  for module in "${modules[@]}"; do fuzz_swift_module_if_changed "$module"; done
  libs=(); [ "$needs_pictures" = 1 ] && libs=(-lturbojpeg -ljpeg -lexif -lspng -lgif -ltiff -lwebp -lavformat -lavcodec -lswscale -lavutil -lglib-2.0)
  swiftc "${flags[@]}" "${includes[@]}" "$source_file" "${support[@]}" $(printf "$modules_dir/%s.o " "${modules[@]}") "${c_objects[@]}" \
    "${libs[@]}" -o "$binary"
fi

cp -n Fuzz/corpus/"$target"/* "$out/corpus/$target/" 2>/dev/null || true
# Full malloc stacks, so the suppressions can name the library function that leaked.
export ASAN_OPTIONS="fast_unwind_on_malloc=0 ${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp print_suppressions=0 ${LSAN_OPTIONS:-}"
exec "$out/$target/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2560 -timeout=10 \
  -artifact_prefix="$out/findings/$target/" -print_final_stats=1 "$@" "$out/corpus/$target"
