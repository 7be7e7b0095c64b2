#!/usr/bin/env bash
# End-to-end checks of `tictactrace lesson make` and `lesson show`: lesson links and their games become one
# lesson file in each archive format, `import` takes its games, what cannot be followed is refused with
# nothing written, and a "find the move" moment is shown with its question.
# usage: lesson_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

db="$work/log.db"
run() { run_plain "$@" --db "$db"; }

# Game 1: classic, Ann v Bob, three moves; game 2: an empty gomoku board.
two_games() {
    must new --x Ann --o Bob
    must move 1 1 1
    must move 1 2 2
    must move 1 1 2
    must new --rules gomoku
}

case "$case_name" in
make_and_show)
    two_games
    run lesson make --title "First lesson" \
        --moment 'ttt:game=1&at=2&show=win_explainer@enumerate/4&layout=teach' --caption $'Line one\nline two' \
        --moment 'ttt:game=2' --moment 'ttt:game=1' -o "$work/lesson.json"
    expect_status 0
    stdout_empty
    run_plain lesson show "$work/lesson.json"; expect_status 0
    expect_stdout "First lesson
3 moments on 2 games
1. game 1 (classic 3x3, three in a row, Ann v Bob), step 2, teach layout: win_explainer@enumerate/4
   Line one
   line two
2. game 2 (gomoku 15x15, five in a row, X v O), the end (step 0)
3. game 1 (classic 3x3, three in a row, Ann v Bob), the end (step 3)"
    run_plain lesson show --json "$work/lesson.json"; expect_status 0
    stdout_has '{"title":"First lesson","games":2,"moments":[{"game":1,"rules":"classic 3x3, three in a row","x":"Ann","o":"Bob","at":2,"steps":3,"layout":"teach","show":["win_explainer@enumerate/4"],"caption":"Line one\nline two","question":null}'
    stdout_has '{"game":2,"rules":"gomoku 15x15, five in a row","x":"X","o":"O","at":null,"steps":0,"layout":"","show":[],"caption":"","question":null}' ;;

every_format_imports)
    # Each format's lesson imports its two games, each once, into a fresh log; their histories are the
    # originals'.
    two_games
    run history 1; expect_status 0; cp "$out" "$work/history1"
    for format in json xml binary; do
        run lesson make --format "$format" --moment 'ttt:game=1&at=1' --moment 'ttt:game=2' \
            --moment 'ttt:game=1' -o "$work/lesson.$format"
        expect_status 0
        run_plain import "$work/lesson.$format" --db "$work/$format.db"; expect_status 0
        expect_stdout $'1\n2'
        stderr_has "is a lesson of 3 moments; its games were imported"
        run_plain history 1 --db "$work/$format.db"; expect_status 0
        cmp -s "$out" "$work/history1" || fail "$format: game 1's history differs after the import"
        run_plain lesson show "$work/lesson.$format"; expect_status 0
        stdout_has "3 moments on 2 games"
    done ;;

refusals)
    two_games
    run_plain lesson; expect_status 2
    stderr_has "\`tictactrace lesson\` wants one of its commands: make or show"
    run_plain explain; expect_status 2
    stderr_has "\`tictactrace explain\` wants one of its commands: win or forbidden"
    run lesson make --moment 'ttt:game=9' -o "$work/l.json"; expect_status 3
    stderr_has "rejected: moment 1: there is no game 9"
    run lesson make --moment 'ttt:game=1' --moment 'ttt:game=1&at=9' -o "$work/l.json"; expect_status 3
    stderr_has "rejected: moment 2: game 1 has 3 steps; at=9 is past its end"
    run lesson make --moment 'game=1' -o "$work/l.json"; expect_status 2
    stderr_has "--moment 1 cannot be followed: a lesson link starts with ttt:"
    run lesson make --moment 'ttt:show=board' -o "$work/l.json"; expect_status 2
    stderr_has "cannot make the lesson: moment 1: the link names no game: a lesson's moment needs game="
    run lesson make --moment 'ttt:game=1' --caption a --caption b -o "$work/l.json"; expect_status 2
    stderr_has "2 captions for 1 moments"
    run lesson make --moment 'ttt:game=1' --caption $'ring\a' -o "$work/l.json"; expect_status 2
    stderr_has "cannot make the lesson: moment 1: the caption holds a control character"
    run lesson make --moment 'ttt:game=1' --format sgf -o "$work/l.json"; expect_status 2
    stderr_has "a lesson is a cereal archive"
    [ ! -e "$work/l.json" ] || fail "a refused lesson wrote a file"
    run_plain lesson make --moment 'ttt:game=1' --db "$work/none.db"; expect_status 2
    stderr_has "no database at"
    # A plain export is no lesson; a broken lesson says where.
    run export --all -o "$work/plain.json"; expect_status 0
    run_plain lesson show "$work/plain.json"; expect_status 2
    stderr_has "it holds 2 games but no lesson; \`tictactrace import\` reads it"
    run lesson make --moment 'ttt:game=1&at=3' -o "$work/l.json"; expect_status 0
    sed 's/"at": 3/"at": 4/' "$work/l.json" >"$work/bad.json"
    run_plain lesson show "$work/bad.json"; expect_status 2
    stderr_has "broken lesson: moment 1: step 4 is past the end of game 1, which has 3"
    run_plain import "$work/bad.json" --db "$work/other.db"; expect_status 2
    stderr_has "nothing was imported"
    [ ! -e "$work/other.db" ] || fail "a refused lesson made a database" ;;

hostile_text_is_shown_safely)
    must new --x Ann --o Bob
    # A caption with a right-to-left override passes the lesson's check (it is no control character) and
    # is shown escaped.
    run lesson make --moment 'ttt:game=1' --caption $'look \u202eright' --title $'T\u202e' -o "$work/l.json"
    expect_status 0
    run_plain lesson show "$work/l.json"; expect_status 0
    stdout_has 'look \u202eright'
    stdout_has 'T\u202e' ;;

find_the_move)
    # A classic game after X (2, 2), O (1, 1), X (1, 3): O must block at (3, 1). Version 2 of the lesson.
    cat >"$work/find.json" <<'JSON'
{"tictactrace": {"cereal_class_version": 2, "games": [
  {"cereal_class_version": 1,
   "rules": {"name": "classic", "rows": 3, "cols": 3, "k": 3, "exact": false, "min_run": 3, "points": 100},
   "x_name": "Ann", "o_name": "Bob", "forked": false, "forked_from": 0, "forked_at": 0,
   "created_ms": 1704189600000,
   "events": [
     {"cereal_class_version": 1, "type": "move_played", "t": 1704189602000, "player": "x", "row": 2, "col": 2},
     {"type": "move_played", "t": 1704189604000, "player": "o", "row": 1, "col": 1},
     {"type": "move_played", "t": 1704189606000, "player": "x", "row": 1, "col": 3}],
   "result": "", "source_format": "", "source_id": 0}],
 "lesson": {"cereal_class_version": 2, "title": "Block it", "moments": [
   {"game": 1, "at": -1, "show": "", "layout": "", "caption": "O to move.",
    "asks": true, "answers": [{"row": 3, "col": 1}], "hint": "Which line holds two X?",
    "wrong": [{"row": 1, "col": 2, "message": "X then plays (3, 1) and wins."}]},
   {"game": 1, "at": 1, "show": "", "layout": "", "caption": "",
    "asks": false, "answers": [], "hint": "", "wrong": []}]}}}
JSON
    run_plain lesson show "$work/find.json"; expect_status 0
    expect_stdout "Block it
2 moments on 1 game
1. game 1 (classic 3x3, three in a row, Ann v Bob), the end (step 3)
   O to move.
   find the move: 1 answer, a hint, 1 message
2. game 1 (classic 3x3, three in a row, Ann v Bob), step 1"
    run_plain lesson show --json "$work/find.json"; expect_status 0
    stdout_has '"caption":"O to move.","question":{"answers":[[3,1]],"hint":"Which line holds two X?","wrong":[{"row":1,"col":2,"message":"X then plays (3, 1) and wins."}]}}'
    stdout_has '"caption":"","question":null}'
    # An answer on a taken cell, and a lesson of a newer version, are refused by name.
    sed 's/"answers": \[{"row": 3, "col": 1}\]/"answers": [{"row": 2, "col": 2}]/' "$work/find.json" >"$work/taken.json"
    run_plain lesson show "$work/taken.json"; expect_status 2
    stderr_has "broken lesson: moment 1: the answer (2, 2) cannot be played there: cell (2, 2) is already taken by X"
    sed 's/"lesson": {"cereal_class_version": 2/"lesson": {"cereal_class_version": 3/' "$work/find.json" >"$work/newer.json"
    run_plain lesson show "$work/newer.json"; expect_status 2
    stderr_has "a lesson of format version 3 comes from a newer tictactrace" ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
