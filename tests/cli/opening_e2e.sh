#!/usr/bin/env bash
# End-to-end checks of the swap and swap2 openings: `new --opening`, the first player's three stones,
# `choose`, the names following the colours in show, history, list and the exports, a JSON archive
# imported back with its choices, and every move or choice out of turn refused with nothing written.
# usage: opening_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

db="$work/log.db"
run() { run_plain "$@" --db "$db"; }

# Ann places black (8, 8), white (8, 9), black (9, 9).
three_stones() {
    must new --rules gomoku --opening "$1" --x Ann --o Bob
    must move 1 8 8
    must move 1 8 9
    must move 1 9 9
}

case "$case_name" in
swap2_place_two)
    three_stones swap2
    run show 1; expect_status 0
    stdout_has "swap2 opening: Ann first, Bob second; Bob chooses: play black, play white, or place two more stones"
    # The fourth stone waits for Bob's choice: refused, nothing written.
    run move 1 7 7; expect_status 3
    stderr_has "the opening waits for Bob's choice: to play black, to play white, or to place two more stones"
    run choose 1 two; expect_status 0
    expect_stdout "Bob places two more stones; Bob places the opening: 2 stones to go"
    must move 1 7 8
    must move 1 10 10
    # Swap2's second choice is a colour only.
    run choose 1 two; expect_status 3
    stderr_has "placing two more stones is swap2's first choice, not this one"
    run choose 1 white; expect_status 0
    expect_stdout "Ann plays white; X is Bob, O is Ann; O to move"
    run show 1 --json; expect_status 0
    stdout_has '"players":{"x":"Bob","o":"Ann"}'
    stdout_has '"opening":{"rule":"swap2","first":"Ann","second":"Bob","due":null}'
    run list; expect_status 0
    stdout_has "X: Bob, O: Ann"
    run history 1; expect_status 0
    stdout_has "   4  opening: the second player places two more stones"
    stdout_has "   7  opening: the first player plays white"
    run verify; expect_status 0 ;;

swap_take_black)
    three_stones swap
    run choose 1 two; expect_status 3
    stderr_has "placing two more stones is swap2's first choice, not this one"
    run choose 1 black --json; expect_status 0
    stdout_has '"type":"opening_chosen"'
    must move 1 7 7
    run show 1; expect_status 0
    stdout_has "X: Bob, O: Ann"
    stdout_has "swap opening: Ann first, Bob second; over"
    # No second choice is due, and the stones before the choice stay.
    run choose 1 white; expect_status 3
    stderr_has "no choice of the opening is due here"
    must takeback 1
    run takeback 1; expect_status 3
    stderr_has "the opening's stones stay once the choice after them was made" ;;

exported_and_imported)
    three_stones swap2
    must choose 1 black
    must move 1 7 7
    for format in json xml binary; do
        run export 1 --format "$format" -o "$work/game.$format"; expect_status 0
        run_plain import "$work/game.$format" --db "$work/$format.db"; expect_status 0
        run_plain history 1 --db "$work/$format.db"; expect_status 0
        stdout_has "   4  opening: the second player plays black"
        run_plain show 1 --db "$work/$format.db"; expect_status 0
        stdout_has "X: Bob, O: Ann"
        # The game goes on from the import as from the original.
        run_plain move 1 6 6 --db "$work/$format.db"; expect_status 0
    done
    run export 1 --format sgf; expect_status 0
    stdout_has "PB[Bob]PW[Ann]GC[swap2 opening: Ann placed the first stones; Bob plays black]" ;;

refusals)
    run new --rules classic --opening swap; expect_status 2
    stderr_has "the swap opening is for games of five in a row, not classic 3x3, three in a row"
    run new --rules gomoku --opening swap3; expect_status 2
    stderr_has "--opening is none, swap or swap2, not 'swap3'"
    [ ! -e "$db" ] || fail "a refused new wrote the database"
    must new --rules gomoku
    run choose 1 black; expect_status 3
    stderr_has "this game has no opening rule to choose in" ;;

*) fail "no such case: $case_name" ;;
esac
