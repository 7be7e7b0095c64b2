#!/usr/bin/env bash
# Starts the main program from the build tree: the window when there is a display to show it on,
# otherwise (a terminal over ssh, a container) the command line's demonstration, saying why.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    exec build/tictactrace-gui "$@"
fi
echo "No display (DISPLAY is not set): showing the command-line demonstration instead." >&2
[ $# -eq 0 ] || echo "(the window's options were not used: $*)" >&2
echo "Run scripts/run.sh from a desktop session to open the window." >&2
exec build/tictactrace demo
