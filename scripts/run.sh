#!/usr/bin/env bash
# The README's run command: installs what is missing, builds, and starts the program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
exec scripts/start.sh "$@"
