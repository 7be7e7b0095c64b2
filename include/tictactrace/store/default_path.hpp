// Where the log lives when no --db is given: $XDG_DATA_HOME/tictactrace/games.db or
// ~/.local/share/tictactrace/games.db.
#pragma once

#include <filesystem>

namespace ttt::store {

// The default database file. Does not create anything (EventStore::open creates the folder).
// Throws StorageError (Io) when neither XDG_DATA_HOME nor HOME is set to an absolute path.
[[nodiscard]] std::filesystem::path default_database_path();

}  // namespace ttt::store
