#!/usr/bin/env bash
# Builds the Release tree in build/ and makes the Debian package from it with CPack (cmake/packaging.cmake):
# build/tictactrace_VERSION_ARCH.deb, its Depends found by dpkg-shlibdeps. Run scripts/setup.sh first on
# a fresh machine; install the package with `sudo apt-get install ./build/tictactrace_*.deb`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
cd build
cpack -G DEB
ls -1 "$PWD"/tictactrace_*.deb
