// The connection under the event store, whichever engine holds the log: the SQLite file (the embedded
// default) or a PostgreSQL server (a class's shared log). The store's logic — folds, hash chains,
// snapshots, the projection — is written once against these two classes; each back end supplies its
// prepared statements, its transactions and the few things only it can answer (a change counter, an
// integrity check).
//
// SQL given to prepare() is the common subset of both dialects, with ?1, ?2… for parameters; the
// PostgreSQL back end renumbers them as $1, $2… Values are always bound, never spliced into the text.
#pragma once

#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/transaction.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ttt::store {
class Database;
}

namespace ttt::store::detail {

// One prepared statement. Parameters are 1-based, columns 0-based; a column's value is valid until the
// next step() or reset().
class Query {
public:
    Query() = default;
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;
    virtual ~Query() = default;

    virtual Query& bind(int index, std::int64_t value) = 0;
    Query& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Query& bind(int index, bool value) { return bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
    // Copied: the text may be a temporary.
    virtual Query& bind(int index, std::string_view text) = 0;
    Query& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Query& bind(int index, std::optional<std::int64_t> value) {
        return value ? bind(index, *value) : bind_null(index);
    }
    // Not copied where the engine allows it: `text` must stay unchanged until the query is reset.
    virtual Query& bind_borrowed(int index, std::string_view text) { return bind(index, text); }
    virtual Query& bind_null(int index) = 0;
    virtual Query& bind_blob(int index, std::span<const std::uint8_t> bytes) = 0;

    // True when a row is ready to read, false when the query is done.
    [[nodiscard]] virtual bool step() = 0;
    void run() {
        while (step()) {}
    }
    // Ready to run again; bindings stay. Never throws.
    virtual void reset() noexcept = 0;

    [[nodiscard]] virtual std::int64_t column_int64(int index) const = 0;
    [[nodiscard]] int column_int(int index) const { return static_cast<int>(column_int64(index)); }
    [[nodiscard]] virtual std::string_view column_text(int index) const = 0;
    [[nodiscard]] virtual bool column_is_null(int index) const = 0;
    [[nodiscard]] std::optional<std::int64_t> column_optional_int64(int index) const {
        return column_is_null(index) ? std::nullopt : std::optional<std::int64_t>(column_int64(index));
    }
    [[nodiscard]] virtual std::span<const std::uint8_t> column_blob(int index) const = 0;
};

// Resets a query when it leaves scope, so an early return or an exception never leaves a half-stepped
// query holding a read lock.
class QueryUse {
public:
    explicit QueryUse(Query& query) noexcept : m_query(&query) { m_query->reset(); }
    QueryUse(const QueryUse&) = delete;
    QueryUse& operator=(const QueryUse&) = delete;
    ~QueryUse() { m_query->reset(); }

    Query* operator->() const noexcept { return m_query; }
    Query& operator*() const noexcept { return *m_query; }

private:
    Query* m_query;
};

// What a foreign-key check found: (table, parent table) -> how many rows lack their parent.
using OrphanCounts = std::map<std::pair<std::string, std::string>, long long>;

class LogDb {
public:
    LogDb() = default;
    LogDb(const LogDb&) = delete;
    LogDb& operator=(const LogDb&) = delete;
    virtual ~LogDb() = default;

    [[nodiscard]] virtual std::unique_ptr<Query> prepare(std::string_view sql) = 0;
    // The same for a query whose rows may be many: a back end that would otherwise hold every row of the
    // result at once hands them over a batch at a time (inside a transaction); other queries may run
    // between its steps.
    [[nodiscard]] virtual std::unique_ptr<Query> prepare_streaming(std::string_view sql) { return prepare(sql); }

    // Deferred: a read that sees one consistent state of the log. Immediate: a write; on SQLite it takes
    // the file's write lock at once, on PostgreSQL concurrent writers meet at the events' primary key.
    virtual void begin(TransactionMode mode) = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;

    // Called first in every write transaction: a schema changed by someone else since it was checked is
    // checked again before anything of ours runs into it.
    virtual void check_schema_unchanged() = 0;

    // Changes whenever any connection committed a change to the log, and only then (a poll compares).
    [[nodiscard]] virtual std::uint64_t data_version() = 0;
    // A token that moves with every commit to the log, this connection's own included, read in or after a
    // transaction; nullopt where the engine has none. Equal tokens, one read right after our own commit and
    // one inside our next write transaction, mean nobody else wrote in between: what our commit left is
    // still the log's, and so is the schema we checked.
    [[nodiscard]] virtual std::optional<std::uint64_t> change_token() { return std::nullopt; }
    // Changes whenever something may have been written that data_version() does not count (a live lesson's
    // rows, live_lesson.cpp): on a file the same as data_version(); on a server a count of the announcements
    // (LISTEN/NOTIFY) and reconnections seen, which a reader follows with a read of its own.
    [[nodiscard]] virtual std::uint64_t announcements() { return data_version(); }

    // In a write transaction, before the game's last event is read: holds off other writers of the same
    // game until the commit (SQLite's write lock already holds off every other writer).
    virtual void lock_game(std::int64_t /*game*/) {}
    // In a write transaction: holds off every other writer that asks for the same lock until the commit.
    virtual void lock_log() {}

    // The SQL expression a new game's id is made by, and the lock taken before it (in the write
    // transaction) so that two writers never make the same one. Ids are dense on both engines: a write
    // that is refused or rolled back leaves no gap.
    [[nodiscard]] virtual const char* new_game_id() const noexcept = 0;
    virtual void lock_new_games() {}

    // Around a bulk write (an import) of `events` events, inside its write transaction.
    virtual void begin_bulk(std::int64_t /*events*/) {}
    virtual void end_bulk() {}

    // The engine's own check of its storage ("ok" when sound) and the rows whose foreign key points at
    // nothing.
    [[nodiscard]] virtual std::vector<std::string> integrity_check() = 0;
    [[nodiscard]] virtual OrphanCounts foreign_key_orphans() = 0;

    // The column of the events table that names the login that wrote each event: a server's
    // `written_by`; a file has no logins, so the empty text (which the hash chain leaves out).
    [[nodiscard]] virtual const char* written_by_column() const noexcept { return "''"; }
    // The login this connection writes as ("" on a file): hashed with every event it writes.
    [[nodiscard]] virtual const std::string& writer() const noexcept {
        static const std::string none;
        return none;
    }
    // Whether the log's own server writes each event, its projection row and its board (a PostgreSQL
    // log: only functions the server runs with the owner's rights write there) instead of the store's
    // INSERTs and UPDATEs.
    [[nodiscard]] virtual bool server_writes() const noexcept { return false; }
    // Whether this connection may store snapshots (on a class's server only its teachers may: a
    // snapshot is read instead of the events it stands for, so nobody else's can be trusted).
    [[nodiscard]] virtual bool may_write_snapshots() const noexcept { return true; }
    // Whether the log keeps the images of positions beside its snapshots (a file of version 10 on, a
    // server not yet): without them a read places the snapshots' marks instead.
    [[nodiscard]] virtual bool keeps_images() const noexcept { return true; }
    // Whether the log's snapshots list their marks at three bytes a cell (a file of version 12 on) rather
    // than four (a server, which keeps the layout its snapshots were written in: its rows are not held in
    // pages that the fourth byte makes overflow, as a file's are).
    [[nodiscard]] virtual bool snapshots_in_three_bytes() const noexcept { return true; }

    // The SQLite connection, or nullptr on a server.
    [[nodiscard]] virtual Database* sqlite() noexcept { return nullptr; }

    // How many times a lost connection was made again since the last call.
    [[nodiscard]] virtual int take_reconnections() noexcept { return 0; }

    // Asks a query running on another thread to stop soon (it then throws StorageError). Thread-safe.
    virtual void interrupt() noexcept = 0;

    // How long a write waits for another writer's lock from now on (a file's busy timeout, a server's
    // lock_timeout).
    virtual void set_busy_timeout(int milliseconds) = 0;

    // Prepares a statement once per connection and keeps it: for SQL the store runs again and again.
    Query& cached(std::string_view sql);
    // The same, prepared with prepare_streaming().
    Query& cached_streaming(std::string_view sql);

protected:
    // A back end whose statements need its connection to close them drops them before closing it.
    void drop_cached() noexcept { m_cache.clear(); }

private:
    std::map<std::string, std::unique_ptr<Query>, std::less<>> m_cache;
};

// BEGIN in the constructor, ROLLBACK in the destructor unless commit() ran.
class LogTransaction {
public:
    LogTransaction(LogDb& db, TransactionMode mode) : m_db(&db) { db.begin(mode); }
    LogTransaction(const LogTransaction&) = delete;
    LogTransaction& operator=(const LogTransaction&) = delete;
    ~LogTransaction() {
        if (!m_committed) m_db->rollback();
    }
    void commit() {
        m_db->commit();
        m_committed = true;
    }

private:
    LogDb* m_db;
    bool m_committed = false;
};

}  // namespace ttt::store::detail
