#!/usr/bin/env bash
# Installs what is missing, builds, and opens Strips: `Scripts/run.sh` shows the bundled sample
# document; `Scripts/run.sh photos ~/Scans` your own; `Scripts/run.sh pizza` the pizza selector.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product strips
swift build -c release --product strips-scan-probe  # the scanner worker (SANE runs in it)
Scripts/compile-translations.sh .build/locale       # the window's languages (po/), found beside the build
exec .build/release/strips "$@"
