#!/usr/bin/env bash
# Installs the tools the benchmarks compare Strips with, only those missing (the app and the
# tests need none of them): libjpeg-turbo's djpeg, libvips' vipsthumbnail, MuPDF's mutool,
# poppler's pdftoppm, the ffmpeg command (the camera benchmark's decoding baseline). Safe to run again.
set -euo pipefail

packages=(
  libjpeg-turbo-progs   # djpeg -scale 1/8: the floor for any JPEG thumbnailer
  libvips-tools         # vipsthumbnail
  mupdf-tools           # mutool draw
  poppler-utils         # pdftoppm
  ffmpeg                # ffmpeg -threads 1 -i FILE -f null -: decoding a camera's MJPEG
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
