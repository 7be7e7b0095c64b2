#!/usr/bin/env bash
# What the index of positions costs an append: bench_store's appends (each move writes its row of the
# index) and bench_store_unindexed's (the same store built to leave the row out), run in turn ROUNDS times
# so that the machine's load falls on both alike. Prints each side's median time per move and their ratio,
# for synchronous=NORMAL (the CPU's share shows) and FULL (the default: the fsync's).
# usage: bench/store/index_cost.sh BUILD_DIR [ROUNDS]
set -euo pipefail

dir=$1/bench/store
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for round in $(seq "$rounds"); do
    for side in bench_store bench_store_unindexed; do
        "$dir/$side" --benchmark_filter='BM_Append_Store' --benchmark_min_time=0.5 \
            --benchmark_format=csv 2>/dev/null | grep '^"BM_Append_Store' |
            awk -F, -v side="$side" '{ gsub(/"/, "", $1); print side, $1, $3, $4 }' >>"$work/times"
    done
done

# Medians of real time (column 3, in the unit Google Benchmark printed, ns) and CPU time per case.
awk '
{ key = $2; t[$1, key, ++n[$1, key]] = $3; c[$1, key, n[$1, key]] = $4; keys[key] = 1 }
function median(arr, side, key, count,   i, j, v, tmp) {
    for (i = 1; i <= count; ++i) v[i] = arr[side, key, i]
    for (i = 1; i <= count; ++i) for (j = i + 1; j <= count; ++j) if (v[j] < v[i]) { tmp = v[i]; v[i] = v[j]; v[j] = tmp }
    return count % 2 ? v[(count + 1) / 2] : (v[count / 2] + v[count / 2 + 1]) / 2
}
END {
    printf "%-28s %16s %16s %10s\n", "case", "indexed (us)", "unindexed (us)", "ratio"
    for (key in keys) {
        a = median(t, "bench_store", key, n["bench_store", key]) / 1000
        b = median(t, "bench_store_unindexed", key, n["bench_store_unindexed", key]) / 1000
        ac = median(c, "bench_store", key, n["bench_store", key]) / 1000
        bc = median(c, "bench_store_unindexed", key, n["bench_store_unindexed", key]) / 1000
        printf "%-28s %7.1f (%5.1f) %7.1f (%5.1f) %5.2f (%4.2f)\n", key, a, ac, b, bc, a / b, ac / bc
    }
}' "$work/times"
