# The .deb, made by CPack from the install rules: `cpack -G DEB` in the build folder (scripts/package.sh
# does it). Its Depends come from dpkg-shlibdeps on the installed programs, plus what no library link
# shows: the fonts the window loads by path. The desktop's caches (MIME, menu, icons) are brought up to
# date by the triggers of shared-mime-info, desktop-file-utils and the icon theme, so the package needs
# no maintainer scripts.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tictactrace)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "the tictactrace authors")
set(CPACK_PACKAGE_CONTACT "${TTT_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Stripped, as Debian ships programs (a Release build has no debug information to lose).
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "play, record, replay and teach tic-tac-toe and its big siblings")
# The extended description (CPack puts the summary above it): lines under 80 columns, as dpkg shows them,
# an empty line between paragraphs.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "tictactrace plays tic-tac-toe and its big siblings: any board with k in a row,
gomoku on 15x15, renju and caro, the full-line game, and the score game in
which every run of three or more is worth points. Every move is an event in a
log that is never rewritten (an SQLite file, or a PostgreSQL database a whole
class shares), so any position of any game can be looked at again.

The window, tictactrace-gui, shows step by step how a position is scored and
decided, with quizzes, lesson files a teacher prepares, a built-in opponent
at five levels and any Gomocup engine. The command line, tictactrace, scores,
counts, plays, imports and exports games (SGF, PSQ and its own archives).")
# education rather than games: Debian keeps the programs of games in /usr/games, and tictactrace is first
# a teaching tool, with a command line beside its window.
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${TTT_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# tictactrace-gui loads DejaVu Sans from /usr/share/fonts (a missing font falls back to ImGui's own, which
# is small and has no accents), and both programs set a diagram's PNG in it through fontconfig; an OpenGL
# 3.3 driver is what a desktop has, but a bare system may not.
# libpq (a class's server) and cairo (a diagram's PNG) are opened by the programs when first needed, not
# linked (src/store/libpq_api.hpp, src/exchange/cairo_api.hpp), so dpkg-shlibdeps cannot see them: they
# are named here.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, libpq5, libcairo2")
if(TTT_BUILD_APP)
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "postgresql")
# tictactrace_0.1.0_amd64.deb, as Debian names packages.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Folders 0755 and files 0644/0755 whatever the umask of whoever builds, as lintian checks.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS ${CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS})
include(CPack)
