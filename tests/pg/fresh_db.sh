#!/usr/bin/env bash
# A new, empty database of a shell test's own on the suite's PostgreSQL cluster ($TTT_TEST_PG, which
# CTest sets on tests that require the fixture `postgresql`); prints its URI for the admin role.
# usage: fresh_db.sh PURPOSE      PURPOSE names it, reduced to [a-z0-9_]; the pid and the clock make it unique
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: fresh_db.sh PURPOSE" >&2; exit 2; }
if [ -z "${TTT_TEST_PG:-}" ]; then
    echo "fresh_db.sh: error: TTT_TEST_PG is not set: this test needs the PostgreSQL cluster that the CTest" \
         "fixture 'postgresql' starts (run it through ctest)" >&2
    exit 1
fi
# Only the URI form pg_cluster.sh writes: postgresql://USER@/DATABASE?PARAMETERS.
if ! [[ $TTT_TEST_PG =~ ^(postgres(ql)?://[^/?]*/)[^?]*(\?.*)?$ ]]; then
    echo "fresh_db.sh: error: TTT_TEST_PG is not a postgresql:// URI: $TTT_TEST_PG" >&2
    exit 1
fi
head=${BASH_REMATCH[1]}
params=${BASH_REMATCH[3]}

purpose=$(printf '%s' "$1" | LC_ALL=C tr 'A-Z' 'a-z' | LC_ALL=C tr -c 'a-z0-9' '_' | tr -s '_' | cut -c1-24 | sed 's/_*$//')
name="ttt_${purpose:-db}_$$_$(date +%s%N | tail -c 9)"

if ! error=$(psql -X -q -v ON_ERROR_STOP=1 "$TTT_TEST_PG" -c "CREATE DATABASE \"$name\"" 2>&1 >/dev/null); then
    echo "fresh_db.sh: error: cannot make a test database on the cluster of TTT_TEST_PG ($TTT_TEST_PG): $error" >&2
    exit 1
fi
echo "$head$name$params"
