#!/usr/bin/env bash
# End-to-end checks of `tictactrace explain win`: each article's way of finding a win on a board given as
# text, what each step says, the verdict and the work, and the refusals.
# usage: explain_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

board() { printf "$1" >"$work/board.txt"; }

case "$case_name" in
enumerate_classic)
    # O's diagonal from the top right: the eighth and last of the first-project article's combinations.
    board 'xxo\nxo.\no..\n'
    run explain win "$work/board.txt"; expect_status 0
    stdout_has "enumerate on classic 3x3, three in a row"
    stdout_has "   8  line 8 of 8: (1, 3) (2, 2) (3, 1): o, o, o -> total -3 = -3: O wins"
    stdout_has "verdict: O wins with (1, 3) (2, 2) (3, 1)"
    stdout_has "work: 24 cells read, 8 lines tested; the board holds 8 lines of 3" ;;

enumerate_empty_counts)
    # The scoring article's table: 168 lines of three on 8x8, every one tested on an empty board.
    board '........\n........\n........\n........\n........\n........\n........\n........\n'
    run explain win --rules mnk --k 3 --json "$work/board.txt"; expect_status 0
    stdout_has '"lines_on_board":168'
    stdout_has '"work":{"cells_read":504,"lines_tested":168}'
    stdout_has '"verdict":"no winner yet"' ;;

walk_gomoku)
    # The gomoku article's walk on 15x15: five for X on row 8 with the last stone at (8, 8).
    for r in 1 2 3 4 5 6; do printf '...............\n'; done >"$work/board.txt"
    printf '.......o.......\n' >>"$work/board.txt"
    printf '.....xxxxx.....\n' >>"$work/board.txt"
    for r in 1 2 3 4 5 6 7; do printf '...............\n'; done >>"$work/board.txt"
    run explain win --rules gomoku --algorithm walk --from 8 8 "$work/board.txt"; expect_status 0
    stdout_has "step 1, lines[0] (up): (7, 8) is o: goOn[0] = false"
    stdout_has "lines[2] + lines[6] = 2 + 2 = 4 >= 4: with the stone itself, 5 in a row: X wins"
    stdout_has "and the walk reads at most 32 cells on any board" ;;

fullline_column)
    board 'o.x..\no.x..\n..x..\no.x..\n'
    run explain win --rules fullline "$work/board.txt"; expect_status 0
    stdout_has "column 3: x, x, x, x -> all equal and not empty: X wins"
    stdout_has "the board holds 9 lines" ;;

refusals)
    board 'xxo\nxo.\no..\n'
    run explain win --algorithm walk "$work/board.txt"; expect_status 2
    stderr_has "give it with --from ROW COL"
    run explain win --algorithm walk --from 2 3 "$work/board.txt"; expect_status 2
    stderr_has "must name a mark on the board (rows and columns count from 1)"
    run explain win --algorithm fullline "$work/board.txt"; expect_status 2
    stderr_has "fullline does not decide classic 3x3"
    run explain win --algorithm sideways "$work/board.txt"; expect_status 2
    stderr_has "unknown algorithm 'sideways'"
    run explain win --rules score "$work/board.txt"; expect_status 2
    stderr_has "the score rule has no win to find" ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
