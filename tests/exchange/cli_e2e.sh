#!/usr/bin/env bash
# End-to-end checks of `tictactrace import` and `tictactrace export`: what a user types, what they see,
# the exit status, and that a rejected file writes nothing.
# usage: cli_e2e.sh TICTACTRACE SOURCE_DIR CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
src=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"

game_count() { "$bin" list --json --db "$db" 2>/dev/null | grep -o '"id":' | wc -l; }

case $case_name in
import_samples)
    # Every sample imports; each prints its new id alone on a line.
    for f in score_7x7_in_play.json classic_draw.json fullline_4x5.json gomoku_15x15.sgf score_5x5_complete.json \
        scoring_article_7x7.json; do
        run import "$src/samples/$f" --db "$db"
        expect_status 0
    done
    expect_stdout "6"
    run show 1 --json --db "$db"
    stdout_has '"score":{"x":1600,"o":600}'
    run show 4 --json --db "$db"
    stdout_has '"status":"won","winner":"x"'
    # The article's example as the article has it: X's 18 marks set up, O none.
    run show 6 --json --db "$db"
    stdout_has '"players":{"x":"The scoring article'"'"'s 7×7 example","o":"O (no marks in the article)"}'
    stdout_has '"moves":0,"set_up_marks":18,'
    stdout_has '"score":{"x":1600,"o":0}'
    ;;
import_fixtures)
    run import "$src/tests/fixtures/psq/piskvork_crlf_o_wins.psq" --db "$db"
    expect_status 0
    expect_stdout "1"
    run show 1 --json --db "$db"
    stdout_has '"status":"won","winner":"o"'
    stdout_has '"moves":16'
    run import "$src/tests/fixtures/sgf/renju_resigned_with_comment.sgf" --db "$db"
    expect_status 0
    expect_stdout "2"
    stderr_has "game 1: RE: the file declares RE[W+Resign]: recorded as X (black) resigning after the last move"
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
import_options_before_the_file)
    # A rule set that does not exist is the command line's mistake: said before the file is read, even
    # one that is not there, and nothing is written.
    run import "$work/no such file.sgf" --rules chess --db "$db"
    expect_status 2
    stderr_has "tictactrace: error: unknown rule set 'chess': expected classic, fullline, gomoku, mnk, score, renju or caro"
    [ ! -e "$db" ] || fail "the database was written"
    run import "$src/tests/fixtures/psq/piskvork_crlf_o_wins.psq" --rules gomoku --k 6 --db "$db"
    expect_status 2
    stderr_has "gomoku is five in a row"
    [ ! -e "$db" ] || fail "the database was written"
    ;;
import_writers_words)
    # c-gomoku-cli's time forfeit: a forfeit on time, at DT plus the move's C time.
    run import "$src/tests/fixtures/sgf/handmade/time_forfeit.sgf" --db "$db"
    expect_status 0
    stderr_has "note: $src/tests/fixtures/sgf/handmade/time_forfeit.sgf: line 1, column 94: game 1: RE and TE: the file declares RE[W+1] TE[White win by time forfeit]: recorded as X (black) forfeiting (ran out of time) after the last move"
    run show 1 --json --db "$db"
    stdout_has '"status":"forfeited","winner":"o"'
    run history 1 --db "$db"
    stdout_has "X forfeits (timeout): White win by time forfeit"
    # Go without GM is refused with the reason; RU[4] is read as renju.
    run import "$src/tests/fixtures/sgf/go/shift_jis_no_gm.sgf" --db "$db"
    expect_status 2
    stderr_has "no GM property: the SGF default is Go"
    run import "$src/tests/fixtures/sgf/handmade/renju_ru4.sgf" --db "$db"
    expect_status 0
    run show 2 --json --db "$db"
    stdout_has '"rules":{"name":"renju","rows":15,"cols":15,'
    # The judge's time-out: adjudicated to white, as its trailer says.
    run import "$src/tests/fixtures/psq/gomocupjudge/6_0_1_2.psq" --db "$db"
    expect_status 0
    run show 3 --json --db "$db"
    stdout_has '"status":"adjudicated","winner":"o"'
    run history 3 --db "$db"
    stdout_has "adjudicated: O wins: the Gomocup judge's result line 1,standard15"
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
    stderr_has "$work is a folder, not a file"
    # A valid archive that holds no game says so.
    printf '{"tictactrace":{"cereal_class_version":1,"games":[]}}' >"$work/empty.json"
    run import "$work/empty.json" --db "$db"
    expect_status 0
    stderr_has "holds no game; nothing was imported"
    [ "$(game_count)" -eq 1 ] || fail "refused files changed the database"
    ;;
export_round_trip)
    for f in score_7x7_in_play.json gomoku_15x15.sgf score_5x5_complete.json; do
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
    # What a PSQ file cannot hold is said, and the file is still written.
    game=$("$bin" new --rules gomoku --db "$db")
    "$bin" move "$game" 8 8 --db "$db" >/dev/null
    "$bin" annotate "$game" --comment "the centre" --db "$db" >/dev/null
    "$bin" resign "$game" --db "$db" >/dev/null
    run export "$game" --format psq -o "$work/resigned.psq" --db "$db"
    expect_status 0
    stderr_has "warning: a PSQ file holds a game's own moves and names only: left out the end (O resigned), 1 step's comment or marks (export as sgf or json to keep them)"
    grep -q "^8,8," "$work/resigned.psq" || fail "the PSQ file lacks its move"
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
    expect_status 2
    stderr_has "no database at $work/none.db"
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
    stderr_has "game 1: from_game: a fork of game 1 of the database it was exported from, which this file does not hold: it is imported as a fork of a game outside this database"
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
export_planted_temporary)
    # Whatever sits where a fixed temporary name would go is someone else's: a file survives byte for
    # byte, and a link planted there never leads the export to its victim.
    run import "$src/samples/classic_draw.json" --db "$db"
    mkdir "$work/out"
    printf 'someone else\n' >"$work/out/out.json.tmp"
    printf 'the victim\n' >"$work/victim"
    ln -s "$work/victim" "$work/out/game.json.tmp"
    run export 1 -o "$work/out/out.json" --db "$db"; expect_status 0
    run export 1 -o "$work/out/game.json" --db "$db"; expect_status 0
    [ "$(cat "$work/out/out.json.tmp")" == "someone else" ] || fail "the unrelated out.json.tmp changed"
    [ "$(cat "$work/victim")" == "the victim" ] || fail "the planted link led the export to its victim"
    [ -L "$work/out/game.json.tmp" ] || fail "the planted link was replaced"
    grep -qF '"tictactrace"' "$work/out/out.json" || fail "out.json is not the export"
    [ "$(ls -A "$work/out" | tr '\n' ' ')" == "game.json game.json.tmp out.json out.json.tmp " ] ||
        fail "the folder holds more than the exports: $(ls -A "$work/out")"
    ;;
export_devices_and_pipes)
    run import "$src/samples/classic_draw.json" --db "$db"
    # The devices are reached through links in the case's folder: a program that replaced what it writes
    # to (as exports once did) replaces a link there, never the machine's /dev/full.
    ln -s /dev/full "$work/full"
    ln -s /dev/stdout "$work/stdout-link"
    # /dev/full: written in place, so the disk-full reason and status 5; the device stays a device.
    run export 1 -o "$work/full" --db "$db"; expect_status 5
    stderr_has "tictactrace: error: cannot write $work/full: No space left on device"
    [ -L "$work/full" ] && [ -c "$work/full" ] || fail "the device or its link was replaced"
    # /dev/stdout on a pipe: the export goes into the pipe.
    "$bin" export 1 --db "$db" >"$work/expected" 2>"$err" </dev/null
    "$bin" export 1 -o "$work/stdout-link" --db "$db" 2>"$err" </dev/null | cat >"$work/piped"
    cmp -s "$work/expected" "$work/piped" || fail "-o /dev/stdout did not write the export into the pipe"
    [ -L "$work/stdout-link" ] || fail "the link to /dev/stdout was replaced"
    # A named pipe is written, not replaced.
    mkfifo "$work/fifo"
    cat "$work/fifo" >"$work/from-fifo" &
    reader=$!
    run export 1 -o "$work/fifo" --db "$db"; expect_status 0
    wait "$reader"
    cmp -s "$work/expected" "$work/from-fifo" || fail "the named pipe did not get the export"
    [ -p "$work/fifo" ] || fail "the named pipe was replaced"
    ;;
export_folder_refused)
    run import "$src/samples/classic_draw.json" --db "$db"
    mkdir -p "$work/out/adir"
    printf 'kept\n' >"$work/out/other.json"
    before=$(ls -A "$work/out")
    run export 1 -o "$work/out/adir" --db "$db"; expect_status 2
    stderr_has "tictactrace: error: $work/out/adir is a folder, not a file"
    [ "$(ls -A "$work/out")" == "$before" ] || fail "the refused export left something behind: $(ls -A "$work/out")"
    [ -z "$(ls -A "$work/out/adir")" ] || fail "something was written into the folder"
    ;;
export_keeps_mode_and_links)
    run import "$src/samples/classic_draw.json" --db "$db"
    run import "$src/samples/fullline_4x5.json" --db "$db"
    # Mode 0600 stays 0600.
    printf 'old\n' >"$work/private.json"; chmod 600 "$work/private.json"
    run export 1 -o "$work/private.json" --db "$db"; expect_status 0
    [ "$(stat -c %a "$work/private.json")" == 600 ] || fail "the mode changed to $(stat -c %a "$work/private.json")"
    # A hard link keeps seeing the file: the new export under both names, one inode.
    printf 'old\n' >"$work/linked.json"; ln "$work/linked.json" "$work/other-name.json"
    run export 2 -o "$work/linked.json" --db "$db"; expect_status 0
    grep -qF '"fullline"' "$work/other-name.json" || fail "the other hard link does not see the new export"
    [ "$(stat -c %i "$work/linked.json")" == "$(stat -c %i "$work/other-name.json")" ] || fail "the hard link was broken"
    # A symbolic link stays a link, and the file it points to gets the export.
    mkdir "$work/real"; printf 'old\n' >"$work/real/target.json"
    ln -s real/target.json "$work/link.json"
    run export 1 -o "$work/link.json" --db "$db"; expect_status 0
    [ -L "$work/link.json" ] || fail "the link was replaced by a file"
    grep -qF '"classic"' "$work/real/target.json" || fail "the link's target did not get the export"
    [ "$(ls -A "$work/real")" == "target.json" ] || fail "a temporary file was left next to the target"
    ;;
export_disk_full_leaves_the_old_file)
    # A file size limit (SIGXFSZ ignored, so the write fails with EFBIG) stops the export part way: the
    # old file stays whole and no temporary is left.
    # 64 KiB: room for SQLite's 32 KiB shared-memory file, not for the export of 300 games.
    for i in $(seq 1 300); do printf '(;GM[4]SZ[15];B[hh];W[ii];B[jj])\n'; done >"$work/many.sgf"
    run import "$work/many.sgf" --db "$db"; expect_status 0
    mkdir "$work/out"
    printf 'the old export\n' >"$work/out/all.json"
    (
        trap '' XFSZ
        ulimit -f 64
        "$bin" export --all -o "$work/out/all.json" --db "$db" </dev/null >"$out" 2>"$err"
    )
    status=$?
    expect_status 5
    stderr_has "tictactrace: error: cannot write $work/out/all.json: File too large"
    [ "$(cat "$work/out/all.json")" == "the old export" ] || fail "the old file was changed"
    [ "$(ls -A "$work/out")" == "all.json" ] || fail "a temporary file was left behind: $(ls -A "$work/out")"
    ;;
output_to_full_stdout)
    # export and import to a full standard output: status 5 and the reason; import says what it did.
    run import "$src/samples/classic_draw.json" --db "$db"
    "$bin" export 1 --db "$db" </dev/null >/dev/full 2>"$err"; status=$?
    expect_status 5
    stderr_has "tictactrace: cannot write to standard output: No space left on device"
    "$bin" import "$src/samples/gomoku_15x15.sgf" --db "$db" </dev/null >/dev/full 2>"$err"; status=$?
    expect_status 5
    stderr_has "tictactrace: game 2 was imported, but its id could not be written to standard output (No space left on device)"
    printf '(;GM[4]SZ[15];B[hh])\n(;GM[4]SZ[15];B[ii])\n' >"$work/two.sgf"
    "$bin" import "$work/two.sgf" --db "$db" </dev/null >/dev/full 2>"$err"; status=$?
    expect_status 5
    stderr_has "2 games were imported (ids 3 to 4), but their ids could not be written to standard output"
    [ "$(game_count)" -eq 4 ] || fail "the imported games are not in the database"
    ;;
import_hostile_names)
    # Names with escapes, a bell, NUL, invalid UTF-8 and a bidi override: imported with U+FFFD and a
    # warning each, and never printed raw afterwards.
    run import "$src/tests/fixtures/sgf/hostile_names.sgf" --db "$db"
    expect_status 0
    expect_stdout "$(printf '1\n2\n3')"
    stderr_has "warning: $src/tests/fixtures/sgf/hostile_names.sgf: line 1, column 19: game 1: PB (X's name) held 2 characters that cannot be shown (control characters, bidi controls or invalid UTF-8); they were replaced by U+FFFD"
    stderr_has "line 3, column 31: game 2: PW (O's name) held 2 characters that cannot be shown"
    stderr_has "line 5, column 19: game 3: PB (X's name) held 1 character that cannot be shown (a control character, a bidi control or invalid UTF-8); it was replaced by U+FFFD"
    [ "$(grep -c 'warning:' "$err")" -eq 5 ] || fail "expected five warnings"
    fffd=$(printf '\xef\xbf\xbd')
    run list --db "$db"
    stdout_has "X: ${fffd}[2J${fffd}[31mRed, O: bell${fffd}"
    stdout_has "X: nul${fffd}byte, O: bad${fffd}${fffd}utf8"
    stdout_has "X: abc${fffd}fed, O: Ordinary $(printf '\xc3\xa9t\xc3\xa9')"
    for args in "list" "show 1" "history 2" "show 3 --json"; do
        run $args --db "$db"
        LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]|\xe2\x80\xae' "$out" && fail "$args printed a raw control byte"
    done
    # The names in the log pass the name rule: verify refolds them as stored.
    run verify --db "$db"; expect_status 0
    ;;
import_huge_name)
    # A name of more than a megabyte (made here, not committed) is cut to 200 bytes with a warning.
    { printf '(;GM[4]SZ[15]PB['; head -c 1048581 /dev/zero | tr '\0' n; printf ']PW[Bo]\n;B[hh])\n'; } >"$work/huge.sgf"
    run import "$work/huge.sgf" --db "$db"; expect_status 0; expect_stdout "1"
    stderr_has "warning: $work/huge.sgf: line 1, column 14: game 1: PB (X's name) was 1048581 bytes; it was cut to 200 bytes"
    run list --db "$db"
    [ "$(wc -c <"$out")" -lt 1000 ] || fail "list prints more than the cut name"
    run show 1 --json --db "$db"
    stdout_has "\"players\":{\"x\":\"$(head -c 200 /dev/zero | tr '\0' n)\",\"o\":\"Bo\"}"
    [ "$(stat -c %s "$db")" -lt 200000 ] || fail "the database holds the whole name"
    ;;
*)
    echo "unknown case $case_name"
    exit 2
    ;;
esac
exit 0
