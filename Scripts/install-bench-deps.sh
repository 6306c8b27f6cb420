#!/usr/bin/env bash
# Installs the tools the benchmarks compare Strips with, only those missing (the app and the
# tests need none of them): libjpeg-turbo's djpeg, libvips' vipsthumbnail, MuPDF's mutool,
# poppler's pdftoppm, the ffmpeg command (the camera benchmark's decoding baseline), and OCRmyPDF
# with img2pdf (from PyPI, in a virtual environment of its own, with the ghostscript, pngquant and
# Tesseract language its --optimize levels and OCR use) with exiftool to read saved PDFs' XMP.
# Safe to run again.
#   Scripts/install-bench-deps.sh           then: "$(Scripts/install-bench-deps.sh --ocrmypdf)" --version
set -euo pipefail

# OCRmyPDF's virtual environment: outside the work tree, so a clean build keeps it.
venv=${STRIPS_BENCH_VENV:-${XDG_DATA_HOME:-$HOME/.local/share}/strips/bench-venv}
if [ "${1:-}" = "--ocrmypdf" ]; then echo "$venv/bin/ocrmypdf"; exit 0; fi

packages=(
  libjpeg-turbo-progs   # djpeg -scale 1/8: the floor for any JPEG thumbnailer
  libvips-tools         # vipsthumbnail
  mupdf-tools           # mutool draw
  poppler-utils         # pdftoppm
  ffmpeg                # ffmpeg -threads 1 -i FILE -f null -: decoding a camera's MJPEG
  ghostscript pngquant  # OCRmyPDF's --optimize 1/2/3 (JPEG and PNG recompression)
  python3-venv          # OCRmyPDF's virtual environment
  tesseract-ocr-eng     # OCRmyPDF's English text recognition (strips convert --ocr eng's baseline)
  libimage-exiftool-perl  # exiftool: a saved PDF's XMP
  tesseract-ocr         # the tesseract command: bench-speed.sh's page-a-core baseline
  imagemagick           # bench-speed.sh: the corpus's receipts enlarged to 300 dpi A4 scans
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -x "$venv/bin/ocrmypdf" ]; then
  echo "Installing OCRmyPDF (PyPI) into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip
  "$venv/bin/pip" install --quiet ocrmypdf img2pdf
fi
