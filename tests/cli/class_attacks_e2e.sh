#!/usr/bin/env bash
# A class no student can break: each case is a student trying, with `tictactrace` or with plain psql and
# their own password, what would freeze, forge or fill the class's log, and what the server answers.
# CLASS_DB and OTHER_CLASS_DB are fresh databases of the test cluster (on_server.sh), their URIs for the
# cluster's admin, who plays the teacher's machine's owner.
# usage: class_attacks_e2e.sh TICTACTRACE CASE
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

admin=${CLASS_DB:?CLASS_DB names the class database}
source "$(dirname "$0")/class_uri.sh"
tag=$$
ann=ann_$tag
ben=ben_$tag
tess=tess_$tag

add() {
    local role=$1 name=$2 db=${3:-$admin}
    run_plain classroom "add-$role" "$name" --db "$db" --json
    expect_status 0
    password=$(sed -n 's/.*"password":"\([^"]*\)".*/\1/p' "$out")
}

init_class() {
    run_plain classroom init "$admin"
    expect_status 0
    add student "$ann"; ann_pw=$password; ann_uri=$(uri_as "$ann" "$password")
    add student "$ben"; ben_pw=$password; ben_uri=$(uri_as "$ben" "$password")
    add teacher "$tess"; tess_uri=$(uri_as "$tess" "$password")
}

# psql as a login: ON_ERROR_STOP, so a refused statement is a failed psql.
sql_as() { psql -X -q -A -t -v ON_ERROR_STOP=1 "$1" -c "$2" >"$out" 2>"$err"; status=$?; }
refused_sql() {
    sql_as "$1" "$2"
    [ "$status" -ne 0 ] || fail "the server let this through: $2"
}

# ann v ben, X (ann) has played 1 1; prints nothing, sets $game.
ann_v_ben() {
    run_plain new --db "$ann_uri" --x "$ann" --o "$ben"
    expect_status 0
    game=$(cat "$out")
    run_plain move "$game" 1 1 --db "$ann_uri"
    expect_status 0
}

case "$case_name" in
own_side_only)
    init_class
    ann_v_ben
    # Ben's turn: ann may neither move nor resign for him, through tictactrace or past it.
    run_plain move "$game" 2 2 --db "$ann_uri"
    expect_status 5
    stderr_has "$ann may not move for $ben (O)"
    run_plain resign "$game" --db "$ann_uri"
    expect_status 5
    stderr_has "$ann may not resign for $ben (O)"
    refused_sql "$ann_uri" "SELECT tictactrace.append_event($game, 2, 'move_played', 1, '{\"player\":\"o\",\"row\":2,\"col\":2}', 0, decode(repeat('00', 32), 'hex'), 'playing', NULL)"
    grep -qF "may not move for $ben" "$err" || fail "psql's refusal does not say why: $(cat "$err")"
    # Two moves in a row for herself: not her turn.
    refused_sql "$ann_uri" "SELECT tictactrace.append_event($game, 2, 'move_played', 1, '{\"player\":\"x\",\"row\":2,\"col\":2}', 0, decode(repeat('00', 32), 'hex'), 'playing', NULL)"
    grep -qF "it is O's turn" "$err" || fail "a second move in a row was not refused as out of turn: $(cat "$err")"
    # The tables themselves take nothing from a student.
    refused_sql "$ann_uri" "INSERT INTO tictactrace.events VALUES ($game, 2, 'move_played', 1, '{}', 0, decode(repeat('00', 32), 'hex'))"
    grep -qF "permission denied" "$err" || fail "INSERT was not refused by privilege: $(cat "$err")"
    refused_sql "$ann_uri" "UPDATE tictactrace.games SET o_name = '$ann' WHERE id = $game"
    refused_sql "$ann_uri" "UPDATE tictactrace.games SET status = 'bogus'"
    # Ben plays and resigns for himself; each event names its writer.
    run_plain move "$game" 2 2 --db "$ben_uri"
    expect_status 0
    run_plain resign "$game" --db "$ann_uri"
    expect_status 0
    run_plain history "$game" --db "$tess_uri"
    expect_status 0
    stdout_has "move 1: X (1, 1)  (by $ann)"
    stdout_has "move 2: O (2, 2)  (by $ben)"
    stdout_has "X resigns  (by $ann)"
    run_plain history "$game" --db "$tess_uri" --json
    stdout_has "\"by\":\"$ben\""
    run_plain show "$game" --at 2 --db "$tess_uri" --json
    stdout_has "\"by\":\"$ben\""
    # Against the computer, and against herself, a student plays both sides.
    run_plain new --db "$ann_uri" --x "$ann" --o computer
    vs_computer=$(cat "$out")
    run_plain move "$vs_computer" 2 2 --db "$ann_uri"
    expect_status 0
    run_plain play "$vs_computer" --once --db "$ann_uri"
    expect_status 0
    run_plain new --db "$ann_uri" --x "$ann" --o "$ann"
    alone=$(cat "$out")
    run_plain move "$alone" 1 1 --db "$ann_uri"
    expect_status 0
    run_plain move "$alone" 1 2 --db "$ann_uri"
    expect_status 0
    run_plain verify --db "$tess_uri"
    expect_status 0
    ;;
no_one_freezes_the_class)
    init_class
    ann_v_ben
    # Ann holds every advisory lock an older release took, reads the games in an open transaction and
    # listens, then sits idle in that transaction while the class goes on.
    fifo=$work/ann_session
    mkfifo "$fifo"
    psql -X -q -v ON_ERROR_STOP=0 "$ann_uri" <"$fifo" >"$work/ann.out" 2>&1 &
    ann_psql=$!
    exec 7>"$fifo"
    echo "SELECT pg_advisory_lock(1414812754); SELECT pg_advisory_lock(1414812743); LISTEN tictactrace;" >&7
    echo "BEGIN; SELECT count(*) FROM tictactrace.games; SELECT * FROM tictactrace.games FOR SHARE;" >&7
    echo "SELECT tictactrace.lock_game($game);" >&7
    # Until the server holds her advisory locks, nothing of the rest is meaningful.
    for _ in $(seq 1 200); do
        held=$(psql -X -A -t "$admin" -c "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND a.usename = '$ann'")
        [ "$held" = 2 ] && break
        sleep 0.05
    done
    [ "$held" = 2 ] || fail "ann's session never took its locks"
    # Every command of everyone works meanwhile: reads, a new game, moves, a window's change check.
    run_plain list --db "$tess_uri"
    expect_status 0
    run_plain show "$game" --db "$ben_uri"
    expect_status 0
    run_plain move "$game" 2 2 --db "$ben_uri"
    expect_status 0
    run_plain new --db "$ben_uri" --x "$ben" --o computer
    expect_status 0
    other=$(cat "$out")
    for cell in "1 1" "3 3"; do
        run_plain move "$other" $cell --db "$ben_uri"
        expect_status 0
        run_plain play "$other" --once --db "$ben_uri"
        expect_status 0
    done
    # A student's session is ended after a minute idle in a transaction: set for every student login.
    timeout=$(PGPASSWORD=$ann_pw psql -X -A -t "$ann_uri" -c "SHOW idle_in_transaction_session_timeout")
    [ "$timeout" = "1min" ] || fail "a student's idle timeout is '$timeout', not 1min"
    exec 7>&-
    wait "$ann_psql" || true
    grep -qF "permission denied" "$work/ann.out" || fail "FOR SHARE was not refused to a student: $(cat "$work/ann.out")"
    ;;
no_forged_games)
    init_class
    ann_v_ben
    # Game ids are the server's: no INSERT, no sequence of ours to advance, no id to choose.
    refused_sql "$ann_uri" "INSERT INTO tictactrace.games (id, rules, rows, cols, k, exact, min_run, points, x_name, o_name, status, moves, last_seq, created_ms, updated_ms) VALUES (9223372036854775807, 'classic', 3, 3, 3, 0, 3, 100, '$ann', '$ben', 'playing', 0, 0, 0, 0)"
    refused_sql "$ann_uri" "SELECT nextval('tictactrace.game_ids')"
    refused_sql "$ann_uri" "SELECT setval('tictactrace.game_ids', 9223372036854775807)"
    # A game in others' names, or with a name of 300 bytes, or a payload of 100 kB: refused by the server.
    refused_sql "$ann_uri" "SELECT tictactrace.create_game('game_created', 1, '{\"rules\":{\"name\":\"classic\",\"rows\":3,\"cols\":3,\"k\":3,\"exact\":false,\"min_run\":3,\"points\":100},\"x\":\"$ben\",\"o\":\"$tess\"}', 0, decode(repeat('00', 32), 'hex'), 'playing', NULL)"
    grep -qF "a student makes games they play in" "$err" || fail "a game in others' names: $(cat "$err")"
    refused_sql "$ann_uri" "SELECT tictactrace.create_game('game_created', 1, '{\"rules\":{\"name\":\"classic\",\"rows\":3,\"cols\":3,\"k\":3,\"exact\":false,\"min_run\":3,\"points\":100},\"x\":\"$ann\",\"o\":\"' || repeat('b', 300) || '\"}', 0, decode(repeat('00', 32), 'hex'), 'playing', NULL)"
    grep -qF "300 bytes long; at most 200" "$err" || fail "a 300-byte name: $(cat "$err")"
    refused_sql "$ann_uri" "SELECT tictactrace.append_event($game, 2, 'move_played', 1, '{\"player\":\"o\",\"row\":2,\"col\":2,\"pad\":\"' || repeat('x', 100000) || '\"}', 0, decode(repeat('00', 32), 'hex'), 'playing', NULL)"
    grep -qF "at most 4096 bytes" "$err" || fail "a 100 kB event: $(cat "$err")"
    # Her own game with a hash that is not its chain's: refused too.
    run_plain new --db "$ann_uri" --x "$ann" --o computer
    own=$(cat "$out")
    refused_sql "$ann_uri" "SELECT tictactrace.append_event($own, 1, 'move_played', 1, '{\"player\":\"x\",\"row\":1,\"col\":1}', 0, decode(repeat('00', 32), 'hex'), 'won', 'x')"
    grep -qF "does not carry the hash" "$err" || fail "a forged hash: $(cat "$err")"
    # Everyone still makes games, the class's list reads whole, verify is clean.
    run_plain new --db "$ben_uri" --x "$ben" --o computer
    expect_status 0
    run_plain list --db "$tess_uri"
    expect_status 0
    stderr_empty
    run_plain verify --db "$admin"
    expect_status 0
    ;;
teacher_of_one_class_only)
    init_class
    ann_v_ben
    other=${OTHER_CLASS_DB:?OTHER_CLASS_DB names a second class database}
    run_plain classroom init "$other"
    expect_status 0
    # Ann teaches the other class: here she stays a student.
    add teacher "$ann" "$other"
    run_plain move "$game" 2 2 --db "$ann_uri"
    expect_status 5
    stderr_has "may not move for $ben"
    run_plain classroom list --db "$admin" --json
    [ "$(grep -o "\"name\":\"$ann\"" "$out" | wc -l)" -eq 1 ] || fail "ann is listed $(grep -o "\"name\":\"$ann\"" "$out" | wc -l) times"
    stdout_has "\"owner\":"
    # There she teaches: a game for two others is hers to make. Ben, of this class only, cannot even
    # connect there.
    run_plain new --db "$(uri_as "$ann" "$ann_pw" "$other")" --x "$ben" --o "$tess"
    expect_status 0
    sql_as "$(uri_as "$ben" "$ben_pw" "$other")" "SELECT 1"
    [ "$status" -ne 0 ] || fail "a student of one class connected to another"
    ;;
*)
    fail "no such case"
    ;;
esac
echo "ok [$case_name]"
