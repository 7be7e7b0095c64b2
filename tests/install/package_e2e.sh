#!/usr/bin/env bash
# The .deb that CPack makes (cmake/packaging.cmake): its files, its Depends (from dpkg-shlibdeps), what
# lintian says of it, and its programs run from the package's files. Nothing is installed on this
# machine: the package is only taken apart (dpkg-deb -x), so a shared CI machine is left as it was.
# usage: package_e2e.sh BUILD_DIR SOURCE_DIR PACKAGE_DIR CASE   (CTest runs one CASE per test)
set -euo pipefail

build=$1
source_dir=$2
package_dir=$3
case_name=$4

source "$(dirname "$0")/install_lib.sh"

deb() {
    local found=("$package_dir"/tictactrace_*.deb)
    [ -f "${found[0]}" ] || fail "no .deb in $package_dir (the case 'make' makes it)"
    echo "${found[0]}"
}

case "$case_name" in
make)
    # The fixture of every other case: `cpack -G DEB`, as scripts/package.sh runs it, into a folder of
    # its own.
    need dpkg-shlibdeps dpkg-dev
    rm -rf "$package_dir"
    mkdir -p "$package_dir"
    cpack -G DEB --config "$build/CPackConfig.cmake" -B "$package_dir" >"$package_dir/cpack.log" 2>&1 ||
        fail "cpack failed: $(tail -20 "$package_dir/cpack.log")"
    version=$(sed -n 's/^project(tictactrace VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt")
    [ -f "$package_dir/tictactrace_${version}_$(dpkg --print-architecture).deb" ] ||
        fail "cpack made $(ls "$package_dir"), not tictactrace_${version}_$(dpkg --print-architecture).deb"
    ;;

contents)
    # Kept beside the package too, for whoever reads a CI run's files.
    dpkg-deb -c "$(deb)" | tee "$package_dir/contents.txt" >"$work/contents"
    # Every file in /usr, owned by root, none writable by others.
    awk '{ print $6 }' "$work/contents" | grep -v '^\./usr/' | grep -v '^\./$' | grep -q . &&
        fail "files outside /usr: $(awk '{ print $6 }' "$work/contents" | grep -v '^\./usr/')"
    awk '$2 != "root/root"' "$work/contents" | grep -q . && fail "files not owned by root: $(awk '$2 != "root/root"' "$work/contents")"
    awk '$1 ~ /^.{8}w/' "$work/contents" | grep -q . && fail "world-writable: $(awk '$1 ~ /^.{8}w/' "$work/contents")"
    for f in usr/bin/tictactrace usr/bin/tictactrace-gui \
        usr/share/tictactrace/samples/classic_draw.json usr/share/tictactrace/samples/gomoku_15x15.sgf \
        usr/share/doc/tictactrace/copyright usr/share/doc/tictactrace/changelog.gz \
        usr/share/doc/tictactrace/README.md usr/share/doc/tictactrace/docs/cli.md \
        usr/share/applications/tictactrace.desktop \
        usr/share/metainfo/io.github.tictactrace.tictactrace.metainfo.xml \
        usr/share/mime/packages/tictactrace.xml \
        usr/share/icons/hicolor/scalable/apps/tictactrace.svg \
        usr/share/icons/hicolor/16x16/apps/tictactrace.png usr/share/icons/hicolor/256x256/apps/tictactrace.png \
        usr/share/man/man1/tictactrace.1.gz usr/share/man/man6/tictactrace-gui.6.gz \
        usr/share/bash-completion/completions/tictactrace; do
        grep -q " \./$f\$" "$work/contents" || fail "the .deb lacks /$f"
    done
    grep -E '^-rwxr-xr-x .* \./usr/bin/tictactrace(-gui)?$' "$work/contents" | wc -l | grep -qx 2 ||
        fail "the programs are not 0755"
    # The programs are stripped, as Debian ships them.
    dpkg-deb -x "$(deb)" "$work/root"
    for p in tictactrace tictactrace-gui; do
        readelf -S "$work/root/usr/bin/$p" | grep -q '\.symtab' && fail "/usr/bin/$p is not stripped"
    done
    true
    ;;

depends)
    # What dpkg-shlibdeps found the programs link, with the versions their symbols need, and the fonts
    # the window loads by path.
    depends=$(dpkg-deb -f "$(deb)" Depends)
    for p in libc6 libstdc++6 libglfw3 libsqlite3-0 libpq5 libcairo2 fonts-dejavu-core; do
        [[ ", $depends," == *", $p "* || ", $depends," == *", $p,"* ]] || fail "Depends lacks $p: $depends"
    done
    [[ $depends =~ libglfw3\ \(\>=\ [0-9] ]] || fail "Depends has no version of libglfw3 (not from shlibdeps?): $depends"
    [ "$(dpkg-deb -f "$(deb)" Section)" = education ] || fail "Section is $(dpkg-deb -f "$(deb)" Section)"
    dpkg-deb -f "$(deb)" Maintainer | grep -q '<.*@.*>' || fail "no Maintainer address"
    ;;

lintian)
    need lintian lintian
    # Errors fail the case; the warnings and notes left are listed in docs/installing.md with why.
    lintian --tag-display-limit 0 --display-info "$(deb)" >"$work/out" 2>"$work/err" || true
    cp "$work/out" "$package_dir/lintian.txt"
    if grep -q '^E: ' "$work/out"; then fail "lintian found errors: $(grep '^E: ' "$work/out")"; fi
    if grep -q '^W: ' "$work/out"; then fail "lintian warns: $(grep '^W: ' "$work/out")"; fi
    grep -v '^running with root privileges' "$work/err" | grep -q . && fail "lintian failed: $(cat "$work/err")"
    true
    ;;

runs_extracted)
    # The package's own files, from the folder dpkg-deb puts them in: the programs run, and the window's
    # first start imports the package's samples.
    dpkg-deb -x "$(deb)" "$work/root"
    root=$work/root/usr
    "$root/bin/tictactrace" --version | grep -qx "tictactrace [0-9.]*" || fail "tictactrace --version"
    (cd / && "$root/bin/tictactrace" score --json "$source_dir/tests/cli/data/scoring_article_7x7.txt") |
        grep -qF '"x":{"total":1600,' || fail "tictactrace score"
    start_x
    fresh_home
    (cd / && "$root/bin/tictactrace-gui" --screenshot "$work/shot.png" --size 800x600 </dev/null \
        >"$work/out" 2>"$work/err") || fail "the screenshot run failed: $(cat "$work/err")"
    [ "$(png_size "$work/shot.png")" = "800x600" ] || fail "the screenshot is $(png_size "$work/shot.png")"
    [ "$(game_count "$root/bin/tictactrace" "$default_db")" -eq 6 ] || fail "the samples were not imported"
    ;;

*)
    fail "unknown case"
    ;;
esac
