#!/usr/bin/env bash
# pg_cluster.sh refuses what it cannot do with a sentence saying why and a failing status: no server
# programs, a relative or too long folder, a folder it did not make, a cluster that is not there.
# usage: cluster_errors_test.sh PG_CLUSTER_SH DIR
set -euo pipefail
cluster=$1
dir=$2

fail() { echo "FAIL: $*"; exit 1; }
# refused WHAT ARGS...: the script must fail and its error must hold WHAT.
refused() {
    local what=$1 error
    shift
    if error=$("$@" 2>&1); then fail "succeeded: $*"; fi
    [[ $error == *"$what"* ]] || fail "the error of '$*' lacks '$what': $error"
}
trap 'rm -rf "$dir"' EXIT

refused "PG_BINDIR=/nonexistent holds no initdb" env PG_BINDIR=/nonexistent bash "$cluster" start "$dir"
refused "DIR must be an absolute path" bash "$cluster" start relative/dir
refused "too long for a unix socket path" bash "$cluster" start "/tmp/$(printf 'x%.0s' $(seq 120))"
refused "no cluster in $dir to restart" bash "$cluster" restart "$dir"
refused "no cluster in $dir" bash "$cluster" kill "$dir"
refused "usage" bash "$cluster" frobnicate "$dir"

mkdir -p "$dir"
echo "someone's notes" >"$dir/notes.txt"
refused "was not made by pg_cluster.sh start" bash "$cluster" stop "$dir"
refused "was not made by pg_cluster.sh start" bash "$cluster" start "$dir"
[ -f "$dir/notes.txt" ] || fail "a folder of someone else's was touched"

# The URI names the socket folder percent-encoded, and the role given.
port=$(bash "$cluster" port "$dir")
[ "$(bash "$cluster" uri /tmp/a-b_c "st udent")" = "postgresql://st%20udent@/postgres?host=%2Ftmp%2Fa-b_c&port=$(bash "$cluster" port /tmp/a-b_c)" ] ||
    fail "unexpected uri: $(bash "$cluster" uri /tmp/a-b_c "st udent")"
[ "$port" != "$(bash "$cluster" port "$dir-other")" ] || fail "two folders share port $port"
echo "ok"
