#!/usr/bin/env bash
# A throwaway PostgreSQL cluster of the test suite's own: its data in DIR/data, its one way in a unix
# socket in DIR (no TCP at all), its bootstrap superuser ttt_admin trusted on that socket and every other
# role held to its password (scram-sha-256), as a classroom's student roles are.
#
# usage: pg_cluster.sh start DIR        initdb and start (a stale DIR of a crashed run is removed first)
#        pg_cluster.sh stop DIR         stop the server if it runs and remove DIR; nothing to do is fine
#        pg_cluster.sh kill DIR         SIGKILL the postmaster, as a crash would, leaving the data as is
#        pg_cluster.sh restart DIR      start the server again on the same data (after kill: crash recovery)
#        pg_cluster.sh uri DIR [ROLE]   the libpq URI of database postgres for ROLE (default ttt_admin)
#        pg_cluster.sh port DIR         the port (the socket file's name) the cluster of DIR uses
#
# DIR must be absolute and short (the socket path must fit the 107 bytes of sun_path), under /tmp when
# run as root: the server refuses to run as root, so as root every server program runs as the Debian
# package's `postgres` user, who owns DIR. PG_BINDIR overrides where the server programs are found.
set -euo pipefail

readonly admin_role=ttt_admin
# Marks a DIR this script made, so that stop never removes a folder of someone else's.
readonly marker=.tictactrace-pg-cluster

die() {
    echo "pg_cluster.sh: error: $*" >&2
    exit 1
}

# The last lines of the server's log, after an error: what the server said is usually the reason.
log_tail() {
    if [ -s "$dir/server.log" ]; then
        echo "--- last lines of $dir/server.log:" >&2
        tail -n 30 "$dir/server.log" >&2
    fi
}

die_with_log() {
    echo "pg_cluster.sh: error: $*" >&2
    log_tail
    exit 1
}

usage() {
    sed -n '/^# usage:/,/^#$/p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# The newest installed server's programs: Debian keeps them out of PATH, one folder per major version.
find_bindir() {
    if [ -n "${PG_BINDIR:-}" ]; then
        [ -x "$PG_BINDIR/initdb" ] && [ -x "$PG_BINDIR/pg_ctl" ] ||
            die "PG_BINDIR=$PG_BINDIR holds no initdb and pg_ctl"
        echo "$PG_BINDIR"
        return
    fi
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5n | tail -n 1 || true)
    if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
        echo "$newest"
        return
    fi
    if command -v pg_config >/dev/null 2>&1; then
        newest=$(pg_config --bindir)
        if [ -x "$newest/initdb" ]; then
            echo "$newest"
            return
        fi
    fi
    die "no PostgreSQL server found (no /usr/lib/postgresql/*/bin/initdb): run scripts/setup.sh, which installs postgresql"
}

# A port of DIR's own, derived from its path: the socket file's name holds it, and so do the keys of the
# server's System V shared memory, so two clusters in different DIRs never meet even there.
port_of() {
    local sum
    sum=$(printf '%s' "$1" | cksum | cut -d' ' -f1)
    echo $((20000 + sum % 30000))
}

# Percent-encodes everything but the URI's unreserved characters, byte by byte.
percent_encode() {
    local LC_ALL=C s=$1 out='' c i
    for ((i = 0; i < ${#s}; i++)); do
        c=${s:i:1}
        case "$c" in
        [A-Za-z0-9._~-]) out+=$c ;;
        *) out+=$(printf '%%%02X' "'$c") ;;
        esac
    done
    echo "$out"
}

# Runs a server program as the user the server runs as: ourselves, or `postgres` when we are root. From
# DIR, since the user may not be allowed in the caller's working folder.
as_server_user() {
    if [ "$(id -u)" -eq 0 ]; then
        (cd "$dir" && runuser -u postgres -- "$@")
    else
        (cd "$dir" && "$@")
    fi
}

# Every living process of this cluster, the postmaster's orphans too: each sits in the data folder. A
# zombie has no folder (and is no server any more: the killed postmaster is one until init reaps it, a
# while later in some containers), nor has an unrelated process that took over a dead server's pid.
cluster_pids() {
    local p target data
    data=$(cd "$dir/data" 2>/dev/null && pwd -P) || return 0
    for p in /proc/[0-9]*; do
        target=$(readlink "$p/cwd" 2>/dev/null) || continue
        [ "$target" = "$data" ] && echo "${p#/proc/}"
    done
    return 0
}

in_cluster() {
    local data
    data=$(cd "$dir/data" 2>/dev/null && pwd -P) || return 1
    [ "$(readlink "/proc/$1/cwd" 2>/dev/null)" = "$data" ]
}

# Waits up to $1 tenths of a second for every process of the cluster to end.
wait_cluster_gone() {
    local tenths=$1
    while [ -n "$(cluster_pids)" ]; do
        ((tenths-- > 0)) || return 1
        sleep 0.1
    done
}

postmaster_pid() {
    [ -f "$dir/data/postmaster.pid" ] && head -n 1 "$dir/data/postmaster.pid"
}

# Not `pg_ctl status`: it takes the killed postmaster's zombie for a running server.
server_running() {
    local pid
    pid=$(postmaster_pid) && [ -n "$pid" ] && in_cluster "$pid"
}

# SIGKILL for whatever is left of the cluster: its postmaster first, so that it starts no one new.
kill_cluster() {
    local pid
    pid=$(postmaster_pid || true)
    if [ -n "$pid" ] && in_cluster "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
    # The backends notice the postmaster's death and end on their own; a straggler would keep the old
    # shared memory attached and block the next start, so it goes the same way after a while.
    wait_cluster_gone 50 && return 0
    for pid in $(cluster_pids); do kill -KILL "$pid" 2>/dev/null || true; done
    wait_cluster_gone 50 || die "processes of the cluster in $dir survive SIGKILL: $(cluster_pids | tr '\n' ' ')"
}

cmd_stop() {
    [ -e "$dir" ] || return 0
    if [ ! -e "$dir/$marker" ] && [ -n "$(ls -A "$dir")" ]; then
        die "$dir was not made by pg_cluster.sh start (no $marker in it): not removing it"
    fi
    # Immediate: the data is about to go, so the shutdown checkpoint's writes and fsyncs would be waste.
    if server_running; then
        as_server_user "$bindir/pg_ctl" stop -D "$dir/data" -m immediate -w -t 30 >/dev/null 2>&1 || true
    fi
    kill_cluster
    rm -rf "$dir"
}

start_server() {
    if ! as_server_user "$bindir/pg_ctl" start -D "$dir/data" -l "$dir/server.log" -w -t 60 >"$dir/pg_ctl.out" 2>&1; then
        cat "$dir/pg_ctl.out" >&2
        die_with_log "the server of $dir did not start"
    fi
    # The way the tests will come in: over the socket, as the admin role, in a query.
    local answer
    answer=$("$bindir/psql" -X -A -t -q "$(admin_uri)" -c 'SELECT 1' 2>&1) || true
    [ "$answer" = 1 ] || die_with_log "the server of $dir runs but does not answer a query as $admin_role: $answer"
}

admin_uri() {
    uri_of "$admin_role"
}

uri_of() {
    echo "postgresql://$(percent_encode "$1")@/postgres?host=$(percent_encode "$dir")&port=$port"
}

cmd_start() {
    # A DIR left by an earlier run that crashed: its server (if any) goes, and so does the folder.
    cmd_stop
    mkdir -p "$dir"
    touch "$dir/$marker"
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 ||
            die "running as root, and there is no 'postgres' user to run the server as (the postgresql package makes it)"
        chown postgres: "$dir"
        runuser -u postgres -- test -w "$dir" ||
            die "the postgres user cannot write to $dir: put DIR where it can reach, under /tmp"
    fi
    chmod 755 "$dir"

    if ! as_server_user "$bindir/initdb" -D "$dir/data" -U "$admin_role" -A trust -E UTF8 --locale=C \
        --no-sync >"$dir/initdb.log" 2>&1; then
        tail -n 30 "$dir/initdb.log" >&2
        die "initdb failed in $dir/data"
    fi
    # The admin role needs no password on its own socket; every other role must give its password, so
    # that the tests prove what a student with a wrong password meets.
    cat >"$dir/data/pg_hba.conf" <<EOF
local all $admin_role trust
local all all scram-sha-256
EOF
    # A server reached only through the socket in DIR. fsync stays on: the crash test relies on it.
    cat >>"$dir/data/postgresql.conf" <<EOF

# pg_cluster.sh: a throwaway cluster of the test suite
listen_addresses = ''
port = $port
unix_socket_directories = '$dir'
password_encryption = scram-sha-256
max_connections = 200
shared_buffers = 32MB
huge_pages = off
fsync = on
# After a crash the server first syncs its whole data folder: one syncfs instead of an fsync per file
# (seconds for a fresh cluster's thousand files).
recovery_init_sync_method = syncfs
log_min_messages = warning
log_connections = off
EOF
    start_server
    admin_uri >"$dir/admin_uri"
    [ "$(id -u)" -ne 0 ] || chown postgres: "$dir/admin_uri"
}

cmd_kill() {
    [ -d "$dir/data" ] || die "no cluster in $dir"
    server_running || die "the server of $dir is not running"
    kill_cluster
}

cmd_restart() {
    [ -f "$dir/data/PG_VERSION" ] || die "no cluster in $dir to restart: start it first"
    if server_running; then
        as_server_user "$bindir/pg_ctl" stop -D "$dir/data" -m fast -w -t 30 >/dev/null 2>&1 ||
            die_with_log "the server of $dir did not stop"
    fi
    # A killed server leaves its lock files (the data folder's and the socket's), naming a pid that is a zombie for a while (which the server
    # takes for a live postmaster and refuses to start) or a process of someone else's later on. No
    # process of the cluster lives, so the locks guard nothing.
    wait_cluster_gone 50 || die "processes of the cluster in $dir still run: $(cluster_pids | tr '\n' ' ')"
    rm -f "$dir/data/postmaster.pid" "$socket.lock"
    start_server
}

[ $# -ge 2 ] || usage
command=$1
dir=$2
case "$dir" in
/*) ;;
*) die "DIR must be an absolute path: $dir" ;;
esac
dir=${dir%/}
[ -n "$dir" ] || die "DIR must not be /"
port=$(port_of "$dir")
# sun_path holds 108 bytes, its terminating NUL among them.
socket="$dir/.s.PGSQL.$port"
[ ${#socket} -le 107 ] || die "DIR is too long for a unix socket path (${#socket} bytes > 107): $socket"

case "$command" in
uri)
    [ $# -le 3 ] || usage
    uri_of "${3:-$admin_role}"
    ;;
port)
    echo "$port"
    ;;
start | stop | kill | restart)
    [ $# -eq 2 ] || usage
    bindir=$(find_bindir)
    "cmd_$command"
    ;;
*) usage ;;
esac
