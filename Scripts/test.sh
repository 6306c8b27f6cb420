#!/usr/bin/env bash
# Installs what is missing, drives the real window once under Xvfb, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build --product strips
Scripts/live-smoke.sh .build/debug/strips photos
Scripts/live-smoke.sh .build/debug/strips pizza
swift test
