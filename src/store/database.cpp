// Opening and closing a SQLite connection, and the few calls on it that need no statement.
#include "database.hpp"

#include "sqlite_check.hpp"

#include <sqlite3.h>

namespace ttt::store {

void Database::Deleter::operator()(sqlite3* db) const noexcept {
    // sqlite3_close_v2 defers the close until every statement is finalized, so the order in which
    // owners are destroyed cannot leak the handle.
    sqlite3_close_v2(db);
}

void Database::StatementDeleter::operator()(sqlite3_stmt* stmt) const noexcept {
    sqlite3_finalize(stmt);
}

namespace {

// The progress handler runs every this many virtual-machine instructions.
constexpr int kProgressPeriod = 1000;

// Turns a SQLite switch on or off; a failure means this SQLite cannot be hardened, so nothing is read.
void configure(sqlite3* db, int option, int value, const std::string& path) {
    int now = -1;
    const int rc = sqlite3_db_config(db, option, value, &now);
    if (rc != SQLITE_OK || now != value)
        detail::fail(db, rc == SQLITE_OK ? SQLITE_ERROR : rc, "hardening the connection", path);
}

}  // namespace

int Database::on_progress(void* budget) noexcept {
    auto* b = static_cast<StepBudget*>(budget);
    b->left -= kProgressPeriod;
    if (b->left > 0) return 0;
    detail::note_budget_spent();
    return 1;  // non-zero interrupts the statement with SQLITE_INTERRUPT
}

Database::Database(const std::string& path, OpenMode mode, std::int64_t step_budget)
    : m_budget(std::make_unique<StepBudget>(StepBudget{step_budget, step_budget})), m_path(path) {
    int flags = SQLITE_OPEN_NOMUTEX;  // one connection per thread: SQLite's own mutexes buy nothing
    switch (mode) {
    case OpenMode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    case OpenMode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case OpenMode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    }
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
    m_db.reset(raw);  // owned even on failure: SQLite allocates the handle to carry the error
    if (rc != SQLITE_OK) detail::fail(raw, rc, "opening the database", path);
    sqlite3_extended_result_codes(raw, 1);
    // A file from someone else is untrusted input: nothing it holds may do more than our own SQL does.
    configure(raw, SQLITE_DBCONFIG_DEFENSIVE, 1, path);       // no writable_schema, no raw page edits
    configure(raw, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, path);  // triggers and views run no risky function
    configure(raw, SQLITE_DBCONFIG_ENABLE_VIEW, 0, path);     // we have no views; a planted one never runs
    configure(raw, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, path);
    configure(raw, SQLITE_DBCONFIG_DQS_DML, 0, path);
    configure(raw, SQLITE_DBCONFIG_DQS_DDL, 0, path);
    sqlite3_limit(raw, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_progress_handler(raw, kProgressPeriod, &Database::on_progress, m_budget.get());
}

void Database::exec(const char* sql) {
    m_budget->arm();
    char* error = nullptr;
    const int rc = sqlite3_exec(m_db.get(), sql, nullptr, nullptr, &error);
    sqlite3_free(error);  // the same text is still in sqlite3_errmsg
    if (rc != SQLITE_OK) detail::fail(m_db.get(), rc, detail::describe_sql(sql));
}

void Database::check(int rc, std::string_view context) const {
    detail::check(m_db.get(), rc, context);
}

void Database::set_busy_timeout(int milliseconds) {
    detail::check(m_db.get(), sqlite3_busy_timeout(m_db.get(), milliseconds), "setting the busy timeout");
}

void Database::run_control(ControlStatement& stmt, const char* sql) {
    if (!stmt) {
        sqlite3_stmt* raw = nullptr;
        const int rc = sqlite3_prepare_v3(m_db.get(), sql, -1, SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
        stmt.reset(raw);
        if (rc != SQLITE_OK) detail::fail(m_db.get(), rc, detail::describe_sql(sql));
    }
    m_budget->arm();
    const int rc = sqlite3_step(stmt.get());
    sqlite3_reset(stmt.get());
    if (rc != SQLITE_DONE) detail::fail(m_db.get(), rc, detail::describe_sql(sql));
}

void Database::begin(bool immediate) {
    if (immediate)
        run_control(m_begin_immediate, "BEGIN IMMEDIATE");
    else
        run_control(m_begin_deferred, "BEGIN DEFERRED");
}

void Database::begin_exclusive() {
    exec("BEGIN EXCLUSIVE");
}

void Database::commit() {
    run_control(m_commit, "COMMIT");
}

void Database::rollback() noexcept {
    // SQLite may already have rolled back by itself (a full disk, an I/O error): then there is nothing
    // to undo and ROLLBACK would fail, so ask first.
    if (in_transaction()) {
        m_budget->arm();
        sqlite3_exec(m_db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    }
}

std::int64_t Database::last_insert_rowid() const noexcept {
    return sqlite3_last_insert_rowid(m_db.get());
}

int Database::changes() const noexcept {
    return sqlite3_changes(m_db.get());
}

std::int64_t Database::total_changes() const noexcept {
    return sqlite3_total_changes64(m_db.get());
}

bool Database::in_transaction() const noexcept {
    return sqlite3_get_autocommit(m_db.get()) == 0;
}

}  // namespace ttt::store
