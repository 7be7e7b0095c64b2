// Where a log lives, and how its name is shown without a password.
#include "tictactrace/store/location.hpp"

#include <algorithm>
#include <array>

namespace ttt::store {

namespace {

// The schemes libpq reads as a URI; anything else is a path (a file may well be named "postgres.db").
constexpr std::array<std::string_view, 2> kServerSchemes{"postgresql://", "postgres://"};

bool names_server(std::string_view text) noexcept {
    return std::any_of(kServerSchemes.begin(), kServerSchemes.end(),
                       [&](std::string_view scheme) { return text.starts_with(scheme); });
}

std::string hide_password(std::string uri) {
    // user:password@ in the authority (before the first '/' after the scheme's "//").
    const std::size_t start = uri.find("//") + 2;
    const std::size_t slash = uri.find('/', start);
    const std::size_t at = uri.rfind('@', slash == std::string::npos ? uri.size() : slash);
    if (at != std::string::npos && at >= start) {
        const std::size_t colon = uri.find(':', start);
        if (colon != std::string::npos && colon < at) uri.replace(colon, at - colon, ":***");
    }
    // password=... among the query's parameters.
    for (std::size_t p = uri.find("password="); p != std::string::npos; p = uri.find("password=", p + 1)) {
        if (p > 0 && uri[p - 1] != '?' && uri[p - 1] != '&') continue;
        const std::size_t end = uri.find('&', p);
        uri.replace(p + 9, (end == std::string::npos ? uri.size() : end) - (p + 9), "***");
    }
    return uri;
}

}  // namespace

Location Location::parse(std::string_view text) {
    if (names_server(text)) return server(std::string(text));
    return file(std::filesystem::path(text));
}

Location Location::file(std::filesystem::path path) {
    return Location(Kind::File, std::move(path), {});
}

Location Location::server(std::string uri) {
    return Location(Kind::Server, {}, std::move(uri));
}

Location Location::memory() {
    return Location(Kind::Memory, {}, {});
}

std::string Location::shown() const {
    switch (m_kind) {
    case Kind::File: return m_path.string();
    case Kind::Server: return hide_password(m_uri);
    case Kind::Memory: break;
    }
    return ":memory:";
}

std::string Location::short_name() const {
    if (m_kind == Kind::File) return m_path.filename().string();
    if (m_kind == Kind::Memory) return "memory";
    const std::string& uri = m_uri;
    const std::size_t start = uri.find("//") + 2;
    const std::size_t query = uri.find('?', start);
    const std::size_t slash = uri.find('/', start);
    const std::size_t authority_end = std::min(slash, query);
    std::string authority =
        uri.substr(start, authority_end == std::string::npos ? std::string::npos : authority_end - start);
    if (const std::size_t at = authority.rfind('@'); at != std::string::npos) authority.erase(0, at + 1);
    std::string database;
    if (slash != std::string::npos && (query == std::string::npos || slash < query))
        database = uri.substr(slash + 1, query == std::string::npos ? std::string::npos : query - slash - 1);
    // A host given as a parameter (host=%2Fpath is a socket folder) names this machine as well.
    const bool socket = authority.empty() || authority.starts_with('%') || authority.starts_with('/');
    return (database.empty() ? std::string("the server's default database") : database) + " on " +
           (socket ? std::string("this machine") : authority);
}

std::string Location::without_passwords(std::string text) {
    for (const std::string_view scheme : kServerSchemes) {
        for (std::size_t at = text.find(scheme); at != std::string::npos; at = text.find(scheme, at + 1)) {
            // A URI holds no space (libpq's would be %20): it ends at the first one, or at a quote.
            const std::size_t end = std::min(text.find_first_of(" \t\n\"'", at), text.size());
            const std::string shown = hide_password(text.substr(at, end - at));
            text.replace(at, end - at, shown);
        }
    }
    return text;
}

}  // namespace ttt::store
