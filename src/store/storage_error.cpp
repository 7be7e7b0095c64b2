// The kinds of storage failure and how SQLite's result codes map onto them.
#include "tictactrace/store/storage_error.hpp"

#include "sqlite_check.hpp"

#include <sqlite3.h>

#include <string>

namespace ttt::store {

const char* name_of(StorageErrorKind kind) noexcept {
    switch (kind) {
    case StorageErrorKind::Locked: return "locked";
    case StorageErrorKind::Corrupt: return "corrupt";
    case StorageErrorKind::Full: return "full";
    case StorageErrorKind::NewerSchema: return "newer schema";
    case StorageErrorKind::Io: return "i/o";
    case StorageErrorKind::Other: return "other";
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
    default: return StorageErrorKind::Other;
    }
}

namespace detail {

void fail(sqlite3* db, int rc, std::string_view context, std::string_view path) {
    const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
    std::string where = (file && *file) ? std::string(file)
                        : !path.empty() ? std::string(path)
                        : db            ? std::string(":memory:")
                                        : std::string("the database");
    const char* sqlite_message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    if (db && sqlite3_errcode(db) != rc) sqlite_message = sqlite3_errstr(rc);
    const StorageErrorKind kind = storage_error_kind_of(rc);
    std::string message;
    switch (kind) {
    case StorageErrorKind::Locked:
        message = where + " is locked by another connection and stayed locked past the busy timeout";
        break;
    case StorageErrorKind::Corrupt:
        message = where + " is not a tictactrace database, or it is corrupt";
        break;
    case StorageErrorKind::Full: message = "the disk holding " + where + " is full"; break;
    case StorageErrorKind::Io: message = "cannot read or write " + where; break;
    default: message = where; break;
    }
    message += " (" + std::string(context) + ": " + sqlite_message + ")";
    throw StorageError(kind, rc, message);
}

void check(sqlite3* db, int rc, std::string_view context) {
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return;
    fail(db, rc, context);
}

}  // namespace detail

}  // namespace ttt::store
