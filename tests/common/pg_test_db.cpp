#include "pg_test_db.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>

namespace ttt::testing {
namespace {

struct ResultClear {
    void operator()(PGresult* result) const noexcept { PQclear(result); }
};
using PgResult = std::unique_ptr<PGresult, ResultClear>;

struct OptionsFree {
    void operator()(PQconninfoOption* options) const noexcept { PQconninfoFree(options); }
};

// libpq's messages end with a newline; ours go on after them.
std::string trimmed(const char* message) {
    std::string text = message != nullptr ? message : "";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

std::string percent_encoded(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        const bool unreserved = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                                (byte >= '0' && byte <= '9') || byte == '-' || byte == '.' || byte == '_' ||
                                byte == '~';
        if (unreserved) {
            out += c;
        } else {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", byte);
            out += escaped;
        }
    }
    return out;
}

// What a URI (or a key=value string) sets, by keyword: libpq's own reading of it, percent-decoded.
std::map<std::string, std::string> options_of(const std::string& uri) {
    char* error = nullptr;
    std::unique_ptr<PQconninfoOption, OptionsFree> options(PQconninfoParse(uri.c_str(), &error));
    if (!options) {
        const std::string reason = trimmed(error);
        PQfreemem(error);
        throw std::runtime_error("not a PostgreSQL connection URI: " + uri + " (" + reason + ")");
    }
    std::map<std::string, std::string> set;
    for (const PQconninfoOption* option = options.get(); option->keyword != nullptr; ++option) {
        if (option->val != nullptr) set[option->keyword] = option->val;
    }
    return set;
}

// The URI of these options: user, password and database in its first part, everything else (the
// socket folder as host, the port) as parameters.
std::string uri_of(std::map<std::string, std::string> options) {
    std::string uri = "postgresql://";
    if (const auto user = options.find("user"); user != options.end()) {
        uri += percent_encoded(user->second);
        if (const auto password = options.find("password"); password != options.end()) {
            uri += ':' + percent_encoded(password->second);
        }
        uri += '@';
    }
    uri += '/';
    if (const auto database = options.find("dbname"); database != options.end()) {
        uri += percent_encoded(database->second);
    }
    options.erase("user");
    options.erase("password");
    options.erase("dbname");
    char separator = '?';
    for (const auto& [keyword, value] : options) {
        uri += separator + keyword + '=' + percent_encoded(value);
        separator = '&';
    }
    return uri;
}

std::string admin_uri() {
    const char* uri = std::getenv(test_pg_variable);
    if (uri == nullptr || *uri == '\0') {
        throw std::runtime_error(std::string(test_pg_variable) +
                                 " is not set: this test needs the PostgreSQL cluster that the CTest fixture "
                                 "'postgresql' starts (run it through ctest, which sets " +
                                 test_pg_variable + " to the cluster's admin URI)");
    }
    return uri;
}

// Lower-case letters, digits and '_' only, so the name needs no quoting and cannot inject anything; short
// enough that the whole name stays within PostgreSQL's 63 bytes.
std::string sanitised(std::string_view purpose) {
    std::string out;
    for (const char c : purpose) {
        char kept = '_';
        if (c >= 'a' && c <= 'z') kept = c;
        if (c >= '0' && c <= '9') kept = c;
        if (c >= 'A' && c <= 'Z') kept = static_cast<char>(c - 'A' + 'a');
        if (kept == '_' && !out.empty() && out.back() == '_') continue;
        out += kept;
        if (out.size() == 24) break;
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    return out.empty() ? "db" : out;
}

PgResult checked_exec(const std::string& uri, const std::string& sql) {
    const PgConnection conn = pg_connect(uri);
    PgResult result(PQexec(conn.get(), sql.c_str()));
    const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        const std::string shown = sql.size() > 200 ? sql.substr(0, 200) + "..." : sql;
        throw std::runtime_error("SQL failed on " + uri + ": " + trimmed(PQerrorMessage(conn.get())) +
                                 " (SQL: " + shown + ")");
    }
    return result;
}

}  // namespace

PgConnection pg_connect(const std::string& uri) {
    PgConnection conn(PQconnectdb(uri.c_str()));
    if (!conn) throw std::runtime_error("cannot connect to PostgreSQL at " + uri + ": out of memory");
    if (PQstatus(conn.get()) != CONNECTION_OK) {
        throw std::runtime_error("cannot connect to PostgreSQL at " + uri + ": " +
                                 trimmed(PQerrorMessage(conn.get())));
    }
    return conn;
}

std::string fresh_test_database(std::string_view purpose) {
    const std::string admin = admin_uri();
    try {
        return fresh_database_on(admin, purpose);
    } catch (const std::runtime_error& error) {
        throw std::runtime_error(std::string("cannot make a test database on the cluster of ") +
                                 test_pg_variable + ": " + error.what());
    }
}

std::string fresh_database_on(const std::string& admin, std::string_view purpose) {
    std::map<std::string, std::string> options = options_of(admin);
    // The pid keeps parallel tests apart and the counter the databases of one test; the clock keeps a
    // rerun whose pid comes round again on a cluster still up from meeting the databases of the first.
    static std::atomic<unsigned> counter{0};
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    const auto stamp = static_cast<unsigned long>(
        std::chrono::duration_cast<std::chrono::microseconds>(now).count() & 0xffffffffUL);
    char suffix[48];
    std::snprintf(suffix, sizeof suffix, "_%ld_%u_%08lx", static_cast<long>(::getpid()), counter++, stamp);
    const std::string name = "ttt_" + sanitised(purpose) + suffix;

    run_admin_sql(admin, "CREATE DATABASE \"" + name + "\"");
    options["dbname"] = name;
    return uri_of(std::move(options));
}

void run_admin_sql(const std::string& uri, const std::string& sql) {
    (void)checked_exec(uri, sql);
}

std::string query_value(const std::string& uri, const std::string& sql) {
    const PgResult result = checked_exec(uri, sql);
    if (PQntuples(result.get()) < 1 || PQnfields(result.get()) < 1) {
        throw std::runtime_error("no value from " + uri + " for: " + sql);
    }
    return PQgetvalue(result.get(), 0, 0);
}

std::string uri_for(const std::string& database_uri, std::string_view role, std::string_view password) {
    std::map<std::string, std::string> options = options_of(database_uri);
    options["user"] = std::string(role);
    options["password"] = std::string(password);
    return uri_of(std::move(options));
}

}  // namespace ttt::testing
