#!/usr/bin/env bash
# End-to-end checks of the `tictactrace` executable: what a user types, what they see, the exit status.
# usage: e2e.sh TICTACTRACE DATA_DIR CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
data=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"

# The scoring article's 7x7 matrix: 1300 from the rows, and 300 from the '\' line through (4,1), (5,2), (6,3)
# (0-based), which is a row of the scoring article's -45° matrix, so it lands in diagonal_minus45.
article_json='{"rows":7,"cols":7,"x":{"total":1600,"horizontal":1300,"vertical":0,"diagonal_45":0,"diagonal_minus45":300},"o":{"total":0,"horizontal":0,"vertical":0,"diagonal_45":0,"diagonal_minus45":0}}'

case "$case_name" in
score_article_json)
    run score --json "$data/scoring_article_7x7.txt"
    expect_status 0; expect_stdout "$article_json"; stderr_empty ;;

score_json_both_players)
    # X: "xxxx" on row 0 (400) and a '\' three (300); O: a column three (300) and a '/' four (400).
    run score --json "$data/five_by_five_level.txt"
    expect_status 0
    expect_stdout '{"rows":5,"cols":5,"x":{"total":700,"horizontal":400,"vertical":0,"diagonal_45":0,"diagonal_minus45":300},"o":{"total":700,"horizontal":0,"vertical":300,"diagonal_45":400,"diagonal_minus45":0}}' ;;

score_json_shape)
    # Exactly one line, the keys in the documented order, integers only, no spaces.
    run score --json "$data/five_by_five_level.txt"
    expect_status 0
    [ "$(wc -l <"$out")" -eq 1 ] || fail "JSON should be one line"
    p='\{"total":-?[0-9]+,"horizontal":-?[0-9]+,"vertical":-?[0-9]+,"diagonal_45":-?[0-9]+,"diagonal_minus45":-?[0-9]+\}'
    stdout_matches "^\{\"rows\":5,\"cols\":5,\"x\":$p,\"o\":$p\}\$" ;;

score_min_run_points)
    # Runs of 2 or more at 10 per mark, counted by hand on the article's matrix: rows 60+20+30+40,
    # columns 20+20, '/' none, '\' 20+20+30+20.
    run score --json --min-run 2 --points 10 "$data/scoring_article_7x7.txt"
    expect_status 0
    expect_stdout '{"rows":7,"cols":7,"x":{"total":280,"horizontal":150,"vertical":40,"diagonal_45":0,"diagonal_minus45":90},"o":{"total":0,"horizontal":0,"vertical":0,"diagonal_45":0,"diagonal_minus45":0}}' ;;

score_stdin_dash)
    run_in "$data/scoring_article_7x7.txt" score --json -
    expect_status 0; expect_stdout "$article_json" ;;

score_stdin_default)
    run_in "$data/scoring_article_7x7.txt" score --json
    expect_status 0; expect_stdout "$article_json" ;;

score_blank_lines_and_spaces)
    run score --json "$data/scoring_article_7x7_padded.txt"
    expect_status 0; expect_stdout "$article_json" ;;

score_table)
    run score "$data/scoring_article_7x7.txt"
    expect_status 0
    stdout_matches '^ +total +horizontal +vertical +diagonal_45 +diagonal_minus45$'
    stdout_matches '^X +1600 +1300 +0 +0 +300$'
    stdout_matches '^O +0 +0 +0 +0 +0$'
    stdout_has "X leads by 1600." ;;

score_trace_article_rows)
    run score --trace "$data/scoring_article_7x7.txt"
    expect_status 0
    # The article's own table, row by row.
    stdout_has 'row 0: "1110111" -> ["111","111"] -> 300 + 300 = 600'
    stdout_has 'row 1: "0000000" -> [] -> nothing = 0'
    stdout_has 'row 2: "0010100" -> ["1","1"] -> too short = 0'
    stdout_has 'row 3: "0000010" -> ["1"] -> too short = 0'
    stdout_has 'row 4: "1100000" -> ["11"] -> too short = 0'
    stdout_has 'row 5: "0111000" -> ["111"] -> 300'
    stdout_has 'row 6: "0001111" -> ["1111"] -> 400'
    stdout_matches '^ +horizontally +1300$'
    # The '\' diagonal the article's author missed by eye: row 9 of the -45° matrix.
    stdout_has 'row 9: "0111" -> ["111"] -> 300'
    stdout_matches "^ +on '\\\\' diagonals +300\$"
    stdout_has "X total: 1300 + 0 + 0 + 300 = 1600"
    stdout_has "O total: 0 + 0 + 0 + 0 = 0"
    # Four matrices per player, in the scoring article's order.
    [ "$(grep -c ' matrix: ' "$out")" -eq 8 ] || fail "expected 8 matrix headings"
    stdout_matches '^X +1600 +1300 +0 +0 +300$' ;;

score_trace_with_json)
    # The lesson as JSON: X's rows total 1300, everything 1600; the scoring article's row 0 with its cut pieces.
    run score --trace --json "$data/scoring_article_7x7.txt"
    expect_status 0; stderr_empty
    stdout_has '"bits": "1110111"'
    stdout_has '"text": "row 0: \"1110111\" -> [\"111\",\"111\"] -> 300 + 300 = 600"'
    stdout_has '"text": "row 5: \"0111000\" -> [\"111\"] -> 300"'
    stdout_matches '^ +"total": 1600,$'
    stdout_matches '^ +"total": 1300,$'
    stdout_has '"direction": "diagonal_minus45"' ;;

score_ragged)
    run score "$data/ragged.txt"
    expect_status 2; stdout_empty
    stderr_has "ragged.txt, line 4:"
    stderr_has "ragged" ;;

score_ragged_stdin)
    run_in "$data/ragged.txt" score --json -
    expect_status 2; stdout_empty; stderr_has "standard input, line 4:" ;;

score_bad_character)
    run score --json "$data/bad_char.txt"
    expect_status 2; stdout_empty
    stderr_has "bad_char.txt, line 3:"
    stderr_has "'q'" ;;

score_empty_input)
    run score --json
    expect_status 2; stdout_empty; stderr_has "empty" ;;

score_missing_file)
    run score "$data/no_such_board.txt"
    expect_status 2; stdout_empty; stderr_has "no_such_board.txt" ;;

score_bad_option_value)
    run score --min-run 0 "$data/scoring_article_7x7.txt"
    expect_status 2; stdout_empty; stderr_has "--min-run" ;;

count_classic_json)
    run count --json
    expect_status 0
    expect_stdout '{"games":255168,"x_wins":131184,"o_wins":77904,"draws":46080,"positions":5478}' ;;

count_classic_named_json)
    run count --rules mnk --rows 3 --cols 3 --k 3 --json
    expect_status 0
    expect_stdout '{"games":255168,"x_wins":131184,"o_wins":77904,"draws":46080,"positions":5478}' ;;

count_classic_text)
    run count --rules classic
    expect_status 0
    stdout_matches '^ +games +255168$'
    stdout_matches '^ +X wins +131184$'
    stdout_matches '^ +O wins +77904$'
    stdout_matches '^ +draws +46080$'
    stdout_matches '^ +positions +5478 ' ;;

count_unknown_rules)
    run count --rules chess
    expect_status 2; stdout_empty; stderr_has "chess" ;;

count_too_large)
    run count --rules gomoku --json
    expect_status 1; stdout_empty; stderr_has "too large to enumerate" ;;

count_invalid_size)
    run count --rules mnk --rows 3 --cols 3 --k 4
    expect_status 2; stdout_empty; stderr_has "k = 4" ;;

help_program)
    run --help
    expect_status 0
    stdout_has "Usage: tictactrace"
    for c in score count demo new move takeback resign fork show history list verify export import copy; do
        stdout_matches "^ +$c "
    done ;;

help_commands)
    for c in score count demo; do
        run "$c" --help
        expect_status 0
        stdout_has "Usage: tictactrace $c"
    done
    run score --help
    for o in --json --trace --min-run --points FILE; do stdout_has "$o"; done
    run count --help
    for o in --rules --rows --cols --k --exact --json; do stdout_has "$o"; done ;;

unknown_command)
    run frobnicate
    expect_status 2; stdout_empty; stderr_has "unknown command 'frobnicate'" ;;

unknown_option)
    run score --colour "$data/scoring_article_7x7.txt"
    expect_status 2; stdout_empty; stderr_has "--colour" ;;

help_word)
    # `help` prints what --help prints, for the program and for each command.
    run --help; cp "$out" "$work/dash-help"
    run help; expect_status 0; cmp -s "$out" "$work/dash-help" || fail "help differs from --help"
    stdout_matches "^ +help "
    for c in list move score; do
        run "$c" --help; cp "$out" "$work/dash-help"
        run help "$c"; expect_status 0
        cmp -s "$out" "$work/dash-help" || fail "help $c differs from $c --help"
        stdout_has "Usage: tictactrace $c"
    done
    run help explain win; expect_status 0; stdout_has "Usage: tictactrace explain win"
    run help lsit; expect_status 2; stdout_empty
    stderr_has "unknown command 'lsit'; did you mean 'list'?" ;;

did_you_mean)
    # A mistyped command or option is named, with the nearest word that exists.
    run lsit; expect_status 2; stdout_empty
    stderr_has "tictactrace: error: unknown command 'lsit'; did you mean 'list'?"
    stderr_has "Run \`tictactrace help\` for the list of commands."
    run shwo 1; expect_status 2; stderr_has "did you mean 'show'?"
    run list --jsno; expect_status 2
    stderr_has "unknown option '--jsno' for \`tictactrace list\`; did you mean '--json'?"
    stderr_has "Run \`tictactrace help list\` for its options."
    run score --min-runs 2 "$data/scoring_article_7x7.txt"; expect_status 2; stderr_has "did you mean '--min-run'?"
    run explain wni; expect_status 2
    stderr_has "unknown command 'wni' of \`tictactrace explain\`; did you mean 'win'?"
    run --bd x.db list; expect_status 2; stderr_has "unknown option '--bd'; did you mean '--db'?"
    # Nothing near: no guess.
    run frobnicate; expect_status 2; stderr_lacks "did you mean"
    run list --colour; expect_status 2; stderr_has "unknown option '--colour' for \`tictactrace list\`"
    stderr_lacks "did you mean" ;;

no_command)
    # No command: the commands are listed, as `help` lists them, on stderr with the status of bad usage.
    run
    expect_status 2; stdout_empty
    stderr_has "tictactrace: error: a command is required"
    stderr_has "Usage: tictactrace"
    for c in score count new move show list verify export import help; do stderr_matches "^ +$c "; done
    stderr_lacks "subcommand"
    # Only a global option, still no command: the same.
    run --db x.db
    expect_status 2; stdout_empty; stderr_has "a command is required"; stderr_matches "^ +verify " ;;

names_did_you_mean)
    # A mistyped rule set, format or level is named, with the list and the nearest name.
    run count --rules gomuku; expect_status 2; stdout_empty
    stderr_has "tictactrace: error: unknown rule set 'gomuku': expected classic, fullline, gomoku, mnk, score, renju or caro; did you mean 'gomoku'?"
    run count --rules GOMUKU; expect_status 2; stderr_has "did you mean 'gomoku'?"
    run count --rules frobnicate; expect_status 2; stderr_has "unknown rule set 'frobnicate'"; stderr_lacks "did you mean"
    printf 'x..\n...\n...\n' >"$work/board.txt"
    run explain win --rules renjo "$work/board.txt"; expect_status 2; stderr_has "did you mean 'renju'?"
    run export --all --format jsno --db "$work/none.db"; expect_status 2
    stderr_has "unknown format 'jsno': expected json, xml, binary, sgf or psq; did you mean 'json'?"
    [ ! -e "$work/none.db" ] || fail "a refused format made a database"
    run import --format pqs --db "$work/none.db" "$work/board.txt"; expect_status 2; stderr_has "did you mean 'psq'?"
    run import --rules gomuko --db "$work/none.db" "$work/board.txt"; expect_status 2; stderr_has "did you mean 'gomoku'?"
    [ ! -e "$work/none.db" ] || fail "a refused rule set made a database"
    run brain --level mediun; expect_status 2
    stderr_has "error: --level must be random, easy, medium, strong or perfect; did you mean 'medium'?"
    run match --x builtin:strnog --o builtin --games 1; expect_status 2; stderr_has "did you mean 'strong'?" ;;

demo)
    run demo
    expect_status 0; stderr_empty
    stdout_has 'row 0: "1110111" -> ["111","111"] -> 300 + 300 = 600'
    stdout_has "X total: 1300 + 0 + 0 + 300 = 1600"
    stdout_matches '^ +games +255168$'
    stdout_matches '^ +positions +5478 ' ;;

*)
    echo "unknown case: $case_name"
    exit 2 ;;
esac
echo "ok [$case_name]"
