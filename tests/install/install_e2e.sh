#!/usr/bin/env bash
# The installed tictactrace, as `cmake --install` lays it out in a DESTDIR: its files, its programs run
# from there (finding their data from their own path, not from this source tree), the menu entry, the
# metadata the desktop reads, the man pages and the bash completion.
# usage: install_e2e.sh BUILD_DIR SOURCE_DIR DESTDIR PREFIX CASE   (CTest runs one CASE per test)
set -euo pipefail

build=$1
source_dir=$2
destdir=$3
prefix=$4
case_name=$5

source "$(dirname "$0")/install_lib.sh"

root=$destdir$prefix
bin=$root/bin
share=$root/share
cli=$bin/tictactrace
gui=$bin/tictactrace-gui

# Every file the install must put down, relative to the prefix.
installed_files=(
    bin/tictactrace bin/tictactrace-gui
    share/tictactrace/samples/classic_draw.json share/tictactrace/samples/gomoku_15x15.sgf
    share/doc/tictactrace/README.md share/doc/tictactrace/docs/app.md share/doc/tictactrace/docs/cli.md
    share/doc/tictactrace/copyright share/doc/tictactrace/changelog.gz share/doc/tictactrace/samples/README.md
    share/applications/tictactrace.desktop
    share/metainfo/io.github.tictactrace.tictactrace.metainfo.xml
    share/mime/packages/tictactrace.xml
    share/icons/hicolor/scalable/apps/tictactrace.svg
    share/man/man1/tictactrace.1.gz share/man/man6/tictactrace-gui.6.gz
    share/bash-completion/completions/tictactrace
)
icon_sizes=(16 32 48 64 128 256)

case "$case_name" in
install_tree)
    # The fixture of every other case: a fresh install, then each file where it belongs.
    rm -rf "$destdir"
    DESTDIR=$destdir cmake --install "$build" --prefix "$prefix" >"$work/install.log" ||
        fail "cmake --install failed: $(tail -5 "$work/install.log")"
    for f in "${installed_files[@]}"; do [ -f "$root/$f" ] || fail "not installed: $prefix/$f"; done
    for s in "${icon_sizes[@]}"; do
        [ -f "$share/icons/hicolor/${s}x$s/apps/tictactrace.png" ] || fail "no ${s}x$s icon"
    done
    [ -x "$cli" ] && [ -x "$gui" ] || fail "the programs are not executable"
    [ ! -e "$share/tictactrace/samples/README.md" ] || fail "the samples folder holds documentation"
    # Nothing lands outside the prefix (an absolute destination would escape DESTDIR$prefix).
    outside=$(find "$destdir" -mindepth 1 -not -path "$root" -not -path "$root/*" -not -type d)
    [ -z "$outside" ] || fail "installed outside the prefix: $outside"
    ;;

programs_run)
    "$cli" --version >"$work/out"
    [ "$(cat "$work/out")" = "tictactrace $(sed -n 's/^project(tictactrace VERSION \([0-9.]*\).*/\1/p' \
        "$source_dir/CMakeLists.txt")" ] || fail "tictactrace --version said: $(cat "$work/out")"
    "$gui" --version >"$work/out"
    grep -qx "tictactrace-gui [0-9.]*" "$work/out" || fail "tictactrace-gui --version said: $(cat "$work/out")"
    # The scoring article's board, from a folder that is not the source tree.
    (cd / && "$cli" score --json "$source_dir/tests/cli/data/scoring_article_7x7.txt") >"$work/out"
    grep -qF '"x":{"total":1600,' "$work/out" || fail "score said: $(cat "$work/out")"
    # The installed samples import into a database of the test's own.
    for f in "$share"/tictactrace/samples/*.json "$share"/tictactrace/samples/*.sgf; do
        "$cli" import "$f" --db "$work/games.db" >/dev/null || fail "cannot import the installed $f"
    done
    [ "$(game_count "$cli" "$work/games.db")" -eq 6 ] || fail "the installed samples are not six games"
    ;;

window_screenshot)
    # A first start from no folder in particular, with an empty home: the window imports the installed
    # samples into the default database. There are no others to find: DESTDIR holds no samples/ beside
    # bin/, the build tree's way.
    [ ! -e "$root/samples" ] || fail "$root/samples should not exist"
    start_x
    fresh_home
    (cd / && "$gui" --screenshot "$work/shot.png" --size 1024x768 </dev/null >"$work/out" 2>"$work/err") ||
        fail "the screenshot run failed: $(cat "$work/err")"
    [ "$(png_size "$work/shot.png")" = "1024x768" ] || fail "the screenshot is $(png_size "$work/shot.png")"
    [ -f "$default_db" ] || fail "no default database at $default_db"
    samples=$(find "$share/tictactrace/samples" -name '*.json' -o -name '*.sgf' | wc -l)
    [ "$(game_count "$cli" "$default_db")" -eq "$samples" ] ||
        fail "the default database holds $(game_count "$cli" "$default_db") games, not the $samples samples"
    ;;

menu_starts_window | menu_opens_file)
    # As the menu starts it: the entry's Exec line, found on PATH, with no terminal (standard input,
    # output and error not a terminal) and no working folder of the user's.
    need xdotool xdotool
    exec_line=$(sed -n 's/^Exec=//p' "$share/applications/tictactrace.desktop")
    [ "$exec_line" = "tictactrace-gui %f" ] || fail "Exec is '$exec_line'"
    start_x
    fresh_home
    args=()
    expected_games=6
    if [ "$case_name" = menu_opens_file ]; then
        # %f: a file manager opening one of our files with it; --print-layout says which game is shown.
        args=(--print-layout "$share/tictactrace/samples/gomoku_15x15.sgf")
        expected_games=7
    fi
    (cd / && PATH=$bin:$PATH exec tictactrace-gui "${args[@]}" </dev/null >"$work/out" 2>"$work/err") &
    app=$!
    # The window is up once its X class, the one StartupWMClass names, is on the screen.
    timeout 60 xdotool search --sync --onlyvisible --class '^tictactrace$' >/dev/null ||
        fail "no window of class tictactrace appeared: $(cat "$work/err")"
    tries=0
    until [ -f "$default_db" ] && [ "$(game_count "$cli" "$default_db" 2>/dev/null)" = "$expected_games" ]; do
        tries=$((tries + 1))
        [ "$tries" -le 300 ] || fail "the default database never held $expected_games games"
        sleep 0.1
    done
    # The file's game is the one on show.
    if [ "$case_name" = menu_opens_file ]; then
        tries=0
        until shows_game 7 "$work/out"; do
            tries=$((tries + 1))
            [ "$tries" -le 300 ] || fail "the file's game (7) was never shown: $(tail -c 300 "$work/out")"
            sleep 0.1
        done
    fi
    kill -TERM "$app"
    status=0
    wait "$app" || status=$?
    [ "$status" -eq 0 ] || fail "the window ended with status $status on SIGTERM: $(cat "$work/err")"
    settings=$home/.config/tictactrace/settings.ini
    grep -qx "database=$default_db" "$settings" || fail "the window did not use $default_db: $(cat "$settings")"
    if [ "$case_name" = menu_opens_file ]; then
        grep -qx "game=7" "$settings" || fail "the file's game (7) was not the one open: $(cat "$settings")"
    fi
    ;;

desktop_file_valid)
    need desktop-file-validate desktop-file-utils
    desktop-file-validate "$share/applications/tictactrace.desktop" >"$work/out" 2>&1 ||
        fail "desktop-file-validate: $(cat "$work/out")"
    # Hints are advice, not faults; the one about two main categories (Game, Education) is meant.
    if grep -v "contains more than one main category" "$work/out" | grep -q .; then
        fail "desktop-file-validate: $(cat "$work/out")"
    fi
    grep -qx "Categories=Game;BoardGame;Education;" "$share/applications/tictactrace.desktop" ||
        fail "the categories are not Game;BoardGame;Education;"
    # The icon it names is installed, and every MIME type it claims is ours or one the system defines.
    icon=$(sed -n 's/^Icon=//p' "$share/applications/tictactrace.desktop")
    [ -f "$share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "no icon named $icon"
    IFS=';' read -r -a types < <(sed -n 's/^MimeType=//p' "$share/applications/tictactrace.desktop")
    [ "${#types[@]}" -ge 5 ] || fail "the entry claims ${#types[@]} MIME types"
    for t in "${types[@]}"; do
        grep -qF "type=\"$t\"" "$share/mime/packages/tictactrace.xml" /usr/share/mime/packages/*.xml ||
            fail "no MIME definition of $t"
    done
    ;;

appstream_valid)
    need appstreamcli appstream
    appstreamcli validate --no-net --pedantic \
        "$share/metainfo/io.github.tictactrace.tictactrace.metainfo.xml" >"$work/out" 2>&1 ||
        fail "appstreamcli validate: $(cat "$work/out")"
    grep -qF "<launchable type=\"desktop-id\">tictactrace.desktop</launchable>" \
        "$share/metainfo/io.github.tictactrace.tictactrace.metainfo.xml" || fail "no launchable desktop entry"
    ;;

mime_types)
    # The MIME database made from our definition (as shared-mime-info's trigger makes it on a system),
    # asked through GIO, which the desktop's file managers use.
    need update-mime-database shared-mime-info
    need gio libglib2.0-bin
    mkdir -p "$work/share/mime/packages"
    cp "$share/mime/packages/tictactrace.xml" "$work/share/mime/packages/"
    update-mime-database "$work/share/mime" 2>"$work/err" || fail "update-mime-database: $(cat "$work/err")"
    "$cli" import "$share/tictactrace/samples/gomoku_15x15.sgf" --db "$work/games.db" >/dev/null
    for format in json xml binary psq; do
        "$cli" export 1 --format "$format" -o "$work/game.${format/binary/bin}" --db "$work/games.db"
    done
    "$cli" lesson make --moment 'ttt:game=1&at=3' -o "$work/lesson.json" --db "$work/games.db"
    printf '{"not": "ours"}\n' >"$work/other.json"
    printf '<?xml version="1.0"?>\n<other/>\n' >"$work/other.xml"
    cp "$share/tictactrace/samples/gomoku_15x15.sgf" "$work/game.sgf"
    while read -r file expected; do
        got=$(XDG_DATA_HOME=$work/share XDG_DATA_DIRS=/usr/share gio info -a standard::content-type \
            "$work/$file" 2>/dev/null | sed -n 's/^ *standard::content-type: //p')
        [ "$got" = "$expected" ] || fail "$file is $got, not $expected"
    done <<'TYPES'
game.json application/x-tictactrace+json
lesson.json application/x-tictactrace+json
game.xml application/x-tictactrace+xml
game.bin application/x-tictactrace-binary
game.psq application/x-piskvork-psq
game.sgf application/x-go-sgf
other.json application/json
other.xml application/xml
TYPES
    ;;

man_pages)
    need man man-db
    for page in man1/tictactrace.1.gz man6/tictactrace-gui.6.gz; do
        # As lintian renders them: UTF-8, every groff warning on.
        LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$share/man/$page" >"$work/out" 2>"$work/err" ||
            fail "man -l $page failed: $(cat "$work/err")"
        [ ! -s "$work/err" ] || fail "man -l $page warned: $(cat "$work/err")"
        for section in NAME SYNOPSIS DESCRIPTION OPTIONS FILES "SEE ALSO"; do
            grep -qx "$section" "$work/out" || fail "$page has no $section section"
        done
    done
    LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$share/man/man1/tictactrace.1.gz" >"$work/out" 2>/dev/null
    # Every command has its subsection, with the help the program gives it.
    for command in score count import "classroom init" "explain forbidden" "lesson make"; do
        grep -qx "   tictactrace $command" "$work/out" || fail "tictactrace(1) has no subsection for $command"
    done
    grep -qF -- "--min-run INT" "$work/out" || fail "tictactrace(1) does not list score's options"
    grep -qF "90°, 45° and −45°" "$work/out" || fail "tictactrace(1) lost its non-ASCII characters"
    LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$share/man/man6/tictactrace-gui.6.gz" >"$work/out" 2>/dev/null
    grep -qF "tictactrace-gui [OPTIONS] [FILE]" "$work/out" || fail "tictactrace-gui(6) has no usage line"
    grep -qF -- "--screenshot" "$work/out" || fail "tictactrace-gui(6) does not list --screenshot"
    ;;

bash_completion)
    need bash bash
    [ -f /usr/share/bash-completion/bash_completion ] || fail "bash-completion is not installed"
    # complete WORDS...: what bash offers for the last word (empty: a new word), one a line.
    complete_words() {
        bash -c 'source /usr/share/bash-completion/bash_completion
                 source "$1"; shift
                 COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                 _tictactrace tictactrace "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                 printf "%s\n" "${COMPREPLY[@]}"' \
            complete "$share/bash-completion/completions/tictactrace" tictactrace "$@"
    }
    # The commands are the ones --help lists, in its order.
    expected=$("$cli" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z-]*\)[ ,].*/\1/p')
    [ -n "$expected" ] || fail "tictactrace --help lists no commands"
    [ "$(complete_words "")" = "$expected" ] || fail "the commands completed are: $(complete_words "" | tr '\n' ' ')"
    [ "$(complete_words ex | tr '\n' ' ')" = "export explain " ] || fail "ex completes to $(complete_words ex)"
    [ "$(complete_words explain "" | tr '\n' ' ')" = "win forbidden " ] || fail "explain's subcommands"
    [ "$(complete_words help explain "" | tr '\n' ' ')" = "win forbidden " ] || fail "help explain's words"
    # A command's options, and the words an option takes.
    got=$(complete_words score -- | tr '\n' ' ')
    for o in --help --json --trace --min-run --points; do
        [[ " $got " == *" $o "* ]] || fail "score's options lack $o: $got"
    done
    [ "$(complete_words new --rules "" | tr '\n' ' ')" = "classic fullline gomoku mnk score renju caro " ] ||
        fail "new --rules completes to $(complete_words new --rules "")"
    [ "$(complete_words export 1 --format s | tr '\n' ' ')" = "sgf " ] || fail "export --format s"
    [ "$(complete_words --db x.db li | tr '\n' ' ')" = "list " ] || fail "a command after --db FILE"
    [ "$(complete_words choose 1 "" | tr '\n' ' ')" = "black white two " ] || fail "choose's CHOICE"
    # A file where a file is wanted.
    touch "$work/board.txt"
    [ "$(cd "$work" && complete_words score boa)" = "board.txt" ] || fail "score FILE does not complete files"
    ;;

icons)
    for s in "${icon_sizes[@]}"; do
        got=$(png_size "$share/icons/hicolor/${s}x$s/apps/tictactrace.png")
        [ "$got" = "${s}x$s" ] || fail "the ${s}x$s icon is $got"
    done
    grep -q "<svg" "$share/icons/hicolor/scalable/apps/tictactrace.svg" || fail "the scalable icon is no SVG"
    ;;

*)
    fail "unknown case"
    ;;
esac
