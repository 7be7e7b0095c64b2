#!/usr/bin/env bash
# pg_cluster.sh's crash and restart on a cluster of this test's own: a committed row outlives a SIGKILL of
# the server in the middle of a transaction, the transaction does not, and the restarted server takes
# writes; a start over the killed cluster's folder begins afresh; stop leaves no folder and no process.
# usage: kill_restart_test.sh PG_CLUSTER_SH DIR
set -euo pipefail
cluster=$1
dir=$2

fail() {
    echo "FAIL: $*"
    [ -f "$dir/server.log" ] && { echo "--- server log:"; tail -n 20 "$dir/server.log"; }
    exit 1
}
q() { psql -X -A -t -q -v ON_ERROR_STOP=1 "$uri" -c "$1"; }
cleanup() {
    [ -z "${open_session:-}" ] || kill "$open_session" 2>/dev/null || true
    bash "$cluster" stop "$dir" || true
}
trap cleanup EXIT

# The processes that sit in the cluster's data folder, as pg_cluster.sh finds them.
processes_in() {
    local p
    for p in /proc/[0-9]*; do
        case "$(readlink "$p/cwd" 2>/dev/null)" in "$1"*) echo "${p#/proc/}" ;; esac
    done
}

bash "$cluster" start "$dir" || fail "start failed"
uri=$(cat "$dir/admin_uri")
[ "$uri" = "$(bash "$cluster" uri "$dir")" ] || fail "admin_uri and the uri command differ"

q 'CREATE TABLE moves (n integer); INSERT INTO moves VALUES (42)'
# A player in the middle of a move when the server dies: its transaction is open, its row uncommitted.
psql -X -q "$uri" -c 'BEGIN; INSERT INTO moves VALUES (99); SELECT pg_sleep(60)' >/dev/null 2>&1 &
open_session=$!
for _ in $(seq 100); do
    [ "$(q "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'BEGIN; INSERT%' AND state = 'active'")" = 1 ] && break
    sleep 0.1
done
[ "$(q "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'BEGIN; INSERT%'")" = 1 ] || fail "the open session never ran"

bash "$cluster" kill "$dir" || fail "kill failed"
wait "$open_session" 2>/dev/null && fail "the open session ended well although its server was killed"
open_session=
[ -z "$(processes_in "$dir/data")" ] || fail "processes of the killed server live on: $(processes_in "$dir/data")"
if q 'SELECT 1' >/dev/null 2>&1; then fail "the server answers after kill"; fi
if bash "$cluster" kill "$dir" 2>/dev/null; then fail "kill of a killed server succeeded"; fi

bash "$cluster" restart "$dir" || fail "restart failed"
grep -q "not properly shut down; automatic recovery in progress" "$dir/server.log" ||
    fail "the restarted server did not recover from a crash"
[ "$(q 'SELECT string_agg(n::text, $$,$$ ORDER BY n) FROM moves')" = 42 ] ||
    fail "after the restart moves holds: $(q 'SELECT string_agg(n::text, $$,$$) FROM moves')"
q 'INSERT INTO moves VALUES (43)'
[ "$(q 'SELECT count(*) FROM moves')" = 2 ] || fail "the restarted server did not take a write"

# restart of a running server: stopped cleanly, started on the same data.
bash "$cluster" restart "$dir" || fail "restart of a running server failed"
[ "$(q 'SELECT count(*) FROM moves')" = 2 ] || fail "rows lost by a clean restart"

# A folder left by a crashed run: start removes it and begins a new cluster.
bash "$cluster" kill "$dir" || fail "the second kill failed"
bash "$cluster" start "$dir" || fail "start over a killed cluster's folder failed"
[ "$(q "SELECT count(*) FROM pg_tables WHERE tablename = 'moves'")" = 0 ] || fail "start kept the old cluster"

bash "$cluster" stop "$dir" || fail "stop failed"
[ ! -e "$dir" ] || fail "stop left $dir"
[ -z "$(processes_in "$dir")" ] || fail "processes left after stop: $(processes_in "$dir")"
bash "$cluster" stop "$dir" || fail "a second stop failed"
echo "ok"
