#!/usr/bin/env bash
# Starts the main program from the build tree. Until the window exists it is the CLI's demonstration.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then exec build/tictactrace "$@"; fi
exec build/tictactrace demo
