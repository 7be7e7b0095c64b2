#!/usr/bin/env bash
# End-to-end checks of `tictactrace solve`: a textbook VCF printed move by move and as JSON, a position
# without one, a VCT's main line, renju's White four whose only block is forbidden to Black, and the
# refusals.
# usage: solve_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"
run() { run_plain "$@" --db "$db"; }

# Three fours in a row ending in a four-four for X: rows 8 and column 8 closed by O at (8, 4) and (4, 8),
# the diagonals from (3, 6) and (9, 6) closed at (2, 5) and (10, 5).
textbook() {
    must new --rules "$1"
    local xs=("8 5" "8 6" "8 7" "5 8" "6 8" "9 6" "3 6" "4 7")
    local os=("8 4" "4 8" "10 5" "2 5" "14 14" "14 12" "1 1" "1 15")
    for i in 0 1 2 3 4 5 6 7; do must move "$2" ${xs[$i]}; must move "$2" ${os[$i]}; done
}

case "$case_name" in
textbook_vcf)
    textbook gomoku 1
    run solve 1 --vcf; expect_status 0
    expect_stdout "1. X (6, 9) four — O (7, 10) forced
2. X (7, 8) four — O (5, 10) forced
3. X (8, 8) four — O (8, 9) forced
X makes five at (9, 8)"
    run solve 1 --vcf --json; expect_status 0
    expect_stdout '{"found":true,"line":[{"row":6,"col":9},{"row":7,"col":10},{"row":7,"col":8},{"row":5,"col":10},{"row":8,"col":8},{"row":8,"col":9},{"row":9,"col":8}]}'
    # Before O's last stone the same proof stands; after X's first four it is O's move, without one.
    run solve 1 --at 14 --vcf; expect_status 8
    expect_stdout "no VCF for X: every four is answered" ;;

no_vcf)
    # X's fours on row 8 and column 11, each closed at one end: each is blocked and nothing follows.
    must new --rules gomoku
    for m in "8 5" "8 4" "8 6" "2 11" "8 7" "1 1" "3 11" "1 15" "4 11" "15 15" "5 11" "15 1"; do must move 1 $m; done
    run solve 1 --vcf; expect_status 8
    expect_stdout "no VCF for X: every four is answered"
    run solve 1 --vcf --json; expect_status 8
    expect_stdout '{"found":false,"line":[]}'
    run solve 1 --vct --nodes 10; expect_status 8
    expect_stdout "no VCT for X within 10 nodes" ;;

vct_main_line)
    textbook gomoku 1
    run solve 1 --vct; expect_status 0
    stdout_has "three — O"
    stdout_has "the main line of a proof that holds against every defence"
    stdout_matches "^X makes five at \([0-9]+, [0-9]+\)$" ;;

renju_forbidden_block)
    # Black's column 8 above and below (11, 8) would stand six with a stone there: an overline.
    must new --rules renju
    local_b=("11 3" "11 9" "9 8" "10 8" "12 8" "13 8" "14 8")
    local_w=("11 5" "11 6" "11 7" "1 1" "1 15" "1 8")
    for i in 0 1 2 3 4 5; do must move 1 ${local_b[$i]}; must move 1 ${local_w[$i]}; done
    must move 1 ${local_b[6]}
    run solve 1 --vcf; expect_status 0
    expect_stdout "1. O (11, 4) four — X cannot block (11, 8): forbidden
O makes five at (11, 8)"
    run solve 1 --vcf --json; expect_status 0
    expect_stdout '{"found":true,"line":[{"row":11,"col":4},{"row":11,"col":8}]}'
    # Under renju Black's own textbook line ends on a double-four: forbidden, so no VCF.
    textbook renju 2
    run solve 2 --vcf; expect_status 8
    expect_stdout "no VCF for X: every four is answered" ;;

refusals)
    textbook gomoku 1
    run solve 1; expect_status 2
    stderr_has "give one of --vcf (fours only) and --vct (fours and threes)"
    run solve 1 --vcf --vct; expect_status 2
    run solve 1 --vfc; expect_status 2
    stderr_has "did you mean '--vcf'?"
    run_plain solv 1 --vcf --db "$db"; expect_status 2
    stderr_has "did you mean 'solve'?"
    run solve 9 --vcf; expect_status 3
    run solve 1 --at 99 --vcf; expect_status 2
    stderr_has "there is no step 99"
    must new --rules score
    run solve 2 --vcf; expect_status 2
    stderr_has "needs a game won by k in a row"
    # A finished game has no side to move: X's five on the diagonal from (3, 6).
    must move 1 6 9; must move 1 15 1; must move 1 7 10
    run solve 1 --vcf; expect_status 3
    stderr_has "is over" ;;

*) fail "unknown case $case_name" ;;
esac
exit 0
