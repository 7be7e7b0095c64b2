// The SQLite back end of the event store's connection.
#include "sqlite_log_db.hpp"

#include "schema.hpp"
#include "statement.hpp"

#include <sqlite3.h>

namespace ttt::store::detail {

SqliteLogDb::SqliteLogDb(Database db) : m_owned(std::move(db)), m_db(&*m_owned) {
    m_schema = schema_cookie(*m_db);
}

std::unique_ptr<SqliteLogDb> SqliteLogDb::borrowing(Database& db) {
    std::unique_ptr<SqliteLogDb> out(new SqliteLogDb(&db));
    out->m_schema = schema_cookie(db);
    return out;
}

std::unique_ptr<Query> SqliteLogDb::prepare(std::string_view sql) {
    return std::make_unique<Statement>(*m_db, sql);
}

void SqliteLogDb::begin(TransactionMode mode) {
    switch (mode) {
    case TransactionMode::Deferred: m_db->begin(false); break;
    case TransactionMode::Immediate: m_db->begin(true); break;
    case TransactionMode::Exclusive: m_db->begin_exclusive(); break;
    }
}

void SqliteLogDb::commit() {
    // Whether this write transaction began with the schema checked (check_schema_unchanged ran).
    const bool checked = m_checked_in_transaction;
    m_checked_in_transaction = false;
    m_db->commit();
    // Our own drop and re-create of the replace guard moved the schema cookie.
    if (m_guard_lifted) {
        m_guard_lifted = false;
        m_schema = schema_cookie(*m_db);
    }
    m_checked_at = checked ? change_token() : std::nullopt;
}

void SqliteLogDb::rollback() noexcept {
    m_guard_lifted = false;
    m_checked_in_transaction = false;
    m_db->rollback();
}

void SqliteLogDb::check_schema_unchanged() {
    m_checked_in_transaction = true;
    // Nobody has committed since our own last commit, which began with this same check: the schema is
    // the one checked then. Saves a statement on every move of a game played on one connection.
    if (m_checked_at && change_token() == m_checked_at) return;
    QueryUse version(cached("PRAGMA schema_version"));
    const std::int64_t now = version->step() ? version->column_int64(0) : 0;
    if (now == m_schema) return;
    check_compatible(*m_db);
    m_schema = now;
}

std::optional<std::uint64_t> SqliteLogDb::change_token() {
    // SQLite's own counter of the pager: it moves with every commit to the file, ours and everyone's (a
    // change by another connection is seen when our next transaction starts). An in-memory database has
    // none to give.
    unsigned int version = 0;
    if (sqlite3_file_control(m_db->handle(), "main", SQLITE_FCNTL_DATA_VERSION, &version) != SQLITE_OK)
        return std::nullopt;
    return version;
}

std::uint64_t SqliteLogDb::data_version() {
    // PRAGMA data_version changes only with other connections' commits; this connection's own changes
    // are counted by SQLite apart, so together they change whenever the file did.
    Statement version(*m_db, "PRAGMA data_version");
    const auto theirs = static_cast<std::uint64_t>(version.step() ? version.column_int64(0) : 0);
    const auto ours = static_cast<std::uint64_t>(m_db->total_changes());
    return (theirs << 40) ^ ours;
}

void SqliteLogDb::begin_bulk(std::int64_t events) {
    // Below this the schema change costs more than the trigger would (see schema.hpp).
    if (events < 512) return;
    suspend_replace_guard(*m_db);
    m_guard_lifted = true;
}

void SqliteLogDb::end_bulk() {
    if (m_guard_lifted) restore_replace_guard(*m_db);
}

std::vector<std::string> SqliteLogDb::integrity_check() {
    std::vector<std::string> out;
    Statement integrity(*m_db, "PRAGMA integrity_check");
    while (integrity.step()) out.emplace_back(integrity.column_text(0));
    return out;
}

OrphanCounts SqliteLogDb::foreign_key_orphans() {
    OrphanCounts orphans;
    Statement foreign(*m_db, "PRAGMA foreign_key_check");
    while (foreign.step())
        ++orphans[{std::string(foreign.column_text(0)), std::string(foreign.column_text(2))}];
    return orphans;
}

void SqliteLogDb::interrupt() noexcept {
    sqlite3_interrupt(m_db->handle());
}

}  // namespace ttt::store::detail
