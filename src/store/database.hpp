// One SQLite connection, owned: closed by its destructor, every failing call turned into a StorageError.
#pragma once

#include "tictactrace/store/limits.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace ttt::store {

enum class OpenMode : int {
    ReadWriteCreate = 0,  // create the file when it is missing
    ReadWrite = 1,        // the file must exist
    ReadOnly = 2,
};

// The progress handler's counter for one connection, armed before each step.
struct StepBudget {
    std::int64_t instructions = kDefaultStepBudget;
    std::int64_t left = kDefaultStepBudget;
    void arm() noexcept { left = instructions; }
};

class Database {
public:
    // Opens (or creates) the file at `path`; ":memory:" gives a private in-memory database. The
    // connection is hardened before anything is read: SQLite's defensive mode, an untrusted schema (no
    // function with side effects runs from a trigger or view), no views, no extension loading, no
    // ATTACH, no double-quoted strings, and the step budget above. Throws StorageError when the file
    // cannot be opened.
    explicit Database(const std::string& path, OpenMode mode = OpenMode::ReadWriteCreate,
                      std::int64_t step_budget = kDefaultStepBudget);

    Database(Database&&) noexcept = default;
    Database& operator=(Database&&) noexcept = default;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database() = default;

    [[nodiscard]] sqlite3* handle() const noexcept { return m_db.get(); }
    [[nodiscard]] const std::string& path() const noexcept { return m_path; }

    // Runs fixed SQL (schema, pragmas) that takes no parameters. Never pass text built from user input:
    // use a Statement with bound parameters for that.
    void exec(const char* sql);

    // The step budget of this connection, on the heap so that statements (and SQLite) may hold its
    // address while the Database object moves. Statement::step and exec arm it before each step.
    [[nodiscard]] StepBudget* budget() const noexcept { return m_budget.get(); }

    // Throws a StorageError for any rc other than SQLITE_OK, SQLITE_ROW and SQLITE_DONE,
    // with `context` and SQLite's own message in the text.
    void check(int rc, std::string_view context) const;

    // How long a write waits for another connection's lock before failing with StorageErrorKind::Locked.
    void set_busy_timeout(int milliseconds);

    // Transaction control through statements prepared once per connection (a game's append runs
    // BEGIN IMMEDIATE and COMMIT every move). Transaction is the RAII way to use them.
    void begin(bool immediate);
    void begin_exclusive();
    void commit();
    void rollback() noexcept;  // only when a transaction is open; never throws

    [[nodiscard]] std::int64_t last_insert_rowid() const noexcept;
    [[nodiscard]] int changes() const noexcept;
    // Rows this connection inserted, changed or deleted since it opened (committed or not).
    [[nodiscard]] std::int64_t total_changes() const noexcept;
    [[nodiscard]] bool in_transaction() const noexcept;

private:
    struct Deleter {
        void operator()(sqlite3* db) const noexcept;
    };

    static int on_progress(void* budget) noexcept;

    struct StatementDeleter {
        void operator()(sqlite3_stmt* stmt) const noexcept;
    };
    using ControlStatement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;
    void run_control(ControlStatement& stmt, const char* sql);

    // The budget outlives the connection that points at it; the connection outlives its statements.
    std::unique_ptr<StepBudget> m_budget;
    std::unique_ptr<sqlite3, Deleter> m_db;
    std::string m_path;
    ControlStatement m_begin_deferred;
    ControlStatement m_begin_immediate;
    ControlStatement m_commit;
};

}  // namespace ttt::store
