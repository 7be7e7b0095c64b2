#!/usr/bin/env bash
# Measures our engine and the scoring article's scorer in the same run and prints both, then the median of each
# figure over the runs, side by side with the ratio (the tables of docs/performance.md).
#
# usage: bench/compare_with_peer.sh PEER_DIR [BUILD_DIR]
#   PEER_DIR   the scoring article's scoring code with its bench.js (run with node, measurement only)
#   BUILD_DIR  where bench_engine was built (default: build); build it first with
#              cmake --build BUILD_DIR --target bench_engine
# environment: RUNS (default 3) rounds of "peer, then ours"; OUT_DIR keeps the raw outputs.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -f "$1/bench.js" ]; then
    echo "usage: $0 PEER_DIR [BUILD_DIR]   (PEER_DIR must hold bench.js)" >&2
    exit 2
fi
peer_dir=$1
build_dir=${2:-build}
runs=${RUNS:-3}
bench="$build_dir/bench/engine/bench_engine"
command -v node >/dev/null || { echo "error: node is needed to run the scoring article's benchmark" >&2; exit 2; }
command -v python3 >/dev/null || { echo "error: python3 is needed to summarise the runs" >&2; exit 2; }
[ -x "$bench" ] || { echo "error: $bench not found; run: cmake --build $build_dir --target bench_engine" >&2; exit 2; }

out_dir=${OUT_DIR:-$(mktemp -d)}
mkdir -p "$out_dir"
echo "raw outputs in $out_dir"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'); node $(node --version)"

for run in $(seq 1 "$runs"); do
    echo
    echo "=== run $run of $runs: the peer (node bench.js --quick)"
    node "$peer_dir/bench.js" --quick | tee "$out_dir/peer_$run.txt"
    echo
    echo "=== run $run of $runs: ours (bench_engine)"
    # The 4,194,304-move folds are not measured by the peer and are measured on their own (docs/performance.md).
    "$bench" --benchmark_filter=-BM_Fold2048 --benchmark_out="$out_dir/ours_$run.json" --benchmark_out_format=json
done

echo
echo "=== medians over $runs runs (wall-clock time, as the peer measures it)"
python3 - "$out_dir" "$runs" <<'EOF'
import json, re, statistics, sys

out_dir, runs = sys.argv[1], int(sys.argv[2])
unit_ns = {"ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}

def fmt(ns):
    if ns is None: return "—"
    for unit, f in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= f: return f"{ns / f:.3g} {unit}" if ns / f < 100 else f"{ns / f:.0f} {unit}"
    return f"{ns:.3g} ns"

def ratio(a, b):
    return "—" if a is None or b is None or b == 0 else (f"{a / b:,.0f}×" if a / b >= 10 else f"{a / b:.2g}×")

peer = {}      # key -> list of ns (or values)
ours = {}      # benchmark name -> list of wall-clock ns
ours_cpu = {}  # benchmark name -> list of CPU ns: steadier when other processes share the cores
def add(d, k, v): d.setdefault(k, []).append(v)

for r in range(1, runs + 1):
    text = open(f"{out_dir}/peer_{r}.txt", encoding="utf-8").read()
    for m in re.finditer(r"^\s*(\d+) \|\s*\d+ \|\s*([\d.]+) (ns|µs|ms) \(.*?\|\s*([\d.]+) (ns|µs|ms)\s*\|", text, re.M):
        n = int(m[1])
        add(peer, ("full", n), float(m[2]) * unit_ns[m[3]])
        add(peer, ("refwalk", n), float(m[4]) * unit_ns[m[5]])
    for m in re.finditer(r"N=(\d+): (\d+) moves, \d+ replays: median ([\d.]+) (ns|µs|ms) per game.*?x=(\d+) o=(\d+)", text):
        n = int(m[1])
        add(peer, ("replay", n), float(m[3]) * unit_ns[m[4]])
        peer[("final", n)] = (int(m[5]), int(m[6]))
    for m in re.finditer(r"\(reference walk, same replay protocol\) N=(\d+): ([\d.]+) (ns|µs|ms) per game", text):
        add(peer, ("refreplay", int(m[1])), float(m[2]) * unit_ns[m[3]])
    data = json.load(open(f"{out_dir}/ours_{r}.json"))
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate": continue
        add(ours, b["name"], b["real_time"] * unit_ns[b["time_unit"]])
        add(ours_cpu, b["name"], b["cpu_time"] * unit_ns[b["time_unit"]])
        if b["name"].startswith("BM_Replay<Intervals>/"):
            ours[("final", int(b["name"].split("/")[1]))] = (int(b["final_x"]), int(b["final_o"]))

med = lambda d, k: statistics.median(d[k]) if k in d else None
both = lambda k: f"{fmt(med(ours, k))} ({fmt(med(ours_cpu, k))})"
print("Our figures: wall clock, and in brackets CPU time. The scoring article's are wall clock.")

print("\n### Full score of both players, half-filled N×N board (per call)\n")
print("| N | ours: full_score | ours: trace_score (both players) | peer: Scoring().finalScores() | peer ÷ ours (full) | peer ÷ ours (trace) | peer's reference line walk |")
print("|---|---|---|---|---|---|---|")
for n in (5, 15, 50, 100, 200):
    f, t, s, w = med(ours, f"BM_FullScore/{n}"), med(ours, f"BM_TraceScore/{n}"), med(peer, ("full", n)), med(peer, ("refwalk", n))
    print(f"| {n} | {both(f'BM_FullScore/{n}')} | {both(f'BM_TraceScore/{n}')} | {fmt(s)} | {ratio(s, f)} | {ratio(s, t)} | {fmt(w)} |")

print("\n### One move at N = 15 and N = 1000\n")
print("The peer has no per-move update: after every move it recomputes the whole board, so its cost per move is its full score at that N (N = 15 above; it does not run N = 1000).\n")
print("| measurement | N = 15 | N = 1000, the same number of cells | N = 1000, cells all over the board | 1000 ÷ 15, same cells: wall (CPU) | 1000 ÷ 15, all cells: wall (CPU) | peer per move at N = 15 | peer ÷ ours at N = 15 |")
print("|---|---|---|---|---|---|---|---|")
for name, label, c15 in (("BM_ScoreDelta", "incremental update (score_delta_of_move)", 113),
                         ("BM_PlayAndTakeBack<Intervals>", "Position::play + take_back", 113),
                         ("BM_WinCheck", "win check (winning_line_through, five in a row)", 112)):
    ka, kb, kc = f"{name}/N:15/cells:{c15}", f"{name}/N:1000/cells:{c15}", f"{name}/N:1000/cells:500000"
    a, b, c = med(ours, ka), med(ours, kb), med(ours, kc)
    ac, bc, cc = med(ours_cpu, ka), med(ours_cpu, kb), med(ours_cpu, kc)
    s = med(peer, ("full", 15))
    print(f"| {label} | {both(ka)} | {both(kb)} | {both(kc)} | {ratio(b, a)} ({ratio(bc, ac)}) | {ratio(c, a)} ({ratio(cc, ac)}) | {fmt(s)} | {ratio(s, a)} |")

print("\n### Replaying a whole random game with both scores after every move\n")
print("| N | moves | ours per game | ours per move | peer per game | peer ÷ ours | peer's reference walk per game | final scores, ours | final scores, peer |")
print("|---|---|---|---|---|---|---|---|---|")
for n in (15, 100):
    o, s, w = med(ours, f"BM_Replay<Intervals>/{n}"), med(peer, ("replay", n)), med(peer, ("refreplay", n))
    fo, fs = ours.get(("final", n)), peer.get(("final", n))
    fo_s = f"x={fo[0]} o={fo[1]}" if fo else "—"
    fs_s = f"x={fs[0]} o={fs[1]}" if fs else "—"
    oc = med(ours_cpu, f"BM_Replay<Intervals>/{n}")
    print(f"| {n} | {n * n} | {both(f'BM_Replay<Intervals>/{n}')} | {fmt(o / (n * n)) if o else '—'} ({fmt(oc / (n * n)) if oc else '—'}) | {fmt(s)} | {ratio(s, o)} | {fmt(w)} | {fo_s} | {fs_s} |")

print("\n### Counting the classic game tree\n")
print(f"| measurement | ours | peer |\n|---|---|---|\n| count_game_tree(classic): 255168 games, 5478 positions | {both('BM_CountClassic')} | — (the peer has no counter) |")
EOF
