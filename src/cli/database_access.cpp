// Opening the event log for a command.
#include "cli/database_access.hpp"

#include "cli/exit_status.hpp"
#include "cli/password_prompt.hpp"
#include "cli/server_login.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/store/default_path.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <string_view>
#include <variant>

namespace ttt::cli {

namespace {

// --busy-timeout of the one command this process runs (each command adds the option; one of them parses).
int g_busy_timeout_ms = store::StoreOptions{}.busy_timeout_ms;

// The same failure, its sentence ending with `more`.
store::StorageError said_more(const store::StorageError& error, const std::string& more) {
    return store::StorageError(error.kind(), error.code(), std::string(error.what()) + "; " + more);
}

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

store::Location location_of(const std::string& db) {
    return db.empty() ? store::Location::file(store::default_database_path()) : store::Location::parse(db);
}

namespace {

// A server's log, its password asked for on the terminal when the server wants one nobody gave.
store::EventStore connect(const std::string& uri, const store::StoreOptions& options) {
    return asking_password(
        uri, [&options](const std::string& with) { return store::EventStore::connect(with, options); });
}

}  // namespace

store::EventStore open_or_create(const std::string& db) {
    store::StoreOptions options;
    options.busy_timeout_ms = g_busy_timeout_ms;
    const store::Location where = location_of(db);
    if (where.on_server()) return connect(where.uri(), options);
    return store::EventStore::open(where, options);
}

std::optional<store::EventStore> open_existing(const std::string& db) {
    // A server's database is there or the connection fails with its own sentence; reading creates no
    // tables in it.
    const store::Location where = location_of(db);
    if (where.on_server()) {
        store::StoreOptions options;
        options.create = false;
        return connect(where.uri(), options);
    }
    std::error_code ec;
    if (!std::filesystem::exists(where.path(), ec)) return std::nullopt;
    store::StoreOptions options;
    options.create = false;
    options.busy_timeout_ms = g_busy_timeout_ms;
    return store::EventStore::open(where, options);
}

int no_database(const std::string& db) {
    return usage_error("no database at " +
                       base::terminal_safe(location_of(db).shown()) +
                       "; `tictactrace new` or `tictactrace import` creates one");
}

int usage_error(const std::string& message) {
    std::cerr << "tictactrace: error: " << message << "\n";
    return kExitUsage;
}

// [SECTION] A server's password

std::string uri_with_typed_password(const std::string& uri, const store::StorageError& error) {
    if (login::password_trouble(error) != login::PasswordTrouble::Missing) throw error;
    // Scripts and pipes have no one to ask: the sentence says where a password may come from instead.
    if (!can_ask_password())
        throw said_more(error, "the server asks for a password: " + login::other_password_sources() +
                                   ", or type it when asked, with the command run at a terminal");
    const auto target = login::login_target(uri);
    const std::string who = target ? login::describe(*target) : std::string("this login");
    // The other ways first, once: a student who types it every time learns how not to.
    PromptAnswer answer =
        ask_password("tictactrace: the server asks for a password; PGPASSWORD, ~/.pgpass (mode "
                     "0600) or a service file (PGSERVICEFILE or ~/.pg_service.conf) would "
                     "give it without asking\nPassword for " +
                     base::terminal_safe(who) + ": ");
    if (const auto* stopped = std::get_if<PromptInterrupted>(&answer))
        throw CLI::RuntimeError(128 + stopped->signal);
    auto* typed = std::get_if<std::string>(&answer);
    if (typed == nullptr || typed->empty())
        throw said_more(error, "no password was typed; " + login::other_password_sources());
    std::string with = login::with_password(uri, *typed);
    forget(*typed);
    return with;
}

void typed_password_failed(const std::string& uri, const store::StorageError& error) {
    if (login::password_trouble(error) != login::PasswordTrouble::Refused) throw error;
    const auto target = login::login_target(uri);
    const std::string who = target ? login::describe(*target) : std::string("this login");
    // libpq's own words from where they start ("password authentication failed for user ..."): the
    // server's socket and the rest of the connection's sentence add nothing to who and where.
    std::string why = error.what();
    why.erase(0, why.find("password authentication failed"));
    throw store::StorageError(error.kind(), error.code(),
                              "the server refused the password typed for " + who + " (" + why +
                                  "); nothing was done: run the command again to type it again");
}

}  // namespace ttt::cli
