#!/bin/sh
# Records the baseline traces: every NAME.script here run by STRIPS (default .build/debug/strips)
# with --trace-every-frame, written to NAME.jsonl.gz. BaselineTraceTests re-runs each script and
# compares. Record only from a build whose behaviour is the reference (main at f892735; then issue 32's
# toolbar, which moved the preview strip 40 pt down and made it 40 pt shorter, and issue 27's camera
# button in it, and nothing else).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
strips=${1:-"$here/../../.build/debug/strips"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for script in "$here"/*.script; do
    name=$(basename "$script" .script)
    # The first line names the scene and its options; {tmp} is a scratch folder.
    run=$(sed -n '1s/^# run: //p' "$script" | sed "s|{tmp}|$tmp/$name|g")
    rm -rf "$tmp/$name"
    mkdir -p "$tmp/$name"
    # shellcheck disable=SC2086
    "$strips" $run --script "$script" --trace-every-frame --trace "$tmp/$name.jsonl"
    gzip -9n -c "$tmp/$name.jsonl" > "$here/$name.jsonl.gz"
    echo "$name: $(wc -l < "$tmp/$name.jsonl") frames"
done
