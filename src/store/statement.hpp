// A prepared SQLite statement, owned: the SQLite back end's Query (log_db.hpp), and what the file's own
// schema code and migrations run. Values are always bound as parameters, never spliced into SQL text.
// There is one statement interface (Query) and one reset guard (QueryUse); this is its SQLite side.
#pragma once

#include "log_db.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

struct sqlite3_stmt;

namespace ttt::store {

class Database;
struct StepBudget;

// A parameter named in the SQL (":game"), SQLiteCpp's way for statements that bind more than a handful:
// the binding says which column it fills.
struct Param {
    const char* name;
};

class Statement final : public detail::Query {
public:
    // Prepares `sql` once; run it many times with reset() and new bindings in between. The statement
    // must not outlive the connection.
    Statement(const Database& db, std::string_view sql);

    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement() override = default;

    // Parameters are 1-based, as in SQLite.
    Statement& bind(int index, std::int64_t value) override;
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, bool value) { return bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
    // The text is copied by SQLite (SQLITE_TRANSIENT), so it may be a temporary.
    Statement& bind(int index, std::string_view text) override;
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, std::optional<std::int64_t> value) {
        return value ? bind(index, *value) : bind_null(index);
    }
    // Binds without copying (SQLITE_STATIC): `text` must stay alive and unchanged until the statement
    // is reset. For hot loops that bind a buffer they own.
    Statement& bind_borrowed(int index, std::string_view text) override;
    Statement& bind_null(int index) override;
    // Bytes, copied by SQLite.
    Statement& bind_blob(int index, std::span<const std::uint8_t> bytes) override;

    // The same by name; a name the statement does not have is a programming error, thrown as such.
    Statement& bind(Param p, std::int64_t value) { return bind(index_of(p), value); }
    Statement& bind(Param p, int value) { return bind(index_of(p), value); }
    Statement& bind(Param p, bool value) { return bind(index_of(p), value); }
    Statement& bind(Param p, std::string_view text) { return bind(index_of(p), text); }
    Statement& bind(Param p, const char* text) { return bind(index_of(p), text); }
    Statement& bind(Param p, std::optional<std::int64_t> value) { return bind(index_of(p), value); }
    Statement& bind_null(Param p) { return bind_null(index_of(p)); }
    [[nodiscard]] int index_of(Param p) const;

    // Steps once: true when a row is ready to read, false when the statement is done.
    [[nodiscard]] bool step() override;
    // Makes the statement ready to run again. Bindings stay as they were: bind every parameter before
    // each run, or clear_bindings() first. Never throws.
    void reset() noexcept override;
    // Sets every parameter back to NULL.
    void clear_bindings() noexcept;

    [[nodiscard]] int column_count() const noexcept;
    // Columns are 0-based, as in SQLite; valid until the next step() or reset().
    [[nodiscard]] std::int64_t column_int64(int index) const noexcept override;
    [[nodiscard]] std::string_view column_text(int index) const noexcept override;
    [[nodiscard]] bool column_is_null(int index) const noexcept override;
    [[nodiscard]] std::span<const std::uint8_t> column_blob(int index) const noexcept override;

    [[nodiscard]] sqlite3_stmt* handle() const noexcept { return m_stmt.get(); }

private:
    struct Deleter {
        void operator()(sqlite3_stmt* stmt) const noexcept;
    };

    std::unique_ptr<sqlite3_stmt, Deleter> m_stmt;
    StepBudget* m_budget = nullptr;  // the connection's, armed by each step()
};

}  // namespace ttt::store
