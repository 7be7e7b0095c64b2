#!/usr/bin/env bash
# A classroom end to end, as a teacher and students type it: `classroom init`, `add-student`, `list`, each
# student's games through `tictactrace`, and what the server itself refuses (the same write typed into
# psql as that student). CLASS_DB is a fresh database of the test cluster (on_server.sh), its URI for the
# cluster's admin, who plays the teacher's machine's owner.
# usage: classroom_e2e.sh TICTACTRACE CASE
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

admin=${CLASS_DB:?CLASS_DB names the class database}
source "$(dirname "$0")/class_uri.sh"
# Roles are the cluster's: names unique to this run, so parallel cases never meet.
tag=$$
ann=ann_$tag
bob=bob_$tag
tess=tess_$tag

# add ROLE NAME: adds a member and sets $password to the one printed.
add() {
    run_plain classroom "add-$1" "$2" --db "$admin" --json
    expect_status 0
    password=$(sed -n 's/.*"password":"\([^"]*\)".*/\1/p' "$out")
    [ -n "$password" ] || fail "no password printed for $2"
}

init_class() {
    run_plain classroom init "$admin"
    expect_status 0
    stdout_has "ready"
    add student "$ann"; ann_uri=$(uri_as "$ann" "$password")
    add student "$bob"; bob_uri=$(uri_as "$bob" "$password")
    add teacher "$tess"; tess_uri=$(uri_as "$tess" "$password")
}

case "$case_name" in
init_and_members)
    run_plain classroom init "$admin"
    expect_status 0
    # The class and its owner, the database's: said first, before anyone is in it.
    class_name=$(psql -X -A -t "$admin" -c "SELECT current_database()")
    owner=$(psql -X -A -t "$admin" -c "SELECT pg_catalog.pg_get_userbyid(datdba) FROM pg_catalog.pg_database WHERE datname = current_database()")
    [ -n "$class_name" ] && [ -n "$owner" ] || fail "the test cannot tell the database and its owner"
    run_plain classroom list --db "$admin"
    expect_status 0
    [ "$(sed -n 1p "$out")" == "class $class_name, owned by $owner (the database's owner, a teacher of the class)" ] ||
        fail "the first line does not name the class and its owner"
    stdout_has "nobody is in the class yet"
    # Again: nothing changes, nothing fails.
    run_plain classroom init --db "$admin"
    expect_status 0
    run_plain classroom add-student "$ann" --db "$admin"
    expect_status 0
    stdout_has "$ann is in the class as a student"
    stdout_matches '^password: [a-zA-Z2-9]{20}$'
    stdout_has "shown this once"
    run_plain classroom add-student "$ann" --db "$admin"
    expect_status 1
    stderr_has "$ann is already in this class"
    run_plain classroom add-student "Ann Smith" --db "$admin"
    expect_status 2
    stderr_has "a member's name starts with a letter a to z"
    run_plain classroom add-teacher "$tess" --db "$admin" --no-password
    expect_status 0
    stdout_has "no password"
    # A line for the board, and a handout for the class: a CSV only its owner may read.
    run_plain classroom add-student "dee_$tag" --db "$admin" --host teacher-pc --handout "$work/handout.csv"
    expect_status 0
    stdout_matches "^join: tictactrace-gui --db postgresql://dee_$tag@teacher-pc(:[0-9]+)?/[a-z0-9_]+$"
    [ "$(stat -c %a "$work/handout.csv")" = 600 ] || fail "the handout's mode is $(stat -c %a "$work/handout.csv")"
    [ "$(sed -n 1p "$work/handout.csv")" = "name,role,password,uri" ] || fail "the handout has no header"
    grep -qE "^dee_$tag,student,[a-zA-Z2-9]{20},postgresql://dee_$tag@teacher-pc" "$work/handout.csv" ||
        fail "the handout lacks dee's line: $(cat "$work/handout.csv")"
    chmod 644 "$work/handout.csv"
    run_plain classroom add-student "eve_$tag" --db "$admin" --handout "$work/handout.csv"
    expect_status 5
    stderr_has "may be read by others (mode 644)"
    stderr_has "eve_$tag's password, shown this once"
    run_plain classroom list --db "$admin"
    expect_status 0
    [ "$(sed -n 1p "$out")" == "class $class_name, owned by $owner (the database's owner, a teacher of the class)" ] ||
        fail "the first line does not name the class and its owner"
    [ "$(sed -n 3p "$out" | awk '{print $1, $2}')" == "teacher $tess" ] || fail "the teacher is not listed first"
    [ "$(sed -n 4p "$out" | awk '{print $1, $2}')" == "student $ann" ] || fail "the student is not listed"
    run_plain classroom list --db "$admin" --json
    stdout_has "{\"name\":\"$ann\",\"role\":\"student\",\"can_log_in\":true,\"games\":0,\"playing\":0}"
    stdout_has "{\"class\":\"$class_name\",\"owner\":\"$owner\",\"members\":["
    ;;
student_writes_own_games)
    init_class
    run_plain new --db "$ann_uri" --x "$ann" --o computer
    expect_status 0
    game=$(cat "$out")
    run_plain move "$game" 2 2 --db "$ann_uri"
    expect_status 0
    run_plain play "$game" --once --db "$ann_uri"
    expect_status 0
    run_plain show "$game" --db "$bob_uri" --json
    expect_status 0
    stdout_has "\"moves\":2"
    run_plain classroom list --db "$admin" --json
    stdout_has "{\"name\":\"$ann\",\"role\":\"student\",\"can_log_in\":true,\"games\":1,\"playing\":1}"
    # As for any libpq program, the password may come from PGPASSWORD or a password file instead of the URI.
    ann_password=${ann_uri#postgresql://$ann:}
    ann_password=${ann_password%%@*}
    bare=postgresql://$ann@${ann_uri#*@}
    run_plain list --db "$bare"
    expect_status 5
    stderr_has "storage failure (denied)"
    PGPASSWORD=$ann_password "$bin" list --db "$bare" >"$out" 2>"$err" </dev/null; status=$?
    expect_status 0
    stdout_has "X: $ann, O: computer"
    printf '*:*:*:%s:%s\n' "$ann" "$ann_password" >"$work/pgpass"
    chmod 600 "$work/pgpass"
    PGPASSFILE=$work/pgpass "$bin" show "$game" --db "$bare" >"$out" 2>"$err" </dev/null; status=$?
    expect_status 0
    ;;
refused_by_the_server)
    init_class
    run_plain new --db "$ann_uri" --x "$ann" --o "$bob"
    game=$(cat "$out")
    run_plain move "$game" 1 1 --db "$ann_uri"
    expect_status 0
    "$bin" export "$game" --db "$admin" >"$work/before.json" 2>/dev/null
    # Tess is no player of this game but a teacher; a third student is no player at all.
    run_plain classroom add-student "cy_$tag" --db "$admin" --json
    cy_uri=$(uri_as "cy_$tag" "$(sed -n 's/.*"password":"\([^"]*\)".*/\1/p' "$out")")
    run_plain move "$game" 2 2 --db "$cy_uri"
    expect_status 5
    stderr_has "storage failure (denied)"
    stderr_has "cy_$tag may not move for $bob (O)"
    # A game made in others' names is refused too.
    run_plain new --db "$cy_uri" --x "$ann" --o "$bob"
    expect_status 5
    stderr_has "a student makes games they play in"
    # Past tictactrace, straight SQL as that student: the server takes no INSERT from a student at all.
    if psql -X -q -v ON_ERROR_STOP=1 "$cy_uri" -c "INSERT INTO tictactrace.events VALUES ($game, 2, 'move_played', 1, '{}', 0, decode(repeat('00', 32), 'hex'))" >"$out" 2>"$err"; then
        fail "psql inserted an event into another student's game"
    fi
    stderr_has "permission denied"
    if psql -X -q -v ON_ERROR_STOP=1 "$ann_uri" -c "DELETE FROM tictactrace.events WHERE game = $game" >"$out" 2>"$err"; then
        fail "a player deleted an event"
    fi
    stderr_has "permission denied"
    "$bin" export "$game" --db "$admin" >"$work/after.json" 2>/dev/null
    cmp -s "$work/before.json" "$work/after.json" || fail "the game changed"
    # Bob, the other player, plays on.
    run_plain move "$game" 2 2 --db "$bob_uri"
    expect_status 0
    # A wrong password: refused with a sentence.
    run_plain list --db "$(uri_as "$ann" wrongpassword)"
    expect_status 5
    stderr_has "password authentication failed"
    ;;
teacher_reads_and_verifies)
    init_class
    run_plain new --db "$ann_uri" --x "$ann" --o computer
    game=$(cat "$out")
    run_plain move "$game" 1 1 --db "$ann_uri"
    run_plain move "$game" 3 3 --db "$tess_uri"
    expect_status 0
    run_plain verify --db "$tess_uri"
    expect_status 0
    stdout_has "ok: 1 games and 3 events"
    run_plain list --db "$tess_uri"
    stdout_has "X: $ann, O: computer"
    ;;
not_a_server)
    run_plain classroom init "$work/class.db"
    expect_status 2
    stderr_has "a class lives on a PostgreSQL server"
    [ ! -e "$work/class.db" ] || fail "a file was made"
    run_plain classroom list
    expect_status 2
    ;;
offline_hand_in)
    init_class
    # Ann plays at home into a file, then hands the games in; twice by mistake.
    run_plain new --db "$work/home.db" --x "$ann" --o computer
    run_plain move 1 2 2 --db "$work/home.db"
    run_plain copy --from "$work/home.db" --to "$ann_uri" --all
    expect_status 0
    run_plain copy --from "$work/home.db" --to "$ann_uri" --all
    expect_status 0
    stdout_has "already there"
    [ "$("$bin" list --json --db "$admin" | grep -o '"id":' | wc -l)" -eq 1 ] || fail "the game was handed in twice"
    # A game she does not play cannot be handed in as her: all or nothing.
    run_plain new --db "$work/home.db" --x "$bob" --o computer
    run_plain copy --from "$work/home.db" --to "$ann_uri" --all
    expect_status 5
    stderr_has "a student makes games they play in"
    [ "$("$bin" list --json --db "$admin" | grep -o '"id":' | wc -l)" -eq 1 ] || fail "a refused copy wrote games"
    ;;
*)
    fail "no such case"
    ;;
esac
echo "ok [$case_name]"
