// How every command finds and opens the event log: --db PATH, or the default database.
#pragma once

#include <tictactrace/store/event_store.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace ttt::cli {

// Adds --db PATH to `command`, filling `db`, and --busy-timeout MS, how long opening and writing wait for
// another program's lock (the store's 5 s by default). An empty PATH is refused (exit 2): a script's unset
// variable must not quietly mean the user's own default database.
void add_db_option(CLI::App& command, std::string& db);

// `db` as given to --db, or the default database when --db was left out (empty).
[[nodiscard]] std::filesystem::path database_path(const std::string& db);

// The log, created (with its folders) when missing: for commands that add games.
[[nodiscard]] store::EventStore open_or_create(const std::string& db);

// The log, or nullopt when there is no such file: reading, changing or exporting a game never creates
// a database, so a mistyped --db writes nothing.
[[nodiscard]] std::optional<store::EventStore> open_existing(const std::string& db);

// For a command that reads when open_existing found no file: "tictactrace: error: no database at PATH",
// never an empty list or "there is no game 1", which would hide a mistyped path. Returns the usage status.
int no_database(const std::string& db);

// Prints "tictactrace: error: MESSAGE" and returns the usage status (2).
int usage_error(const std::string& message);

}  // namespace ttt::cli
