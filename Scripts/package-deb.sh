#!/usr/bin/env bash
# Builds the Debian package, out/strips_VERSION_ARCH.deb, from debian/ (control, changelog,
# copyright): a release build linked statically with Swift's runtime and Foundation, so the
# package installs on a machine without Swift; the files staged by Scripts/install.sh --destdir
# under /usr (binary, scanner worker, assets, desktop entry, icons, AppStream metainfo,
# thumbnailer, man page, and the translations once install.sh installs them); Depends computed
# by dpkg-shlibdeps from the binaries' libraries (debian/control adds the data packages no
# library names: the font and Tesseract's language data). Then lintian, which must find no error.
#
# Usage: Scripts/package-deb.sh [--binary-dir DIR] [--manpage PATH] [--output DIR]
#   --binary-dir DIR  take strips and strips-scan-probe from DIR (already built with
#                     --static-swift-stdlib) instead of building them into .build-deb/
#   --manpage PATH    take this man page instead of generating it from the binary
#                     (swift-argument-parser's generate-manual tool)
#   --output DIR      where the .deb goes; default out/
# Measured times and lintian's findings: docs/PACKAGING.md.
set -euo pipefail
cd "$(dirname "$0")/.."

binary_dir=""
manpage=""
output=out
while [ $# -gt 0 ]; do
  case "$1" in
    --binary-dir) binary_dir="${2:?--binary-dir needs a folder}"; shift 2 ;;
    --manpage) manpage="${2:?--manpage needs a path}"; shift 2 ;;
    --output) output="${2:?--output needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package-deb.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
for tool in dpkg-deb dpkg-shlibdeps dpkg-gencontrol dpkg-parsechangelog appstreamcli; do
  command -v "$tool" >/dev/null || { echo "package-deb.sh: $tool is missing (Debian packages dpkg-dev, appstream)" >&2; exit 1; }
done

version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
program_version=$(sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/StripsCore/AppVersion.swift)
# The package's upstream version is the program's: debian/changelog gets an entry with each release.
[ "${version%%-*}" = "$program_version" ] || { echo "package-deb.sh: debian/changelog says $version, the program $program_version: add a changelog entry" >&2; exit 1; }
# Files in the package carry the changelog's date, so the same sources give the same package.
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -S Timestamp)
export SOURCE_DATE_EPOCH

if [ -z "$binary_dir" ]; then
  # Swift's runtime and Foundation linked in: no libswift*.so on the user's machine. A folder of
  # its own, so the development build in .build keeps its flags.
  for product in strips strips-scan-probe; do
    nice swift build -c release --static-swift-stdlib --scratch-path .build-deb --product "$product"
  done
  binary_dir=.build-deb/release
fi
for program in strips strips-scan-probe; do
  [ -x "$binary_dir/$program" ] || { echo "package-deb.sh: $binary_dir/$program is missing" >&2; exit 1; }
  if ldd "$binary_dir/$program" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU'; then
    echo "package-deb.sh: $binary_dir/$program needs Swift's shared runtime (above): build it with --static-swift-stdlib" >&2
    exit 1
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$manpage" ]; then
  # swift-argument-parser's generate-manual tool (what its plugin runs) reads the man page out of
  # the packaged binary itself; built on its own, it spares the plugin's build of every product.
  parser=$(swift package --scratch-path .build-deb show-dependencies --format json | python3 -c \
    'import json,sys; print(next(d["path"] for d in json.load(sys.stdin)["dependencies"] if d["identity"] == "swift-argument-parser"))')
  nice swift build -c release --package-path "$parser" --scratch-path .build-deb/manual-tool --product generate-manual >"$work/manual.log" 2>&1 \
    || { cat "$work/manual.log" >&2; exit 1; }
  mkdir -p "$work/manual"
  LC_ALL=C LANGUAGE= .build-deb/manual-tool/release/generate-manual "$binary_dir/strips" --output-directory "$work/manual" >"$work/manual.log" 2>&1 \
    || { cat "$work/manual.log" >&2; exit 1; }
  [ -f "$work/manual/strips.1" ] || { echo "package-deb.sh: generate-manual wrote no strips.1" >&2; exit 1; }
  manpage="$work/strips.1"
  # Blank lines (paragraphs of the discussions) become mdoc paragraph macros, as install.sh does.
  sed 's/^$/.Pp/' "$work/manual/strips.1" > "$manpage"
fi

# Staged where dpkg-shlibdeps and dpkg-gencontrol look for a package's files: debian/PACKAGE
# under the folder they run in (a scratch copy of debian/, so nothing is written into the sources).
mkdir -p "$work/debian"
cp debian/control debian/changelog "$work/debian/"
stage="$work/debian/strips"
mkdir -p "$stage/DEBIAN"
Scripts/install.sh --prefix /usr --destdir "$stage" --binary "$binary_dir/strips" --manpage "$manpage"

# The metainfo with the desktop entry and the icons it finds beside it, as software centres read them.
appstreamcli validate-tree --pedantic --no-net "$stage" >"$work/appstream.log" 2>&1 || { cat "$work/appstream.log" >&2; exit 1; }

# Debian's conventions for what install.sh staged: debug symbols out of the programs, the man
# page compressed, the copyright and changelog in /usr/share/doc/strips.
for program in "$stage/usr/bin/strips" "$stage/usr/libexec/strips/strips-scan-probe"; do
  strip --remove-section=.comment --remove-section=.note --strip-unneeded "$program"
done
# Every man page: the English one and each language's (share/man/LANG/man1).
find "$stage/usr/share/man" -name strips.1 -exec gzip -9n {} +
install -d "$stage/usr/share/doc/strips"
install -m 644 debian/copyright "$stage/usr/share/doc/strips/copyright"
gzip -9nc debian/changelog > "$stage/usr/share/doc/strips/changelog.gz"
chmod 644 "$stage/usr/share/doc/strips/changelog.gz"
find "$stage" -type d -exec chmod 755 {} +

# Depends: the packages whose libraries the two programs load, as dpkg-shlibdeps finds them.
(cd "$work" && dpkg-shlibdeps -Tsubstvars debian/strips/usr/bin/strips debian/strips/usr/libexec/strips/strips-scan-probe \
  && dpkg-gencontrol -pstrips -Pdebian/strips -Tsubstvars -ffiles)
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
# A file's time is never later than the changelog's (reproducible builds).
find "$stage" -newermt "@$SOURCE_DATE_EPOCH" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$output"
deb="$output/strips_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "built $deb ($(du -k "$deb" | cut -f1) KiB); Depends: $(dpkg-deb -f "$deb" Depends)"

if command -v lintian >/dev/null; then
  # Errors fail the package; warnings and notes are printed for the record.
  lintian --fail-on error --info "$deb" || { echo "package-deb.sh: lintian found errors in $deb" >&2; exit 1; }
  echo "lintian: no errors"
else
  echo "package-deb.sh: lintian is not installed (apt-get install lintian): the package is not checked" >&2
fi
