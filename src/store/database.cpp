// Opening and closing a SQLite connection, and the few calls on it that need no statement.
#include "tictactrace/store/database.hpp"

#include "sqlite_check.hpp"

#include <sqlite3.h>

namespace ttt::store {

void Database::Deleter::operator()(sqlite3* db) const noexcept {
    // sqlite3_close_v2 defers the close until every statement is finalized, so the order in which
    // owners are destroyed cannot leak the handle.
    sqlite3_close_v2(db);
}

Database::Database(const std::string& path, OpenMode mode) : m_path(path) {
    int flags = SQLITE_OPEN_NOMUTEX;  // one connection per thread: SQLite's own mutexes buy nothing
    switch (mode) {
    case OpenMode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    case OpenMode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case OpenMode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    }
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
    m_db.reset(raw);  // owned even on failure: SQLite allocates the handle to carry the error
    if (rc != SQLITE_OK) detail::fail(raw, rc, "opening the database");
    sqlite3_extended_result_codes(raw, 1);
}

void Database::exec(const char* sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(m_db.get(), sql, nullptr, nullptr, &error);
    sqlite3_free(error);  // the same text is still in sqlite3_errmsg
    if (rc != SQLITE_OK) detail::fail(m_db.get(), rc, sql);
}

void Database::check(int rc, std::string_view context) const {
    detail::check(m_db.get(), rc, context);
}

void Database::set_busy_timeout(int milliseconds) {
    detail::check(m_db.get(), sqlite3_busy_timeout(m_db.get(), milliseconds), "setting the busy timeout");
}

std::int64_t Database::last_insert_rowid() const noexcept {
    return sqlite3_last_insert_rowid(m_db.get());
}

int Database::changes() const noexcept {
    return sqlite3_changes(m_db.get());
}

bool Database::in_transaction() const noexcept {
    return sqlite3_get_autocommit(m_db.get()) == 0;
}

}  // namespace ttt::store
