#!/usr/bin/env bash
# Remakes the seed PDFs of the pdfopen fuzz target (Fuzz/corpus/pdfopen) with printf and qpdf:
# a hand-written two-page PDF with text, and qpdf's rewrites of it (uncompressed QDF, object
# streams, linearized, a page turned, encrypted with and without a user password, no pages).
set -euo pipefail
cd "$(dirname "$0")/corpus/pdfopen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# No cross-reference table: qpdf rebuilds one, so the offsets need not be counted by hand.
printf '%s\n' '%PDF-1.4' \
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj' \
  '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 612 792] >> endobj' \
  '3 0 obj << /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >> endobj' \
  '4 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Rotate 90 /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >> endobj' \
  '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj' \
  '6 0 obj << /Length 58 >> stream' \
  'BT /F1 24 Tf 72 100 Td (Page) Tj ET 0 0 1 rg 10 10 50 50 re f' \
  'endstream endobj' \
  'trailer << /Root 1 0 R /Size 7 >>' '%%EOF' > "$work/raw.pdf"
qpdf "$work/raw.pdf" plain.pdf 2>/dev/null || [ $? -eq 3 ]   # 3: written, with warnings
qpdf --qdf plain.pdf qdf.pdf
qpdf --object-streams=generate plain.pdf objstreams.pdf
qpdf --linearize plain.pdf linearized.pdf
qpdf --rotate=+90:1 plain.pdf rotated.pdf
qpdf --encrypt user owner 256 -- plain.pdf password.pdf
qpdf --encrypt "" owner 256 -- plain.pdf owner-only.pdf
printf '%s\n' '%PDF-1.4' '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj' \
  '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj' 'trailer << /Root 1 0 R /Size 3 >>' '%%EOF' > "$work/empty.pdf"
qpdf "$work/empty.pdf" no-pages.pdf 2>/dev/null || [ $? -eq 3 ]
ls -l
