# What the install and package tests share: a scratch folder removed on exit, checks that fail saying
# what was wrong, an X server of the test's own, and the look of a PNG.
# Source it after setting `case_name`; it defines `work`.

work=$(mktemp -d)
xvfb_pid=
cleanup() {
    if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "FAIL [$case_name]: $*" >&2
    exit 1
}

# need PROGRAM PACKAGE: a tool the case needs, or a failure that says which package brings it (never a
# silent skip).
need() { command -v "$1" >/dev/null || fail "$1 is not installed (Debian package $2; scripts/setup.sh installs it)"; }

# Starts Xvfb on a display it picks itself (-displayfd: tests running side by side never race for one)
# and exports DISPLAY.
start_x() {
    need Xvfb xvfb
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$work/display" 2>"$work/xvfb.log" &
    xvfb_pid=$!
    local tries=0
    until [ -s "$work/display" ]; do
        tries=$((tries + 1))
        [ "$tries" -le 300 ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
        sleep 0.1
    done
    DISPLAY=:$(tr -d '\n' <"$work/display")
    export DISPLAY
}

# png_size FILE: "WIDTHxHEIGHT" from its header, or a failure when it is no PNG.
png_size() {
    [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$1 is not a PNG"
    local w h
    read -r w h < <(od -An -tu4 --endian=big -j16 -N8 "$1")
    echo "${w}x${h}"
}

# game_count CLI DB: how many games the database holds, as `tictactrace list --json` lists them.
game_count() {
    "$1" list --json --db "$2" | grep -o '"id":' | wc -l
}

# A home of the test's own with nothing set: the default database and the settings go there.
fresh_home() {
    home=$work/home
    mkdir -p "$home"
    unset XDG_DATA_HOME XDG_CONFIG_HOME
    export HOME=$home
    default_db=$home/.local/share/tictactrace/games.db
}

# Whether a --print-layout output FILE holds a line, read as the JSON object it is, showing game ID (a
# line still being written is no line yet).
shows_game() {
    python3 - "$1" "$2" <<'PY'
import json, sys
game, path = int(sys.argv[1]), sys.argv[2]
for line in open(path, encoding="utf-8", errors="replace"):
    try:
        layout = json.loads(line)
    except ValueError:
        continue
    if isinstance(layout, dict) and layout.get("game") == game:
        sys.exit(0)
sys.exit(1)
PY
}
