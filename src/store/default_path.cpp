// The XDG base-directory rule for the default database file.
#include "tictactrace/store/default_path.hpp"

#include "tictactrace/store/storage_error.hpp"

#include <cstdlib>

namespace ttt::store {

std::filesystem::path default_database_path() {
    // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if (const char* xdg = std::getenv("XDG_DATA_HOME");
        xdg && *xdg && std::filesystem::path(xdg).is_absolute())
        return std::filesystem::path(xdg) / "tictactrace" / "games.db";
    if (const char* home = std::getenv("HOME"); home && *home && std::filesystem::path(home).is_absolute())
        return std::filesystem::path(home) / ".local" / "share" / "tictactrace" / "games.db";
    throw StorageError(
        StorageErrorKind::Io, 0,
        "cannot find a place for the database: neither XDG_DATA_HOME nor HOME is set; use --db PATH");
}

}  // namespace ttt::store
