#!/usr/bin/env bash
# The same session of commands on an SQLite file and on a PostgreSQL database gives the same answers:
# games made, moved, taken back, forked, set up, opened with swap2, imported from other programs' files,
# played by the built-in opponent and in a match; then every report (list, show, history, export of
# every game, verify) compared between the two, times aside (each log records its own clock).
# SERVER_DB is a fresh database of the test cluster (on_server.sh).
# usage: server_e2e.sh TICTACTRACE SOURCE_DIR
set -u

bin=$1
src=$2
case_name=same_answers

source "$(dirname "$0")/../common/e2e_lib.sh"

server=${SERVER_DB:?SERVER_DB names a database on the server}
file=$work/games.db
fixtures=$src/tests/fixtures

# session DB: the commands, with their outputs and statuses appended to $work/session-<name>.
session() {
    local db=$1 name=$2 log=$work/session-$2
    step() { "$bin" "$@" --db "$db" >>"$log" 2>&1 </dev/null; echo "status $?" >>"$log"; }
    step new --rules gomoku --x Ann --o Bo
    step move 1 8 8
    step move 1 8 9
    step move 1 9 9
    step takeback 1
    step move 1 7 7
    step fork 1 --at 2
    step move 2 1 1
    step move 1 8 8  # taken: rejected, exit 3
    step new --rules score --rows 7 --cols 7 --setup "$src/tests/cli/data/scoring_article_7x7.txt" --to-move o
    step move 3 2 4
    step new --rules gomoku --opening swap2 --x Cy --o Di
    step move 4 8 8
    step move 4 8 9
    step move 4 9 9
    step choose 4 white
    step import "$fixtures/sgf/renju_resigned_with_comment.sgf"
    step import "$fixtures/psq/piskvork_crlf_o_wins.psq"
    step new --rules classic --x Eve --o computer
    step play 7 --engine builtin:perfect
    step resign 2
    step match --x builtin:perfect --o builtin:perfect --games 2 --rules classic
    step list
    step list --json
    for g in 1 2 3 4 5 6 7 8 9; do
        step show $g --json
        step history $g
    done
    step export --all --format json
    step verify
}

session "$file" file
session "$server" server
# Times differ between the two logs, and a match's milliseconds per move between runs: replaced alike. The
# server names each event's writer, a file has no logins: the writer is taken out of the server's answers.
normalise() {
    sed -E 's/[0-9]{13}/TIME/g; s/"(recorded|created|updated)_ms":[0-9]+/"\1_ms":TIME/g; s/ [0-9]+\.[0-9]+$/ MS/; s/,"by":"[^"]*"//g; s/  \(by [a-z0-9_]+\)$//' "$1"
}
normalise "$work/session-file" >"$work/file.txt"
normalise "$work/session-server" >"$work/server.txt"
# Every step but the taken cell succeeded on the file: the session means what it says.
[ "$(grep -c '^status 0$' "$work/file.txt")" -eq 43 ] || { grep -B3 '^status [1-9]' "$work/file.txt"; fail "a step of the session failed on the file"; }
[ "$(grep -c '^status ' "$work/file.txt")" -eq 44 ] || fail "a step of the session did not run"
[ "$(grep -c '^status 3$' "$work/file.txt")" -eq 1 ] || fail "the taken cell was not rejected once"
if ! diff -u "$work/file.txt" "$work/server.txt" >"$work/diff"; then
    head -60 "$work/diff"
    fail "the server answered differently from the file"
fi
echo "ok [$case_name]"
