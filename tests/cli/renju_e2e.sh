#!/usr/bin/env bash
# End-to-end checks of renju and caro on the command line: games played to a win and to a refused
# forbidden point, `explain forbidden` in text and JSON, and `tictactrace brain` under INFO rule 4 and 8.
# usage: renju_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"
run() { run_plain "$@" --db "$db"; }


# The 15x15 board with Black's split threes across row 8 and down column 8, crossing at the empty (8, 8).
cross_board() {
    for r in 1 2 3 4 5; do printf '...............\n'; done
    printf '.......x.......\n...............\n.....x..x......\n.......x.......\n'
    for r in 1 2 3 4 5 6; do printf '...............\n'; done
}

case "$case_name" in
renju_refuses_forbidden)
    must new --rules renju --x Ann --o Bo
    # X (8,6) O (1,1) X (8,9) O (1,3) X (6,8) O (1,5) X (9,8) O (1,7): X's (8,8) would be a double-three.
    for m in "8 6" "1 1" "8 9" "1 3" "6 8" "1 5" "9 8" "1 7"; do must move 1 $m; done
    snapshot
    run move 1 8 8; expect_status 3; stderr_one_line; stdout_empty
    stderr_has "forbidden for X: double-three through (8, 8): lines (8, 6)–(8, 9) and (6, 8)–(9, 8)"
    unchanged
    # The same point under gomoku is an ordinary move.
    must new --rules gomoku
    for m in "8 6" "1 1" "8 9" "1 3" "6 8" "1 5" "9 8" "1 7" "8 8"; do must move 2 $m; done ;;

renju_game_to_a_win)
    must new --rules renju
    run show 1 --json; expect_status 0
    stdout_has '"rules":{"name":"renju","rows":15,"cols":15,"k":5,"exact":false,'
    # Black five across row 8; White's stones along row 1 stay apart.
    for m in "8 4" "1 1" "8 5" "1 3" "8 6" "1 5" "8 7" "1 7"; do must move 1 $m; done
    run move 1 8 8; expect_status 0
    run show 1 --json; expect_status 0
    stdout_has '"status":"won","winner":"x","winning_line":[[8,4],[8,5],[8,6],[8,7],[8,8]]'
    # The built-in opponent plays renju as Black without a forbidden point, and a hint names a legal one.
    must new --rules renju
    for i in 1 2 3 4 5 6; do must play 2 --engine builtin:easy; done
    run verify; expect_status 0 ;;

caro_blocked_five)
    must new --rules caro
    # X on row 8 from (8,3) to (8,7), O at both ends (8,2) and (8,8): blocked, no win.
    for m in "8 3" "8 2" "8 4" "8 8" "8 5" "1 1" "8 6" "1 15" "8 7"; do must move 1 $m; done
    run show 1 --json; expect_status 0; stdout_has '"status":"playing"'
    # Against the board's edge the five wins: the edge blocks nothing.
    must new --rules caro
    for m in "8 1" "8 6" "8 2" "1 1" "8 3" "1 15" "8 4" "15 1" "8 5"; do must move 2 $m; done
    run show 2 --json; expect_status 0; stdout_has '"status":"won","winner":"x"' ;;

explain_forbidden_text_json)
    cross_board >"$work/board.txt"
    run_plain explain forbidden --rules renju "$work/board.txt"; expect_status 0
    stdout_has "renju 15x15, X (Black) to move: 1 forbidden point"
    stdout_has "forbidden for X: double-three through (8, 8): lines (8, 6)–(8, 9) and (6, 8)–(9, 8)"
    run_plain explain forbidden --json "$work/board.txt"; expect_status 0
    stdout_has '"forbidden":[{"row":8,"col":8,"kind":"double-three",'
    stdout_has '"lines":[{"direction":"horizontal","shape":"three","from":{"row":8,"col":6},"to":{"row":8,"col":9},"points":[{"row":8,"col":7}],"refused":[]}'
    # Refusals: another rule set, a board too small for five.
    run_plain explain forbidden --rules gomoku "$work/board.txt"; expect_status 2; stderr_has "only renju has forbidden points"
    printf 'xx.\n...\n' >"$work/small.txt"
    run_plain explain forbidden "$work/small.txt"; expect_status 2; stderr_has "needs at least five cells in a line" ;;

brain_rule_codes)
    # Under rule 4 our brain is Black (ours are 1) with the double-four point at 8,7 (x,y, from 0), which
    # would win at freestyle; it must play elsewhere. Under rule 0 it takes the double-four.
    board=("5,4,1" "4,3,2" "6,5,1" "4,7,2" "7,6,1" "0,0,2" "5,7,1" "0,14,2" "6,7,1" "14,0,2" "7,7,1" "14,14,2")
    brain_says "START 15" "INFO rule 4" "BOARD" "${board[@]}" "DONE" "END"
    expect_status 0
    [ "$(line 1)" = "OK" ] || fail "START is not OK"
    [ -n "$(line 2)" ] && [ "$(line 2)" != "8,7" ] || fail "under renju the brain played its forbidden point: $(line 2)"
    brain_says "START 15" "INFO rule 0" "BOARD" "${board[@]}" "DONE" "END"
    [ "$(line 2)" = "8,7" ] || fail "at freestyle the double-four is the win: $(line 2)"
    # A code it does not play: ERROR, and the rule stays what it was.
    brain_says "START 15" "INFO rule 16" "INFO rule 8" "BEGIN" "END"
    [[ "$(line 2)" == "ERROR INFO rule 16 is not played here"* ]] || fail "rule 16 is not refused: $(line 2)"
    [[ "$(line 3)" =~ ^[0-9]+,[0-9]+$ ]] || fail "no move under caro: $(line 3)" ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
