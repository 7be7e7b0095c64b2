# What every end-to-end script of the suite shares: a scratch folder removed on exit, the program's
# output captured per step, and checks that fail with what the user saw. Source it after setting `bin`
# (the program) and `case_name`; it defines `work`, `out`, `err`, `db` and `status`.
# Scripts that run every command on one database define their own `run` on top of `run_plain`.

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$work/stdout
err=$work/stderr
db=$work/games.db
status=0

fail() {
    echo "FAIL [$case_name]: $*"
    echo "--- exit status: $status"
    echo "--- stdout:"; head -c 4000 "$out"
    echo "--- stderr:"; head -c 4000 "$err"
    exit 1
}

# run_plain ARGS...: the program with no input; run_in FILE ARGS...: with FILE on standard input.
run_plain() { "$bin" "$@" </dev/null >"$out" 2>"$err"; status=$?; }
run_in() { local input=$1; shift; "$bin" "$@" <"$input" >"$out" 2>"$err"; status=$?; }
run() { run_plain "$@"; }
# must ARGS...: a step that has to succeed for the case to mean anything.
must() { run "$@"; [ "$status" -eq 0 ] || fail "setup step failed: $*"; }

expect_status() { [ "$status" -eq "$1" ] || fail "exit status $status, expected $1"; }
expect_stdout() { [ "$(cat "$out")" == "$1" ] || fail "stdout is not exactly: $1"; }
stdout_has() { grep -qF -- "$1" "$out" || fail "stdout lacks: $1"; }
stderr_has() { grep -qF -- "$1" "$err" || fail "stderr lacks: $1"; }
stdout_lacks() { ! grep -qF -- "$1" "$out" || fail "stdout should not hold: $1"; }
stderr_lacks() { ! grep -qF -- "$1" "$err" || fail "stderr should not hold: $1"; }
stdout_matches() { grep -qE -- "$1" "$out" || fail "no stdout line matches: $1"; }
stderr_matches() { grep -qE -- "$1" "$err" || fail "no stderr line matches: $1"; }
stdout_empty() { [ ! -s "$out" ] || fail "stdout should be empty"; }
stderr_empty() { [ ! -s "$err" ] || fail "stderr should be empty"; }
stderr_one_line() { [ "$(wc -l <"$err")" -eq 1 ] || fail "stderr should be one line"; }

# The database's bytes (file and WAL, if any) before and after a command that must write nothing.
# brain_says LINES...: `tictactrace brain --level medium` with LINES on standard input, each ended with
# CR LF as a manager ends them; line N: the N-th line of what it answered. Its MESSAGE lines (what it thinks of
# the position, which a manager shows and never takes for an answer) are kept in $work/said with the rest and
# left out of $out.
brain_says() {
    printf '%s\r\n' "$@" >"$work/input"
    "$bin" brain --level medium <"$work/input" >"$work/said" 2>"$err"; status=$?
    grep -v '^MESSAGE ' "$work/said" >"$out"
}
line() { sed -n "$1p" "$out"; }

snapshot() { cat "$db" "$db-wal" 2>/dev/null | sha1sum >"$work/before"; }
unchanged() { cat "$db" "$db-wal" 2>/dev/null | sha1sum | cmp -s - "$work/before" || fail "the database changed"; }
