// Prepared statements: binding, stepping and reading columns, every failure checked.
#include "statement.hpp"

#include "database.hpp"
#include "tictactrace/store/storage_error.hpp"

#include "sqlite_check.hpp"

#include <sqlite3.h>

#include <string>

namespace ttt::store {

void Statement::Deleter::operator()(sqlite3_stmt* stmt) const noexcept {
    sqlite3_finalize(stmt);
}

Statement::Statement(const Database& db, std::string_view sql) {
    sqlite3_stmt* raw = nullptr;
    const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
    m_stmt.reset(raw);
    if (rc != SQLITE_OK) detail::fail(db.handle(), rc, detail::describe_sql(sql));
    m_budget = db.budget();
}

Statement& Statement::bind(int index, std::int64_t value) {
    const int rc = sqlite3_bind_int64(m_stmt.get(), index, value);
    if (rc != SQLITE_OK) detail::fail(sqlite3_db_handle(m_stmt.get()), rc, "binding a parameter");
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    const int rc =
        sqlite3_bind_text64(m_stmt.get(), index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK) detail::fail(sqlite3_db_handle(m_stmt.get()), rc, "binding a parameter");
    return *this;
}

Statement& Statement::bind_borrowed(int index, std::string_view text) {
    const int rc =
        sqlite3_bind_text64(m_stmt.get(), index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
    if (rc != SQLITE_OK) detail::fail(sqlite3_db_handle(m_stmt.get()), rc, "binding a parameter");
    return *this;
}

Statement& Statement::bind_blob(int index, std::span<const std::uint8_t> bytes) {
    const int rc = sqlite3_bind_blob64(m_stmt.get(), index, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
    if (rc != SQLITE_OK) detail::fail(sqlite3_db_handle(m_stmt.get()), rc, "binding a parameter");
    return *this;
}

int Statement::index_of(Param p) const {
    const int index = sqlite3_bind_parameter_index(m_stmt.get(), p.name);
    if (index == 0)
        throw StorageError(StorageErrorKind::Other, 0,
                           std::string("a statement has no parameter ") + p.name +
                               " (a fault in tictactrace)");
    return index;
}

Statement& Statement::bind_null(int index) {
    const int rc = sqlite3_bind_null(m_stmt.get(), index);
    if (rc != SQLITE_OK) detail::fail(sqlite3_db_handle(m_stmt.get()), rc, "binding a parameter");
    return *this;
}

bool Statement::step() {
    m_budget->arm();
    const int rc = sqlite3_step(m_stmt.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    sqlite3* db = sqlite3_db_handle(m_stmt.get());
    const char* sql = sqlite3_sql(m_stmt.get());
    const std::string what = detail::describe_sql(sql ? sql : "");
    sqlite3_reset(m_stmt.get());  // releases the statement's locks before the error travels up
    detail::fail(db, rc, what);
}

void Statement::reset() noexcept {
    sqlite3_reset(m_stmt.get());
}

void Statement::clear_bindings() noexcept {
    sqlite3_clear_bindings(m_stmt.get());
}

std::int64_t Statement::column_int64(int index) const noexcept {
    return sqlite3_column_int64(m_stmt.get(), index);
}

std::string_view Statement::column_text(int index) const noexcept {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt.get(), index));
    if (!text) return {};
    return {text, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt.get(), index))};
}

bool Statement::column_is_null(int index) const noexcept {
    return sqlite3_column_type(m_stmt.get(), index) == SQLITE_NULL;
}


int Statement::column_count() const noexcept {
    return sqlite3_column_count(m_stmt.get());
}

std::span<const std::uint8_t> Statement::column_blob(int index) const noexcept {
    const auto* bytes = static_cast<const std::uint8_t*>(sqlite3_column_blob(m_stmt.get(), index));
    if (!bytes) return {};
    return {bytes, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt.get(), index))};
}

}  // namespace ttt::store
