#!/usr/bin/env bash
# End-to-end checks of games that start from a set-up position: `new --setup FILE|-` and `--to-move`,
# `import` of a text board, the set-up as step 0 of `show` and `history`, the refusals (one sentence,
# exit 2, nothing written), and the scoring article's 7x7 sample.
# usage: setup_e2e.sh TICTACTRACE SOURCE_DIR CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
src=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"
# Every command on the case's own database.
run() { run_plain "$@" --db "$db"; }
run_stdin() { local input=$1; shift; run_in "$input" "$@" --db "$db"; }

# The scoring article's 7x7 example as `score` reads it: X's 18 marks, O none.
article=$src/tests/cli/data/scoring_article_7x7.txt
article_rows=('    1 2 3 4 5 6 7' '  1 x x x . x x x' '  2 . . . . . . .' '  3 . . x . x . .' '  4 . . . . . x .' \
    '  5 x x . . . . .' '  6 . x x x . . .' '  7 . . . x x x x')

case "$case_name" in
new_setup_article)
    run new --setup "$article" --rules score --x Teacher --o Class; expect_status 0; expect_stdout "1"
    stderr_empty
    run show 1; expect_status 0
    expect_stdout "$(printf '%s\n' 'game 1: score 7x7, runs of 3+ score length x 100; X: Teacher, O: Class' \
        'step 0 of 0, 0 moves on the board after a set-up of 18 marks' "${article_rows[@]}" 'O to move' \
        'score: X 1600, O 0')"
    run show 1 --json; expect_status 0
    stdout_has '"moves":0,"set_up_marks":18,"at":0,"to_move":"o","status":"playing"'
    stdout_has '"score":{"x":1600,"o":0}'
    run history 1; expect_status 0
    expect_stdout "$(printf '%s\n' 'game 1: score 7x7, runs of 3+ score length x 100; X: Teacher, O: Class' \
        'step  event' '   0  set-up: 18 X, 0 O, O to move')"
    # Play on from it; a take-back returns to the set-up and no further.
    run move 1 2 1; expect_status 0; expect_stdout "O (2, 1); X to move"
    run history 1 --json; expect_status 0
    stdout_has '{"seq":0,"type":"game_set_up",'
    stdout_has '"to_move":"o","x_cells":[[1,1],[1,2],[1,3],[1,5],[1,6],[1,7],[3,3],[3,5],[4,6],[5,1],[5,2],[6,2],[6,3],[6,4],[7,4],[7,5],[7,6],[7,7]],"o_cells":[]}'
    stdout_has '{"seq":1,"type":"move_played",'
    run takeback 1; expect_status 0; expect_stdout "took back O (2, 1); O to move"
    snapshot
    run takeback 1; expect_status 3
    stderr_has "game 1 has no move to take back: the marks of its set-up are where it starts, and stay"
    unchanged
    run show 1 --json; stdout_has '"score":{"x":1600,"o":0}'
    # A fork of a set-up game starts from the same set-up.
    must move 1 2 1
    run fork 1 --at 0; expect_status 0; expect_stdout "2"
    run history 2; expect_status 0
    stdout_has "   0  set-up: 18 X, 0 O, O to move"
    run show 2 --json; stdout_has '"moves":0,"set_up_marks":18,' ;;

new_setup_stdin_and_to_move)
    # The same board text as `score` reads, from standard input, in either case.
    printf 'X.O\n...\n..x\n' >"$work/board.txt"
    run_stdin "$work/board.txt" new --setup - --rules mnk --k 3; expect_status 0; expect_stdout "1"
    run show 1 --json; stdout_has '"to_move":"o"'  # X has more marks: O moves next
    stdout_has '"board":["x.o","...","..x"]'
    run new --setup "$work/board.txt" --rules mnk --to-move X; expect_status 0; expect_stdout "2"
    run show 2 --json; stdout_has '"to_move":"x"'
    must move 2 2 2
    run show 2 --json; stdout_has '"status":"won","winner":"x","winning_line":[[1,1],[2,2],[3,3]]'
    # Equal counts: X moves; --to-move o says otherwise.
    printf 'x.\n.o\n' >"$work/even.txt"
    run new --setup "$work/even.txt" --rules score; expect_status 0
    run show 3 --json; stdout_has '"to_move":"x"'
    run new --setup "$work/even.txt" --rules score --to-move o; expect_status 0
    run show 4 --json; stdout_has '"to_move":"o"'
    # The other options of `new` go with it: --rows and --cols that agree with the board, names.
    run new --setup "$article" --rules gomoku --rows 7 --cols 7 --x Ann --o Bo; expect_status 0
    expect_stdout "5"
    run show 5; stdout_has "game 5: gomoku 7x7, five in a row; X: Ann, O: Bo" ;;

new_setup_refusals)
    printf 'xxxxx\n.....\noooo.\n' >"$work/five.txt"
    # Each refused with one sentence and exit 2, and no database made.
    run new --setup "$article"; expect_status 2; stderr_one_line
    stderr_has "the set-up board is 7x7: classic is 3x3 with three in a row; use --rules mnk for other sizes"
    run new --setup "$work/five.txt" --rules gomoku; expect_status 2; stderr_one_line
    stderr_has "the set-up cannot start a game: it is already won: X has 5 in a row from (1, 1) to (1, 5); set up a position that can still be played"
    run new --setup "$article" --rules score --rows 5; expect_status 2; stderr_one_line
    stderr_has "the set-up board is 7x7, but --rows and --cols ask for another size"
    run new --setup "$src/tests/cli/data/ragged.txt" --rules score; expect_status 2; stderr_one_line
    stderr_has "ragged.txt, line 4: ragged board: this row has 4 cells, the first row has 3"
    run new --setup "$work/missing.txt" --rules score; expect_status 2; stderr_has "missing.txt"
    run new --to-move o; expect_status 2; stderr_has "--to-move says who moves next on a --setup board"
    run new --setup "$article" --rules score --to-move z; expect_status 2; stderr_has "--to-move"
    [ ! -e "$db" ] || fail "a refused new created the database"
    # Under the score rules any position is accepted, five in a row included.
    run new --setup "$work/five.txt" --rules score; expect_status 0; expect_stdout "1"
    run show 1 --json; stdout_has '"status":"playing"'; stdout_has '"score":{"x":500,"o":400}'
    snapshot
    run new --setup "$work/five.txt" --rules gomoku; expect_status 2; unchanged ;;

import_board)
    # A text board needs its rules; then it is a set-up game like `new --setup` makes.
    run import "$article"; expect_status 2
    stderr_has "a text board carries no rules: give --rules (classic, fullline, gomoku, mnk, score, renju or caro), played on its 7x7 board"
    stderr_has "nothing was imported"
    run import "$article" --rules classic; expect_status 2
    stderr_has "the board is 7x7: classic is 3x3 with three in a row; use --rules mnk for other sizes"
    [ ! -e "$db" ] || fail "a refused import created the database"
    run import "$article" --rules score; expect_status 0; expect_stdout "1"
    run show 1; expect_status 0
    stdout_has "step 0 of 0, 0 moves on the board after a set-up of 18 marks"
    stdout_has "score: X 1600, O 0"
    run history 1; stdout_has "   0  set-up: 18 X, 0 O, O to move"
    run import "$article" --rules score --to-move x --format BOARD; expect_status 0; expect_stdout "2"
    run show 2 --json; stdout_has '"to_move":"x"'
    # --to-move is for boards only; other files say who moves by their moves.
    printf '(;GM[4]SZ[15];B[hh])' >"$work/one.sgf"
    snapshot
    run import "$work/one.sgf" --to-move o; expect_status 2
    stderr_has "--to-move is for text boards; a file in sgf says who moves by its moves (or PL[])"
    unchanged ;;

export_set_up)
    must new --setup "$article" --rules score --x Teacher --o Class
    must move 1 2 1
    # SGF carries the set-up as AB (X, black) in the root node; PSQ cannot and says why.
    run export 1 --format SGF; expect_status 0
    stdout_has "AB[aa][ba][ca][ea][fa][ga][cc][ec][fd][ae][be][bf][cf][df][dg][eg][fg][gg]PL[W]"
    stdout_has ";W[ab])"
    cp "$out" "$work/game.sgf"
    run import "$work/game.sgf"; expect_status 0; expect_stdout "2"
    run show 2 --json; stdout_has '"moves":1,"set_up_marks":18,'; stdout_has '"score":{"x":1600,"o":0}'
    snapshot
    run export 1 --format psq; expect_status 2
    stderr_has "a PSQ file cannot hold a set-up position (18 X, 0 O): it lists moves from an empty board only; export as json, xml, binary or sgf instead"
    unchanged
    for format in json xml binary; do
        run export 1 --format "$format" -o "$work/game.$format"; expect_status 0
        run_plain import "$work/game.$format" --db "$work/$format.db"; expect_status 0
        run_plain history 1 --db "$work/$format.db"
        stdout_has "   0  set-up: 18 X, 0 O, O to move"
        stdout_has "   1  move 1: O (2, 1)"
    done ;;

article_sample)
    # The sample named after the article: X 1600, O 0, as the article has it.
    run import "$src/samples/scoring_article_7x7.json"; expect_status 0; expect_stdout "1"
    run list; expect_status 0
    stdout_has "The scoring article's 7×7 example"
    run show 1; expect_status 0
    stdout_has "X: The scoring article's 7×7 example, O: O (no marks in the article)"
    stdout_has "score: X 1600, O 0"
    run show 1 --json; stdout_has '"moves":0,"set_up_marks":18,'; stdout_has '"score":{"x":1600,"o":0}'
    run history 1; stdout_has "   0  set-up: 18 X, 0 O, O to move"
    # The 35-move game, under its own name, still scores 1600 for X and 600 for O.
    run import "$src/samples/score_7x7_in_play.json"; expect_status 0; expect_stdout "2"
    run show 2 --json; stdout_has '"players":{"x":"Xena","o":"Oscar"}'; stdout_has '"score":{"x":1600,"o":600}' ;;

*)
    fail "unknown case" ;;
esac
exit 0
