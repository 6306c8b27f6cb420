#!/usr/bin/env bash
# Writes damaged copies of a PDF, the ways real PDFs get damaged, for the save tests and by hand:
#
#   Scripts/make-damaged-pdfs.sh [--many] OUT_FOLDER SOURCE.pdf
#
# Classes (file names are CLASS--VARIANT.pdf):
#   pristine   the source rewritten with object streams (the base of most mutations)
#   truncate   cut at fractions of its length and just before its end
#   xref       cross-reference table and stream bytes flipped, startxref pointing elsewhere
#   objstm     a byte flipped inside an object stream (the page dictionaries in it are lost)
#   content    a byte flipped inside a page's compressed content stream
#   tree       page-tree cycles (a kid that is its own ancestor), null, missing and repeated kids
#   count      the root /Count lying: 2147483647, 1000000000, -1, 0, 1, one too many
#   box        media boxes empty, inverted, absurd, missing, not numbers; a crop box off the page; /Rotate 45
#   encrypt    a password needed, restrictions only, an unknown security handler, an unknown revision
#
# Deterministic (the same bytes every run for the same source). Needs coreutils, sed, awk and
# qpdf (qpdf, fix-qdf), which Scripts/install-deps.sh installs for the tests. --many writes more
# variants of the byte-level classes (truncate, xref, objstm, content).
set -euo pipefail
export LC_ALL=C  # sed and grep see bytes, not characters

many=0
if [ "${1:-}" = "--many" ]; then many=1; shift; fi
out=${1:?usage: make-damaged-pdfs.sh [--many] OUT_FOLDER SOURCE.pdf}
source=${2:?usage: make-damaged-pdfs.sh [--many] OUT_FOLDER SOURCE.pdf}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# qpdf exits 3 when it wrote the file with warnings (about the input): still a file.
q() { qpdf "$@" || [ $? -eq 3 ]; }

base="$work/base.pdf"      # object streams, cross-reference stream
plain="$work/plain.pdf"    # cross-reference table, compressed streams, no object streams
qdf="$work/qdf.pdf"        # qpdf's editable form: one object per block, streams uncompressed
q --deterministic-id --object-streams=generate "$source" "$base"
q --deterministic-id --object-streams=disable "$source" "$plain"
q --deterministic-id --qdf --object-streams=disable "$source" "$qdf"

size() { stat -c %s "$1"; }
byte() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '; }
# flip FILE OFFSET: inverts one byte in place.
flip() { printf "$(printf '\\%03o' $(( $(byte "$1" "$2") ^ 0xFF )))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }
# put FILE OFFSET TEXT: overwrites bytes in place.
put() { printf '%s' "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }
# offsets FILE TEXT: byte offsets of every TEXT in FILE.
offsets() { grep -aboF -- "$2" "$1" | cut -d: -f1 || true; }
# first_after FILE OFFSET TEXT: the offset of the first TEXT at or after OFFSET.
# (grep stops early and tail then dies of SIGPIPE, which pipefail would count as a failure.)
first_after() { local at; at=$(tail -c +$(( $2 + 1 )) "$1" | grep -aboF -m1 -- "$3" | cut -d: -f1 || true); echo $(( $2 + ${at:-0} )); }
# fixed NAME: repairs the edited QDF copy's offsets and lengths (the damage stays) into OUT/NAME.
fixed() { fix-qdf < "$work/edit.pdf" > "$out/$1"; }
# object_of TEXT: the number of the object (in the QDF copy) whose body holds the first TEXT.
object_of() { awk -v text="$1" '/^[0-9]+ 0 obj/ { n = $1 } index($0, text) { print n; exit }' "$qdf"; }

cp "$base" "$out/pristine--objstm.pdf"
cp "$plain" "$out/pristine--xref-table.pdf"

# truncate
n=$(size "$base")
cuts=("50" "90" "99")
[ $many -eq 1 ] && cuts+=("10" "25" "75" "95")
for pct in "${cuts[@]}"; do head -c $(( n * pct / 100 )) "$base" > "$out/truncate--$pct-percent.pdf"; done
head -c $(( n - 1 )) "$base" > "$out/truncate--last-byte.pdf"
head -c "$(offsets "$base" startxref | tail -1)" "$base" > "$out/truncate--before-startxref.pdf"

# xref: the table's offsets, the stream's bytes, startxref
table=$(offsets "$plain" "xref" | tail -1)
f="$out/xref--table-digits.pdf"; cp "$plain" "$f"
for k in 30 70 110; do put "$f" $(( table + k )) "9"; done
f="$out/xref--startxref-zero.pdf"; cp "$plain" "$f"
at=$(offsets "$f" startxref | tail -1); put "$f" $(( at + 10 )) "0000000000"
xstream=$(first_after "$base" "$(offsets "$base" "/XRef" | tail -1)" "stream")
f="$out/xref--stream-flip.pdf"; cp "$base" "$f"; flip "$f" $(( xstream + 20 ))
if [ $many -eq 1 ]; then
  for k in 10 40 80; do f="$out/xref--stream-flip-$k.pdf"; cp "$base" "$f"; flip "$f" $(( xstream + k )); done
fi

# objstm: one byte inside each object stream's data (zlib header and deflate blocks)
i=0
for at in $(offsets "$base" "/ObjStm"); do
  i=$(( i + 1 ))
  data=$(( $(first_after "$base" "$at" "stream") + 8 ))
  length=$(tail -c +$(( at + 1 )) "$base" | head -c 400 | grep -ao '/Length [0-9]*' | head -1 | cut -d' ' -f2 || true)
  # Early in the stream every object in it is lost (the catalog too, when it is there); near its
  # end only the last few (pages, when a file keeps them there).
  places=("40" "$(( ${length:-100} * 9 / 10 ))")
  [ $many -eq 1 ] && places+=("2" "10" "200" "$(( ${length:-100} / 2 ))" "$(( ${length:-100} * 3 / 4 ))")
  for k in "${places[@]}"; do f="$out/objstm--$i-at-$k.pdf"; cp "$base" "$f"; flip "$f" $(( data + k )); done
  if [ $many -eq 0 ] && [ $i -ge 3 ]; then break; fi
done

# content: a byte inside the first, middle and last page's compressed content stream
pages=$(qpdf --show-npages "$plain")
for p in 1 $(( (pages + 1) / 2 )) "$pages"; do
  # (awk reads to the end: a writer cut off by an early exit would fail the pipe.)
  obj=$(qpdf --show-pages "$plain" | awk -v p="$p" '!done && $1 == "page" && $2 == p":" { getline; getline; print $1; done = 1 }')
  [ -n "$obj" ] || continue
  at=$(qpdf --show-xref "$plain" | awk -v o="$obj/0:" '!done && $1 == o { print $NF; done = 1 }')
  data=$(( $(first_after "$plain" "$at" "stream") + 8 ))
  f="$out/content--page-$p.pdf"; cp "$plain" "$f"; flip "$f" $(( data + 12 ))
done

# The root of the page tree and its first kids, in the QDF copy.
root=$(awk '/^[0-9]+ 0 obj/ { n = $1 } /\/Type \/Pages/ { print n; exit }' "$qdf")
kids=($(awk -v r="$root" '$0 == r" 0 obj" { inside = 1 } inside && /\/Kids \[/ { k = 1; next } k && /\]/ { exit } k { print $1 }' "$qdf"))
size_line() { awk '/^trailer/ { t = 1 } t && /\/Size/ { print $2; exit }' "$qdf"; }
last=$(( $(size_line) ))
# replace_kid INDEX WITH: the root's kid INDEX (from 1) becomes WITH.
replace_kid() {
  awk -v r="$root" -v i="$1" -v with="$2" '
    $0 == r" 0 obj" { inside = 1 }
    inside && /\/Kids \[/ { k = 1; print; next }
    k && /\]/ { k = 0; inside = 0 }
    k { seen++; if (seen == i) { sub(/[0-9]+ 0 R/, with) } }
    { print }' "$qdf" > "$work/edit.pdf"
}
# tree
replace_kid 2 "$root 0 R"; fixed "tree--kid-is-the-root.pdf"
replace_kid 1 "null"; fixed "tree--null-kid.pdf"
replace_kid 1 "9999 0 R"; fixed "tree--missing-kid.pdf"
replace_kid 2 "${kids[0]} 0 R"; fixed "tree--repeated-kid.pdf"
# A /Pages node among the kids whose own kid is the root: a cycle two levels deep.
replace_kid 2 "$last 0 R"
awk -v n="$last" -v r="$root" '
  /^xref$/ { print "%% Original object ID: " n " 0"; print n " 0 obj"; print "<<"; print "  /Count 1"; print "  /Kids [ " r " 0 R ]";
             print "  /Parent " r " 0 R"; print "  /Type /Pages"; print ">>"; print "endobj"; print "" }
  /^trailer/ { t = 1 } t && /\/Size/ { sub(/\/Size [0-9]+/, "/Size " n + 1) }
  { print }' "$work/edit.pdf" > "$work/edit2.pdf" && mv "$work/edit2.pdf" "$work/edit.pdf"
fixed "tree--cycle-two-levels.pdf"
# A page whose /Parent is itself (the first page object: the root's kids may be /Pages nodes).
first=$(awk '/^[0-9]+ 0 obj/ { n = $1 } /^  \/Type \/Page$/ && !done { print n; done = 1 }' "$qdf")
awk -v p="$first" '$0 == p" 0 obj" { inside = 1 } inside && /\/Parent / { sub(/[0-9]+ 0 R/, p " 0 R") } /^endobj/ { inside = 0 } { print }' "$qdf" > "$work/edit.pdf"
fixed "tree--page-is-its-own-parent.pdf"

# count
for c in 2147483647 1000000000 -1 0 1 $(( pages + 1 )); do
  awk -v r="$root" -v c="$c" '$0 == r" 0 obj" { inside = 1 } inside && /\/Count / { sub(/\/Count -?[0-9]+/, "/Count " c); inside = 0 } { print }' "$qdf" > "$work/edit.pdf"
  fixed "count--$c.pdf"
done

# box: page 1's /MediaBox (four lines of numbers in the QDF copy) replaced
box() {  # NAME REPLACEMENT ("" removes the key)
  awk -v p="$first" -v with="$2" '
    $0 == p" 0 obj" { inside = 1 }
    inside && /^  \/MediaBox \[/ { skip = 1; if (with != "") print "  /MediaBox " with; next }
    skip { if ($0 ~ /^  \]/) skip = 0; next }
    /^endobj/ { inside = 0 }
    { print }' "$qdf" > "$work/edit.pdf"
  fixed "box--$1.pdf"
}
box empty "[ 0 0 0 0 ]"
box inverted "[ 612 792 0 0 ]"
box negative "[ 0 0 -612 -792 ]"
box absurd "[ 0 0 1e30 1e30 ]"
box not-numbers "[ /a /b /c /d ]"
box three-numbers "[ 0 0 612 ]"
box missing ""
awk -v p="$first" '$0 == p" 0 obj" { print; getline; print; print "  /CropBox [ 5000 5000 6000 6000 ]"; next } { print }' "$qdf" > "$work/edit.pdf"
fixed "box--crop-off-the-page.pdf"
awk -v p="$first" '$0 == p" 0 obj" { print; getline; print; print "  /Rotate 45"; next } { print }' "$qdf" > "$work/edit.pdf"
fixed "box--rotate-45.pdf"

# encrypt
q --static-id --static-aes-iv --encrypt secret owner 256 -- "$plain" "$out/encrypt--password.pdf"
q --static-id --static-aes-iv --encrypt "" owner 256 -- "$plain" "$out/encrypt--restrictions-only.pdf"
sed 's|/Filter /Standard|/Filter /FooCrypt|' "$out/encrypt--restrictions-only.pdf" > "$out/encrypt--unknown-handler.pdf"
sed 's|/R 6|/R 9|' "$out/encrypt--restrictions-only.pdf" > "$out/encrypt--unknown-revision.pdf"

ls "$out" | wc -l | xargs echo "damaged PDFs in $out:" >&2
