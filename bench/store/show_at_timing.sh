#!/usr/bin/env bash
# Times `tictactrace show GAME --at N` as a whole process on a 10,000-move game (100x100, score rule,
# played to the full board in a random order), the way a user runs it: start, open the file, fold N
# events, print, exit. Prints the mean and the worst of RUNS runs for each N, in milliseconds.
# usage: bench/store/show_at_timing.sh BUILD_DIR [RUNS]
set -euo pipefail

bin=$1/tictactrace
runs=${2:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/long.db

# The game: a PSQ file of every cell in a shuffled order, imported by the program (which writes its hash
# chain and its snapshots as for any game).
{
    echo "Piskvorky 100x100, 11:11, 0"
    seq 0 9999 | shuf --random-source=<(yes 100) | awk '{ printf "%d,%d,0\n", $1 % 100 + 1, int($1 / 100) + 1 }'
    echo "-1"
} >"$work/long.psq"
"$bin" import "$work/long.psq" --rules score --db "$db" >/dev/null
"$bin" verify --db "$db" >/dev/null

for at in 1 2500 5000 7500 10000; do
    total=0
    worst=0
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        "$bin" show 1 --db "$db" --at "$at" >/dev/null
        end=$(date +%s%N)
        us=$(((end - start) / 1000))
        total=$((total + us))
        [ "$us" -gt "$worst" ] && worst=$us
    done
    awk -v at="$at" -v total="$total" -v worst="$worst" -v runs="$runs" \
        'BEGIN { printf "show --at %-5s mean %6.2f ms   worst %6.2f ms   (%d runs)\n", at, total / runs / 1000, worst / 1000, runs }'
done
