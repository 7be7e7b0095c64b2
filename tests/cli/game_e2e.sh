#!/usr/bin/env bash
# End-to-end checks of the game commands (new, move, takeback, resign, fork, show, diagram, history, list,
# verify, and hint and play, where the built-in opponent chooses the move): what a user sees, the exit
# status, and that a rejected command leaves the database's bytes
# exactly as they were.
# usage: game_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"
# Every command on the case's own database.
run() { run_plain "$@" --db "$db"; }

# A classic game that X has won along the top row: X (1,1) O (2,1) X (1,2) O (2,2) X (1,3).
won_game() {
    must new --x Ann --o Bo
    for m in "1 1" "2 1" "1 2" "2 2" "1 3"; do must move 1 $m; done
}

won_json='{"id":1,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"Ann","o":"Bo"},"moves":5,"set_up_marks":0,"at":5,"to_move":null,"status":"won","winner":"x","winning_line":[[1,1],[1,2],[1,3]],"score":null,"board":["xxx","oo.","..."],"steps":5,"node":5,"annotation":null,"line":null,"tree":null}'

# Classic, X to move with (1,1) and (1,2) taken and O on (2,1) and (2,2): (1,3) wins at once.
x_wins_next() {
    must new --x Ann --o Bo
    for m in "1 1" "2 1" "1 2" "2 2"; do must move 1 $m; done
}

case "$case_name" in
new_prints_id)
    run new; expect_status 0; expect_stdout "1"
    run new --rules gomoku --x "Ann"; expect_status 0; expect_stdout "2"
    run new --rules mnk --rows 4 --cols 7 --k 4 --exact; expect_status 0; expect_stdout "3"
    run list --json; expect_status 0
    stdout_has '"id":3,"rules":{"name":"mnk","rows":4,"cols":7,"k":4,"exact":true,'
    stdout_has '"id":2,"rules":{"name":"gomoku","rows":15,"cols":15,"k":5,"exact":false,' ;;

new_bad_input)
    run new --rules chess; expect_status 2; stderr_has "chess"
    [ ! -e "$db" ] || fail "a refused new created the database"
    run new --rules mnk --rows 0 --cols 3 --k 3; expect_status 2; stderr_has "not in range 1 to 2048"
    run new --rules fullline --rows 5000 --cols 3; expect_status 2
    run new --x "$(printf 'bad\nname')"; expect_status 2; stderr_has "control character"
    run new --x "$(printf 'bad\xffname')"; expect_status 2; stderr_has "UTF-8"
    run new --x "$(printf 'over\xc0\x80long')"; expect_status 2; stderr_has "UTF-8"
    run new --x "$(printf 'surrogate\xed\xa0\x80')"; expect_status 2; stderr_has "UTF-8"
    # A folder where the file should be: the message names the path, not some other file.
    main_db=$db; db=$work/a-folder; mkdir -p "$db"
    run new; expect_status 5; stderr_has "$work/a-folder"; db=$main_db
    [ ! -e "$db" ] || fail "a refused new created the database"
    must new; snapshot
    run new --rules score --rows 0; expect_status 2; unchanged ;;

names_quotes_sql)
    must new --x "Robert'); DROP TABLE events;--" --o '"Bo" \ the O'
    must move 1 2 2
    run list --json; expect_status 0
    stdout_has '"players":{"x":"Robert'"'"'); DROP TABLE events;--","o":"\"Bo\" \\ the O"}'
    run show 1; expect_status 0; stdout_has "X: Robert'); DROP TABLE events;--, O: \"Bo\" \\ the O"
    [ "$(sqlite3 "$db" 'SELECT count(*) FROM events')" = 2 ] || fail "events table damaged" ;;

show_json_win)
    won_game
    run show 1 --json; expect_status 0; expect_stdout "$won_json" ;;

show_json_at)
    won_game
    run show 1 --json --at 3; expect_status 0
    expect_stdout '{"id":1,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"Ann","o":"Bo"},"moves":3,"set_up_marks":0,"at":3,"to_move":"o","status":"playing","winner":null,"winning_line":[],"score":null,"board":["xx.","o..","..."],"steps":5,"node":3,"annotation":null,"line":null,"tree":null}'
    run show 1 --json --at 0; expect_status 0
    stdout_has '"moves":0,"set_up_marks":0,"at":0,"to_move":"x","status":"playing"'
    stdout_has '"board":["...","...","..."]' ;;

show_text)
    won_game
    run show 1; expect_status 0
    expect_stdout "$(printf '%s\n' 'game 1: classic 3x3, three in a row; X: Ann, O: Bo' 'step 5 of 5, 5 moves on the board' \
        '    1 2 3' '  1 x x x' '  2 o o .' '  3 . . .' 'X wins with (1, 1) (1, 2) (1, 3)')"
    # A 15x15 board: two-digit numbers, each over its own column; a column as wide as its number and a space.
    must new --rules gomoku --x Ann --o Bo
    must move 2 8 8; must move 2 1 15; must move 2 15 1
    run show 2; expect_status 0
    stdout_has '      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15'
    stdout_has '   1  .  .  .  .  .  .  .  .  .  .  .  .  .  .  o'
    stdout_has '   8  .  .  .  .  .  .  .  x  .  .  .  .  .  .  .'
    stdout_has '  15  x  .  .  .  .  .  .  .  .  .  .  .  .  .  .'
    # A board wider than 99 columns keeps two characters a column: the numbers every 2nd column, as a ruler.
    must new --rules mnk --rows 2 --cols 120 --k 5
    run show 3; expect_status 0
    [ "$(sed -n 3p "$out")" = "$(printf '    1 2   4   6   8  10  12  14  16  18  20  22  24  26  28  30  32  34  36  38  40  42  44  46  48  50  52  54  56  58  60  62  64  66  68  70  72  74  76  78  80  82  84  86  88  90  92  94  96  98 100 102 104 106 108 110 112 114 116 118 120')" ] ||
        fail "the column numbers of a 120-column board: $(sed -n 3p "$out")"
    [ "$(sed -n 4p "$out" | wc -c)" -eq $((3 + 240 + 1)) ] || fail "a row of a 120-column board is not 2 characters a column"
    # --json is as it was: the board as strings without numbers.
    run show 2 --json; expect_status 0; stdout_has '"board":["..............o",' ;;

score_line_only_for_score_rules)
    # Points decide only the score rules: a classic game's show has no score line, a score game's has.
    won_game
    run show 1; expect_status 0; stdout_lacks "score:"
    must new --rules score --rows 3 --cols 3
    for m in "1 1" "2 1" "1 2" "2 2" "1 3"; do must move 2 $m; done
    run show 2; expect_status 0
    stdout_has "game 2: score 3x3, runs of 3+ score length x 100; X: X, O: O"
    [ "$(tail -n 1 "$out")" = "score: X 300, O 0" ] || fail "the score game's show should end with its score" ;;

show_at_out_of_range)
    won_game; snapshot
    run show 1 --at 6; expect_status 2; stderr_has "no step 6"; stderr_one_line
    run show 1 --at -1; expect_status 2
    unchanged ;;

diagram_svg_file)
    must new
    for m in "2 2" "1 1" "1 2"; do must move 1 $m; done
    run diagram 1 -o "$work/out.svg"; expect_status 0; stdout_empty; stderr_empty
    [ -f "$work/out.svg" ] || fail "diagram wrote no file"
    [ "$(grep -c 'class="mark ' "$work/out.svg")" -eq 3 ] || fail "the diagram does not hold 3 marks"
    grep -qF '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"' "$work/out.svg" || fail "not an SVG document"
    run diagram 1 --at 1 --numbers -o "$work/at1.svg"; expect_status 0
    [ "$(grep -c 'class="mark ' "$work/at1.svg")" -eq 1 ] || fail "--at 1 does not draw 1 mark"
    grep -qF 'class="move-number"' "$work/at1.svg" || fail "--numbers drew no number"
    snapshot
    run diagram 1 -o "$work/out.gif"; expect_status 2; stderr_has "SVG or PNG"; stderr_one_line
    [ ! -e "$work/out.gif" ] || fail "a refused diagram wrote a file"
    run diagram 9 -o "$work/none.svg"; expect_status 3
    run diagram 1 --at 9 -o "$work/none.svg"; expect_status 2; stderr_has "no step 9"
    [ ! -e "$work/none.svg" ] || fail "a refused diagram wrote a file"
    unchanged ;;

history_of_a_study)
    # Annotations and variations are events but no steps: the history of a game with a study shows both
    # numbers, so that show --at and fork find the step, and annotate --node the event.
    must new --rules gomoku
    must move 1 8 8
    must annotate 1 --comment "the centre"
    must move 1 9 9
    must move 1 1 1 --at 1
    run history 1; expect_status 0
    expect_stdout "$(printf '%s\n' 'game 1: gomoku 15x15, five in a row; X: X, O: O' 'event  step' \
        '    0     0  created' '    1     1  move 1: X (8, 8)  [annotated]' '    2        annotation of event 1' \
        '    3     2  move 2: O (9, 9)' '    4        variation from event 1: O (1, 1)')"
    run show 1 --at 2; expect_status 0; stdout_has "step 2 of 2"
    run history 1 --desc; expect_status 0
    [ "$(sed -n 3p "$out")" == '    4        variation from event 1: O (1, 1)' ] || fail "newest first: $(cat "$out")" ;;

annotate_nothing)
    # An annotation with nothing to write would be an event that changes nothing, kept for good: refused.
    must new --rules gomoku
    must move 1 8 8
    snapshot
    run annotate 1; expect_status 2
    stderr_has "annotate needs something to write: --comment, --glyph, --judgement, a shape"
    unchanged
    run annotate 1 --clear; expect_status 0 ;;

diagram_annotated)
    # A gomoku game with an annotated last step, and a variation from step 2 that is then set aside.
    must new --rules gomoku
    for m in "8 8" "8 9" "9 9"; do must move 1 $m; done
    long="The black stones on the diagonal make a three that white must answer at once, or black plays four and then five"
    must annotate 1 --comment "$long" --glyph '!?' --judgement x-better --arrow 8,8-10,10 --circle 9,9 \
        --label '3,3=<&>' --square 4,4 --triangle 5,5 --cross 6,6
    must move 1 1 1 --at 2
    run diagram 1 -o "$work/a.svg"; expect_status 0; stdout_empty; stderr_empty
    for c in arrow circle square triangle cross label glyph judgement; do
        [ "$(grep -c "class=\"$c\"" "$work/a.svg")" -eq 1 ] || fail "the diagram has no single $c"
    done
    # The arrow starts in the middle of (8,8): 40 + 7 x 40 + 20 = 340 units across and down.
    grep -qF 'class="arrow-shaft" x1="340" y1="340"' "$work/a.svg" || fail "the arrow does not start at (8,8)"
    grep -qF 'class="circle" cx="380" cy="380"' "$work/a.svg" || fail "the circle is not on (9,9)"
    grep -qF '>&lt;&amp;&gt;</text>' "$work/a.svg" || fail "the label is not escaped"
    grep -qF '<&>' "$work/a.svg" && fail "the label went in unescaped"
    [ "$(grep -c 'class="comment"' "$work/a.svg")" -eq 2 ] || fail "the long comment is not on two lines"
    grep -qF 'Black (X) is better.' "$work/a.svg" || fail "no judgement under the board"
    # The same game gives the same bytes; an earlier step carries nothing.
    run diagram 1 -o "$work/b.svg"; expect_status 0
    cmp -s "$work/a.svg" "$work/b.svg" || fail "the same diagram came out different"
    run diagram 1 --at 2 -o "$work/at2.svg"; expect_status 0
    grep -qF 'class="arrow"' "$work/at2.svg" && fail "step 2 drew step 3's arrow"
    [ "$(grep -c 'class="mark ' "$work/at2.svg")" -eq 2 ] || fail "step 2 does not draw 2 marks"
    # The variation's line, through its node (5: the annotation was event 4).
    run diagram 1 --line 5 -o "$work/var.svg"; expect_status 0
    grep -qF 'class="mark mark-x" cx="60" cy="60"' "$work/var.svg" || fail "the variation's move is not drawn"
    run diagram 1 --node 5 -o "$work/node.svg"; expect_status 0
    cmp -s "$work/var.svg" "$work/node.svg" || fail "--node 5 and --line 5 drew different steps"
    # A PNG of the size asked for: its header's width and height, big-endian at bytes 16 and 20.
    run diagram 1 --size 300 -o "$work/a.png"; expect_status 0; stdout_empty; stderr_empty
    [ "$(head -c 8 "$work/a.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "not a PNG"
    read -r w0 w1 w2 w3 h0 h1 h2 h3 < <(od -An -tu1 -j16 -N8 "$work/a.png")
    width=$(( (w0 << 24) + (w1 << 16) + (w2 << 8) + w3 )); height=$(( (h0 << 24) + (h1 << 16) + (h2 << 8) + h3 ))
    [ "$height" -eq 300 ] || fail "the PNG is $height pixels tall, not 300 (its longer side)"
    [ "$width" -lt 300 ] && [ "$width" -gt 250 ] || fail "the PNG is $width pixels wide"
    # A comment in Chinese: the PNG's font draws none of it, and the warning says which, each once.
    must annotate 1 --comment "寒星 寒"
    run diagram 1 --size 300 -o "$work/zh.png"; expect_status 0; stdout_empty
    stderr_has "warning: the PNG's font (DejaVu Sans) has no glyph for 寒星: they are drawn as empty boxes"
    [ -s "$work/zh.png" ] || fail "the PNG was not written"
    run diagram 1 -o "$work/zh.svg"; expect_status 0; stderr_empty
    snapshot
    # Refusals: exit 2, nothing written, the database as it was.
    run diagram 1 -o "$work/x.gif"; expect_status 2; stderr_has "FILE.svg or FILE.png"; stderr_one_line
    [ ! -e "$work/x.gif" ] || fail "a refused diagram wrote a .gif"
    run diagram 1 --at 9 -o "$work/x.svg"; expect_status 2; stderr_has "no step 9"
    run diagram 1 --size 10 -o "$work/x.png"; expect_status 2; stderr_has "64 to 8192"
    must set-aside 1 5
    snapshot
    run diagram 1 --line 5 -o "$work/x.svg"; expect_status 2; stderr_has "set aside"
    run diagram 1 --node 5 -o "$work/x.svg"; expect_status 2; stderr_has "set aside"
    run diagram 1 --node 3 --at 1 -o "$work/x.svg"; expect_status 2; stderr_has "without --at"
    run diagram 1 --line 99 -o "$work/x.png"; expect_status 2; stderr_has "no line through event 99"
    [ -z "$(ls -A "$work" | grep 'x\.')" ] || fail "a refused diagram left a file: $(ls -A "$work")"
    unchanged ;;

score_game_draw)
    must new --rules score --rows 3 --cols 3
    for m in "1 1" "2 1" "1 2" "2 2" "1 3" "2 3" "3 1" "3 2"; do must move 1 $m; done
    run move 1 3 3; expect_status 0; expect_stdout "X (3, 3); draw"
    run show 1 --json; expect_status 0
    stdout_has '"rules":{"name":"score","rows":3,"cols":3,"k":null,"exact":false,"min_run":3,"points":100}'
    stdout_has '"status":"draw","winner":null,"winning_line":[],"score":{"x":300,"o":300},"board":["xxx","ooo","xox"]' ;;

move_cell_taken)
    must new; must move 1 2 2; snapshot
    run move 1 2 2; expect_status 3; stderr_has "(2, 2)"; stderr_one_line; stdout_empty
    unchanged ;;

move_off_board)
    must new; snapshot
    run move 1 4 1; expect_status 3; stderr_has "(4, 1) is off the 3x3 board"; stderr_one_line
    # Row 0 or column 0 is no cell anywhere: the message says how cells are counted.
    run move 1 0 0; expect_status 2
    stderr_has "ROW: there is no row 0: rows and columns count from 1, so the top left cell is 1 1"
    run move 1 1 -2; expect_status 2; stderr_has "COL: there is no column -2: rows and columns count from 1"
    run move 1 -2147483648 1; expect_status 2; stderr_has "ROW: there is no row -2147483648"
    run move 1 1 99999999999; expect_status 2
    stderr_has "COL: there is no column 99999999999: a board has at most 2048 columns"
    unchanged ;;

move_words_for_row)
    must new; snapshot
    run move 1 a b; expect_status 2
    stderr_has "ROW: 'a' is not a row: rows are whole numbers, counted from 1 at the top"
    run move 1 2 b; expect_status 2
    stderr_has "COL: 'b' is not a column: columns are whole numbers, counted from 1 at the left"
    unchanged ;;

move_game_over)
    won_game; snapshot
    run move 1 3 3; expect_status 3; stderr_one_line
    run resign 1; expect_status 3
    unchanged ;;

move_unknown_game)
    must new; snapshot
    run move 7 1 1; expect_status 3; stderr_has "no game 7"
    run takeback 7; expect_status 3
    run resign 7; expect_status 3
    run show 7; expect_status 3
    run history 7; expect_status 3
    run fork 7 --at 0; expect_status 3
    unchanged ;;

move_missing_db)
    # Every command that reads names the missing file, never "no games" or "no game 1", and none creates
    # it: only `new` and `import` do.
    for args in "move 1 1 1" "takeback 1" "resign 1" "show 1" "history 1" "fork 1 --at 0" "list" "list --json" \
        "verify" "export 1" "export --all"; do
        run $args; expect_status 2; stdout_empty
        [ "$(cat "$err")" = "tictactrace: error: no database at $db; \`tictactrace new\` or \`tictactrace import\` creates one" ] \
            || fail "$args: not the sentence naming the missing database"
    done
    [ ! -e "$db" ] || fail "a read or a rejected command created the database"
    # Once `new` has made it, the same commands read it.
    must new
    run list; expect_status 0; stdout_has "1  classic 3x3" ;;

global_options_either_side)
    # --db and --busy-timeout mean the same before the command as after it.
    "$bin" --db "$db" new --x Ann >"$out" 2>"$err"; status=$?; expect_status 0; expect_stdout "1"
    "$bin" --busy-timeout 200 --db "$db" move 1 2 2 >"$out" 2>"$err"; status=$?
    expect_status 0; expect_stdout "X (2, 2); O to move"
    "$bin" --db "$db" list >"$work/before-list" 2>"$err"; status=$?; expect_status 0
    "$bin" list --db "$db" >"$out" 2>"$err"; status=$?; expect_status 0
    cmp -s "$out" "$work/before-list" || fail "--db before list printed something else than after it"
    stdout_has "X: Ann, O: O"
    "$bin" --db="$db" show 1 --json >"$out" 2>"$err"; status=$?; expect_status 0; stdout_has '"moves":1'
    # A command that reads no database says so, wherever --db stands.
    "$bin" --db "$db" count >"$out" 2>"$err"; status=$?; expect_status 2
    stderr_has "\`tictactrace count\` reads no database, so it takes no --db" ;;

json_every_change)
    # Every command that changes the log prints one JSON object a line with --json.
    norm() { sed -E 's/"(recorded|created|updated)_ms":[0-9]+/"\1_ms":T/g' "$out"; }
    run new --x Ann --o Bo --json; expect_status 0
    [ "$(norm)" = '{"id":1,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"Ann","o":"Bo"},"status":"playing","winner":null,"moves":0,"steps":0,"created_ms":T,"updated_ms":T,"forked_from":null}' ] \
        || fail "new --json differs"
    run move 1 2 2 --json; expect_status 0
    [ "$(norm)" = '{"id":1,"event":{"seq":1,"type":"move_played","recorded_ms":T,"move":1,"player":"x","row":2,"col":2},"moves":1,"to_move":"o","status":"playing","winner":null,"winning_line":[],"score":null}' ] \
        || fail "move --json differs"
    must move 1 1 1
    run takeback 1 --json; expect_status 0
    [ "$(norm)" = '{"id":1,"event":{"seq":3,"type":"move_taken_back","recorded_ms":T,"move":2,"player":"o","row":1,"col":1},"moves":1,"to_move":"o","status":"playing","winner":null,"winning_line":[],"score":null}' ] \
        || fail "takeback --json differs"
    run fork 1 --at 1 --json; expect_status 0
    [ "$(norm)" = '{"id":2,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"Ann","o":"Bo"},"status":"playing","winner":null,"moves":1,"steps":1,"created_ms":T,"updated_ms":T,"forked_from":1}' ] \
        || fail "fork --json differs"
    run resign 1 --json; expect_status 0
    [ "$(norm)" = '{"id":1,"event":{"seq":4,"type":"resigned","recorded_ms":T,"player":"o"},"moves":1,"to_move":null,"status":"resigned","winner":"x","winning_line":[],"score":null}' ] \
        || fail "resign --json differs"
    # A win names its line, counted from 1.
    for m in "3 1" "1 1" "3 2"; do must move 2 $m; done
    run move 2 3 3 --json; expect_status 0
    stdout_has '"moves":5,"to_move":null,"status":"won","winner":"x","winning_line":[[1,1],[2,2],[3,3]]'
    # import: one line per game, as list --json shows it.
    must export --all -o "$work/all.json"
    run import "$work/all.json" --json; expect_status 0
    [ "$(wc -l <"$out")" -eq 2 ] || fail "import --json should print one line per game"
    [ "$(sed -n 1p "$out" | cut -c1-8)" = '{"id":3,' ] || fail "the first imported game should be 3"
    sed -n 2p "$out" | grep -qF '"players":{"x":"Ann","o":"Bo"},"status":"won","winner":"x","moves":5' \
        || fail "the second imported game is not the won fork" ;;

format_names_any_case)
    won_game
    run export 1 --format sgf; expect_status 0; cp "$out" "$work/lower.sgf"
    run export 1 --format SGF; expect_status 0
    cmp -s "$out" "$work/lower.sgf" || fail "--format SGF wrote something else than --format sgf"
    run import "$work/lower.sgf" --format Sgf --rules Classic; expect_status 0; expect_stdout "2"
    run show 2 --json; stdout_has '"board":["xxx","oo.","..."]'
    run export 1 --format Pgn; expect_status 2; stderr_has "unknown format 'Pgn': expected json, xml, binary, sgf or psq" ;;

new_score_rules_options)
    # The score rules' numbers, as the window's new-game dialog sets them.
    run new --rules score --rows 3 --cols 3 --min-run 2 --points 10; expect_status 0; expect_stdout "1"
    run show 1 --json; stdout_has '"rules":{"name":"score","rows":3,"cols":3,"k":null,"exact":false,"min_run":2,"points":10}'
    must move 1 1 1; must move 1 3 1; must move 1 1 2
    run show 1; expect_status 0; stdout_has "score 3x3, runs of 2+ score length x 10"
    [ "$(tail -n 1 "$out")" = "score: X 20, O 0" ] || fail "two in a row at 10 a mark should score 20"
    snapshot
    run new --rules gomoku --min-run 2; expect_status 2
    stderr_has "--min-run and --points belong to --rules score; gomoku does not count runs"
    run new --rules score --points 2000000; expect_status 2; stderr_has "--points"
    run new --rules score --min-run 0; expect_status 2; stderr_has "--min-run"
    unchanged
    run new --rules SCORE --json; expect_status 0; stdout_has '"name":"score"' ;;

move_bad_usage)
    must new; snapshot
    run move 1 x 2; expect_status 2
    run move 1 2; expect_status 2
    run move; expect_status 2
    run show 1 --at nine; expect_status 2
    unchanged ;;

takeback_and_history)
    must new --x Ann --o Bo
    must move 1 2 2; must move 1 1 1
    run takeback 1; expect_status 0; expect_stdout "took back O (1, 1); O to move"
    must move 1 3 3
    run history 1; expect_status 0
    expect_stdout "$(printf '%s\n' 'game 1: classic 3x3, three in a row; X: Ann, O: Bo' 'step  event' \
        '   0  created' '   1  move 1: X (2, 2)' '   2  move 2: O (1, 1)' '   3  takeback of move 2: O (1, 1)' \
        '   4  move 2: O (3, 3)')"
    run history 1 --desc; expect_status 0
    [ "$(sed -n 3p "$out")" = "   4  move 2: O (3, 3)" ] || fail "--desc should list the newest first"
    [ "$(tail -n 1 "$out")" = "   0  created" ] || fail "--desc should end with the creation" ;;

takeback_nothing)
    must new; snapshot
    run takeback 1; expect_status 3; stderr_has "no move to take back"
    unchanged ;;

history_json)
    must new --x Ann --o Bo
    must move 1 2 2; must takeback 1; must resign 1
    run history 1 --json; expect_status 0
    sed -E 's/"recorded_ms":[0-9]+/"recorded_ms":T/g' "$out" >"$work/norm"
    [ "$(cat "$work/norm")" = '{"id":1,"events":[{"seq":0,"type":"game_created","recorded_ms":T,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"Ann","o":"Bo"}},{"seq":1,"type":"move_played","recorded_ms":T,"move":1,"player":"x","row":2,"col":2},{"seq":2,"type":"move_taken_back","recorded_ms":T,"move":1,"player":"x","row":2,"col":2},{"seq":3,"type":"resigned","recorded_ms":T,"player":"x"}]}' ] \
        || fail "history JSON differs"
    run history 1 --json --desc; expect_status 0
    stdout_has '{"id":1,"events":[{"seq":3,"type":"resigned",' ;;

resign)
    must new --x Ann --o Bo; must move 1 2 2
    run resign 1; expect_status 0; expect_stdout "O resigned: X wins"
    run show 1 --json; stdout_has '"to_move":null,"status":"resigned","winner":"x","winning_line":[]' ;;

fork)
    won_game
    run fork 1 --at 3; expect_status 0; expect_stdout "2"
    run show 2 --json; expect_status 0
    stdout_has '"moves":3,"set_up_marks":0,"at":3,"to_move":"o","status":"playing"'
    stdout_has '"board":["xx.","o..","..."]'
    must move 2 1 3
    run show 1 --json; expect_stdout "$won_json"
    run history 2; stdout_has "   0  forked from game 1 at step 3"
    run list; stdout_has "(fork of game 1)"
    run fork 1; expect_status 0; expect_stdout "3"
    run show 3 --json; stdout_has '"status":"won"' ;;

fork_out_of_range)
    won_game; snapshot
    run fork 1 --at 6; expect_status 2; stderr_has "no step 6"
    run fork 1 --at -1; expect_status 2
    unchanged ;;

list)
    won_game
    must new --rules gomoku --x Cy --o Di
    run list; expect_status 0
    stdout_has "    1  classic 3x3         won       X           5  X: Ann, O: Bo"
    stdout_has "    2  gomoku 15x15        playing   -           0  X: Cy, O: Di"
    run list --json; expect_status 0
    sed -E 's/"(created|updated)_ms":[0-9]+/"\1_ms":T/g' "$out" >"$work/norm"
    [ "$(cat "$work/norm")" = '[{"id":1,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"Ann","o":"Bo"},"status":"won","winner":"x","moves":5,"steps":5,"created_ms":T,"updated_ms":T,"forked_from":null},{"id":2,"rules":{"name":"gomoku","rows":15,"cols":15,"k":5,"exact":false,"min_run":3,"points":100},"players":{"x":"Cy","o":"Di"},"status":"playing","winner":null,"moves":0,"steps":0,"created_ms":T,"updated_ms":T,"forked_from":null}]' ] \
        || fail "list JSON differs" ;;

list_damaged_row)
    # One row of the games table that no tictactrace wrote (its status): named, left out, the rest listed.
    won_game
    must new --rules gomoku --x Cy --o Di
    sqlite3 "$db" "UPDATE games SET status = 'bogus' WHERE id = 1" || fail "sqlite3 could not change the row"
    run list; expect_status 0
    stdout_has "    2  gomoku 15x15        playing   -           0  X: Cy, O: Di"
    stdout_lacks "X: Ann, O: Bo"
    stderr_has "game 1 is left out: its row in the games table is damaged (its status is 'bogus')"
    run list --json; expect_status 0
    stdout_has '"players":{"x":"Cy","o":"Di"}'
    run verify --repair; expect_status 0
    run list; expect_status 0
    stdout_has "X: Ann, O: Bo"
    stderr_empty ;;

conflict_expect)
    must new; must move 1 2 2; snapshot
    # Whoever last saw step 0 is too late: another move landed since.
    run move 1 1 1 --expect 0; expect_status 4; stderr_has "conflict"; stderr_one_line
    run takeback 1 --expect 0; expect_status 4
    run resign 1 --expect 5; expect_status 4
    unchanged
    run move 1 1 1 --expect 1; expect_status 0 ;;

concurrent_moves)
    # Eight players each try their own cell at once: every attempt either lands or sees a conflict.
    must new --rules gomoku
    for i in 1 2 3 4 5 6 7 8; do
        ( "$bin" move 1 "$i" "$i" --db "$db" >"$work/out.$i" 2>"$work/err.$i"; echo $? >"$work/status.$i" ) &
    done
    wait
    landed=0
    for i in 1 2 3 4 5 6 7 8; do
        s=$(cat "$work/status.$i")
        case "$s" in
        0) landed=$((landed + 1)) ;;
        4) grep -qF "conflict" "$work/err.$i" || fail "player $i: exit 4 without a conflict message" ;;
        *) fail "player $i: exit status $s: $(cat "$work/err.$i")" ;;
        esac
    done
    [ "$landed" -ge 1 ] || fail "no move landed"
    [ "$(sqlite3 "$db" 'SELECT count(*) FROM events WHERE game = 1')" = $((landed + 1)) ] \
        || fail "the log does not hold exactly the moves that landed"
    [ "$(sqlite3 "$db" 'SELECT count(DISTINCT seq) FROM events WHERE game = 1')" = $((landed + 1)) ] \
        || fail "a sequence number is duplicated"
    run verify; expect_status 0 ;;

storage_garbage)
    head -c 4096 /dev/urandom >"$db"
    cp "$db" "$work/copy"
    run list; expect_status 5; stderr_has "not a tictactrace database"; stderr_one_line
    run new; expect_status 5
    run move 1 1 1; expect_status 5
    cmp -s "$db" "$work/copy" || fail "the garbage file was changed" ;;

storage_locked)
    # Another connection holds the write lock: `move` waits its busy timeout (5 s, here 200 ms), then
    # fails with 5.
    must new
    mkfifo "$work/cmds"
    sqlite3 "$db" <"$work/cmds" >/dev/null 2>&1 &
    locker=$!
    exec 3>"$work/cmds"
    echo "BEGIN IMMEDIATE;" >&3
    held=0
    for _ in $(seq 200); do
        if ! sqlite3 "$db" "BEGIN IMMEDIATE; ROLLBACK;" 2>/dev/null; then held=1; break; fi
        sleep 0.05
    done
    [ "$held" -eq 1 ] || fail "could not set up: the other connection never took the lock"
    run move 1 2 2 --busy-timeout 200; expect_status 5; stderr_has "locked"; stderr_one_line; stdout_empty
    echo "ROLLBACK;" >&3
    exec 3>&-
    wait "$locker"
    [ "$(sqlite3 "$db" 'SELECT count(*) FROM events')" = 1 ] || fail "the refused move was written"
    run move 1 2 2; expect_status 0 ;;

storage_newer_schema)
    must new
    sqlite3 "$db" "PRAGMA user_version = 99" || fail "could not set up"
    snapshot
    run show 1; expect_status 5; stderr_has "newer tictactrace"
    run move 1 1 1; expect_status 5
    unchanged ;;

verify_ok)
    won_game; must fork 1 --at 2
    run verify; expect_status 0; stdout_has "ok: 2 games and 9 events" ;;

verify_tampered)
    won_game
    sqlite3 "$db" "UPDATE games SET moves = 42 WHERE id = 1" || fail "could not set up"
    run verify; expect_status 5; stderr_has "game 1: the projection says moves = 42, the fold gives 5"
    # And the log itself cannot be edited, even from the sqlite3 shell.
    if sqlite3 "$db" "DELETE FROM events WHERE seq = 5" 2>"$work/sqlerr"; then fail "DELETE on events succeeded"; fi
    grep -qF "append-only" "$work/sqlerr" || fail "sqlite3 did not name the append-only rule" ;;

verify_json)
    # One JSON object on stdout; the status and the messages on stderr as without --json.
    won_game
    run verify --json; expect_status 0; stderr_empty
    expect_stdout '{"ok":true,"games_checked":1,"events_checked":6,"snapshots_checked":0,"problems":[],"repairable":0,"integrity":["ok"],"repaired":null}'
    sqlite3 "$db" "UPDATE games SET moves = 42 WHERE id = 1" || fail "could not set up"
    run verify --json; expect_status 5
    expect_stdout '{"ok":false,"games_checked":1,"events_checked":6,"snapshots_checked":0,"problems":["game 1: the projection says moves = 42, the fold gives 5"],"repairable":1,"integrity":["ok"],"repaired":null}'
    stderr_has "game 1: the projection says moves = 42, the fold gives 5"
    run verify --json --repair; expect_status 0
    expect_stdout '{"ok":true,"games_checked":1,"events_checked":6,"snapshots_checked":0,"problems":[],"repairable":0,"integrity":["ok"],"repaired":{"games_rebuilt":1,"rows_removed":0,"snapshots_written":0,"not_repaired":[]}}'
    run_plain verify --json --db "$work/none.db"; expect_status 2; stdout_empty; stderr_has "no database at" ;;

default_db)
    export XDG_DATA_HOME=$work/data
    "$bin" new >"$out" 2>"$err"; status=$?
    expect_status 0; expect_stdout "1"
    [ -f "$work/data/tictactrace/games.db" ] || fail "no database under \$XDG_DATA_HOME/tictactrace"
    "$bin" list >"$out" 2>"$err"; status=$?
    expect_status 0; stdout_has "    1  classic 3x3" ;;

name_rule)
    # One rule for names: bidi controls and over-long names are refused like control characters; an
    # empty name is allowed (files often name nobody), as it always was.
    run new --x "$(printf 'abc\u202efed')"; expect_status 2
    stderr_has "X's name holds a bidi control character (U+202E)"
    run new --o "$(printf 'esc\033[2J')"; expect_status 2; stderr_has "O's name holds a control character (U+001B)"
    run new --x "$(head -c 201 /dev/zero | tr '\0' a)"; expect_status 2
    stderr_has "X's name is 201 bytes long; at most 200 are allowed"
    [ ! -e "$db" ] || fail "a refused name created the database"
    run new --x "$(head -c 200 /dev/zero | tr '\0' a)" --o ""; expect_status 0; expect_stdout "1"
    run show 1 --json; stdout_has '"players":{"x":"aaaa'; stdout_has '"o":""}' ;;

stored_names_escaped)
    # A game whose names were written raw, by an older version or by hand: escapes, a bell, a byte that is
    # not UTF-8 and a bidi override, added with the sqlite3 shell to a copy of a log version 1 wrote (so
    # the program opens it as it would any older log). What prints them must not send those bytes on.
    cp "$(dirname "$0")/../fixtures/store/schema-v1.db" "$db"
    raw_x="CAST(X'1b5b324a1b5b33316d526564' AS TEXT)"  # ESC[2J ESC[31m Red
    raw_o="CAST(X'62656c6c07ff20e280ae' AS TEXT)"      # bell BEL 0xff U+202E
    payload_x='\u001b[2J\u001b[31mRed'
    payload_o="bell\\u0007' || CAST(X'ff' AS TEXT) || ' \\u202e"
    sqlite3 "$db" "INSERT INTO games SELECT 10, rules, rows, cols, k, exact, min_run, points, $raw_x, $raw_o,
                       status, winner, moves, last_seq, created_ms, updated_ms, forked_from, forked_at FROM games WHERE id = 4;
                   INSERT INTO events SELECT 10, seq, type, type_version,
                       replace(replace(payload, '\"x\":\"X\"', '\"x\":\"$payload_x\"'), '\"o\":\"O\"', '\"o\":\"$payload_o\"'),
                       recorded_ms FROM events WHERE game = 4;" || fail "could not set up"
    # The names really are raw in the log (else this case proves nothing).
    sqlite3 "$db" "SELECT x_name || o_name FROM games WHERE id = 10" | LC_ALL=C grep -qaP '\x1b\[2J.*\x07\xff' \
        || fail "setup: the raw names are not in the database"
    sqlite3 "$db" "SELECT payload FROM events WHERE game = 10 AND seq = 0" | LC_ALL=C grep -qaF '\u001b[2J' \
        || fail "setup: the raw names are not in the events"
    for args in "list" "show 10" "history 10"; do
        run $args; expect_status 0
        LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f\xff]|\xe2\x80\xae' "$out" && fail "$args printed a raw control byte"
        stdout_has 'X: \x1b[2J\x1b[31mRed, O: bell\x07\xff \u202e'
    done
    for args in "list --json" "show 10 --json" "history 10 --json"; do
        run $args; expect_status 0
        LC_ALL=C grep -qaP '[\x00-\x1f\x7f\xff]|\xe2\x80\xae' "$out" && fail "$args printed a raw control byte"
        stdout_has '"x":"\u001b[2J\u001b[31mRed","o":"bell\u0007'"$(printf '\xef\xbf\xbd')"' \u202e"'
    done
    # And an SGF or PSQ export writes what an import would have read, never the control bytes.
    for format in sgf psq; do
        run export 10 --format "$format"; expect_status 0
        LC_ALL=C grep -qaP '[\x00-\x09\x0b\x0c\x0e-\x1f\x7f\xff]|\xe2\x80\xae' "$out" && fail "the $format export holds a raw control byte"
        stdout_has "$(printf '\xef\xbf\xbd[2J\xef\xbf\xbd[31mRed')"
    done ;;

empty_db_refused)
    # An empty --db (a script's unset variable) must not mean the user's own database.
    export XDG_DATA_HOME=$work/data
    for args in "new" "list" "show 1" "move 1 1 1" "history 1" "verify" "fork 1" "takeback 1" "resign 1" \
        "export 1" "import /dev/null"; do
        "$bin" $args --db "" </dev/null >"$out" 2>"$err"; status=$?
        expect_status 2
        stderr_has "--db: an empty path names no database; leave --db out to use the default one"
    done
    [ ! -e "$work/data" ] || fail "an empty --db touched the default database's folder" ;;

ids_beyond_64_bits)
    must new; must move 1 2 2; snapshot
    for id in 9223372036854775808 99999999999999999999 -9223372036854775809; do
        run show "$id"; expect_status 2
        stderr_has "GAME: '$id' is not a whole number from -9223372036854775808 to 9223372036854775807"
        run move "$id" 1 1; expect_status 2
        run export "$id"; expect_status 2
    done
    run show 9223372036854775807; expect_status 3; stderr_has "there is no game 9223372036854775807"
    run show -1; expect_status 3; stderr_has "there is no game -1"
    run move 1 1 1 --expect 9223372036854775808; expect_status 2
    stderr_has "--expect: '9223372036854775808' is not a whole number"
    run show 1 --at 99999999999999999999; expect_status 2; stderr_has "--at: '99999999999999999999' is not a whole number"
    run fork 1 --at 18446744073709551617; expect_status 2
    unchanged ;;

stdout_full)
    # Every command's result is checked: /dev/full is exit status 5 with the reason, and a command that
    # changed the log says what stays done.
    full() { "$bin" "$@" --db "$db" </dev/null >/dev/full 2>"$err"; status=$?; : >"$out"; }
    full new --x Ann; expect_status 5
    stderr_has "tictactrace: game 1 was created, but its id could not be written to standard output (No space left on device)"
    run show 1 --json; expect_status 0; stdout_has '"players":{"x":"Ann"'
    full move 1 2 2; expect_status 5
    stderr_has "tictactrace: the move X (2, 2) was written to game 1 as step 1, but its report could not be written to standard output (No space left on device)"
    full takeback 1; expect_status 5; stderr_has "the takeback of X (2, 2) was written to game 1 as step 2, but its report"
    full fork 1 --at 1; expect_status 5
    stderr_has "game 2 was created as a fork of game 1 at step 1, but its id could not be written"
    full resign 1; expect_status 5; stderr_has "the resignation of X was written to game 1 as step 3"
    for args in "show 1" "show 1 --json" "history 1" "list" "list --json" "verify"; do
        full $args; expect_status 5
        [ "$(cat "$err")" = "tictactrace: cannot write to standard output: No space left on device" ] \
            || fail "$args: not the one sentence about standard output"
    done
    for args in "score $(dirname "$0")/data/scoring_article_7x7.txt" "count" "demo" "--help" "list --help"; do
        "$bin" $args </dev/null >/dev/full 2>"$err"; status=$?
        expect_status 5; stderr_has "cannot write to standard output"
    done
    run verify; expect_status 0; stdout_has "ok: 2 games" ;;

stdout_closed_pipe)
    # A pipe whose reader has gone: a read-only command dies of SIGPIPE quietly (as cat does); a command
    # that changed the log ignores SIGPIPE and says what was written.
    mkfifo "$work/pipe"
    closed_pipe() {
        exec 3<>"$work/pipe" 4>"$work/pipe"  # open both ends without blocking, then drop the reader
        exec 3<&-
        "$bin" "$@" --db "$db" </dev/null >&4 4>&- 2>"$err"; status=$?
        exec 4>&-
        : >"$out"
    }
    closed_pipe new --x Ann; expect_status 5
    stderr_has "game 1 was created, but its id could not be written to standard output (Broken pipe)"
    run list; stdout_has "X: Ann, O: O"
    closed_pipe list; expect_status 141
    [ ! -s "$err" ] || fail "a read-only command said something on its way out"
    closed_pipe move 1 1 1; expect_status 5; stderr_has "the move X (1, 1) was written to game 1 as step 1" ;;

# hint and play: the built-in opponent

hint_known_answers)
    x_wins_next
    snapshot
    run hint 1; expect_status 0
    stdout_matches '^X to move: \(1, 3\), wins in 1 move \(strong: solver, 5 plies, [0-9]+ nodes? in [0-9]+ ms\)$'
    run hint 1 --json; expect_status 0
    stdout_has '"id":1,"player":"x","row":1,"col":3,"level":"strong","evaluation":{"kind":"win","score":0,"plies":1,"text":"wins in 1 move"},"method":"solver"'
    # O to move after X's (1,1) (2,2) and O's (1,2): X threatens (3,3), and O's only move that does not
    # lose at once is the block; then X's (3,1) threatens (2,1) and (1,3) at once, so O loses in 4 plies.
    must new
    for m in "1 1" "1 2" "2 2"; do must move 2 $m; done
    snapshot
    for level in perfect strong medium easy; do
        run hint 2 --engine "builtin:$level" --json; expect_status 0; stdout_has '"player":"o","row":3,"col":3'
    done
    run hint 2 --engine builtin:perfect --json
    stdout_has '"evaluation":{"kind":"loss","score":0,"plies":4,"text":"loses in 4 moves"}'
    # The same with O in the corner (1,3) instead: the block at (3,3) then threatens (2,3), and holds the draw.
    must new
    for m in "1 1" "1 3" "2 2"; do must move 3 $m; done
    snapshot
    run hint 3 --engine builtin:perfect --json; stdout_has '"player":"o","row":3,"col":3'
    stdout_has '"evaluation":{"kind":"draw"'
    # A hint writes nothing.
    unchanged ;;

play_appends_a_move)
    x_wins_next
    run play 1 --once; expect_status 0; expect_stdout "X (1, 3); X wins with (1, 1) (1, 2) (1, 3)"
    run history 1 --json; expect_status 0
    stdout_has '{"seq":5,"type":"move_played","recorded_ms":'
    stdout_has '"move":5,"player":"x","row":1,"col":3}'
    run verify; expect_status 0
    # A game that is over gets no move, and nothing is written.
    snapshot
    run play 1 --once; expect_status 3; stderr_has "game 1 is over (X wins with (1, 1) (1, 2) (1, 3)): there is no move to choose"
    run hint 1; expect_status 3
    unchanged ;;

perfect_against_itself_draws)
    # Both sides played by the perfect level: classic is a draw, nine moves to a full board.
    must new
    for i in 1 2 3 4 5 6 7 8 9; do run play 1 --engine builtin:perfect --json; expect_status 0; done
    stdout_has '"status":"draw"'
    run play 1 --engine builtin:perfect; expect_status 3
    run show 1 --json; stdout_has '"moves":9,'; stdout_has '"status":"draw","winner":null' ;;

same_seed_same_move)
    # A node budget alone makes the search repeat itself exactly: the same gomoku move every time.
    must new --rules gomoku
    for m in "8 8" "8 9" "9 9" "7 7"; do must move 1 $m; done
    run hint 1 --nodes 20000 --seed 5 --json; expect_status 0
    first=$(sed -E 's/.*"row":([0-9]+),"col":([0-9]+).*"nodes":([0-9]+).*/\1 \2 \3/' "$out")
    for i in 1 2; do
        run hint 1 --nodes 20000 --seed 5 --json; expect_status 0
        [ "$(sed -E 's/.*"row":([0-9]+),"col":([0-9]+).*"nodes":([0-9]+).*/\1 \2 \3/' "$out")" = "$first" ] ||
            fail "the same seed and node budget gave another move or node count"
    done
    run play 1 --once --nodes 20000 --seed 5; expect_status 0
    set -- $first
    stdout_has "X ($1, $2); O to move" ;;

play_expect_conflict)
    must new
    must move 1 2 2
    snapshot
    run play 1 --expect 0; expect_status 4; stderr_has "conflict"
    unchanged
    run play 1 --expect 1; expect_status 0 ;;

new_binds_engines)
    # An engine bound to a side is kept in the game's first event; the side is named after it unless --x/--o says.
    run new --o-engine builtin:perfect; expect_status 0; expect_stdout "1"
    run new --x Ann --x-engine builtin:random; expect_status 0; expect_stdout "2"
    run list --json; expect_status 0
    stdout_has '"id":1,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"players":{"x":"X","o":"builtin:perfect"}'
    stdout_has '"players":{"x":"Ann","o":"O"}'
    [ "$(sqlite3 "$db" 'SELECT payload FROM events WHERE game = 1 AND seq = 0')" = \
      '{"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"x":"X","o":"builtin:perfect","o_engine":"builtin:perfect"}' ] ||
        fail "the first event does not hold the binding: $(sqlite3 "$db" 'SELECT payload FROM events WHERE game = 1 AND seq = 0')"
    # `show` names the engines on a line of their own; a game without one has no such line.
    run show 1; expect_status 0; [ "$(sed -n 2p "$out")" = "engines: O builtin:perfect" ] || fail "show 1 does not name O's engine"
    run show 2; expect_status 0; stdout_has "engines: X builtin:random"
    must new; run show 3; expect_status 0; stdout_lacks "engines:"
    # What scripts read is as it was: the binding is the log's own.
    run history 1 --json; expect_status 0; stdout_lacks "engine"
    run show 1 --json; expect_status 0; stdout_lacks "engine"
    run verify; expect_status 0
    # A set-up game binds the same way.
    printf 'x..\n...\n...\n' >"$work/board.txt"
    run new --setup "$work/board.txt" --o-engine builtin:perfect; expect_status 0; expect_stdout "4"
    [[ "$(sqlite3 "$db" 'SELECT payload FROM events WHERE game = 4 AND seq = 0')" == *'"o_cells":[],"o_engine":"builtin:perfect"}' ]] ||
        fail "the set-up does not hold the binding"
    # Refused before anything is written: no such level, a level these rules do not allow, an opening's
    # choices, a brain on classic.
    snapshot
    run new --o-engine builtin:hard; expect_status 2; stderr_has "--o-engine \"builtin:hard\" names no level"
    run new --rules gomoku --x-engine builtin:perfect; expect_status 2
    stderr_has "--x-engine: perfect play is offered only on boards of at most 20 cells"
    run new --rules gomoku --opening swap2 --o-engine builtin; expect_status 2
    stderr_has "an engine makes no opening choices: --o-engine and --opening swap2 do not go together"
    run new --o-engine "$bin brain"; expect_status 2; stderr_has "--o-engine: a Gomocup brain plays five in a row, not classic 3x3"
    run new --o-engine "$(printf 'builtin\033[2J')"; expect_status 2; stderr_has "control character"
    unchanged ;;

play_session_against_an_engine)
    # X typed, O the bound perfect level: a full game, the board printed with its numbers before each move typed.
    must new --o-engine builtin:perfect
    printf '2 2\n1 1\n1 2\n1 3\n2 1\n2 3\n3 1\n3 2\n3 3\n' >"$work/moves"
    run_in "$work/moves" play 1 --db "$db"; expect_status 0
    stdout_has "game 1: classic 3x3, three in a row; X: X, O: builtin:perfect (engine builtin:perfect)"
    [ "$(sed -n 2,6p "$out")" = "$(printf '%s\n' '    1 2 3' '  1 . . .' '  2 . . .' '  3 . . .' 'X to move')" ] ||
        fail "the first board is not the empty board with its numbers"
    stdout_has "X, your move (row col): 2 2"
    stdout_has "X (2, 2)"
    stdout_matches '^O \([1-3], [1-3]\) by builtin:perfect$'
    # Known answers (the perfect level at seed 0): O answers (1, 3), (3, 3), then wins down column 3; the
    # board is printed before each move typed and at the end, then the outcome and the headline.
    [ "$(sed -n 7,18p "$out")" = "$(printf '%s\n' 'X, your move (row col): 2 2' 'X (2, 2)' 'O (1, 3) by builtin:perfect' \
        '    1 2 3' '  1 . . o' '  2 . x .' '  3 . . .' 'X to move' 'X, your move (row col): 1 1' 'X (1, 1)' \
        'O (3, 3) by builtin:perfect' '    1 2 3')" ] || fail "the first turns are not as known"
    [ "$(tail -n 6 "$out")" = "$(printf '%s\n' '    1 2 3' '  1 x x o' '  2 . x o' '  3 . . o' \
        'O wins with (1, 3) (2, 3) (3, 3)' 'builtin:perfect (O) wins!')" ] ||
        fail "the session does not end with the board, the outcome and the headline"
    run history 1 --json; expect_status 0
    stdout_has '"move":1,"player":"x","row":2,"col":2}'
    stdout_has '"move":6,"player":"o","row":2,"col":3}'
    [ "$(grep -o '"type":"move_played"' "$out" | wc -l)" -eq 6 ] || fail "not 6 moves"
    run show 1 --json; stdout_has '"status":"won","winner":"o"'
    run verify; expect_status 0
    # A game that is over: its board and its outcome, nothing asked, nothing written.
    snapshot
    run play 1; expect_status 0; stdout_lacks "your move"
    [ "$(tail -n 1 "$out")" = "builtin:perfect (O) wins!" ] || fail "no outcome"
    unchanged ;;

play_session_end_of_input_keeps_the_moves)
    must new --o-engine builtin:random
    printf '2 2\n' >"$work/moves"
    run_in "$work/moves" play 1 --db "$db"; expect_status 0
    stdout_matches '^O \([1-3], [1-3]\) by builtin:random$'
    stderr_has "end of input: game 1 stays as it is, at step 2"
    run show 1 --json; stdout_has '"moves":2,'; stdout_has '"to_move":"x","status":"playing"'
    # The same game goes on in the next session, from where it stopped.
    printf '\n' >"$work/none"
    run_in "$work/none" play 1 --db "$db"; expect_status 0
    stdout_has "X, your move (row col):"
    run show 1 --json; stdout_has '"moves":2,'
    run verify; expect_status 0 ;;

play_session_refuses_bad_moves)
    # Nobody bound: both sides typed. Default names: the headline says "X wins!", not "X (X) wins!".
    must new
    printf '2 2\n2 2\n4 1\n0 3\nfoo\n\n3 3\n1 1\n2 1\n1 2\n3 1\n1 3\n' >"$work/moves"
    run_in "$work/moves" play 1 --db "$db"; expect_status 0
    stdout_has "O, your move (row col): 2 2"
    stdout_has "not played: cell (2, 2) is already taken by X"
    stdout_has "not played: (4, 1) is off the 3x3 board; rows and columns count from 1"
    stdout_has "not played: (0, 3) is off the 3x3 board"
    stdout_has "not a move: 'foo'; type the row and the column, counted from 1 at the top left, as 2 3"
    [ "$(tail -n 6 "$out")" = "$(printf '%s\n' '    1 2 3' '  1 x x x' '  2 o x .' '  3 o . o' 'X wins with (1, 1) (1, 2) (1, 3)' 'X wins!')" ] ||
        fail "the session does not end with the board and the headline"
    run history 1 --json
    [ "$(grep -o '"type":"move_played"' "$out" | wc -l)" -eq 7 ] || fail "not the 7 moves typed"
    # Names of their own are said with their marks.
    must new --x Ann --o Bo
    printf '1 1\n2 1\n1 2\n2 2\n1 3\n' >"$work/moves"
    run_in "$work/moves" play 2 --db "$db"; expect_status 0
    [ "$(tail -n 1 "$out")" = "Ann (X) wins!" ] || fail "the headline: $(tail -n 1 "$out")"
    # The session's engines are not the one move's options.
    run play 2 --once --x-engine builtin; expect_status 2; stderr_has "--x-engine and --o-engine choose the engines of a session" ;;

play_session_two_engines_and_brains)
    # Both sides bound: the session plays them out without asking.
    must new --x-engine builtin:perfect --o-engine builtin:perfect
    run play 1; expect_status 0; stdout_lacks "your move"
    [ "$(grep -c ' by builtin:perfect$' "$out")" -eq 9 ] || fail "not nine engine moves"
    [ "$(tail -n 1 "$out")" = "A draw" ] || fail "no draw"
    # A brain's command line kept in a game runs only when named again on play.
    must new --rules gomoku --o-engine "$bin brain --level easy"
    snapshot
    run play 2; expect_status 1
    stderr_has "game 2 binds O to the brain $bin brain --level easy; a command line kept in a game is run only when named again: play 2 --o-engine"
    unchanged
    printf '8 8\n' >"$work/moves"
    run_in "$work/moves" play 2 --o-engine "$bin brain --level easy" --db "$db"; expect_status 0
    stdout_matches '^O \([0-9]+, [0-9]+\) by tictactrace$'
    run show 2 --json; stdout_has '"moves":2,' ;;

play_session_renju_forbidden)
    must new --rules renju --x Ann --o Bo
    # X's (8,8) would be a double-three: refused with the rules' sentence, and X is asked again.
    printf '8 6\n1 1\n8 9\n1 3\n6 8\n1 5\n9 8\n1 7\n8 8\n15 15\n' >"$work/moves"
    run_in "$work/moves" play 1 --db "$db"; expect_status 0
    stdout_has "not played: forbidden for X: double-three through (8, 8): lines (8, 6)–(8, 9) and (6, 8)–(9, 8)"
    stdout_has "X (15, 15)"
    stdout_has '      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15'
    run show 1 --json; stdout_has '"moves":9,' ;;

play_session_ctrl_c)
    must new --o-engine builtin:random
    mkfifo "$work/typed"
    "$bin" play 1 --db "$db" <"$work/typed" >"$out" 2>"$err" &
    pid=$!
    exec 3>"$work/typed"
    printf '2 2\n' >&3
    until "$bin" show 1 --db "$db" --json 2>/dev/null | grep -q '"moves":2,'; do
        kill -0 "$pid" 2>/dev/null || fail "the session ended before Ctrl+C"
        sleep 0.1
    done
    # The prompt for X's next move is up: Ctrl+C ends the wait, and the game keeps both moves.
    until grep -c "your move" "$out" | grep -q 2; do sleep 0.1; done
    kill -INT "$pid"
    wait "$pid"; status=$?
    exec 3>&-
    expect_status 130
    stderr_has "stopped by Ctrl+C: game 1 stays as it is, at step 2"
    run show 1 --json; stdout_has '"moves":2,'
    run verify; expect_status 0 ;;

play_session_another_program_moves)
    # Both sides typed. While X chooses, another program plays X (2, 2) and O (1, 1): X's (1, 1), typed for the
    # empty board, is not played; the session says what was written and goes on from the game as it stands.
    must new
    mkfifo "$work/typed"
    # The session writes to files of its own: `must` below writes the other program's output to $out.
    "$bin" play 1 --db "$db" <"$work/typed" >"$work/session" 2>"$work/session_err" &
    pid=$!
    exec 3>"$work/typed"
    until grep -q "X, your move" "$work/session"; do
        kill -0 "$pid" 2>/dev/null || fail "the session ended before the first prompt"
        sleep 0.1
    done
    must move 1 2 2; must move 1 1 1
    printf '1 1\n' >&3
    until [ "$(grep -c "X, your move" "$work/session")" -eq 2 ]; do
        kill -0 "$pid" 2>/dev/null || fail "the session ended after the move another program made"
        sleep 0.1
    done
    printf '3 3\n' >&3
    exec 3>&-
    wait "$pid"; status=$?
    cp "$work/session" "$out"; cp "$work/session_err" "$err"
    expect_status 0
    stdout_has "not played: game 1 moved on elsewhere: X (2, 2), O (1, 1)"
    # The game as it stands, then X asked again, and X's next move written on it.
    [ "$(sed -n 8,14p "$out")" = "$(printf '%s\n' 'not played: game 1 moved on elsewhere: X (2, 2), O (1, 1)' \
        '    1 2 3' '  1 o . .' '  2 . x .' '  3 . . .' 'X to move' 'X, your move (row col): 3 3')" ] ||
        fail "the session does not show the game as it stands and ask again: $(cat "$out")"
    stdout_has "X (3, 3)"
    stderr_has "end of input: game 1 stays as it is, at step 3"
    run history 1 --json
    stdout_has '"move":1,"player":"x","row":2,"col":2}'
    stdout_has '"move":2,"player":"o","row":1,"col":1}'
    stdout_has '"move":3,"player":"x","row":3,"col":3}'
    [ "$(grep -o '"type":"move_played"' "$out" | wc -l)" -eq 3 ] || fail "not the 3 moves"
    run verify; expect_status 0 ;;

search_matches_and_next)
    # Every game opens at (2,2); game 1 also tries O (3,1) after it, game 3 O (1,2); game 4 is won by X. Pinned
    # output: the text and the JSON as they are read by people and scripts.
    for g in 1 2 3 4; do must new; done
    must move 1 2 2; must move 1 1 1; must move 1 3 3
    must move 2 2 2; must move 2 1 3; must move 2 3 1
    must move 3 2 2; must move 3 1 1
    must move 1 3 1 --at 1; must move 3 1 2 --at 1
    for m in "2 2" "1 1" "1 2" "1 3" "3 2"; do must move 4 $m; done
    run search --game 4 --at 1; expect_status 0; stderr_empty
    expect_stdout "4 matches
  game 1, step 1
  game 2, step 1
  game 3, step 1
  game 4, step 1
next   games  X wins  O wins  draws
(1, 1)     3       1       0      0
(1, 2)     1       0       0      0
(1, 3)     1       0       0      0
(3, 1)     1       0       0      0"
    run search --game 2 --at 2 --symmetric; expect_status 0
    expect_stdout "5 matches
  game 1, step 2
  game 1, step 2 of the line through event 4
  game 2, step 2
  game 3, step 2
  game 4, step 2
next   games  X wins  O wins  draws
(3, 1)     2       0       0      0
(1, 2)     1       1       0      0"
    run search --game 2 --at 2; expect_status 0
    expect_stdout "1 match
  game 2, step 2
next   games  X wins  O wins  draws
(3, 1)     1       0       0      0"
    run search --game 2 --at 2 --symmetric --json; expect_status 0
    expect_stdout '{"matches":[{"game":1,"step":2,"line":null},{"game":1,"step":2,"line":4},{"game":2,"step":2,"line":null},{"game":3,"step":2,"line":null},{"game":4,"step":2,"line":null}],"next":[{"row":3,"col":1,"count":2,"x_wins":0,"o_wins":0,"draws":0},{"row":1,"col":2,"count":1,"x_wins":1,"o_wins":0,"draws":0}]}'
    run search --game 4 --at 1 --json --symmetric; expect_status 0
    expect_stdout '{"matches":[{"game":1,"step":1,"line":null},{"game":2,"step":1,"line":null},{"game":3,"step":1,"line":null},{"game":4,"step":1,"line":null}],"next":[{"row":1,"col":1,"count":3,"x_wins":1,"o_wins":0,"draws":0},{"row":1,"col":2,"count":1,"x_wins":0,"o_wins":0,"draws":0},{"row":1,"col":3,"count":1,"x_wins":0,"o_wins":0,"draws":0},{"row":3,"col":1,"count":1,"x_wins":0,"o_wins":0,"draws":0}]}'
    run search --game 1 --at 3; expect_status 0
    expect_stdout "1 match
  game 1, step 3" ;;

engine_refusals)
    must new --rules gomoku
    snapshot
    # Any other engine is a brain's command line: one that cannot be started is refused.
    run hint 1 --engine gnugo; expect_status 1; stderr_one_line
    stderr_has "tictactrace: refused: cannot start the brain 'gnugo'"
    run hint 1 --engine "gnugo 'open"; expect_status 2; stderr_has "is neither the built-in opponent nor a brain's command line"
    run play 1 --engine builtin:hard; expect_status 2
    stderr_has '--engine "builtin:hard" names no level of the built-in opponent; choose random, easy, medium, strong or perfect'
    run play 1 --engine builtin:perfect; expect_status 2
    stderr_has "perfect play is offered only on boards of at most 20 cells"
    run play 1 --time 0; expect_status 2
    run play 7; expect_status 3; stderr_has "there is no game 7"
    run play 1 --engine "$(printf 'x\033[2J')"; expect_status 1; stderr_has '\x1b[2J'
    unchanged
    db=$work/missing.db; run hint 1; expect_status 2; stderr_has "no database at" ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
