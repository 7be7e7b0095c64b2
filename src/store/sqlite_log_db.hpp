// The event store's connection to an SQLite file: the Statement and Database classes behind the
// back-end interface, and the PRAGMAs only SQLite has.
#pragma once

#include "log_db.hpp"

#include "database.hpp"

#include <optional>

namespace ttt::store::detail {

class SqliteLogDb final : public LogDb {
public:
    // Owns the connection.
    explicit SqliteLogDb(Database db);
    // Uses a connection owned elsewhere (a migration running on the file it is opening).
    [[nodiscard]] static std::unique_ptr<SqliteLogDb> borrowing(Database& db);

    [[nodiscard]] std::unique_ptr<Query> prepare(std::string_view sql) override;
    void begin(TransactionMode mode) override;
    void commit() override;
    void rollback() noexcept override;
    void check_schema_unchanged() override;
    // NULL: the INTEGER PRIMARY KEY AUTOINCREMENT picks the next, and the write lock holds off others.
    [[nodiscard]] const char* new_game_id() const noexcept override { return "NULL"; }
    [[nodiscard]] std::uint64_t data_version() override;
    [[nodiscard]] std::optional<std::uint64_t> change_token() override;
    void begin_bulk(std::int64_t events) override;
    void end_bulk() override;
    [[nodiscard]] std::vector<std::string> integrity_check() override;
    [[nodiscard]] OrphanCounts foreign_key_orphans() override;
    [[nodiscard]] Database* sqlite() noexcept override { return m_db; }
    void interrupt() noexcept override;
    void set_busy_timeout(int milliseconds) override { m_db->set_busy_timeout(milliseconds); }

private:
    explicit SqliteLogDb(Database* borrowed) : m_db(borrowed) {}

    std::optional<Database> m_owned;
    Database* m_db;
    std::int64_t m_schema = 0;    // PRAGMA schema_version when the schema was last checked
    // change_token() right after our last commit, with the schema checked: while the token inside a write
    // transaction still says so, nobody has committed since, and the schema needs no second look.
    std::optional<std::uint64_t> m_checked_at;
    bool m_checked_in_transaction = false;  // the open write transaction began with the schema check
    bool m_guard_lifted = false;  // a bulk write dropped the replace guard (schema.hpp)
};

}  // namespace ttt::store::detail
