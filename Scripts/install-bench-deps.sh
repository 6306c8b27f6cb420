#!/usr/bin/env bash
# Installs the tools the benchmarks compare Strips with, only those missing (the app and the
# tests need none of them): libjpeg-turbo's djpeg, libvips' vipsthumbnail, MuPDF's mutool,
# poppler's pdftoppm, and OCRmyPDF (PyPI, with img2pdf) in a virtual environment at
# .build/bench-venv for Scripts/bench-convert.sh. Safe to run again.
set -euo pipefail

packages=(
  libjpeg-turbo-progs   # djpeg -scale 1/8: the floor for any JPEG thumbnailer
  libvips-tools         # vipsthumbnail
  mupdf-tools           # mutool draw
  poppler-utils         # pdftoppm
  python3-venv ghostscript tesseract-ocr-eng   # OCRmyPDF's environment and its helpers
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# OCRmyPDF from PyPI, kept to the benchmark's own environment.
venv="$(dirname "$0")/../.build/bench-venv"
if [ ! -x "$venv/bin/ocrmypdf" ]; then
  echo "Installing OCRmyPDF into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet ocrmypdf img2pdf
fi
