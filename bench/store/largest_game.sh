#!/usr/bin/env bash
# The documented maximum through the command line: a 2048 x 2048 score game of 4,194,304 moves (every
# cell, in a shuffled order), written as PSQ, imported, then each command on it, with its wall time, CPU
# time (user + system) and peak memory from /usr/bin/time. About two minutes; docs/performance.md
# ("Maximums") shows a run.
#
# With --compare OLD, OLD being the tictactrace of an earlier release (a file of its schema), only
# `takeback`, `move` and `show` are run, by OLD and by this build in the same run, each on its own copy of
# the file OLD imported; this build's first command on its copy migrates it, and is timed on its own.
# With --times N after it, those are run N times in turn (OLD, then this build, each command), every run
# a line of its own: on a shared machine, take the median.
# usage: bench/store/largest_game.sh [BUILD_DIR] [--compare OLD_TICTACTRACE [--times N]]
set -euo pipefail
build=${1:-build}
bin=$(cd "$build" && pwd)/tictactrace
old=""
times=1
if [ "${2:-}" = "--compare" ]; then old=$(realpath "$3"); fi
if [ "${4:-}" = "--times" ]; then times=$5; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

{
    echo "Piskvorky 2048x2048, 11:11, 0"
    seq 0 4194303 | shuf --random-source=<(yes 2048) | awk '{ printf "%d,%d,0\n", $1 % 2048 + 1, int($1 / 2048) + 1 }'
    echo "-1"
} >largest.psq
echo "largest.psq: $(stat -c %s largest.psq) bytes"

step() {
    local what=$1; shift
    /usr/bin/time -f "$what|%e|%U|%S|%M" "$@" >/dev/null 2>>times.txt || true
}
: >times.txt
cell=$(awk -F, 'NR == 4194305 { print $2, $1 }' largest.psq)
if [ -n "$old" ]; then
    step "import the PSQ file (the earlier release)" "$old" import largest.psq --rules score --db games.db
    cp games.db before.db
    mv games.db after.db
    step "after: the first open (list), which migrates the file" "$bin" list --db after.db
    for _ in $(seq 1 "$times"); do
        for side in before after; do
            exe=$bin
            if [ "$side" = before ]; then exe=$old; fi
            step "$side: takeback" "$exe" takeback 1 --db $side.db
            # shellcheck disable=SC2086
            step "$side: move" "$exe" move 1 $cell --db $side.db
            step "$side: show (the last step)" "$exe" show 1 --db $side.db
            step "$side: show --json" "$exe" show 1 --json --db $side.db
            step "$side: show --at 4194000" "$exe" show 1 --at 4194000 --db $side.db
        done
    done
else
    step "import the PSQ file" "$bin" import largest.psq --rules score --db games.db
    step "takeback" "$bin" takeback 1 --db games.db
    # shellcheck disable=SC2086
    step "move" "$bin" move 1 $cell --db games.db
    step "show (the last step)" "$bin" show 1 --db games.db
    step "show --at 2000000" "$bin" show 1 --at 2000000 --db games.db
    step "history" "$bin" history 1 --db games.db
    step "history --desc --json" "$bin" history 1 --desc --json --db games.db
    step "list" "$bin" list --db games.db
    step "export --format binary" "$bin" export 1 --format binary -o game.bin --db games.db
    step "export --format psq" "$bin" export 1 --format psq -o game.psq --db games.db
    step "export --format json (refused: more than a text archive takes)" "$bin" export 1 --format json -o game.json --db games.db
    step "fork --at 3000000" "$bin" fork 1 --at 3000000 --db games.db
    step "verify" "$bin" verify --db games.db
    step "import the binary archive" "$bin" import game.bin --db other.db
fi
echo "| command | wall | CPU (user + system) | peak memory |"
echo "|---|---|---|---|"
awk -F'|' '/\|/ { printf "| `%s` | %.2f s | %.2f s | %d MiB |\n", $1, $2, $3 + $4, $5 / 1024 }' times.txt
grep -v '|' times.txt || true
