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

# The game: created by the program, its 10,000 moves appended in one transaction by sqlite3 in the
# exact payload layout the store writes, then the projection row set from the program's own fold.
"$bin" new --db "$db" --rules score --rows 100 --cols 100 >/dev/null
sqlite3 "$db" <<'SQL'
BEGIN;
WITH RECURSIVE cells(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM cells WHERE i < 9999),
     shuffled AS (SELECT i, row_number() OVER (ORDER BY random()) AS n FROM cells)
INSERT INTO events (game, seq, type, type_version, payload, recorded_ms)
SELECT 1, n, 'move_played', 1,
       json_object('player', CASE WHEN n % 2 = 1 THEN 'x' ELSE 'o' END, 'row', i / 100 + 1, 'col', i % 100 + 1),
       CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM shuffled ORDER BY n;
COMMIT;
SQL
final=$("$bin" show 1 --db "$db" --json)
status=$(sed -E 's/.*"status":"([a-z]+)".*/\1/' <<<"$final")
winner=$(sed -E 's/.*"winner":("?[a-z]+"?).*/\1/' <<<"$final" | tr '"' "'")
sqlite3 "$db" "UPDATE games SET moves = 10000, last_seq = 10000, status = '$status', winner = $winner,
               updated_ms = (SELECT recorded_ms FROM events WHERE game = 1 AND seq = 10000) WHERE id = 1"
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
