#!/usr/bin/env bash
# Installs the Debian packages Strips needs, only those missing. Safe to run again.
set -euo pipefail

packages=(
  libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core                     # the window, its fonts
  libx11-dev libglib2.0-dev                                         # the desktop's scale (Xft.dpi); GLib: the file chooser (the portal over D-Bus), the thumbnail cache's MD5 names
  libexif-dev libturbojpeg0-dev libjpeg62-turbo-dev                 # EXIF orientation, scaled and region JPEG decoding
  libimagequant-dev libgif-dev                                      # GIF recording: palettes, the GIF file
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev       # MP4 / WebM recording (ffmpeg's libraries)
  libavdevice-dev                                                   # the camera: V4L2 devices through ffmpeg's v4l2 input
  libpipewire-0.3-dev                                               # the camera through the XDG desktop portal: its PipeWire stream
  pipewire-bin libspa-0.2-modules wireplumber                       # the portal camera's tests: a PipeWire daemon of their own, SPA's videotestsrc as its camera, WirePlumber linking
  libspng-dev                                                       # the thumbnail cache and saved PNGs
  libwebp-dev                                                       # WebP pictures
  libcairo2-dev                                                     # saving PDFs
  libpoppler-glib-dev libqpdf-dev                                   # PDF pages: open and render, save with text kept
  libleptonica-dev libtesseract-dev tesseract-ocr-eng tesseract-ocr-osd   # border correction, looks, text recognition
  g++                                                               # libstdc++'s headers: the small C++ target over Tesseract's iterators (CTesseractOrder)
  tesseract-ocr-rus tesseract-ocr-fra tesseract-ocr-ind tesseract-ocr-hin   # reading the seeds' languages (--ocr auto): Russian, French, Indonesian, Hindi
  fonts-noto-core                                                   # Noto Sans Devanagari: the window's Hindi (DejaVu has no Devanagari)
  gettext                                                           # msgfmt: the window's translations (po/*.po) compiled at build and install
  libharfbuzz-dev libfreetype-dev                                   # the language tests' pages: words shaped by HarfBuzz, drawn by cairo
  libtiff-dev                                                       # multi-page TIFF pages, CCITT G4 pages
  libsane-dev sane-airscan sane-utils                               # scanners (network ones through sane-airscan)
  libzbar-dev                                                       # separator sheets: QR codes and barcodes (ZBar)
  libqrencode-dev                                                   # the test batches' QR codes (libqrencode)
  poppler-utils qpdf                                                # the PDF and save tests' checks (pdftotext, pdfinfo, qpdf)
  tesseract-ocr                                                     # the text benchmark's baseline, the tesseract command
  xvfb xdotool x11-apps imagemagick                                 # the live window smoke test
  x11-utils                                                         # its check of the window's class (xprop WM_CLASS)
  appstream desktop-file-utils                                      # the metainfo's and the desktop entry's validators (appstreamcli, desktop-file-validate)
  dbus-daemon                                                       # the file chooser test's private session bus
  python3-yaml systemd                                              # the archive examples' test: the Kubernetes manifest parsed, the watch unit checked (systemd-analyze verify)
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
