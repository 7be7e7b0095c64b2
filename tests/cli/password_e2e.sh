#!/usr/bin/env bash
# A server's password, as a student meets it: a URI without one, run at a terminal, asks for it with the
# echo off (typed here through tmux, whose screen is read back: the password must never be on it) and
# connects with it; a wrong one is refused with a sentence and status 5; Ctrl+C at the prompt gives the
# terminal back as it was (echo on); without a terminal the error names the other ways to give one. And
# a password in a URI is never printed by any message (copy's summary, its refusals, a stray argument).
# usage: password_e2e.sh TICTACTRACE CASE
# PW_DB is a fresh database of the test cluster (on_server.sh), its URI for the cluster's admin, who
# makes a role of this case's own with a password and gives it the database.
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

admin=${PW_DB:?PW_DB names a fresh database of the test cluster}
[[ $admin =~ ^postgresql://[^@/]*@/([^?]*)(\?.*)?$ ]] || fail "PW_DB is not a postgresql://USER@/DB?… URI: $admin"
database=${BASH_REMATCH[1]}
rest=${admin#*@}

# Nothing of this machine's user may supply a password: the case's own home, no PG* password sources.
export HOME=$work/home
mkdir -p "$HOME"
unset PGPASSWORD PGPASSFILE PGSERVICE PGSERVICEFILE

# Roles belong to the cluster: a name no parallel case uses. The password holds what a URI must encode.
role=pw_$$_$RANDOM
password='p@ss w:rd%&=1'
psql -X -q -v ON_ERROR_STOP=1 "$admin" \
    -c "CREATE ROLE $role LOGIN PASSWORD 'p@ss w:rd%&=1'" -c "ALTER DATABASE \"$database\" OWNER TO $role" \
    >"$out" 2>"$err" || fail "could not make the role"

# Percent-encoded, byte by byte, for a URI.
encoded() {
    local text=$1 i c result=
    for ((i = 0; i < ${#text}; i++)); do
        c=${text:i:1}
        case $c in
        [a-zA-Z0-9._~-]) result+=$c ;;
        *) result+=$(printf '%%%02X' "'$c") ;;
        esac
    done
    printf '%s' "$result"
}
LC_ALL=C
bare="postgresql://$role@$rest"
with_password="postgresql://$role:$(encoded "$password")@$rest"

# Neither stdout nor stderr of the last step holds the password, as typed or as a URI encodes it.
no_password_shown() {
    local f
    for f in "$out" "$err"; do
        ! grep -qF -- "$password" "$f" || fail "the password was printed"
        ! grep -qF -- "$(encoded "$password")" "$f" || fail "the password was printed, percent-encoded"
    done
}

# [SECTION] A terminal of the case's own: tmux on a socket in the scratch folder, its pane kept after
# its command ends, so that what the command left on the screen can be read.
tmux_() { tmux -S "$work/tmux.sock" -f "$work/tmux.conf" "$@"; }
screen_text() { tmux_ capture-pane -p -J -t ttt:0 -S - ; }
# on_terminal COMMAND...: runs COMMAND... (words, each quoted for the shell) at the terminal, in a shell
# that reads no start-up file and leaves the terminal's modes alone (not interactive), then prints the
# status and whether the terminal echoes, then "end of run".
on_terminal() {
    command -v tmux >/dev/null || fail "tmux is needed to type at a terminal (package tmux)"
    printf 'set-option -g remain-on-exit on\nset-option -g history-limit 5000\n' >"$work/tmux.conf"
    local line
    line=$(printf '%q ' "$@")
    tmux_ new-session -d -s ttt -x 250 -y 50 \
        "bash --norc --noprofile -c '$line; echo \"status=\$?\"; stty -a | grep -o -- \"[ -]echo \" | sed \"s/^/terminal:/\"; echo end of run'" ||
        fail "tmux could not start"
    trap 'tmux_ kill-server 2>/dev/null; rm -rf "$work"' EXIT
}
# Waits until the screen shows TEXT (the test's time limit is CTest's).
wait_for_screen() { until screen_text | grep -qF -- "$1"; do sleep 0.1; done; }
type_line() { tmux_ send-keys -t ttt:0 -l -- "$1"; tmux_ send-keys -t ttt:0 Enter; }
screen_has() { screen_text | grep -qF -- "$1" || fail "the terminal does not show: $1$(printf '\n%s' "$(screen_text)")"; }
screen_lacks() { ! screen_text | grep -qF -- "$1" || fail "the terminal shows: $1$(printf '\n%s' "$(screen_text)")"; }
# The prompt, and what it is for.
prompt="Password for $role on the socket in "

case "$case_name" in
no_terminal_names_the_ways)
    run_plain list --db "$bare"
    expect_status 5
    stderr_has "storage failure (denied)"
    stderr_has "no password supplied"
    stderr_has "PGPASSWORD"
    stderr_has "~/.pgpass (mode 0600)"
    stderr_has "PGSERVICEFILE or ~/.pg_service.conf"
    stderr_lacks "Password for"
    # Each of them works, with no question asked.
    PGPASSWORD=$password "$bin" new --db "$bare" --x Tess --o Bo </dev/null >"$out" 2>"$err"; status=$?
    expect_status 0
    # host:port:database:user:password, ':' and '\' escaped; the host is the socket's folder.
    socket_dir=${rest#*host=}
    socket_dir=${socket_dir%%&*}
    socket_dir=${socket_dir//%2F//}
    escaped() { sed 's/[:\\]/\\&/g' <<<"$1"; }
    printf '%s:*:%s:%s:%s\n' "$(escaped "$socket_dir")" "$database" "$role" "$(escaped "$password")" \
        >"$HOME/.pgpass"
    chmod 600 "$HOME/.pgpass"
    run_plain list --db "$bare"
    expect_status 0
    stdout_has "X: Tess, O: Bo"
    rm "$HOME/.pgpass"
    printf '[class]\nuser=%s\npassword=%s\n' "$role" "$password" >"$work/services"
    PGSERVICEFILE=$work/services "$bin" list --db "$bare&service=class" </dev/null >"$out" 2>"$err"; status=$?
    expect_status 0
    stdout_has "X: Tess, O: Bo"
    ;;
terminal_prompt_hides_the_password)
    on_terminal "$bin" new --db "$bare" --x Tess --o Bo
    wait_for_screen "$prompt"
    screen_has "database $database:"
    type_line "$password"
    wait_for_screen "end of run"
    screen_has "status=0"
    screen_has "terminal: echo"
    screen_lacks "$password"
    screen_lacks "p@ss"
    screen_lacks "***"  # no stars either: nothing shows how long it is
    # The game was made, on the server, by that login.
    PGPASSWORD=$password "$bin" list --db "$bare" </dev/null >"$out" 2>"$err"; status=$?
    expect_status 0
    stdout_has "X: Tess, O: Bo"
    ;;
terminal_wrong_password_is_refused)
    on_terminal "$bin" list --db "$bare"
    wait_for_screen "$prompt"
    type_line "not the password"
    wait_for_screen "end of run"
    screen_has "status=5"
    screen_has "storage failure (denied): the server refused the password typed for $role"
    screen_has "run the command again to type it again"
    screen_has "terminal: echo"
    screen_lacks "not the password"
    ;;
terminal_ctrl_c_gives_the_terminal_back)
    on_terminal "$bin" list --db "$bare"
    wait_for_screen "$prompt"
    tmux_ send-keys -t ttt:0 -l -- "half"
    tmux_ send-keys -t ttt:0 C-c
    wait_for_screen "end of run"
    screen_has "status=130"
    screen_has "terminal: echo"  # the echo is back on: "-echo" would mean the terminal was left mute
    screen_lacks "half"
    ;;
copy_never_prints_the_password)
    must new --x Tess --o Bo --db "$work/mine.db"
    # The summary, into the server and out of it.
    run_plain copy --all --from "$work/mine.db" --to "$with_password"
    expect_status 0
    stdout_has "copied 1 game from $work/mine.db to postgresql://$role:***@"
    no_password_shown
    run_plain copy --all --from "$with_password" --to "$work/back.db"
    expect_status 0
    stdout_has "copied 1 game from postgresql://$role:***@"
    no_password_shown
    # As a parameter too.
    run_plain copy --all --from "$bare&password=$(encoded "$password")" --to "$work/back2.db"
    expect_status 0
    stdout_has "password=***"
    no_password_shown
    # The refusals that name a database.
    run_plain copy --all --from "$with_password" --to "$with_password"
    expect_status 2
    stderr_has "--from and --to name the same database (postgresql://$role:***@"
    no_password_shown
    run_plain copy 99 --from "$with_password" --to "$work/none.db"
    expect_status 3
    stderr_has "there is no game 99 in postgresql://$role:***@"
    no_password_shown
    # A URI given where no argument is wanted is quoted back without its password.
    run_plain list "$with_password"
    expect_status 2
    stderr_has "postgresql://$role:***@"
    no_password_shown
    ;;
*)
    fail "unknown case" ;;
esac
no_password_shown
# SHOW_SCREEN=1 shows what the terminal showed, to look at by hand.
if [ -n "${SHOW_SCREEN:-}" ] && [ -S "$work/tmux.sock" ]; then screen_text >&2; fi
exit 0
