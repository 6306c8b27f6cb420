#!/usr/bin/env bash
# Installs what is missing, drives the real window once under Xvfb, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build --product strips
swift build --product strips-scan-probe
Scripts/live-smoke.sh .build/debug/strips photos --scanner test:0 --scan-source feeder --scan-dpi 100 --scan-mode gray --scan-page a4
Scripts/live-smoke.sh .build/debug/strips pizza
swift test
