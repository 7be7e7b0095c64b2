#!/usr/bin/env bash
# End-to-end checks of the event log as users and adversaries meet it through `tictactrace`: a log of the
# previous schema carried forward, files from someone else with planted objects or edited bytes, a damaged
# projection repaired, a full disk and an unreadable write-ahead file at open, a device given as the log.
# usage: store_e2e.sh TICTACTRACE FIXTURES CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
fixtures=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"
# Every command on the case's own database.
run() { run_plain "$@" --db "$db"; }

sql() { sqlite3 "$db" "$@" || fail "sqlite3 could not run: $*"; }

# Three moves of gomoku, everything checkpointed into the main file and the write-ahead file gone.
small_log() {
    must new --rules gomoku --x Ann --o Bo
    must move 1 1 1; must move 1 8 8; must move 1 1 2
    sql "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
}

# The file of schema version $1 as that release left it, opened today: list and export read exactly as
# that release printed them, and the file is now of today's version.
carried_forward() {
    cp "$fixtures/schema-v$1.db" "$db"
    run list --json; expect_status 0
    cmp -s "$out" "$fixtures/schema-v$1.list.json" || fail "list --json differs from what version $1 printed"
    run export --all --format json; expect_status 0
    cmp -s "$out" "$fixtures/schema-v$1.export.json" || fail "export --all differs from what version $1 wrote"
    [ "$(sqlite3 "$db" 'PRAGMA user_version')" = 12 ] || fail "the file was not migrated to version 12"
}

case "$case_name" in
migrate_v1)
    # The release before event hashes and snapshots.
    carried_forward 1
    run verify; expect_status 0; stdout_has "ok: 9 games and 129 events"; stdout_has "hash chains hold" ;;

migrate_v2)
    # The release before set-up games: its file reads as it printed it, then takes a set-up game.
    carried_forward 2
    run verify; expect_status 0; stdout_has "ok: 6 games and 348 events"; stdout_has "1 snapshots agree"
    printf 'xxx.xxx\n.......\n..x.x..\n.....x.\nxx.....\n.xxx...\n...xxxx\n' >"$work/article.txt"
    run new --setup "$work/article.txt" --rules score; expect_status 0; expect_stdout "7"
    run show 7; stdout_has "score: X 1600, O 0"
    run verify; expect_status 0; stdout_has "ok: 7 games and 349 events" ;;

migrate_v3)
    # The release before forfeits: its file reads as it printed it, then takes a forfeited game.
    carried_forward 3
    run verify; expect_status 0; stdout_has "ok: 6 games and 347 events"; stdout_has "1 snapshots agree"
    cat >"$work/forfeit.json" <<'EOF'
{"tictactrace": {"cereal_class_version": 1, "games": [{"cereal_class_version": 1,
 "rules": {"name": "gomoku", "rows": 15, "cols": 15, "k": 5, "exact": false, "min_run": 3, "points": 100},
 "x_name": "Ann", "o_name": "Brain", "forked": false, "forked_from": 0, "forked_at": 0, "created_ms": 1700000000000,
 "events": [{"cereal_class_version": 1, "type": "move_played", "t": 1700000001000, "player": "x", "row": 8, "col": 8},
  {"type": "forfeited", "t": 1700000006000, "player": "o", "reason": "timeout", "detail": "no answer within 5000 ms"}],
 "result": "", "source_format": "", "source_id": 0}]}}
EOF
    run import "$work/forfeit.json"; expect_status 0; expect_stdout "7"
    run show 7; stdout_has "O forfeited (ran out of time): X wins"
    run history 7; stdout_has "O forfeits (timeout): no answer within 5000 ms"
    run export 7 --format sgf; expect_status 0; stdout_has "RE[B+T]"
    run list --json; stdout_has '"status":"forfeited","winner":"x"'
    run verify; expect_status 0; stdout_has "ok: 7 games and 350 events" ;;

planted_trigger)
    # A trigger planted in a received log that rewrites every new move: every command refuses the file.
    small_log
    sql "DROP TRIGGER events_append_only_update"
    sql "CREATE TRIGGER rewrite AFTER INSERT ON events BEGIN UPDATE events SET payload = '{\"player\":\"x\",\"row\":1,\"col\":1}' WHERE game = NEW.game AND seq = NEW.seq; END"
    snapshot
    for args in "move 1 7 7" "new" "fork 1" "show 1" "list" "verify"; do
        run $args; expect_status 5
        stderr_has "storage failure (tampered)"
        stderr_has "holds a trigger named 'rewrite' on 'events' that tictactrace never creates"
        [ "$(wc -l <"$err")" -eq 1 ] || fail "$args: the refusal should be one line"
    done
    unchanged ;;

runaway_trigger)
    # A trigger with an endless recursive query: before, move/new/fork/import hung for ever.
    small_log
    must export 1 --format json -o "$work/one.json"
    sql "CREATE TRIGGER spin BEFORE INSERT ON events BEGIN SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c); END"
    snapshot
    for args in "move 1 7 7" "new" "fork 1" "import $work/one.json"; do
        run $args; expect_status 5; stderr_has "trigger named 'spin'"
    done
    unchanged ;;

tampered_payload)
    # One digit of a stored move changed in the file: (1, 1) becomes (3, 1). The mark moved; now it is found.
    small_log
    python3 - "$db" <<'EOF' || fail "could not edit the file"
import sys
path = sys.argv[1]
data = bytearray(open(path, 'rb').read())
was = b'{"player":"x","row":1,"col":1}'
at = data.find(was)
assert at >= 0
data[at + was.index(b'1,')] = ord('3')
open(path, 'wb').write(bytes(data))
EOF
    run verify; expect_status 5
    stderr_has "game 1: event 1 was changed after it was written"
    stderr_has "in the events themselves, which nothing rewrites"
    run show 1; expect_status 5; stderr_has "game 1 is damaged at event 1"
    run history 1; expect_status 5; stderr_has "game 1 is damaged at event 1" ;;

repair_projection)
    small_log
    sql "UPDATE games SET status = 'bogus', moves = 99"
    # The damaged row is named and left out, never a reason to refuse the rest of the list.
    run list; expect_status 0; stderr_has "game 1 is left out: its row in the games table is damaged"
    stderr_has "\`tictactrace verify --repair\` rebuilds it"; stdout_empty
    run verify; expect_status 5
    stderr_has "game 1: its row in the games table is damaged (its status is 'bogus')"
    stderr_has "\`tictactrace verify --repair\` rebuilds it"
    run verify --repair; expect_status 0
    stdout_has "repaired: 1 games rebuilt from their events"; stdout_has "ok: 1 games and 4 events"
    run list; expect_status 0; stdout_has "playing"
    run verify; expect_status 0 ;;

device_as_log)
    journal_before=$( [ -e /dev/null-journal ] && echo yes || echo no )
    "$bin" new --db /dev/null >"$out" 2>"$err"; status=$?
    expect_status 5; stderr_has "/dev/null is not a regular file"
    [ "$( [ -e /dev/null-journal ] && echo yes || echo no )" = "$journal_before" ] || fail "/dev/null-journal was made"
    mkdir "$work/folder"
    "$bin" list --db "$work/folder" >"$out" 2>"$err"; status=$?
    expect_status 5; stderr_has "is a folder, not a database file" ;;

full_disk_at_open)
    # A real full disk: a tiny tmpfs in a user and mount namespace of this test's own (no root needed where
    # the kernel allows user namespaces, as Debian's does), filled to the last byte.
    command -v unshare >/dev/null || fail "unshare (util-linux) is needed"
    unshare -rm bash -c '
        set -e
        mkdir -p "$1/small"
        mount -t tmpfs -o size=64k tmpfs "$1/small"
        cat /dev/zero >"$1/small/fill" 2>/dev/null || true
        "$2" new --db "$1/small/games.db"
    ' _ "$work" "$bin" >"$out" 2>"$err"; status=$?
    grep -q "^mount\|^unshare" "$err" && fail "cannot mount a tmpfs in a namespace of our own here"
    expect_status 5; stderr_has "storage failure (full)"; stderr_has "is full"
    stderr_lacks "disk I/O error" ;;

unreadable_wal)
    # A write-ahead file left by another user, which this one may not read: the message names it.
    command -v setpriv >/dev/null || fail "setpriv (util-linux) is needed"
    must new
    chmod 777 "$work"; chmod 666 "$db"
    : >"$db-wal"; chmod 000 "$db-wal"
    # Root reads any file, so as root the program runs as nobody; anyone else is shut out by the mode.
    if [ "$(id -u)" -eq 0 ]; then as_other=(setpriv --reuid=65534 --regid=65534 --clear-groups); else as_other=(); fi
    "${as_other[@]}" "$bin" list --db "$db" >"$out" 2>"$err"; status=$?
    expect_status 5; stderr_has "games.db-wal (the log's write-ahead file) cannot be read and written" ;;

*)
    echo "unknown case: $case_name"; exit 2 ;;
esac
exit 0
