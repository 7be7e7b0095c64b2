#!/usr/bin/env bash
# Installs whatever Debian packages the build, the app and the tests need, and nothing when all are there.
# help2man and rsvg-convert make the man pages and the icons; the rest check the installed tree and the .deb
# (desktop-file-validate, appstreamcli, update-mime-database and gio, man, bash-completion, dpkg-shlibdeps,
# lintian, readelf); tmux types a password at a terminal and python3 writes damaged logs for the tests.
set -euo pipefail

packages=(cmake g++ pkg-config make ninja-build
          libimgui-dev libglfw3-dev python3-glad libsqlite3-dev libcereal-dev rapidjson-dev doctest-dev libstb-dev
          libbenchmark-dev libcli11-dev sqlite3 libcairo2-dev
          postgresql postgresql-client libpq-dev
          fonts-dejavu-core
          xvfb xauth mesa-utils libgl1-mesa-dri xdotool libx11-dev
          clang libclang-rt-14-dev
          help2man librsvg2-bin gzip
          desktop-file-utils appstream shared-mime-info libglib2.0-bin man-db bash-completion
          dpkg-dev lintian binutils
          tmux python3)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "error: these Debian packages are missing and neither root nor sudo is available: ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
