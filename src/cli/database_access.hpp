// How every command finds and opens the event log: --db PATH, or the default database.
#pragma once

#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/storage_error.hpp>

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

// Where `db`, as given to --db, is: a server for a postgresql:// URI, else a file; the default database
// when --db was left out (empty).
[[nodiscard]] store::Location location_of(const std::string& db);

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


// [SECTION] A server's password

// For `error`, thrown when connecting to `uri` failed: when the server asked for a password that nobody
// supplied (not in the URI, PGPASSWORD, a password file or a service file) and standard input is a
// terminal, the password asked for there, without echo, and `uri` with it as a password= parameter (a
// secret: never printed). Otherwise throws: `error` itself for any other failure; for a missing password
// with no terminal to ask on, or none typed, the same failure with a sentence naming the other ways to
// give one; CLI::RuntimeError(128 + signal) when Ctrl+C (or another ending signal) stopped the prompt.
[[nodiscard]] std::string uri_with_typed_password(const std::string& uri, const store::StorageError& error);

// For `error`, thrown when connecting with the typed password failed: a refused password is said as
// such ("the password typed for tess on ... was refused"); anything else is thrown as it was.
[[noreturn]] void typed_password_failed(const std::string& uri, const store::StorageError& error);

// `use(uri)`, and when that fails for a password nobody supplied, `use` again with the one typed at the
// terminal (uri_with_typed_password). `use` connects to the server and returns what it made; every
// failure is thrown as the functions above say.
template <class Use>
auto asking_password(const std::string& uri, Use&& use) -> decltype(use(uri)) {
    std::string typed;
    try {
        return use(uri);
    } catch (const store::StorageError& error) {
        typed = uri_with_typed_password(uri, error);
    }
    try {
        return use(typed);
    } catch (const store::StorageError& error) {
        typed_password_failed(uri, error);
    }
}

}  // namespace ttt::cli
