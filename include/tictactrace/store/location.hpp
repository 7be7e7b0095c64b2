// Where a log lives: a file, a database on a PostgreSQL server, or memory. Parsed once from what a user
// gave (--db, the window's command line, a dialog); everything after asks the value, never the text.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace ttt::store {

class Location {
public:
    enum class Kind : int { File = 0, Server = 1, Memory = 2 };

    // A postgresql:// or postgres:// URI names a server (libpq reads it: PG* variables, ~/.pgpass and
    // service files apply); anything else is a file's path.
    [[nodiscard]] static Location parse(std::string_view text);
    [[nodiscard]] static Location file(std::filesystem::path path);
    [[nodiscard]] static Location server(std::string uri);
    // A private database in memory (tests, tools): no second connection reaches it.
    [[nodiscard]] static Location memory();

    [[nodiscard]] Kind kind() const noexcept { return m_kind; }
    [[nodiscard]] bool on_server() const noexcept { return m_kind == Kind::Server; }
    [[nodiscard]] bool in_memory() const noexcept { return m_kind == Kind::Memory; }
    // A file's path (empty for a server or memory).
    [[nodiscard]] const std::filesystem::path& path() const noexcept { return m_path; }
    // A server's URI as given: it may hold a password, so it is for libpq, never for a message.
    [[nodiscard]] const std::string& uri() const noexcept { return m_uri; }
    // Fit to show: a server's URI without its password (user:PASSWORD@ or password=…), a path as it is.
    [[nodiscard]] std::string shown() const;
    // A few words for a title bar: a file's name, or a server's "DB on HOST" ("on this machine" for a
    // local socket).
    [[nodiscard]] std::string short_name() const;

    // Every server URI in `text` (a sentence from libpq, a command line) with its password hidden.
    [[nodiscard]] static std::string without_passwords(std::string text);

    friend bool operator==(const Location&, const Location&) = default;

private:
    Location(Kind kind, std::filesystem::path path, std::string uri)
        : m_kind(kind), m_path(std::move(path)), m_uri(std::move(uri)) {}

    Kind m_kind = Kind::Memory;
    std::filesystem::path m_path;
    std::string m_uri;
};

}  // namespace ttt::store
