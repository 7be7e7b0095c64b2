#!/usr/bin/env bash
# End-to-end checks of `tictactrace tournament`: three built-in levels with their cross table and ratings,
# the JSON, the same games whatever --concurrency, Ctrl+C and a second run that plays only the rest, a brain
# that dies forfeiting its games while the tournament goes on, and bad input refused before anything runs.
# usage: tournament_e2e.sh TICTACTRACE DATA_DIR CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
data=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"
run() { run_plain "$@" --db "$db"; }

# Three levels on a 9x9 gomoku board, the search bounded by nodes so that every game is the same each run.
levels=(--engine random=builtin:random easy=builtin:easy medium=builtin:medium --rules gomoku --rows 9 --cols 9
        --nodes 2000)
# games_in_log: how many games the log holds.
games_in_log() { "$bin" list --json --db "$db" | grep -o '"id":' | wc -l; }
# field KEY N: the N-th number called KEY in the JSON on stdout.
field() { grep -oE '"'"$1"'":-?[0-9.]+' "$out" | sed -n "$2p" | cut -d: -f2; }

case "$case_name" in
three_levels)
    run tournament "${levels[@]}" --games 6
    expect_status 0
    stdout_matches '^tournament [0-9a-f]{16}: 18 of 18 games finished \(0 found in the log, 18 played now\)$'
    # Each engine plays 6 games against each of the two others; medium beats the others, easy beats random.
    stdout_matches '^   1  medium +12 +[0-9.]+ '
    stdout_matches '^   2  easy +12 '
    stdout_matches '^   3  random +12 '
    # The points of the whole table add up to the 18 games, and each row's to its wins and half its draws.
    total=$(awk '/^ +[0-9]  /{s += $4} END {print s}' "$out")
    [ "$total" = 18 ] || fail "the points add up to $total, not 18"
    awk '/^ +[0-9]  /{ if ($4 != $5 + $7 / 2 || $3 != $5 + $6 + $7) bad = 1 } END { exit bad }' "$out" ||
        fail "a row's points or games do not add up"
    # The cross table: a row's points against the others add up to its points.
    awk '/^ +[0-9]  /{ s = 0; for (i = 11; i <= NF; i++) if ($i != "-") s += $i; if (s != $4) bad = 1 } END { exit bad }' \
        "$out" || fail "a row of the cross table does not add up to its points"
    # The ratings go down the ranks, and their mean is 0.
    awk '/^ +[0-9]  /{ elo[$1] = $9 + 0 } END { exit !(elo[1] > elo[2] && elo[2] > elo[3] && elo[1] + elo[2] + elo[3] >= -1 && elo[1] + elo[2] + elo[3] <= 1) }' \
        "$out" || fail "the ratings are not in the order of the ranks, mean 0"
    [ "$(games_in_log)" -eq 18 ] || fail "the log does not hold 18 games"
    # Every game is an ordinary game, its players the engines' names, marked as the tournament's.
    run show 1 --json; stdout_has '"players":{"x":"random","o":"easy"}'
    run show 4 --json; stdout_has '"players":{"x":"easy","o":"random"}'
    run export 1 --format sgf; stdout_matches 'EV\[tictactrace tournament [0-9a-f]{16}\]'; stdout_has 'RO[1]'
    run verify; expect_status 0 ;;

json_shape)
    run tournament "${levels[@]}" --games 2 --json
    expect_status 0
    [ "$(wc -l <"$out")" -eq 1 ] || fail "the JSON is not one line"
    stdout_matches '^\{"tournament":"[0-9a-f]{16}","games":6,"finished":6,"found":0,"played":6,"unfinished":0,"interrupted":false,"engines":\[\{"name":"random","command":"builtin:random","rank":[123],"games":4,"points":[0-9.]+,"wins":[0-9]+,"losses":[0-9]+,"draws":[0-9]+,"forfeits":0,"elo":-?[0-9.]+,"error":[0-9.]+\},'
    stdout_matches '"cross":\[\[null,[0-9.]+,[0-9.]+\],\[[0-9.]+,null,[0-9.]+\],\[[0-9.]+,[0-9.]+,null\]\]\}$'
    # Each engine's games, points and elo, in the order given.
    for n in 1 2 3; do [ "$(field games $((n + 1)))" -eq 4 ] || fail "engine $n did not play 4 games"; done
    sum=$(grep -oE '"elo":-?[0-9.]+' "$out" | cut -d: -f2 | paste -sd+ | bc)
    awk -v s="$sum" 'BEGIN { exit !(s >= -0.2 && s <= 0.2) }' || fail "the ratings' mean is not 0: sum $sum" ;;

same_games_any_concurrency)
    run tournament "${levels[@]}" --games 4 --json
    expect_status 0
    one=$(sed 's/"tournament":"[0-9a-f]*"//' "$out")
    db=$work/other.db
    run tournament "${levels[@]}" --games 4 --json --concurrency 3
    expect_status 0
    [ "$(sed 's/"tournament":"[0-9a-f]*"//' "$out")" = "$one" ] || fail "three at once gave other results than one"
    # The same games, move for move: game RO n of each log.
    for n in 1 5 12; do
        a=$("$bin" export --all --format sgf --db "$work/games.db" | tr -d '\n' | grep -oE "RO\[$n\][^)]*" | sed 's/DT\[[^]]*\]//g')
        b=$("$bin" export --all --format sgf --db "$db" | tr -d '\n' | grep -oE "RO\[$n\][^)]*" | sed 's/DT\[[^]]*\]//g')
        [ -n "$a" ] && [ "$a" = "$b" ] || fail "game $n differs between the two runs"
    done ;;

resume_after_ctrl_c)
    # Slow enough games to stop half way: strong searches 30 ms a move.
    slow=(--engine strong=builtin:strong medium=builtin:medium easy=builtin:easy --rules gomoku --rows 11 --cols 11
          --time 30 --games 4)
    "$bin" tournament "${slow[@]}" --concurrency 2 --db "$db" >"$out" 2>"$err" &
    pid=$!
    until [ "$(games_in_log 2>/dev/null || echo 0)" -ge 2 ]; do
        kill -0 "$pid" 2>/dev/null || fail "the tournament ended before it was interrupted"
        sleep 0.1
    done
    kill -INT "$pid"
    wait "$pid"; status=$?
    expect_status 130
    stdout_matches 'stopped by Ctrl\+C \([0-9]+ games? left unplayed\)'
    before=$(games_in_log)
    [ "$before" -lt 12 ] || fail "every game was played before Ctrl+C"
    grep -qE "^tournament [0-9a-f]{16}: $before of 12 games finished \(0 found in the log, $before played now\)" "$out" ||
        fail "the table does not count the $before games in the log"
    # No game was written half way.
    run list --json; expect_status 0; stdout_lacks '"status":"playing"'
    run tournament "${slow[@]}"
    expect_status 0
    stdout_has "12 of 12 games finished ($before found in the log, $((12 - before)) played now)"
    [ "$(games_in_log)" -eq 12 ] || fail "the log holds $(games_in_log) games, not 12"
    # A third run finds them all and plays none.
    run tournament "${slow[@]}"
    expect_status 0; stdout_has "12 of 12 games finished (12 found in the log, 0 played now)"
    [ "$(games_in_log)" -eq 12 ] || fail "the third run wrote games"
    # Another tournament (another game count) is another id: its games are its own.
    run tournament "${levels[@]}" --games 2
    expect_status 0; stdout_has "6 of 6 games finished (0 found in the log, 6 played now)"
    run verify; expect_status 0 ;;

crashing_brain_forfeits)
    run tournament --engine dies="bash $data/dying_brain.sh" easy=builtin:easy random=builtin:random \
        --rules gomoku --rows 9 --cols 9 --games 4 --nodes 2000 --json
    expect_status 0
    stdout_has '"finished":12,'
    stdout_has '{"name":"dies","command":"bash '
    stdout_matches '"name":"dies",[^}]*"rank":3,"games":8,"points":0.0,"wins":0,"losses":8,"draws":0,"forfeits":8,'
    # The others' games were played out between them.
    stdout_matches '"name":"easy",[^}]*"games":8,'
    [ "$(games_in_log)" -eq 12 ] || fail "the log does not hold 12 games"
    run show 1 --json; stdout_has '"players":{"x":"dies","o":"easy"}'; stdout_has '"status":"forfeited","winner":"o"'
    run history 1; stdout_has 'X forfeits (crash): the brain exited with status 3'
    run verify; expect_status 0 ;;

openings)
    printf '# Gomocup: x,y from the centre\n0,0, 1,0, -1,1\n0,0, 1,1\n' >"$work/gomocup.txt"
    run tournament --engine a=builtin:easy b=builtin:random --rules gomoku --rows 9 --cols 9 --nodes 500 \
        --openings "$work/gomocup.txt"
    expect_status 0; stdout_has "4 of 4 games finished"
    # Each opening with both colours: games 1 and 2 the first, 3 and 4 the second; the centre of 9x9 is 5,5.
    run history 1; stdout_has "move 1: X (5, 5)"; stdout_has "move 2: O (5, 6)"; stdout_has "move 3: X (6, 4)"
    run show 2 --json; stdout_has '"players":{"x":"b","o":"a"}'
    run history 3; stdout_has "move 2: O (6, 6)"
    printf '(;GM[4]FF[4]SZ[9];B[ee];W[fe])' >"$work/openings.sgf"
    run tournament --engine a=builtin:easy b=builtin:random --rules gomoku --rows 9 --cols 9 --nodes 500 \
        --openings "$work/openings.sgf" --games 2
    expect_status 0
    run history 5; stdout_has "move 1: X (5, 5)"; stdout_has "move 2: O (5, 6)" ;;

refusals)
    printf '0,0, 1,0\n0,0, 0,0\n' >"$work/bad.txt"
    run tournament --engine a=builtin:easy b=builtin:random --rules gomoku --openings "$work/bad.txt"
    expect_status 2; stderr_has "bad.txt line 2: cell (8, 8) is already taken by X"
    run tournament --engine a=builtin:easy; expect_status 2; stderr_has "a tournament needs at least two --engine NAME=CMD"
    run tournament --engine a=builtin:easy a=builtin:random; expect_status 2; stderr_has "--engine a is named twice"
    run tournament --engine builtin:easy b=builtin:random; expect_status 2; stderr_has "write NAME=CMD"
    run tournament --engine a=builtin:hard b=builtin:random; expect_status 2
    run tournament --engine a=builtin:perfect b=builtin:random --rules gomoku; expect_status 2; stderr_has "--engine a: "
    [ ! -e "$db" ] || fail "a refused tournament made the log" ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
