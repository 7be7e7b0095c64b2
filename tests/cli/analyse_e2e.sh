#!/usr/bin/env bash
# End-to-end checks of `tictactrace analyse`: the built-in on a real short gomoku game (a blunder and a missed
# VCF flagged), analyses stored side by side and read back, our own brain's Rapfi lines, the scripted brains
# of analysis_brain.cpp in each dialect, and the ones that fail, each named at its position with nothing
# stored.
# usage: analyse_e2e.sh TICTACTRACE ANALYSIS_BRAIN CASE   (CTest runs one CASE per test; see CMakeLists.txt)
set -u

bin=$1
brain=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"
run() { run_plain "$@" --db "$db"; }

# The textbook VCF position of solve_e2e.sh, reached badly: O's (14, 14) at step 9 leaves X a win (a
# blunder), X's (3, 6) at step 12 lets the engine's forced win go (a missed win), and the game goes on to
# X's (15, 15).
textbook_game() {
    must new --rules gomoku
    local xs=("8 5" "8 6" "8 7" "5 8" "6 8" "9 6" "3 6" "4 7")
    local os=("8 4" "4 8" "10 5" "2 5" "14 14" "14 12" "1 1" "1 15")
    for i in 0 1 2 3 4 5 6 7; do must move 1 ${xs[$i]}; must move 1 ${os[$i]}; done
    must move 1 15 15
}

# A short game for the scripted brains: four moves.
short_game() {
    must new --rules gomoku
    for m in "8 8" "9 9" "8 9" "1 1"; do must move 1 $m; done
}

nothing_stored() {
    run analyse 1 --stored; expect_status 0
    expect_stdout "no analysis of game 1 is stored"
}

case "$case_name" in
builtin_blunder_and_missed_vcf)
    textbook_game
    run analyse 1 --nodes 20000; expect_status 0
    stdout_matches '^step 9: O to move, .*; played \(14, 14\), lost 0\.[3-9][0-9]*: blunder$'
    stdout_matches '^step 12: X to move, .*; played \(3, 6\), lost .*: missed win$'
    stdout_matches '^step 17: O to move, '
    stdout_matches '^stored as analysis 1 of game 1 \(builtin:strong, nodes 20000, the main line\): 18 positions in [0-9]+ ms$'
    run analyse 1 --nodes 20000 --json; expect_status 0
    [ "$(wc -l <"$out")" -eq 18 ] || fail "one JSON object a position"
    [ "$(sed -n 10p "$out" | grep -o '"played":{"row":14,"col":14}')" != "" ] || fail "step 9 is O's (14, 14)"
    sed -n 10p "$out" | grep -q '"flag":"blunder"' || fail "step 9 is not a blunder in JSON"
    sed -n 13p "$out" | grep -q '"step":12,"node":12,' || fail "the 13th object is not step 12"
    sed -n 13p "$out" | grep -q '"flag":"missed win"' || fail "step 12 is not a missed win in JSON"
    sed -n 18p "$out" | grep -q '"played":null,"played_loss":null' || fail "the last position has no move played"
    # The game's log is untouched: the same history.
    run history 1; expect_status 0; stdout_has "move 17: X (15, 15)" ;;

stored_side_by_side)
    short_game
    run analyse 1 --engine builtin:easy; expect_status 0
    run analyse 1 --engine builtin:medium --nodes 2000; expect_status 0
    run analyse 1 --stored; expect_status 0
    stdout_matches '^analysis 1 by builtin:easy [^ ]+ \(its own limits, the main line\): 5 positions, [0-9]+ moves flagged$'
    stdout_matches '^analysis 2 by builtin:medium [^ ]+ \(nodes 2000, the main line\): 5 positions, [0-9]+ moves flagged$'
    run analyse 1 --stored --json; expect_status 0
    [ "$(grep -c '"analysis":' "$out")" -eq 2 ] || fail "two analyses, each with its head"
    [ "$(wc -l <"$out")" -eq 12 ] || fail "two heads and five positions each" ;;

our_brain_rapfi_form)
    # Our own brain says Eval and Bestline as Rapfi does: the analysis reads them.
    printf 'START 15\r\nINFO max_node 3000\r\nBOARD\r\n7,7,2\r\nDONE\r\nEND\r\n' | "$bin" brain >"$out" 2>"$err"
    stdout_matches '^MESSAGE Depth [0-9]+-[0-9]+ \| Eval -?[0-9]+ \| Time [0-9]+ms \| [a-o][0-9]+( [a-o][0-9]+)*'
    stdout_matches '^MESSAGE Bestline [a-o][0-9]+'
    short_game
    run analyse 1 --engine "$bin brain --level medium" --nodes 3000; expect_status 0
    stdout_matches '^stored as analysis 1 of game 1 \(tictactrace, nodes 3000, the main line\): 5 positions in [0-9]+ ms$'
    stdout_matches '^step 2: X to move, [-+]?[0-9]+, best \([0-9]+, [0-9]+\)' ;;

rapfi_dialect)
    short_game
    run analyse 1 --engine "$brain --dialect rapfi --log $work/said" --depth 4 --json; expect_status 0
    grep -q '^INFO max_depth 4$' "$work/said" || fail "the depth was not told as INFO max_depth"
    # 10 points a stone: step 2 holds two stones; its best is the first empty cell (1, 1), then (1, 2).
    [ "$(line 3)" = '{"step":2,"node":2,"eval":{"kind":"estimate","score":20},"best":{"row":1,"col":1},"line":[{"row":1,"col":1},{"row":1,"col":2}],"played":{"row":8,"col":9},"played_loss":0.062,"flag":"none","candidates":[]}' ] || fail "line 3 is: $(line 3)"
    run analyse 1 --engine "$brain --dialect rapfi --log $work/said2" --nodes 777; expect_status 0
    grep -q '^INFO max_node 777$' "$work/said2" || fail "the nodes were not told as INFO max_node"
    stdout_matches '^stored as analysis 2 of game 1 \(analysis brain rapfi, nodes 777, the main line\)' ;;

yixin_nbest)
    short_game
    run analyse 1 --engine "$brain --dialect yixin --log $work/said" --nbest 3 --json; expect_status 0
    grep -q '^YXNBEST 3$' "$work/said" || fail "YXNBEST 3 was not asked"
    grep -q '^YXBOARD$' "$work/said" || fail "the board did not go as YXBOARD"
    # The first N-best line's evaluation: 10 a stone less its rank.
    [ "$(line 2)" = '{"step":1,"node":1,"eval":{"kind":"estimate","score":9},"best":{"row":1,"col":1},"line":[{"row":1,"col":1},{"row":1,"col":2}],"played":{"row":9,"col":9},"played_loss":0.035,"flag":"none","candidates":[{"row":1,"col":1,"eval":{"kind":"estimate","score":9},"line":[{"row":1,"col":1},{"row":1,"col":2}]},{"row":1,"col":2,"eval":{"kind":"estimate","score":8},"line":[{"row":1,"col":2},{"row":1,"col":3}]},{"row":1,"col":3,"eval":{"kind":"estimate","score":7},"line":[{"row":1,"col":3},{"row":1,"col":4}]}]}' ] || fail "line 2 is: $(line 2)"
    # The candidates are stored with the analysis: read back, the same.
    cp "$out" "$work/made"
    run analyse 1 --stored --json; expect_status 0
    [ "$(line 3)" = "$(sed -n 2p "$work/made")" ] || fail "the stored step 1 is: $(line 3)"
    # Without YXNBEST the brain says only REALTIME: no evaluation, so nothing is stored.
    run analyse 1 --engine "$brain --dialect yixin"; expect_status 6
    stderr_has "failed at step 0 of game 1 (X to move, node 0): it gave no evaluation"
    run analyse 1 --stored; stdout_has "analysis 1 by analysis brain yixin 0.9 (nbest 3, the main line)" ;;

builtin_nbest)
    # The built-in's N best: three distinct legal moves a position, the best first and the same as "best",
    # each with its evaluation and a line that starts with it; the played move judged among them.
    short_game
    run analyse 1 --nodes 3000 --nbest 3 --json; expect_status 0
    python3 - "$out" <<'PY' || fail "the candidates are not three distinct legal moves, the best first"
import json, sys
positions = [json.loads(l) for l in open(sys.argv[1])]
assert len(positions) == 5, len(positions)
played = []
for p in positions:
    c = p["candidates"]
    assert len(c) == 3, p
    cells = [(m["row"], m["col"]) for m in c]
    assert len(set(cells)) == 3, cells
    taken = set(played)
    for r, col in cells:
        assert 1 <= r <= 15 and 1 <= col <= 15 and (r, col) not in taken, (r, col)
    assert (c[0]["row"], c[0]["col"]) == (p["best"]["row"], p["best"]["col"]), p
    for m in c:
        assert m["line"][0] == {"row": m["row"], "col": m["col"]}, m
        assert m["eval"]["kind"] in ("estimate", "win", "loss", "draw"), m
    if p["played"]:
        played.append((p["played"]["row"], p["played"]["col"]))
PY
    run analyse 1 --nodes 3000 --nbest 3; expect_status 0
    stdout_matches '^step 0: X to move, .*; candidates \([0-9]+, [0-9]+\) [-+]?[0-9]+, \([0-9]+, [0-9]+\) [^,]+, \([0-9]+, [0-9]+\) [^;]+; played \(8, 8\)'
    stdout_matches '^stored as analysis 2 of game 1 \(builtin:strong, nodes 3000, nbest 3, the main line\)'
    run analyse 1 --stored; expect_status 0
    stdout_has "analysis 2 by builtin:strong" ;;

garbage_eval)
    short_game
    run analyse 1 --engine "$brain --dialect garbage"; expect_status 6
    stderr_has 'the engine analysis brain garbage failed at step 0 of game 1 (X to move, node 0): it reported what does not read as an evaluation or a line: "Depth 3-5 | Eval banana | Time 1ms | a1"; nothing was stored'
    nothing_stored ;;

no_eval)
    short_game
    run analyse 1 --engine "$brain --dialect silent"; expect_status 6
    stderr_has "failed at step 0 of game 1 (X to move, node 0): it gave no evaluation (no Eval, and no N-best line, in its MESSAGE lines); nothing was stored"
    nothing_stored ;;

illegal_line)
    short_game
    run analyse 1 --engine "$brain --dialect illegal"; expect_status 6
    stderr_has "failed at step 0 of game 1 (X to move, node 0): its line plays (1, 1), which is illegal there"
    nothing_stored ;;

dies_mid_analysis)
    short_game
    run analyse 1 --engine "$brain --dialect rapfi --die-at 3"; expect_status 6
    stderr_has "failed at step 2 of game 1 (X to move, node 2): "
    stderr_has "; nothing was stored"
    nothing_stored ;;

refusals)
    short_game
    run analyse 1 --time 10 --nodes 10; expect_status 2
    stderr_has "give at most one of --time, --depth and --nodes"
    run analyse 1 --line sideways; expect_status 2
    run analyse 1 --nbest 33; expect_status 2
    run analyse 9; expect_status 3
    run analyse 1 --engine "/no/such/brain"; expect_status 1
    stderr_has "nothing was stored"
    must new --rules score
    run analyse 2 --engine "$brain"; expect_status 1
    nothing_stored ;;

*) fail "unknown case $case_name" ;;
esac
exit 0
