// The kinds of storage failure and how SQLite's result codes map onto them.
#include "tictactrace/store/storage_error.hpp"

#include "sqlite_check.hpp"

#include <sqlite3.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace ttt::store {

const char* name_of(StorageErrorKind kind) noexcept {
    switch (kind) {
    case StorageErrorKind::Locked: return "locked";
    case StorageErrorKind::Corrupt: return "corrupt";
    case StorageErrorKind::Full: return "full";
    case StorageErrorKind::NewerSchema: return "newer schema";
    case StorageErrorKind::Io: return "i/o";
    case StorageErrorKind::Other: return "other";
    case StorageErrorKind::Tampered: return "tampered";
    case StorageErrorKind::Unavailable: return "unavailable";
    case StorageErrorKind::Denied: return "denied";
    case StorageErrorKind::Interrupted: return "interrupted";
    }
    return "other";
}

StorageErrorKind storage_error_kind_of(int sqlite_code) noexcept {
    switch (sqlite_code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return StorageErrorKind::Locked;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB: return StorageErrorKind::Corrupt;
    case SQLITE_FULL: return StorageErrorKind::Full;
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY:
    case SQLITE_PERM: return StorageErrorKind::Io;
    case SQLITE_INTERRUPT: return StorageErrorKind::Interrupted;
    default: return StorageErrorKind::Other;
    }
}

namespace detail {

namespace {

// A connection is stepped by one thread at a time, and its budget's handler runs on that thread.
thread_local bool t_budget_spent = false;

bool starts_with_word(std::string_view sql, std::string_view word) {
    if (sql.size() < word.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if ((sql[i] | 0x20) != (word[i] | 0x20)) return false;
    return sql.size() == word.size() || sql[word.size()] == ' ' || sql[word.size()] == '\n';
}

// SQLite reports a full disk met while growing the -shm or -wal file as an I/O error; errno knows.
bool disk_full(sqlite3* db) {
    if (!db) return false;
    const int e = sqlite3_system_errno(db);
    return e == ENOSPC || e == EDQUOT;
}

// The -wal or -shm file beside `file` that cannot be opened, when that is what failed.
std::string unusable_sidecar(const std::string& file) {
    if (file.empty() || file == ":memory:") return {};
    for (const char* suffix : {"-wal", "-shm"}) {
        const std::string side = file + suffix;
        struct stat st {};
        if (::stat(side.c_str(), &st) != 0) continue;
        if (!S_ISREG(st.st_mode))
            return side + " (the log's " + (suffix[1] == 'w' ? "write-ahead" : "shared-memory") +
                   " file) is not a regular file";
        if (::access(side.c_str(), R_OK | W_OK) != 0)
            return side + " (the log's " + (suffix[1] == 'w' ? "write-ahead" : "shared-memory") +
                   " file) cannot be read and written: " + std::strerror(errno);
    }
    return {};
}

}  // namespace

std::string describe_sql(std::string_view sql) {
    while (!sql.empty() && (sql.front() == ' ' || sql.front() == '\n')) sql.remove_prefix(1);
    if (starts_with_word(sql, "SELECT") || starts_with_word(sql, "WITH")) return "reading the log";
    if (starts_with_word(sql, "INSERT") || starts_with_word(sql, "UPDATE") || starts_with_word(sql, "DELETE"))
        return "writing the log";
    if (starts_with_word(sql, "CREATE") || starts_with_word(sql, "DROP") || starts_with_word(sql, "ALTER"))
        return "changing the schema";
    if (starts_with_word(sql, "BEGIN")) return "starting a transaction";
    if (starts_with_word(sql, "COMMIT")) return "committing";
    if (starts_with_word(sql, "ROLLBACK")) return "rolling back";
    if (starts_with_word(sql, "PRAGMA")) {
        sql.remove_prefix(6);
        while (!sql.empty() && sql.front() == ' ') sql.remove_prefix(1);
        std::string name;
        for (const char c : sql) {
            if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) break;
            name += c;
        }
        return "PRAGMA " + name;
    }
    return "running a statement";
}

void fail(sqlite3* db, int rc, std::string_view context, std::string_view path) {
    const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
    std::string where = (file && *file) ? std::string(file)
                        : !path.empty() ? std::string(path)
                        : db            ? std::string(":memory:")
                                        : std::string("the database");
    const char* sqlite_message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (db && sqlite3_errcode(db) != rc) sqlite_message = sqlite3_errstr(rc);
    StorageErrorKind kind = storage_error_kind_of(rc);
    if (kind == StorageErrorKind::Io && disk_full(db)) kind = StorageErrorKind::Full;
    std::string message;
    switch (kind) {
    case StorageErrorKind::Locked:
        message = where + " is locked by another connection and stayed locked past the busy timeout";
        break;
    case StorageErrorKind::Corrupt:
        message = where + " is not a tictactrace database, or it is corrupt";
        break;
    case StorageErrorKind::Full: message = "the disk holding " + where + " is full"; break;
    case StorageErrorKind::Io: {
        const std::string side = unusable_sidecar(where);
        message = side.empty() ? "cannot read or write " + where : side;
        break;
    }
    default: message = where; break;
    }
    if ((rc & 0xff) == SQLITE_INTERRUPT && !take_budget_spent())
        throw StorageError(StorageErrorKind::Interrupted, rc, where + " was read no further: the read was interrupted (" +
                                                                 std::string(context) + ")");
    if ((rc & 0xff) == SQLITE_INTERRUPT) {
        // Our progress handler stopped it: a statement ran past its step budget.
        throw StorageError(StorageErrorKind::Tampered, rc,
                           "a statement on " + where + " ran past its budget of work and was stopped (" +
                               std::string(context) +
                               "): the file may hold a trigger or another object that tictactrace never "
                               "writes; `tictactrace verify` checks it");
    }
    message += " (" + std::string(context) + ": " + sqlite_message;
    if (kind == StorageErrorKind::Full || kind == StorageErrorKind::Io)
        if (const int e = db ? sqlite3_system_errno(db) : 0; e != 0)
            message += std::string(", ") + std::strerror(e);
    message += ")";
    throw StorageError(kind, rc, message);
}

void note_budget_spent() noexcept {
    t_budget_spent = true;
}

bool take_budget_spent() noexcept {
    return std::exchange(t_budget_spent, false);
}

void check(sqlite3* db, int rc, std::string_view context) {
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return;
    fail(db, rc, context);
}

}  // namespace detail

}  // namespace ttt::store
