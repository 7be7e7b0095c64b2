#!/usr/bin/env bash
# End-to-end checks of the engines on the command line: `tictactrace brain` driven by a scripted standard
# input as a Gomocup manager would drive it, `play --engine CMD` with an external brain (ours, and the
# brains suite's fake one failing on purpose), and `match`.
# usage: brain_e2e.sh TICTACTRACE FAKE_BRAIN CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
fake=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"
run() { run_plain "$@" --db "$db"; }

# gone PID: the process has ended, looked at again for up to ten seconds (SIGKILL takes a moment). A zombie
# counts as ended: the program that ran the brain has exited, and whoever reaps its orphans now is not ours.
gone() {
    local state
    for _ in $(seq 200); do
        state=$(sed -E 's/.*\) ([A-Za-z]).*/\1/' "/proc/$1/stat" 2>/dev/null) || return 0
        [ -z "$state" ] || [ "$state" = Z ] && return 0
        sleep 0.05
    done
    return 1
}

# is_cell TEXT COLS ROWS: TEXT is x,y on a board of COLS columns and ROWS rows.
is_cell() {
    [[ "$1" =~ ^([0-9]+),([0-9]+)$ ]] || fail "not a move x,y: $1"
    [ "${BASH_REMATCH[1]}" -lt "$2" ] && [ "${BASH_REMATCH[2]}" -lt "$3" ] || fail "off the board: $1"
}

case "$case_name" in
brain_begin_turn_end)
    brain_says "START 15" "INFO timeout_turn 200" "INFO timeout_match 0" "INFO rule 0" "BEGIN" "TURN 0,0" "END"
    expect_status 0; stderr_empty
    [ "$(wc -l <"$out")" -eq 3 ] || fail "three answers expected"
    [ "$(line 1)" = "OK" ] || fail "START is answered OK"
    is_cell "$(line 2)" 15 15; is_cell "$(line 3)" 15 15
    [ "$(line 3)" != "$(line 2)" ] && [ "$(line 3)" != "0,0" ] || fail "the answer to TURN is on a taken cell"
    # Answers end with LF alone, as the protocol allows.
    ! grep -q $'\r' "$out" || fail "an answer ends with CR" ;;

brain_about_unknown_errors)
    brain_says "ABOUT" "FROBNICATE 1" "TURN 3,3" "START 15" "TURN 3" "TURN 15,0" "START x" "START 4" "RECTSTART 20" "END"
    expect_status 0
    [ "$(line 1)" = 'name="tictactrace", version="'"$("$bin" --version | cut -d' ' -f2)"'", author="tictactrace"' ] ||
        fail "ABOUT is not name, version, author"
    [[ "$(line 2)" == "UNKNOWN "*FROBNICATE* ]] || fail "an unknown command is not UNKNOWN"
    [[ "$(line 3)" == "ERROR There is no board yet"* ]] || fail "TURN before START is not ERROR"
    [ "$(line 4)" = "OK" ] || fail "START 15 is not OK"
    [[ "$(line 5)" == "ERROR TURN: a cell is x,y"* ]] || fail "a malformed TURN is not ERROR"
    [[ "$(line 6)" == "ERROR TURN: the cell \"15,0\" is off the board"* ]] || fail "TURN off the board is not ERROR"
    [[ "$(line 7)" == "ERROR START takes the board's size"* ]] || fail "START x is not ERROR"
    [[ "$(line 8)" == "ERROR This brain plays boards of 5 to 2048"* ]] || fail "START 4 is not refused"
    [[ "$(line 9)" == "ERROR RECTSTART takes"* ]] || fail "RECTSTART 20 is not ERROR"
    [ "$(wc -l <"$out")" -eq 9 ] || fail "END has no answer" ;;

brain_rectstart_board_takeback)
    # RECTSTART columns,rows; BOARD with X's four on row 2 open at both ends (ours are 1): we complete it.
    brain_says "RECTSTART 20,15" "INFO rule 1" "INFO max_memory 83886080" "INFO game_type 1" "INFO folder /x" \
        "BOARD" "3,2,1" "10,10,2" "4,2,1" "11,11,2" "5,2,1" "12,12,2" "6,2,1" "0,14,2" "DONE" \
        "TAKEBACK 6,2" "TAKEBACK 9,9" "RESTART" "BEGIN" "END"
    expect_status 0
    [ "$(line 1)" = "OK" ] || fail "RECTSTART 20,15 is not OK"
    [ "$(line 2)" = "2,2" ] || [ "$(line 2)" = "7,2" ] || fail "the five is not completed: $(line 2)"
    [ "$(line 3)" = "OK" ] || fail "TAKEBACK of a stone is not OK"
    [[ "$(line 4)" == "ERROR TAKEBACK: there is no stone"* ]] || fail "TAKEBACK of an empty cell is not ERROR"
    [ "$(line 5)" = "OK" ] || fail "RESTART is not OK"
    is_cell "$(line 6)" 20 15
    [ "$(wc -l <"$out")" -eq 6 ] || fail "INFO lines have no answer" ;;

brain_board_faults)
    # A line of 200,000 bytes is longer than any command (64 KiB at most): skipped with ERROR, and the next
    # command answered.
    long=$(head -c 200000 /dev/zero | tr '\0' 7)
    brain_says "START 15" "BOARD" "3,3,1" "3,3,2" "DONE" "BOARD" "3,3,7" "DONE" "BOARD" "DONE" "TURN $long" "ABOUT" \
        "END"
    expect_status 0
    [[ "$(line 2)" == "ERROR BOARD: the cell \"3,3\" is given twice."* ]] || fail "a cell given twice is not ERROR"
    [[ "$(line 3)" == "ERROR BOARD: a stone is x,y,field"* ]] || fail "a field 7 is not ERROR"
    is_cell "$(line 4)" 15 15
    [[ "$(line 5)" == "ERROR A line of more than 65536 bytes was skipped"* ]] || fail "a line too long is not ERROR"
    [[ "$(line 6)" == 'name="tictactrace"'* ]] || fail "the command after a line too long is not answered"
    [ "$(wc -l <"$out")" -eq 6 ] || fail "six answers expected" ;;

brain_end_of_input)
    # No END: the end of the input ends the brain as well.
    printf 'START 15\nBEGIN\n' | "$bin" brain >"$work/said" 2>"$err"; status=$?
    grep -v '^MESSAGE ' "$work/said" >"$out"
    expect_status 0; [ "$(line 1)" = "OK" ] || fail "START is not OK"; is_cell "$(line 2)" 15 15
    run_plain brain --level perfect; expect_status 0
    printf 'START 15\n' | "$bin" brain --level perfect >"$out" 2>"$err"
    [[ "$(line 1)" == "ERROR perfect play is offered only"* ]] || fail "perfect on gomoku is not refused"
    run_plain brain --level hard; expect_status 2; stderr_has "--level must be" ;;

play_with_our_brain)
    # Our brain as a separate process: BEGIN on the empty board, then BOARD with the game so far.
    must new --rules gomoku --x Ann
    run play 1 --engine "$bin brain --level medium" --time 200; expect_status 0
    stdout_matches '^X \([0-9]+, [0-9]+\); O to move$'
    must move 1 1 1
    run play 1 --engine "$bin brain --level easy" --time 200 --json; expect_status 0
    stdout_has '"type":"move_played"'; stdout_has '"player":"x"'
    run hint 1 --engine "$bin brain" --time 200 --json; expect_status 0
    stdout_matches '^\{"id":1,"player":"o","row":[0-9]+,"col":[0-9]+,"engine":"tictactrace"\}$'
    run show 1 --json; stdout_has '"moves":3,'
    # Rules a Gomocup brain cannot play are refused before anything starts; nothing is written.
    must new
    snapshot
    run play 2 --engine "$bin brain"; expect_status 1
    stderr_has "tictactrace: refused: a Gomocup brain plays five in a row, not classic 3x3"
    unchanged ;;

play_hint_match_strays)
    # A brain's child that left its process group (setpgid) or its session (setsid), or was handed on when
    # its own parent ended, ends with the brain: once play, hint and match are done, none of them is left.
    strays=$work/strays
    must new --rules gomoku
    run play 1 --engine "$fake --stray-child group:$strays"; expect_status 0
    run hint 1 --engine "$fake --stray-child session:$strays"; expect_status 0
    run match --x "$fake --stray-child orphan:$strays" --o builtin:easy --rules gomoku --games 2; expect_status 0
    [ "$(wc -l <"$strays")" -ge 3 ] || fail "the brains did not start their children"
    while read -r pid; do
        gone "$pid" || fail "the brain's child $pid outlived the program that ran the brain"
    done <"$strays" ;;

play_forfeit_crash)
    must new --rules gomoku
    must move 1 8 8
    run play 1 --engine "$fake --crash-at 1"; expect_status 6
    stdout_has 'O: the brain fake brain forfeited (crash): the brain exited with status 3 before it answered TURN 7,7'
    stdout_has 'O forfeited (crashed): X wins'
    run history 1; expect_status 0
    stdout_has 'O forfeits (crash): the brain exited with status 3 before it answered TURN 7,7'
    run history 1 --json; stdout_has '"type":"forfeited"'; stdout_has '"reason":"crash"'
    run show 1 --json; stdout_has '"status":"forfeited","winner":"x"'
    run verify; expect_status 0
    # A game that is over gets no move from a brain either, and a hint writes nothing.
    run play 1 --engine "$fake"; expect_status 3
    must new --rules gomoku
    snapshot
    run hint 2 --engine "$fake --garbage-at 1"; expect_status 6
    stderr_has 'the brain fake brain forfeited (garbage): the brain answered "hello there" to BEGIN'
    stderr_has 'nothing was written'
    unchanged ;;

play_forfeit_reasons)
    for how in "--garbage-at 1:garbage" "--illegal-at 1:illegal_move" "--off-board-at 1:illegal_move" \
               "--sleep-at 1:3000:timeout"; do
        must new --rules gomoku
        game=$(cat "$out")
        must move "$game" 2 2
        option=${how%:*}; reason=${how##*:}
        run play "$game" --engine "$fake $option" --time 100; expect_status 6
        run history "$game" --json; stdout_has '"reason":"'"$reason"'"'
    done ;;

match_random_vs_strong)
    run match --x builtin:random --o builtin:strong --games 10 --json; expect_status 0
    json=$(cat "$out")
    # field KEY N: the N-th number called KEY in the result.
    field() { grep -oE '"'"$1"'":[0-9]+' <<<"$json" | sed -n "$2p" | cut -d: -f2; }
    [ "$(field losses 2)" -eq 0 ] || fail "builtin:strong lost a game of classic"
    [ "$(field games 1)" -eq 10 ] && [ "$(field finished 1)" -eq 10 ] || fail "not 10 games finished"
    for n in 1 2; do
        [ $(( $(field wins $n) + $(field losses $n) + $(field draws $n) )) -eq 10 ] || fail "engine $n's games do not add up"
    done
    [ "$(field wins 1)" -eq "$(field losses 2)" ] && [ "$(field wins 2)" -eq "$(field losses 1)" ] &&
        [ "$(field draws 1)" -eq "$(field draws 2)" ] || fail "one engine's wins are not the other's losses"
    stdout_has '"name":"builtin:random"'; stdout_has '"name":"builtin:strong"'
    run list --json; expect_status 0
    [ "$(grep -o '"id":' "$out" | wc -l)" -eq 10 ] || fail "the log does not hold 10 games"
    # The colours alternate: --x plays X in the odd games, --o in the even ones.
    stdout_has '"id":1,"rules":{"name":"classic"'
    run show 1 --json; stdout_has '"players":{"x":"builtin:random","o":"builtin:strong"}'
    run show 2 --json; stdout_has '"players":{"x":"builtin:strong","o":"builtin:random"}'
    run export 2 --format json; expect_status 0
    run verify; expect_status 0
    # The table in words adds up the same way.
    run match --x builtin:random --o builtin:strong --games 2
    expect_status 0; stdout_has "match: 2 of 2 games finished"; stdout_has "forfeits: none"
    stdout_matches '^--o builtin:strong +2 +[0-9]+ +0 +[0-9]+ +0 +[0-9.]+$'
    # --x-engine and --o-engine, as `new` and `play` name an engine of a side, are the same options.
    run match --x-engine builtin:random --o-engine builtin:strong --games 2
    expect_status 0; stdout_has "match: 2 of 2 games finished"; stdout_has "games: 13 to 14" ;;

match_varies_its_games)
    # moves_of GAME: the game's moves in order, one word.
    moves_of() { "$bin" history "$1" --db "$db" | grep -oE 'move [0-9]+: [XO] \([0-9]+, [0-9]+\)' | tr -d ' \n'; }
    run match --x builtin --o builtin --games 4; expect_status 0; stdout_has "match: 4 of 4 games finished"
    distinct=$(for g in 1 2 3 4; do moves_of $g; echo; done | sort -u | wc -l)
    [ "$distinct" -ge 2 ] || fail "the 4 games of the match are all the same game"
    # Each pair of games opens on its own first move for X, the same for both games of a pair.
    [ "$(moves_of 1 | cut -c1-12)" = "$(moves_of 2 | cut -c1-12)" ] || fail "games 1 and 2 open differently"
    [ "$(moves_of 1 | cut -c1-12)" != "$(moves_of 3 | cut -c1-12)" ] || fail "games 1 and 3 open alike"
    # The same seed gives the same match again.
    run match --x builtin --o builtin --games 4; expect_status 0
    for g in 1 2 3 4; do [ "$(moves_of $g)" = "$(moves_of $((g + 4)))" ] || fail "game $((g + 4)) is not game $g again"; done
    # --repeat: every game alike.
    run match --x builtin --o builtin --games 4 --repeat; expect_status 0; stdout_has "games: 9 to 12"
    for g in 10 11 12; do [ "$(moves_of $g)" = "$(moves_of 9)" ] || fail "with --repeat game $g differs from game 9"; done ;;

match_against_our_brain)
    printf '# two openings, each played twice\n8,8 8,9\n\n8,8 9,9 7,7\n' >"$work/openings"
    run match --x builtin:easy --o "$bin brain --level medium" --rules gomoku --games 3 --openings "$work/openings" \
        --time 100 --json
    expect_status 0
    stdout_has '"finished":3,'; stdout_has '"name":"tictactrace"'
    stdout_has '"forfeits":{"crash":0,"timeout":0,"garbage":0,"illegal_move":0,"foul":0},"moves"'
    run show 2 --json; stdout_has '"players":{"x":"tictactrace","o":"builtin:easy"}'
    run history 1; stdout_has "move 1: X (8, 8)"; stdout_has "move 2: O (8, 9)"
    run history 3; stdout_has "move 2: O (9, 9)"; stdout_has "move 3: X (7, 7)"
    printf '8,8 8,8\n' >"$work/bad"
    run match --x builtin --o builtin --rules gomoku --openings "$work/bad"; expect_status 2
    stderr_has "line 1: cell (8, 8) is already taken by X"
    run match --x builtin --o builtin --openings "$work/missing"; expect_status 2
    run match --x builtin:perfect --o builtin --rules gomoku; expect_status 2
    run match --x builtin --o "$bin brain"; expect_status 1; stderr_has "--o: a Gomocup brain plays five in a row" ;;

match_forfeits)
    run match --x "$fake --crash-at 2" --o builtin:easy --rules gomoku --games 3 --json; expect_status 0
    stdout_has '"name":"fake brain","games":3,"wins":0,"losses":3,"draws":0,"forfeits":{"crash":3,'
    run history 1 --json; stdout_has '"type":"forfeited"'; stdout_has '"reason":"crash"'
    run match --x "$fake --garbage-at 1" --o builtin:easy --rules gomoku --games 2
    expect_status 0; stdout_has "forfeits: --x fake brain garbage 2" ;;

match_interrupted)
    "$bin" match --x builtin:strong --o builtin:strong --rules gomoku --games 50 --time 200 --db "$db" \
        >"$out" 2>"$err" &
    pid=$!
    # Ctrl+C once the first game has a few moves in the log.
    until "$bin" show 1 --db "$db" --json 2>/dev/null | grep -qE '"moves":([3-9]|[1-9][0-9]),'; do
        kill -0 "$pid" 2>/dev/null || fail "the match ended before it was interrupted"
        sleep 0.1
    done
    kill -INT "$pid"
    wait "$pid"; status=$?
    expect_status 130
    stdout_has "stopped by Ctrl+C (1 game left unfinished)"
    last=$(grep -oE 'games: [0-9]+ to [0-9]+' "$out" | awk '{print $4}')
    run show "$last" --json; expect_status 0; stdout_has '"status":"playing"'
    run verify; expect_status 0 ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
