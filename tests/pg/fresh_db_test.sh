#!/usr/bin/env bash
# fresh_db.sh on the fixture's cluster: two calls give two databases, each reachable and empty, named
# safely; without TTT_TEST_PG it fails saying why.
# usage: fresh_db_test.sh FRESH_DB_SH
set -euo pipefail
fresh_db=$1

fail() { echo "FAIL: $*"; exit 1; }
q() { psql -X -A -t -q -v ON_ERROR_STOP=1 "$1" -c "$2"; }

first=$(bash "$fresh_db" "shell Test; 1") || fail "fresh_db.sh failed"
second=$(bash "$fresh_db" "shell Test; 1") || fail "fresh_db.sh failed the second time"
[ "$first" != "$second" ] || fail "two calls gave one URI: $first"

name=$(q "$first" 'SELECT current_database()') || fail "cannot reach $first"
[[ $name =~ ^ttt_shell_test_1_[0-9]+_[0-9]+$ ]] || fail "unexpected database name: $name"
[ "$(q "$second" 'SELECT current_database()')" != "$name" ] || fail "both URIs reach $name"
[ "$(q "$first" 'SELECT current_user')" = ttt_admin ] || fail "not the admin role on $first"

q "$first" 'CREATE TABLE t (n integer)'
[ "$(q "$second" "SELECT count(*) FROM pg_tables WHERE tablename = 't'")" = 0 ] ||
    fail "a table of the first database shows in the second"

if error=$(env -u TTT_TEST_PG bash "$fresh_db" x 2>&1); then fail "fresh_db.sh without TTT_TEST_PG succeeded"; fi
[[ $error == *"TTT_TEST_PG is not set"* ]] || fail "unclear error without TTT_TEST_PG: $error"

if error=$(TTT_TEST_PG='postgresql://ttt_admin@/postgres?host=%2Fnonexistent-ttt&port=5999' bash "$fresh_db" x 2>&1); then
    fail "fresh_db.sh with no server succeeded"
fi
[[ $error == *"cannot make a test database"*"/nonexistent-ttt/.s.PGSQL.5999"* ]] || fail "unclear error with no server: $error"
echo "ok"
