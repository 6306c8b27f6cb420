#!/usr/bin/env bash
# Makes the committed seed corpus of the video fuzzer (Fuzz/FuzzVideo.swift; run once, the outputs
# are committed): tiny films in the containers and codecs a camera file comes in (MP4/H.264,
# Matroska, WebM/VP8 and VP9, AVI/MJPEG, NUT/raw yuv420p, yuv422p and nv12, MOV, MPEG-TS, Ogg
# Theora, Y4M, GIF) at odd sizes (3x5, 7x9, 40x9, 18x9...), a few frames each. Each seed
# has one leading byte that picks the extension (FuzzVideo's `VideoFuzzFile.extensions`).
# Needs the ffmpeg command (apt-get install ffmpeg); the app links ffmpeg's libraries only.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Fuzz/corpus/video
mkdir -p "$out"
extensions=(mp4 mkv webm avi mov nut y4m mjpeg gif ts ogv flv)
seed() {  # NAME EXT SIZE FRAMES ffmpeg-output-args...
  local name=$1 ext=$2 size=$3 frames=$4; shift 4
  local index tmp
  for index in "${!extensions[@]}"; do [ "${extensions[$index]}" = "$ext" ] && break; done
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' RETURN
  ffmpeg -v error -f lavfi -i "testsrc=size=$size:rate=12" -frames:v "$frames" "$@" "$tmp/seed.$ext"
  { printf "\\x$(printf %02x "$index")"; cat "$tmp/seed.$ext"; } > "$out/$name.$ext"
}
seed h264-yuv420p mp4 34x18 3 -c:v libx264 -pix_fmt yuv420p -preset ultrafast
seed h264-422 mkv 18x9 3 -c:v libx264 -pix_fmt yuv422p -preset ultrafast
seed vp8 webm 24x16 3 -c:v libvpx -b:v 50k
seed vp9 webm 3x5 2 -c:v libvpx-vp9 -b:v 50k
seed mjpeg avi 40x9 3 -c:v mjpeg -pix_fmt yuvj422p
seed mjpeg-raw mjpeg 21x13 2 -c:v mjpeg -pix_fmt yuvj420p
seed raw-yuv420p nut 7x9 2 -c:v rawvideo -pix_fmt yuv420p
seed raw-yuv422p nut 9x4 2 -c:v rawvideo -pix_fmt yuv422p
seed raw-nv12 nut 6x6 2 -c:v rawvideo -pix_fmt nv12
seed mpeg4 mov 32x18 3 -c:v mpeg4
seed y4m y4m 5x3 2 -pix_fmt yuv420p
seed gif gif 12x8 2
seed mpeg2 ts 32x16 3 -c:v mpeg2video
seed theora ogv 16x16 2 -c:v libtheora
seed flv flv 16x8 2 -c:v flv1
