// Logging in to a PostgreSQL server with a password that the connection string did not carry: telling
// a missing password from a refused one, handing a typed password to libpq without the environment,
// and remembering it in a password file (~/.pgpass) as libpq reads it. Shared by the command line,
// which asks for the password on the terminal, and the window, which asks for it in a dialog. Nothing
// here prints anything: a password must never reach a terminal, a log or a message.
#pragma once

#include <tictactrace/base/result.hpp>
#include <tictactrace/store/storage_error.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::login {

// What a failed connection had to do with a password.
enum class PasswordTrouble {
    None,     // another failure: the server is down, the database is missing, a file is locked...
    Missing,  // the server asked for a password and none was supplied (libpq's "no password supplied")
    Refused,  // a password was supplied and the server refused it ("password authentication failed")
};

// Read from the store's sentence, which carries libpq's own words (the store throws Denied for both).
[[nodiscard]] PasswordTrouble password_trouble(const store::StorageError& error);

// Who logs in where, as libpq looks it up in a password file: the URI's values, else the PG* variables
// (PGHOST, PGPORT, PGDATABASE, PGUSER), else libpq's defaults. No password field here.
struct LoginTarget {
    std::string host;      // a host name, an address, a socket folder, or "localhost" when none is given
    std::string port;      // "5432" unless said otherwise
    std::string database;  // the user's name when none is given, as libpq does
    std::string user;
};

// nullopt when libpq cannot read `uri`, or when it names a service (service=, PGSERVICE): the service
// file, which libpq reads only when it connects, may say any of them.
[[nodiscard]] std::optional<LoginTarget> login_target(const std::string& uri);

// "tess on localhost, database class7b": for the prompt and the dialog (no password in it).
[[nodiscard]] std::string describe(const LoginTarget& target);

// `uri` with `password` added as a `password=` query parameter, percent-encoded, so that libpq takes it
// from the connection string: never from the environment, which child processes (a brain started by
// `play --engine`) would inherit. The result is a secret: show it only through
// Location::shown, which masks the password.
[[nodiscard]] std::string with_password(const std::string& uri, std::string_view password);

// Where else a password may come from, as a sentence's end: "give it in PGPASSWORD, in ~/.pgpass
// (mode 0600) or in a service file (PGSERVICEFILE or ~/.pg_service.conf)".
[[nodiscard]] std::string other_password_sources();

// [SECTION] The password file

// The file libpq reads the passwords of `uri` from: its passfile= parameter, else $PGPASSFILE, else
// ~/.pgpass ($HOME, else the user's home folder); empty when none of them is known.
[[nodiscard]] std::filesystem::path password_file(const std::string& uri);

// One field of a password file line: ':' and '\' escaped with a '\', as libpq requires.
[[nodiscard]] std::string pgpass_field(std::string_view text);

// "host:port:database:user:password" for `target`, each field escaped.
[[nodiscard]] std::string pgpass_line(const LoginTarget& target, std::string_view password);

// Writes pgpass_line(target, password) into `file`, creating it with mode 0600 (libpq ignores a password
// file that others may read). libpq takes the first line that matches a login, so a line that would
// match first (an old password for the same login, or a wildcard line) would hide the new one: the new
// line is then put before it and an older line for exactly this login is dropped, by writing the file
// anew and renaming it into place; otherwise it is appended. Nothing when done; otherwise a sentence
// saying why nothing was written: the file may be read or written by the group or others (libpq would
// ignore it, and a password written there would be theirs too), it is not a regular file, the password
// holds a line break, or an I/O error.
[[nodiscard]] Result<void, std::string>
remember_password(const std::filesystem::path& file, const LoginTarget& target, std::string_view password);

}  // namespace ttt::login
