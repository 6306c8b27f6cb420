#!/usr/bin/env bash
# Installs a built package, out/strips_VERSION_ARCH.deb, the way a user does (apt-get install
# ./strips_...deb) into a fresh Debian made by debootstrap (minbase: no Swift, no -dev package),
# then runs it from the installed files: strips --version, a headless script on the bundled sample
# document, and a batch converted to a searchable PDF (Tesseract's data, cairo, qpdf). Needs root
# and the network (the Debian mirror); a script, not a CI test: it takes minutes. Its runs are in
# docs/PACKAGING.md.
#
# Usage: Scripts/test-deb.sh [DEB]   (default: the newest out/strips_*.deb)
#   STRIPS_DEBOOTSTRAP_CACHE=DIR keeps debootstrap's downloads for the next run (default
#   /var/cache/strips-debootstrap)
set -euo pipefail
cd "$(dirname "$0")/.."
deb="${1:-$(ls -t out/strips_*.deb 2>/dev/null | head -1)}"
[ -f "$deb" ] || { echo "test-deb.sh: no package (build one with Scripts/package-deb.sh)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "test-deb.sh: needs root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "test-deb.sh: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
version=$(dpkg-deb -f "$deb" Version)
cache="${STRIPS_DEBOOTSTRAP_CACHE:-/var/cache/strips-debootstrap}"
mkdir -p "$cache"

root=$(mktemp -d /tmp/strips-deb-root.XXXXXX)
chmod 755 "$root"  # apt's downloads run as _apt, who must reach the root's folders
cleanup() {
  mountpoint -q "$root/proc" && umount "$root/proc"
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
started=$(date +%s)

echo "== debootstrap --variant=minbase $suite"
debootstrap --variant=minbase --cache-dir="$cache" "$suite" "$root" http://deb.debian.org/debian >"$root.log" 2>&1 \
  || { tail -20 "$root.log"; exit 1; }
rm -f "$root.log"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
before=$(in_root dpkg-query -W -f='${Package}\n' | wc -l)

echo "== apt-get install ./$(basename "$deb")"
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >"$root/tmp/apt.log" 2>&1 \
  || { tail -30 "$root/tmp/apt.log"; exit 1; }
after=$(in_root dpkg-query -W -f='${Package}\n' | wc -l)
echo "installed strips $version and $((after - before - 1)) packages it depends on"

# Nothing of a build machine: no Swift anywhere, no development package.
if in_root sh -c 'command -v swift swiftc' >/dev/null; then echo "test-deb.sh: the fresh root has Swift" >&2; exit 1; fi
dev=$(in_root dpkg-query -W -f='${Package}\n' | grep -E -- '-dev$' || true)
[ -z "$dev" ] || { echo "test-deb.sh: -dev packages in the fresh root: $dev" >&2; exit 1; }
if in_root sh -c 'ldd /usr/bin/strips | grep -E "libswift|libFoundation|not found"'; then
  echo "test-deb.sh: strips lacks libraries in the fresh root (above)" >&2; exit 1
fi

echo "== strips --version"
got=$(in_root strips --version)
[ "$got" = "${version%%-*}" ] || { echo "test-deb.sh: strips --version says '$got', the package $version" >&2; exit 1; }
echo "$got"

echo "== a headless script on the bundled sample"
cat > "$root/tmp/script.txt" <<'SCRIPT'
window 800 600
at 300 down 600 250
at 316 move 450 250
at 333 move 300 250
at 350 up 290 250
at 1500 key Delete
at 2000 dump
at 2100 end
SCRIPT
in_root strips photos --script /tmp/script.txt --trace /tmp/trace.jsonl 2>"$root/tmp/script.err" \
  || { cat "$root/tmp/script.err"; exit 1; }
count=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).read().splitlines()[-1])["count"])' "$root/tmp/trace.jsonl")
[ "$count" = 7 ] || { echo "test-deb.sh: the trace has $count pages after a delete, not 7 of the sample's 8" >&2; exit 1; }
echo "trace: $(wc -l < "$root/tmp/trace.jsonl") line(s), 7 pages left of the sample's 8"

echo "== strips convert: the sample to a searchable PDF"
in_root strips convert /usr/share/strips/Assets/Sample --output /tmp/sample.pdf --ocr eng >"$root/tmp/convert.log" 2>&1 \
  || { cat "$root/tmp/convert.log"; exit 1; }
head -c 5 "$root/tmp/sample.pdf" | grep -q '%PDF-' || { echo "test-deb.sh: /tmp/sample.pdf is not a PDF" >&2; exit 1; }
pages=$(pdfinfo "$root/tmp/sample.pdf" | awk '/^Pages:/ {print $2}')
words=$(pdftotext "$root/tmp/sample.pdf" - | wc -w)
[ "$pages" = 8 ] && [ "$words" -gt 500 ] || { echo "test-deb.sh: sample.pdf has $pages pages and $words words" >&2; exit 1; }
echo "sample.pdf: $pages pages, $words words of recognised text, $(du -k "$root/tmp/sample.pdf" | cut -f1) KiB"

echo "test-deb.sh: $(basename "$deb") installed on a fresh $suite minbase and ran ($(( $(date +%s) - started )) s)"
