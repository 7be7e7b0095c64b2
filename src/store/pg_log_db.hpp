// The event store's connection to a PostgreSQL server: libpq behind the back-end interface, owned by
// RAII handles, prepared statements only, notifications as the change counter, and a connection that
// comes back by itself after the server went away.
#pragma once

#include "log_db.hpp"

#include "libpq_api.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::store::detail {

struct PgConnCloser {
    void operator()(PGconn* conn) const noexcept { libpq().PQfinish(conn); }
};
struct PgResultClearer {
    void operator()(PGresult* result) const noexcept { libpq().PQclear(result); }
};
struct PgCancelFreer {
    void operator()(PGcancel* cancel) const noexcept { libpq().PQfreeCancel(cancel); }
};
using PgConn = std::unique_ptr<PGconn, PgConnCloser>;
using PgResult = std::unique_ptr<PGresult, PgResultClearer>;
using PgCancel = std::unique_ptr<PGcancel, PgCancelFreer>;

// The schema that holds our tables on a server, and the channel every append is announced on.
inline constexpr const char* kPgSchema = "tictactrace";
inline constexpr const char* kPgChannel = "tictactrace";

// `sql` with SQLite's ?N parameters as PostgreSQL's $M, numbered densely in order of N (a statement that
// binds ?2..?18 but not ?1 gets $1..$17); `slots[N]` is the $M a bind of ?N fills, 0 for none. Quoted
// text is left alone.
struct PgSql {
    std::string text;
    std::vector<int> slots;
    int params = 0;
};
[[nodiscard]] PgSql translate_placeholders(std::string_view sql);

// The StorageError for a failed result (or a connection that failed before giving one): its kind from
// the SQLSTATE, its sentence naming `what` was being done and the server's own message.
[[noreturn]] void throw_pg(PGconn* conn, const PGresult* result, std::string_view what);

class PgLogDb final : public LogDb {
public:
    // Connects to `uri` (libpq's URI or key=value form; PG* variables and ~/.pgpass as libpq reads
    // them). Throws StorageError (Unavailable) when the server cannot be reached or refuses the login.
    // `lock_timeout_ms`: how long a write waits for another writer's lock (the game's row) before it
    // fails as Locked, as the busy timeout bounds a wait on a file.
    explicit PgLogDb(std::string uri, int lock_timeout_ms = 5000);
    ~PgLogDb() override;

    [[nodiscard]] std::unique_ptr<Query> prepare(std::string_view sql) override;
    [[nodiscard]] std::unique_ptr<Query> prepare_streaming(std::string_view sql) override;
    [[nodiscard]] bool in_transaction() const noexcept { return m_in_transaction; }
    // Counts transactions begun: a cursor knows whether the one that opened it is still running.
    [[nodiscard]] std::uint64_t transaction_number() const noexcept { return m_transactions; }
    void begin(TransactionMode mode) override;
    void commit() override;
    void rollback() noexcept override;
    void check_schema_unchanged() override {}
    [[nodiscard]] std::uint64_t data_version() override;
    [[nodiscard]] std::uint64_t announcements() override;
    void lock_game(std::int64_t game) override;
    void lock_log() override;
    // Unused: the server's create_game takes the id from a sequence that only it may advance.
    [[nodiscard]] const char* new_game_id() const noexcept override { return "NULL"; }
    [[nodiscard]] const char* written_by_column() const noexcept override { return "written_by"; }
    [[nodiscard]] const std::string& writer() const noexcept override { return m_writer; }
    [[nodiscard]] bool server_writes() const noexcept override { return true; }
    [[nodiscard]] bool may_write_snapshots() const noexcept override { return m_may_snapshot; }
    [[nodiscard]] bool keeps_images() const noexcept override { return false; }
    [[nodiscard]] bool snapshots_in_three_bytes() const noexcept override { return false; }
    // Re-reads whether this login may store snapshots (after the schema was made or changed).
    void learn_rights();
    [[nodiscard]] std::vector<std::string> integrity_check() override;
    [[nodiscard]] OrphanCounts foreign_key_orphans() override;
    void interrupt() noexcept override;
    void set_busy_timeout(int milliseconds) override;

    // Runs fixed SQL that takes no parameters (schema, roles); throws as every call does.
    void exec(std::string_view sql, std::string_view what);
    // The same, its failure ignored: closing a statement, rolling back.
    void exec_quietly(const std::string& sql) noexcept;
    [[nodiscard]] bool alive() const noexcept;

    // The live connection, reconnecting first when it was lost (outside a transaction only: a
    // transaction cut off by a lost connection fails, and the caller's next call reconnects).
    [[nodiscard]] PGconn* conn();
    // Increases with every reconnection, so prepared statements know to prepare themselves again.
    [[nodiscard]] std::uint64_t generation() const noexcept { return m_generation; }
    // How many times the connection came back since the last call: the window says so.
    [[nodiscard]] int take_reconnections() noexcept override;
    [[nodiscard]] const std::string& uri() const noexcept { return m_uri; }
    // "the server HOST, database DB" for sentences; never the password.
    [[nodiscard]] std::string describe() const;

    [[nodiscard]] std::string next_statement_name();

private:
    void connect_now();
    void after_connect();
    void apply_lock_timeout();
    // The connection with nothing of ours still under way: an announcement's answer is read first.
    [[nodiscard]] PGconn* settled() noexcept;
    // Sends the payload-free announcement of a committed write, without waiting for its answer.
    void announce_write() noexcept;

    std::string m_uri;
    int m_lock_timeout_ms;
    PgConn m_conn;
    std::mutex m_cancel_mutex;  // interrupt() runs on another thread
    PgCancel m_cancel;
    std::uint64_t m_generation = 0;
    std::uint64_t m_notifications = 0;
    std::uint64_t m_announcements = 0;       // batches of notifications seen, and reconnections
    std::uint64_t m_announcements_read = 0;  // m_announcements when data_version() last looked
    int m_reconnections = 0;
    bool m_in_transaction = false;
    bool m_writing = false;     // the transaction is a write: its commit is announced
    bool m_announcing = false;  // a NOTIFY was sent and its answer is not read yet
    std::uint64_t m_transactions = 0;
    std::string m_writer;
    bool m_may_snapshot = false;
    std::int64_t m_position = -1;  // the log's change position last read
    std::chrono::steady_clock::time_point m_last_position_read{};
    bool m_listening = false;  // data_version() was called: LISTEN, and again after a reconnection
    std::uint64_t m_statements = 0;
};

}  // namespace ttt::store::detail
