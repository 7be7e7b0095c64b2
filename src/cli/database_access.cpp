// Opening the event log for a command.
#include "cli/database_access.hpp"

#include "cli/exit_status.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/store/default_path.hpp>

#include <CLI/CLI.hpp>

#include <iostream>

namespace ttt::cli {

namespace {

// --busy-timeout of the one command this process runs (each command adds the option; one of them parses).
int g_busy_timeout_ms = store::StoreOptions{}.busy_timeout_ms;

}  // namespace

void add_db_option(CLI::App& command, std::string& db) {
    command
        .add_option("--db", db,
                    "The database: a file (default: $XDG_DATA_HOME/tictactrace/games.db or "
                    "~/.local/share/tictactrace/games.db), or a PostgreSQL server's "
                    "postgresql://USER@HOST/DB; an empty PATH is refused")
        ->check(CLI::Validator(
            [](const std::string& path) {
                return path.empty() ? std::string("an empty path names no database; leave --db out to use "
                                                  "the default one")
                                    : std::string();
            },
            ""));
    command
        .add_option("--busy-timeout", g_busy_timeout_ms,
                    "Milliseconds to wait for another program's lock on the database before giving up (exit "
                    "status 5); default 5000")
        ->check(CLI::Range(0, 3'600'000));
}

std::filesystem::path database_path(const std::string& db) {
    return db.empty() ? store::default_database_path() : std::filesystem::path(db);
}

store::EventStore open_or_create(const std::string& db) {
    store::StoreOptions options;
    options.busy_timeout_ms = g_busy_timeout_ms;
    if (store::EventStore::names_server(db)) return store::EventStore::connect(db, options);
    return store::EventStore::open(database_path(db), options);
}

std::optional<store::EventStore> open_existing(const std::string& db) {
    // A server's database is there or the connection fails with its own sentence; reading creates no
    // tables in it.
    if (store::EventStore::names_server(db)) {
        store::StoreOptions options;
        options.create = false;
        return store::EventStore::connect(db, options);
    }
    const auto path = database_path(db);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::nullopt;
    store::StoreOptions options;
    options.create = false;
    options.busy_timeout_ms = g_busy_timeout_ms;
    return store::EventStore::open(path, options);
}

int no_database(const std::string& db) {
    return usage_error("no database at " +
                       base::terminal_safe(store::EventStore::shown_location(database_path(db).string())) +
                       "; `tictactrace new` or `tictactrace import` creates one");
}

int usage_error(const std::string& message) {
    std::cerr << "tictactrace: error: " << message << "\n";
    return kExitUsage;
}

}  // namespace ttt::cli
