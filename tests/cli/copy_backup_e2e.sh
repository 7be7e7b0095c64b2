#!/usr/bin/env bash
# `tictactrace copy --all`, the documented backup, on a source that holds games the target refuses or
# that cannot be read: every other game arrives, each game left out is named on stderr with why, the
# forks of a game left out are left out with it, and the status is 7 (done in part). Named games stay
# all or nothing; a refusal by the target server's row security stays a failure of the whole copy.
# usage: copy_backup_e2e.sh TICTACTRACE CASE   (CTest runs one CASE per test; see CMakeLists.txt)
#
# The damaged games are written straight into the SQLite file with Python's sqlite3, as a program
# other than tictactrace (or a student's own SQL on a server) could: each a copy of a game tictactrace
# made, one payload changed, and every event's chain hash computed again as the store computes it
# (src/store/event_hash.cpp), so that the game is damaged only where the case means it to be.
# row_security_fails_the_whole_copy needs CLASS_DB, a fresh database of the test cluster (on_server.sh).
set -u

bin=$1
case_name=$2

source "$(dirname "$0")/../common/e2e_lib.sh"

command -v python3 >/dev/null || fail "python3 is needed to write the damaged games"

src=$work/source.db
backup=$work/backup.db

must_src() { run_plain "$@" --db "$src"; [ "$status" -eq 0 ] || fail "setup step failed: $*"; }
games_in() { "$bin" list --json --db "$1" 2>/dev/null | grep -o '"id":' | wc -l; }

# clone DB GAME PYTHON-EXPRESSION [FORKED_FROM]: a new game in DB, the next id, with GAME's events, the
# first event's payload `p` replaced by the expression's value, and with FORKED_FROM its projection row's
# fork source; prints the new id.
clone() {
    python3 - "$@" <<'EOF'
import hashlib, sqlite3, struct, sys

path, game, expression = sys.argv[1], int(sys.argv[2]), sys.argv[3]
forked_from = int(sys.argv[4]) if len(sys.argv) > 4 else None

def chain(previous, seq, kind, version, payload, recorded_ms):
    # The store's chain hash: the previous hash, seq, time and version big-endian, then the type and
    # the payload, each after its length (2 and 4 bytes).
    t, p = kind.encode(), payload.encode()
    head = previous + struct.pack('>qqiH', seq, recorded_ms, version, len(t))
    return hashlib.sha256(head + t + struct.pack('>I', len(p)) + p).digest()

db = sqlite3.connect(path)
new = db.execute('SELECT max(id) FROM games').fetchone()[0] + 1
columns = [row[1] for row in db.execute('PRAGMA table_info(games)')][1:]
db.execute(f'INSERT INTO games (id, {", ".join(columns)}) SELECT ?, {", ".join(columns)} FROM games WHERE id = ?',
           (new, game))
if forked_from is not None:
    db.execute('UPDATE games SET forked_from = ? WHERE id = ?', (forked_from, new))
previous = bytes(32)
rows = db.execute('SELECT seq, type, type_version, payload, recorded_ms FROM events WHERE game = ? ORDER BY seq',
                  (game,)).fetchall()
for seq, kind, version, payload, recorded_ms in rows:
    if seq == 0:
        p = payload
        payload = eval(expression)
    previous = chain(previous, seq, kind, version, payload, recorded_ms)
    db.execute('INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, hash) '
               'VALUES (?, ?, ?, ?, ?, ?, ?)', (new, seq, kind, version, payload, recorded_ms, previous))
db.commit()
print(new)
EOF
}

# append DB GAME TYPE PAYLOAD: one more event at the end of GAME's log, chained as the store chains it.
append() {
    python3 - "$@" <<'EOF'
import hashlib, sqlite3, struct, sys

path, game, kind, payload = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
db = sqlite3.connect(path)
seq, previous, recorded_ms = db.execute(
    'SELECT seq, hash, recorded_ms FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1', (game,)).fetchone()
seq, recorded_ms = seq + 1, recorded_ms + 1000
t, p = kind.encode(), payload.encode()
head = bytes(previous) + struct.pack('>qqiH', seq, recorded_ms, 1, len(t))
digest = hashlib.sha256(head + t + struct.pack('>I', len(p)) + p).digest()
db.execute('INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
           (game, seq, kind, 1, payload, recorded_ms, digest))
db.execute('UPDATE games SET last_seq = ? WHERE id = ?', (seq, game))
db.commit()
EOF
}

# Games 1 (Ann v Bo, two moves), 2 (a fork of 1 after its first move), 3 (Cy v Di, one move).
good_games() {
    must_src new --x Ann --o Bo
    must_src move 1 1 1
    must_src move 1 2 2
    must_src fork 1 --at 1
    must_src new --x Cy --o Di
    must_src move 3 3 3
}

# A name of 304 bytes: longer than the name rule's 200, as a student's own SQL could write on a server.
long_name=$(printf 'a%.0s' $(seq 304))

case "$case_name" in
backup_skips_a_game_with_a_long_name)
    good_games
    bad=$(clone "$src" 1 "p.replace('\"x\":\"Ann\"', '\"x\":\"$long_name\"')") || fail "could not write game 4"
    [ "$bad" = 4 ] || fail "the long-named game is game $bad, not 4"
    # A fork of it, and a fork of that fork: neither can be copied without it.
    fork=$(clone "$src" 2 "p.replace('\"from\":1,', '\"from\":4,')" 4) || fail "could not write game 5"
    [ "$fork" = 5 ] || fail "its fork is game $fork, not 5"
    must_src fork 5 --at 1
    [ "$(cat "$out")" = 6 ] || fail "the fork of the fork is not game 6"
    # A good game after the bad ones.
    must_src new --x Eve --o Fay
    [ "$(cat "$out")" = 7 ] || fail "the last good game is not game 7"

    run_plain copy --all --from "$src" --to "$backup"
    expect_status 7
    stderr_has "tictactrace: skipped: game 4 of $src cannot be copied: event 1: X's name"
    stderr_has "tictactrace: skipped: game 5 of $src cannot be copied: it is a fork of game 4, which cannot be copied"
    stderr_has "tictactrace: skipped: game 6 of $src cannot be copied: it is a fork of game 5, which cannot be copied"
    [ "$(grep -c '^tictactrace: skipped: ' "$err")" -eq 3 ] || fail "not one line per game left out"
    stderr_lacks "$long_name"  # named by its id, not by 304 bytes of name
    for g in 1 2 3 7; do stdout_has "game $g → "; done
    for g in 4 5 6; do stdout_lacks "game $g → "; done
    stdout_has "game 2 → game 2 (X: Ann, O: Bo), a fork of game 1 at step 1"
    stdout_has "copied 4 games from $src to $backup"
    [ "$(games_in "$backup")" -eq 4 ] || fail "the backup does not hold the 4 good games"
    run_plain verify --db "$backup"
    expect_status 0

    # Again: the good games are there already, the bad ones still named, nothing written twice.
    run_plain copy --all --from "$src" --to "$backup" --json
    expect_status 7
    [ "$(grep -c '"copied":false' "$out")" -eq 4 ] || fail "the good games were not all already there"
    [ "$(grep -c '^tictactrace: skipped: ' "$err")" -eq 3 ] || fail "the second copy did not name the games left out"
    [ "$(games_in "$backup")" -eq 4 ] || fail "the second copy wrote games again"

    # Named games stay all or nothing: the bad one among them copies nothing, as before.
    run_plain copy 1 4 --from "$src" --to "$work/named.db"
    expect_status 2
    stderr_has "tictactrace: rejected: game 4 of $src cannot be copied: event 1: X's name"
    stderr_has "nothing was copied"
    [ ! -e "$work/named.db" ] || fail "a refused copy of named games made its target"
    ;;
backup_skips_games_that_do_not_fold_or_cannot_be_read)
    good_games
    # Game 4: game 3 with a move on a cell already taken appended, which the engine refuses on import.
    taken=$(clone "$src" 3 "p") || fail "could not write game 4"
    append "$src" "$taken" move_played '{"player":"o","row":3,"col":3}' || fail "could not append the move"
    # Game 5: game 1 with a payload no tictactrace can read (a player that is neither x nor o).
    unreadable=$(clone "$src" 1 "p") || fail "could not write game 5"
    append "$src" "$unreadable" move_played '{"player":"z","row":3,"col":3}' || fail "could not append the event"
    must_src new --x Eve --o Fay

    run_plain copy --all --from "$src" --to "$backup"
    expect_status 7
    stderr_has "tictactrace: skipped: game 4 of $src cannot be copied: event 3: "
    stderr_has "tictactrace: skipped: game 5 of $src cannot be copied: "
    [ "$(grep -c '^tictactrace: skipped: ' "$err")" -eq 2 ] || fail "not one line per game left out"
    for g in 1 2 3 6; do stdout_has "game $g → "; done
    stdout_has "copied 4 games from $src to $backup"
    [ "$(games_in "$backup")" -eq 4 ] || fail "the backup does not hold the 4 good games"

    # Nothing that can be copied: nothing is made, and the status still says the copy is partial.
    rm -f "$work/only.db"
    python3 - "$src" <<'EOF' || fail "could not leave only the bad games"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
# The append-only trigger is put back word for word, or the store takes the file for tampered with.
trigger = db.execute("SELECT sql FROM sqlite_master WHERE name = 'events_append_only_delete'").fetchone()[0]
db.execute('DROP TRIGGER events_append_only_delete')
db.execute('DELETE FROM snapshots WHERE game NOT IN (4, 5)')
db.execute('DELETE FROM events WHERE game NOT IN (4, 5)')
db.execute('DELETE FROM games WHERE id NOT IN (4, 5)')
db.execute(trigger)
db.commit()
EOF
    run_plain copy --all --from "$src" --to "$work/only.db"
    expect_status 7
    stderr_has "tictactrace: no game of $src could be copied; nothing was copied"
    [ ! -e "$work/only.db" ] || fail "a copy of nothing made its target"
    ;;
row_security_fails_the_whole_copy)
    admin=${CLASS_DB:?CLASS_DB names the class database}
    [[ $admin =~ ^postgresql://[^@/]*@(.*)$ ]] || fail "CLASS_DB is not a postgresql://USER@… URI: $admin"
    rest=${BASH_REMATCH[1]}
    cy=cy_$$
    run_plain classroom init "$admin"
    expect_status 0
    run_plain classroom add-student "$cy" --db "$admin" --json
    expect_status 0
    password=$(sed -n 's/.*"password":"\([^"]*\)".*/\1/p' "$out")
    [ -n "$password" ] || fail "no password printed for $cy"
    # Cy's own game, then a game between two others, which the server's row security refuses to Cy.
    must_src new --x "$cy" --o computer
    must_src new --x ann --o bob
    run_plain copy --all --from "$src" --to "postgresql://$cy:$password@$rest"
    expect_status 5
    stderr_has "storage failure (denied)"
    stderr_has "SQLSTATE 42501"  # insufficient privilege: the server's own refusal
    stderr_lacks "skipped"
    stderr_lacks "$password"
    stdout_lacks "$password"
    [ "$(games_in "$admin")" -eq 0 ] ||
        fail "a copy refused by row security wrote games"
    ;;
*)
    fail "unknown case" ;;
esac
exit 0
