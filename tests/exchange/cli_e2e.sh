#!/usr/bin/env bash
# End-to-end checks of `tictactrace import` and `tictactrace export`: what a user types, what they see,
# the exit status, and that a rejected file writes nothing.
# usage: cli_e2e.sh TICTACTRACE SOURCE_DIR CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
src=$2
case_name=$3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/games.db
out=$work/stdout
err=$work/stderr
status=0

fail() {
    echo "FAIL [$case_name]: $*"
    echo "--- exit status: $status"
    echo "--- stdout:"; head -c 2000 "$out"
    echo "--- stderr:"; cat "$err"
    exit 1
}
run() { "$bin" "$@" </dev/null >"$out" 2>"$err"; status=$?; }
expect_status() { [ "$status" -eq "$1" ] || fail "exit status $status, expected $1"; }
expect_stdout() { [ "$(cat "$out")" == "$1" ] || fail "stdout is not exactly: $1"; }
stdout_has() { grep -qF -- "$1" "$out" || fail "stdout lacks: $1"; }
stderr_has() { grep -qF -- "$1" "$err" || fail "stderr lacks: $1"; }
game_count() { "$bin" list --json --db "$db" 2>/dev/null | grep -o '"id":' | wc -l; }

case $case_name in
import_samples)
    # Every sample imports; each prints its new id alone on a line.
    for f in seed000_score_7x7.json classic_draw.json fullline_4x5.json gomoku_15x15.sgf score_5x5_complete.json; do
        run import "$src/samples/$f" --db "$db"
        expect_status 0
    done
    expect_stdout "5"
    run show 1 --json --db "$db"
    stdout_has '"score":{"x":1600,"o":600}'
    run show 4 --json --db "$db"
    stdout_has '"status":"won","winner":"x"'
    ;;
import_fixtures)
    run import "$src/tests/fixtures/psq/gomocuponline_1x0-16.psq" --db "$db"
    expect_status 0
    expect_stdout "1"
    run show 1 --json --db "$db"
    stdout_has '"status":"won","winner":"o"'
    stdout_has '"moves":16'
    run import "$src/tests/fixtures/sgf/realcore_renju_sample.sgf" --db "$db"
    expect_status 0
    expect_stdout "2"
    stderr_has "the file declares W+Resign: recorded as X (black) resigning after the last move"
    run show 2 --json --db "$db"
    stdout_has '"status":"resigned","winner":"o"'
    ;;
import_rules_flag)
    printf '(;GM[4]SZ[7];B[aa];W[bb];B[ab];W[bc];B[ac];W[bd];B[ad])' >"$work/mnk.sgf"
    run import "$work/mnk.sgf" --rules mnk --k 4 --db "$db"
    expect_status 0
    run show 1 --json --db "$db"
    stdout_has '"rules":{"name":"mnk","rows":7,"cols":7,"k":4,"exact":false'
    stdout_has '"status":"won","winner":"x"'
    run import "$work/mnk.sgf" --rules classic --db "$db"
    expect_status 2
    stderr_has "nothing was imported"
    ;;
rejected_file_writes_nothing)
    run import "$src/samples/classic_draw.json" --db "$db"
    expect_status 0
    # A collection whose second game replays a taken cell: the first game must not be imported either.
    printf '(;GM[4]SZ[15];B[hh];W[ii])\n(;GM[4]SZ[15];B[hh]\n;W[hh])\n' >"$work/bad.sgf"
    run import "$work/bad.sgf" --db "$db"
    expect_status 2
    stderr_has "rejected file: $work/bad.sgf: line 3, column 2: game 2: move 2 (O at 8, 8): cell (8, 8) is already taken by X"
    stderr_has "nothing was imported"
    [ "$(game_count)" -eq 1 ] || fail "the rejected file left games behind"
    printf 'not a game' >"$work/garbage"
    run import "$work/garbage" --db "$db"
    expect_status 2
    stderr_has "byte 0: not a file this program reads"
    run import "$work/missing.sgf" --db "$db"
    expect_status 2
    stderr_has "cannot open $work/missing.sgf"
    # A folder is not a file: a plain refusal, not an internal error.
    run import "$work" --db "$db"
    expect_status 2
    stderr_has "cannot read $work: Is a directory"
    # A valid archive that holds no game says so.
    printf '{"tictactrace":{"cereal_class_version":1,"games":[]}}' >"$work/empty.json"
    run import "$work/empty.json" --db "$db"
    expect_status 0
    stderr_has "holds no game; nothing was imported"
    [ "$(game_count)" -eq 1 ] || fail "refused files changed the database"
    ;;
export_round_trip)
    for f in seed000_score_7x7.json gomoku_15x15.sgf score_5x5_complete.json; do
        run import "$src/samples/$f" --db "$db"
    done
    run show 1 --json --db "$db"
    cp "$out" "$work/before.json"
    for format in json xml binary; do
        run export --all --format "$format" -o "$work/all.$format" --db "$db"
        expect_status 0
        run import "$work/all.$format" --db "$work/$format.db"
        expect_status 0
        expect_stdout "$(printf '1\n2\n3')"
        run show 1 --json --db "$work/$format.db"
        [ "$(sed 's/"id":[0-9]*//' "$out")" == "$(sed 's/"id":[0-9]*//' "$work/before.json")" ] ||
            fail "game 1 differs after a $format round trip"
    done
    run export 2 --format sgf --db "$db"
    expect_status 0
    stdout_has "RE[B+]"
    run export 2 --format psq --db "$db"
    expect_status 0
    stdout_has "Piskvorky 15x15, 11:11, 0"
    ;;
export_errors)
    run import "$src/samples/classic_draw.json" --db "$db"
    run export 7 --db "$db"
    expect_status 3
    stderr_has "there is no game 7"
    run export --all --format psq --db "$db"
    expect_status 0
    run import "$src/samples/fullline_4x5.json" --db "$db"
    run export --all --format psq --db "$db"
    expect_status 2
    stderr_has "a PSQ file holds exactly one game, not 2"
    run export 1 --format pgn --db "$db"
    expect_status 2
    stderr_has "unknown format 'pgn'"
    run export --db "$db"
    expect_status 2
    run export 1 --db "$work/none.db"
    expect_status 3
    [ ! -e "$work/none.db" ] || fail "export created a database"
    # A file that cannot be written is named as the user gave it, not by the temporary file behind it.
    run export 1 -o "$work/no/such/folder/out.json" --db "$db"
    expect_status 2
    stderr_has "cannot write $work/no/such/folder/out.json: No such file or directory"
    grep -qF ".tmp" "$err" && fail "the error names the temporary file"
    ;;
fork_links)
    # Game 2 is a fork of game 1. Exported together, the fork keeps its link to game 1's new id even in
    # a database whose game 1 is another game; exported alone, it says it came from outside.
    run new --x Ann --o Bo --db "$db"
    run move 1 2 2 --db "$db"
    run move 1 1 1 --db "$db"
    run fork 1 --at 1 --db "$db"
    expect_stdout "2"
    other=$work/other.db
    for i in 1 2 3; do run new --x Cy --o Di --db "$other"; done
    run export --all --format json -o "$work/all.json" --db "$db"
    expect_status 0
    run import "$work/all.json" --db "$other"
    expect_status 0
    expect_stdout "$(printf '4\n5')"
    [ ! -s "$err" ] || fail "stderr is not empty"
    run list --db "$other"
    stdout_has "X: Ann, O: Bo (fork of game 4)"
    run export 2 --format xml -o "$work/fork.xml" --db "$db"
    expect_status 0
    run import "$work/fork.xml" --db "$other"
    expect_status 0
    expect_stdout "6"
    stderr_has "note: $work/fork.xml: line "
    stderr_has "game 1: a fork of game 1 of the database it was exported from, which this file does not hold: it is imported as a fork of a game outside this database"
    run show 6 --db "$other"
    stdout_has "forked from a game outside this database at step 1"
    run list --db "$other"
    stdout_has "X: Ann, O: Bo (fork of a game outside this database)"
    ;;
no_progress_bar_off_terminal)
    # Thousands of games, stderr a file: not a single progress bar character.
    {
        for i in $(seq 1 2000); do printf '(;GM[4]SZ[15];B[hh];W[ii])\n'; done
    } >"$work/many.sgf"
    run import "$work/many.sgf" --db "$db"
    expect_status 0
    [ "$(wc -l <"$out")" -eq 2000 ] || fail "expected 2000 ids"
    [ ! -s "$err" ] || fail "stderr is not empty"
    ;;
progress_bar_on_terminal)
    # The same import with stderr on a terminal (a pseudo-terminal made by util-linux's script): the bar
    # is drawn, reaches 100%, and clears its line; the ids still go to stdout, unmixed.
    command -v script >/dev/null || { echo "FAIL [$case_name]: needs script (util-linux)"; exit 1; }
    {
        for i in $(seq 1 2000); do printf '(;GM[4]SZ[15];B[hh];W[ii])\n'; done
    } >"$work/many.sgf"
    printf -v command '%q import %q --db %q >%q' "$bin" "$work/many.sgf" "$db" "$work/ids"
    script -qec "$command" /dev/null >"$err" 2>&1 </dev/null
    status=$?
    : >"$out"
    expect_status 0
    [ "$(wc -l <"$work/ids")" -eq 2000 ] || fail "expected 2000 ids"
    grep -q '\[' "$work/ids" && fail "the progress bar leaked into stdout"
    stderr_has "100%  importing 2000/2000 games"
    [ "$(tail -c 4 "$err" | od -An -c | tr -d ' ')" == '\r033[K' ] || fail "the bar's line is not cleared at the end"
    ;;
*)
    echo "unknown case $case_name"
    exit 2
    ;;
esac
exit 0
