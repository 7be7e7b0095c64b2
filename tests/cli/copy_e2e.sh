#!/usr/bin/env bash
# End-to-end checks of `tictactrace copy`: games of one database written into another with their events,
# times, results and forks, once however often they are copied, and nothing written on a refusal.
# usage: copy_e2e.sh TICTACTRACE SOURCE_DIR CASE   (CTest runs one CASE per test; see CMakeLists.txt)
#
# The two databases come from COPY_SOURCE_DB and COPY_TARGET_DB when they are set, so that the same
# checks run against any store the CLI can open (a PostgreSQL URI as the target); each defaults to a
# fresh SQLite file. Every case expects both to start empty: "{case}" in either is replaced by the
# case's name, for one database per case (COPY_TARGET_DB='postgresql://localhost/ttt_copy_{case}').
set -u

bin=$1
src=$2
case_name=$3

source "$(dirname "$0")/../common/e2e_lib.sh"

from=${COPY_SOURCE_DB:-$work/from.db}
to=${COPY_TARGET_DB:-$work/to.db}
from=${from//\{case\}/$case_name}
to=${to//\{case\}/$case_name}

# on DB ARGS...: a command on one of the databases.
on() { local where=$1; shift; run_plain "$@" --db "$where"; }
# must_in DB ARGS...: a step on one of them that has to succeed.
must_in() { on "$@"; [ "$status" -eq 0 ] || fail "setup step failed: $*"; }
copy() { run_plain copy --from "$from" --to "$to" "$@"; }

# How many games a database holds.
games_in() { "$bin" list --json --db "$1" 2>/dev/null | grep -o '"id":' | wc -l; }

# Every game of a database, byte for byte as `export --all` writes it: a refused copy must leave this as
# it was, whatever the store (a file's bytes would do for SQLite only).
export_all() { "$bin" export --all --db "$1" >"$2" 2>/dev/null || echo "no export" >"$2"; }

# A path, not a URI: the checks that look at files only apply to one.
is_file_db() { [[ $1 != *://* ]]; }

# "F T" for every game line of a copy's report in $1 ("game F → game T ...", "game F → already there as
# game T ...").
pairs() { sed -n 's/^game \([0-9]*\) → \(already there as \)\{0,1\}game \([0-9]*\) .*/\1 \3/p' "$1"; }

# Each game of the report in $1 exported from --to, its ids (its own, its fork's source) turned back into
# the ids of --from by the report's own mapping, is its export from --from byte for byte: the same rules,
# names, moves, result, start and times.
same_games() {
    local report=$1 script='' f t
    while read -r f t; do
        script+="s/^\\( *\"\\(source_id\\|forked_from\\)\": \\)$t\\(,\\{0,1\\}\\)\$/\\1$f\\3/;t;"
    done < <(pairs "$report")
    [ -n "$script" ] || fail "the report maps no game"
    while read -r f t; do
        "$bin" export "$f" --db "$from" >"$work/from.json" 2>/dev/null || fail "cannot export game $f of --from"
        "$bin" export "$t" --db "$to" 2>/dev/null | sed "$script" >"$work/to.json"
        cmp -s "$work/from.json" "$work/to.json" ||
            fail "game $f and its copy, game $t, differ: $(diff "$work/from.json" "$work/to.json" | head -20)"
    done < <(pairs "$report")
}

# A source database of every kind of game the CLI can make:
#   1 classic, X won (Ann v Bo)        2 a fork of 1 after step 2      3 a fork of 2 after step 1
#   4 gomoku, O resigned (Cy v Di)     5 a set-up score game, played on   6 a fork of 5 after step 1
#   7 forfeited on time (SGF)          8 adjudicated to O (PSQ judge)     9 a take-back, still playing
every_kind() {
    must_in "$from" new --x Ann --o Bo
    for m in "1 1" "2 1" "1 2" "2 2" "1 3"; do must_in "$from" move 1 $m; done
    must_in "$from" fork 1 --at 2
    must_in "$from" fork 2 --at 1
    must_in "$from" new --rules gomoku --x Cy --o Di
    must_in "$from" move 4 8 8
    must_in "$from" resign 4
    must_in "$from" new --setup "$src/tests/cli/data/scoring_article_7x7.txt" --rules score --x Teacher --o Class
    must_in "$from" move 5 2 1
    must_in "$from" move 5 2 2
    must_in "$from" fork 5 --at 1
    must_in "$from" import "$src/tests/fixtures/sgf/handmade/time_forfeit.sgf"
    must_in "$from" import "$src/tests/fixtures/psq/gomocupjudge/6_0_1_2.psq"
    must_in "$from" new --x Eve --o Fay
    must_in "$from" move 9 2 2
    must_in "$from" move 9 1 1
    must_in "$from" takeback 9
}

case "$case_name" in
copy_all_same_games)
    every_kind
    copy --all
    expect_status 0
    stderr_empty
    expect_stdout "$(printf '%s\n' \
        'game 1 → game 1 (X: Ann, O: Bo)' \
        'game 2 → game 2 (X: Ann, O: Bo), a fork of game 1 at step 2' \
        'game 3 → game 3 (X: Ann, O: Bo), a fork of game 2 at step 1' \
        'game 4 → game 4 (X: Cy, O: Di)' \
        'game 5 → game 5 (X: Teacher, O: Class)' \
        'game 6 → game 6 (X: Teacher, O: Class), a fork of game 5 at step 1' \
        'game 7 → game 7 (X: Slow, O: RapfiA)' \
        'game 8 → game 8 (X: RAPFI_A.zip, O: RAPFI_B.zip)' \
        'game 9 → game 9 (X: Eve, O: Fay)' \
        "copied 9 games from $from to $to")"
    cp "$out" "$work/report"
    same_games "$work/report"
    # The whole logs agree too, ids and links included: the target started empty.
    export_all "$from" "$work/all_from.json"
    export_all "$to" "$work/all_to.json"
    cmp -s "$work/all_from.json" "$work/all_to.json" || fail "export --all differs between --from and --to"
    on "$to" show 7 --json; stdout_has '"status":"forfeited","winner":"o"'
    on "$to" show 8 --json; stdout_has '"status":"adjudicated","winner":"o"'
    on "$to" show 4 --json; stdout_has '"status":"resigned","winner":"x"'
    on "$to" show 1 --json; stdout_has '"status":"won","winner":"x"'
    on "$to" show 5 --json; stdout_has '"set_up_marks":18,'
    on "$to" show 6; stdout_has "forked from game 5 at step 1"
    on "$to" history 9; stdout_has "takeback of move 2: O (1, 1)"
    # The store computed the chain again: the copy verifies.
    on "$to" verify; expect_status 0
    # --from is only read.
    export_all "$from" "$work/all_from_after.json"
    cmp -s "$work/all_from.json" "$work/all_from_after.json" || fail "the copy changed --from" ;;

copy_fork_brings_source)
    every_kind
    # Game 3 forks game 2, which forks game 1: naming 3 brings both, and the copy points at their copies.
    copy 3
    expect_status 0
    expect_stdout "$(printf '%s\n' \
        'game 1 → game 1 (X: Ann, O: Bo), brought along as the source of game 2' \
        'game 2 → game 2 (X: Ann, O: Bo), a fork of game 1 at step 2, brought along as the source of game 3' \
        'game 3 → game 3 (X: Ann, O: Bo), a fork of game 2 at step 1' \
        "copied 3 games from $from to $to; 2 came along as the sources of forks")"
    cp "$out" "$work/report"
    same_games "$work/report"
    on "$to" show 3; stdout_has "forked from game 2 at step 1"
    on "$to" list --json
    stdout_has '"id":2,'; stdout_has '"forked_from":1}'; stdout_has '"forked_from":2}'
    [ "$(games_in "$to")" -eq 3 ] || fail "the copy holds other games"
    # A set-up fork brings its set-up source, and stays a fork of its copy.
    copy 6 --json
    expect_status 0
    [ "$(wc -l <"$out")" -eq 2 ] || fail "expected two JSON lines"
    stdout_has '{"from":5,"to":4,"copied":true,"source_of":[6],"game":{"id":4,'
    stdout_has '{"from":6,"to":5,"copied":true,"source_of":[],"game":{"id":5,'
    stdout_has '"forked_from":4}}'
    on "$to" show 5; stdout_has "forked from game 4 at step 1"
    on "$to" verify; expect_status 0 ;;

copy_twice_no_duplicates)
    every_kind
    # The same file handed in twice: two games alike but for their ids.
    must_in "$from" import "$src/tests/fixtures/sgf/handmade/time_forfeit.sgf"
    copy --all
    expect_status 0
    stdout_has "copied 10 games from $from to $to"
    export_all "$to" "$work/once.json"
    # Again: every game is already there, each as the game it was copied to, the two alike as two.
    copy --all
    expect_status 0
    stdout_has 'game 1 → already there as game 1 (X: Ann, O: Bo)'
    stdout_has 'game 3 → already there as game 3 (X: Ann, O: Bo), a fork of game 2 at step 1'
    stdout_has 'game 7 → already there as game 7 (X: Slow, O: RapfiA)'
    stdout_has 'game 10 → already there as game 10 (X: Slow, O: RapfiA)'
    stdout_has "copied no games from $from to $to; 10 were already there"
    export_all "$to" "$work/twice.json"
    cmp -s "$work/once.json" "$work/twice.json" || fail "copying again changed --to"
    # A named fork that is there brings its source, which is there as well.
    copy 2
    expect_status 0
    expect_stdout "$(printf '%s\n' \
        'game 1 → already there as game 1 (X: Ann, O: Bo), brought along as the source of game 2' \
        'game 2 → already there as game 2 (X: Ann, O: Bo), a fork of game 1 at step 2' \
        "copied no games from $from to $to; 2 were already there; 1 came along as the source of a fork")"
    # A game played on since the copy is another game; a new fork of a game copied before is a fork of
    # that copy.
    must_in "$from" new --x Gus --o Hal
    must_in "$from" fork 1 --at 3
    copy --all
    expect_status 0
    stdout_has 'game 11 → game 11 (X: Gus, O: Hal)'
    stdout_has 'game 12 → game 12 (X: Ann, O: Bo), a fork of game 1 at step 3'
    stdout_has "copied 2 games from $from to $to; 10 were already there"
    [ "$(games_in "$to")" -eq 12 ] || fail "expected 12 games in --to"
    must_in "$from" move 9 3 3
    copy 9
    expect_status 0
    expect_stdout "$(printf '%s\n' 'game 9 → game 13 (X: Eve, O: Fay)' "copied 1 game from $from to $to")" ;;

copy_into_target_with_games)
    every_kind
    for name in Ivy Jo Kim; do must_in "$to" new --x "$name"; done
    copy 3 4 7
    expect_status 0
    expect_stdout "$(printf '%s\n' \
        'game 1 → game 4 (X: Ann, O: Bo), brought along as the source of game 5' \
        'game 2 → game 5 (X: Ann, O: Bo), a fork of game 4 at step 2, brought along as the source of game 6' \
        'game 3 → game 6 (X: Ann, O: Bo), a fork of game 5 at step 1' \
        'game 4 → game 7 (X: Cy, O: Di)' \
        'game 7 → game 8 (X: Slow, O: RapfiA)' \
        "copied 5 games from $from to $to; 2 came along as the sources of forks")"
    cp "$out" "$work/report"
    same_games "$work/report"
    on "$to" show 1; stdout_has "X: Ivy, O: O"
    on "$to" show 6; stdout_has "forked from game 5 at step 1"
    on "$to" list --json
    stdout_has '"id":5,"rules":'; stdout_has '"forked_from":4}'
    # --json: one object a line, each with both ids and the game as `list --json` shows it.
    copy 1 4 --json
    expect_status 0
    [ "$(wc -l <"$out")" -eq 2 ] || fail "expected two JSON lines"
    stdout_has '{"from":1,"to":4,"copied":false,"source_of":[],"game":{"id":4,"rules":{"name":"classic",'
    stdout_has '"players":{"x":"Ann","o":"Bo"},"status":"won","winner":"x","moves":5,"steps":5,'
    stdout_has '{"from":4,"to":7,"copied":false,"source_of":[],"game":{"id":7,"rules":{"name":"gomoku",'
    stdout_lacks "copied no games" ;;

copy_refusals)
    every_kind
    must_in "$to" new --x Ivy
    export_all "$to" "$work/before.json"
    # An unknown game, alone or among known ones: exit 3, every unknown id named, nothing written.
    copy 1 99
    expect_status 3; stdout_empty
    stderr_has "rejected: there is no game 99 in $from; nothing was copied"
    copy 98 3 99
    expect_status 3; stderr_has "there are no games 98 and 99 in $from; nothing was copied"
    export_all "$to" "$work/after.json"
    cmp -s "$work/before.json" "$work/after.json" || fail "a refused copy changed --to"
    # Nor is a missing target made for a refused copy.
    if is_file_db "$to"; then
        run_plain copy --from "$from" --to "$work/new.db" 99; expect_status 3
        [ ! -e "$work/new.db" ] || fail "a refused copy created --to"
    fi
    # The same database twice, by the same name or (a file) by another: refused, exit 2.
    run_plain copy --from "$from" --to "$from" --all
    expect_status 2; stderr_has "--from and --to name the same database ($from): a copy needs two"
    if is_file_db "$from"; then
        ln -s "$from" "$work/link.db"
        run_plain copy --from "$from" --to "$work/link.db" --all
        expect_status 2; stderr_has "are the same database"
    fi
    [ "$(games_in "$from")" -eq 9 ] || fail "--from changed"
    # No database at --from: said, and nothing made at either end.
    run_plain copy --from "$work/none.db" --to "$to" 1
    expect_status 2; stderr_has "no database at $work/none.db"
    [ ! -e "$work/none.db" ] || fail "copy created --from"
    # Neither GAME nor --all, or both; --db, which names neither database; an empty path.
    copy; expect_status 2; stderr_has "copy takes either GAME ids or --all"
    copy 1 --all; expect_status 2; stderr_has "copy takes either GAME ids or --all"
    copy 1 --db "$to"; expect_status 2; stderr_has "--db names neither"
    run_plain copy --from "" --to "$to" 1; expect_status 2; stderr_has "an empty path names no database"
    run_plain copy --from "$from" 1; expect_status 2; stderr_has "copy needs --to DB, the database to copy into"
    run_plain copy --to "$to" 1; expect_status 2; stderr_has "copy needs --from DB, the database to copy from"
    # --db where --from was meant, before the command as the game commands take it: told what to write.
    run_plain --db "$from" copy 1 --to "$to"; expect_status 2
    stderr_has "copy reads --from DB and writes --to DB; --db names neither: give --from $from instead"
    copy x; expect_status 2; stderr_has "is not a whole number"
    export_all "$to" "$work/after.json"
    cmp -s "$work/before.json" "$work/after.json" || fail "a refused copy changed --to"
    # After every refusal the databases still copy (--busy-timeout, for both, taken as by the other commands).
    copy --all --busy-timeout 200
    expect_status 0; stdout_has "copied 9 games from $from to $to" ;;

copy_report_lost)
    every_kind
    # The copy is written before the report: when the report cannot be written, stderr says what was.
    run_plain copy --from "$from" --to "$to" 4 9
    [ "$status" -eq 0 ] || fail "the first copy failed"
    "$bin" copy --from "$from" --to "$to" 1 5 >/dev/full 2>"$err"
    status=$?
    expect_status 5
    stderr_has "2 games were copied to $to (ids 3 to 4), but its report could not be written to standard output"
    [ "$(games_in "$to")" -eq 4 ] || fail "expected 4 games in --to" ;;

*)
    echo "unknown case $case_name"
    exit 2 ;;
esac
exit 0
