# Sourced by the libFuzzer scripts (fuzz.sh, fuzz-pdf.sh, fuzz-video.sh): how the app's modules
# are compiled for a fuzzer, in one place, so a module gaining a C target (StripsFiles'
# CLiveTemporaries broke fuzz.sh and fuzz-pdf.sh) is met by every fuzzer at once.
# Expects $out and $target set ($modules_dir, where Swift modules go, defaults to $out/$target);
# fills $includes and $c_objects.
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6)
modules_dir=${modules_dir:-$out/$target}
mkdir -p "$modules_dir"
includes=(-I "$modules_dir")
for module in CAVCodec CAVDevice CLeptonica CTIFF CTurboJPEG CExif CSPNG CGIF CWebP CGLib CGIO CGettext CPoppler CQPDF CSDL2; do
  includes+=(-I "Sources/$module")
done
for flag in $(pkg-config --cflags-only-I glib-2.0 gio-2.0 poppler-glib); do includes+=(-Xcc "$flag"); done
c_objects=()

# The C targets: each object compiled with the same sanitizers, its module map written here.
fuzz_c_modules() {  # MODULE...
  local module header source
  for module in "$@"; do
    mkdir -p "$out/$target/$module"
    header=$(ls Sources/$module/include/*.h)
    printf 'module %s {\n  header "%s"\n  export *\n}\n' "$module" "$PWD/$header" > "$out/$target/$module/module.modulemap"
    includes+=(-I "$out/$target/$module")
    for source in Sources/$module/*.c; do
      clang -fsanitize=fuzzer-no-link,address -O1 -g -c "$source" -I "Sources/$module/include" $(pkg-config --cflags-only-I libpipewire-0.3) -o "$out/$target/$module-$(basename "$source" .c).o"
      c_objects+=("$out/$target/$module-$(basename "$source" .c).o")
    done
  done
}

fuzz_swift_module() {  # NAME: every Swift file of Sources/NAME, with coverage and AddressSanitizer
  swiftc "${flags[@]}" "${includes[@]}" -enable-testing -wmo -module-name "$1" -emit-module -emit-module-path "$modules_dir/$1.swiftmodule" \
    -c $(find "Sources/$1" -name '*.swift' | sort) -o "$modules_dir/$1.o"
}

fuzz_swift_module_if_changed() {  # NAME: built again when a source of any module in $modules (or a C target) changed
  local object="$modules_dir/$1.o"
  if [ -f "$object" ] && [ -z "$(find Sources/C* $(printf "Sources/%s " "${modules[@]}") -newer "$object" -print -quit)" ]; then return; fi
  fuzz_swift_module "$1"
}
