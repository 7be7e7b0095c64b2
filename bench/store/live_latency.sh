#!/usr/bin/env bash
# A live lesson's latency on loopback (bench_live_latency.cpp), on a file and on a throwaway PostgreSQL
# server of its own (tests/pg/pg_cluster.sh, a unix socket only), one after the other.
# usage: bench/store/live_latency.sh BUILD_DIR [bench_live_latency's options, e.g. --changes 200]
set -euo pipefail
build=${1:?usage: live_latency.sh BUILD_DIR [options]}
shift
bench="$build/bench/store/bench_live_latency"
[ -x "$bench" ] || { echo "live_latency.sh: no $bench (cmake --build $build --target bench_live_latency)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d /tmp/ttt-live-XXXXXX)
cluster=/tmp/ttt-live-pg-$$
cleanup() {
    "$root/tests/pg/pg_cluster.sh" stop "$cluster" >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

"$bench" "$scratch/lesson.db" "$@"
"$root/tests/pg/pg_cluster.sh" start "$cluster" >/dev/null
admin=$("$root/tests/pg/pg_cluster.sh" uri "$cluster")
psql -q "$admin" -c 'CREATE DATABASE ttt_live_latency' >/dev/null
"$bench" "${admin/\/postgres\?//ttt_live_latency?}" "$@"
