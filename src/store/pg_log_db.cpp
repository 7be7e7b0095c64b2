// The PostgreSQL back end of the event store's connection.
//
// [SECTION] Placeholders and errors
// [SECTION] A prepared statement on the server
// [SECTION] The connection
#include "pg_log_db.hpp"

#include "tictactrace/store/storage_error.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ttt::store::detail {

// [SECTION] Placeholders and errors

PgSql translate_placeholders(std::string_view sql) {
    // Two passes: which ?N appear, then the text with each renumbered densely.
    const auto each_placeholder = [&](auto&& on_text, auto&& on_param) {
        bool quoted = false;
        for (std::size_t i = 0; i < sql.size();) {
            const char c = sql[i];
            if (c == '\'') quoted = !quoted;  // '' inside a literal toggles twice: still inside
            if (!quoted && c == '?' && i + 1 < sql.size() && sql[i + 1] >= '0' && sql[i + 1] <= '9') {
                int n = 0;
                std::size_t j = i + 1;
                while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') n = n * 10 + (sql[j++] - '0');
                on_param(n);
                i = j;
                continue;
            }
            on_text(c);
            ++i;
        }
    };
    std::vector<int> used;
    each_placeholder([](char) {}, [&](int n) { used.push_back(n); });
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    PgSql out;
    out.params = static_cast<int>(used.size());
    out.slots.assign(used.empty() ? 1 : static_cast<std::size_t>(used.back()) + 1, 0);
    for (std::size_t i = 0; i < used.size(); ++i)
        out.slots[static_cast<std::size_t>(used[i])] = static_cast<int>(i) + 1;
    out.text.reserve(sql.size() + 8);
    each_placeholder([&](char c) { out.text += c; },
                     [&](int n) {
                         out.text += '$';
                         out.text += std::to_string(out.slots[static_cast<std::size_t>(n)]);
                     });
    return out;
}

namespace {

StorageErrorKind kind_of_sqlstate(std::string_view state, bool connection_lost) {
    if (state.empty()) return connection_lost ? StorageErrorKind::Unavailable : StorageErrorKind::Other;
    if (state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03" ||
        state == "53300")
        return StorageErrorKind::Unavailable;
    if (state == "42501" || state.starts_with("28")) return StorageErrorKind::Denied;
    if (state == "53100") return StorageErrorKind::Full;
    if (state == "40001" || state == "40P01" || state == "55P03") return StorageErrorKind::Locked;
    if (state == "XX001" || state == "XX002") return StorageErrorKind::Corrupt;
    if (state == "57014") return StorageErrorKind::Interrupted;  // canceled by interrupt()
    return StorageErrorKind::Other;
}

// The first line of libpq's message, without its "ERROR:  " prefix.
std::string first_line(const char* message) {
    std::string text = message ? message : "";
    if (const auto nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
    for (const char* prefix : {"ERROR:  ", "FATAL:  "})
        if (text.starts_with(prefix)) text.erase(0, std::strlen(prefix));
    return text.empty() ? std::string("no message") : text;
}

// "the PostgreSQL server on the socket in DIR, database DB", read from the connection (the URI may carry a
// password).
std::string describe_server(const PGconn* conn) {
    const char* host = conn ? libpq().PQhost(conn) : nullptr;
    const char* db = conn ? libpq().PQdb(conn) : nullptr;
    std::string out = "the PostgreSQL server";
    if (host && *host) out += std::string(" ") + (host[0] == '/' ? "on the socket in " : "") + host;
    if (db && *db) out += std::string(", database ") + db;
    return out;
}

}  // namespace

void throw_pg(PGconn* conn, const PGresult* result, std::string_view what) {
    const char* state = result ? libpq().PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    const bool lost = conn == nullptr || libpq().PQstatus(conn) != CONNECTION_OK;
    const StorageErrorKind kind = kind_of_sqlstate(state ? state : "", lost);
    const char* message = result && libpq().PQresultErrorMessage(result)[0] ? libpq().PQresultErrorMessage(result)
                                                                    : (conn ? libpq().PQerrorMessage(conn) : nullptr);
    std::string sentence = std::string(what) + ": " + first_line(message);
    if (state) sentence += " (SQLSTATE " + std::string(state) + ")";
    // A server that died or shut down under a command leaves "server closed the connection unexpectedly"
    // or "terminating connection ...", which name no server: the sentence the user reads (the CLI's
    // "storage failure (unavailable): ...", the window's notice) says which one went away, as a failed
    // connect does.
    if (kind == StorageErrorKind::Unavailable)
        sentence = "the connection to " + describe_server(conn) + " was lost (" + sentence + ")";
    throw StorageError(kind, 0, sentence);
}

// [SECTION] A prepared statement on the server

namespace {

// Binary results: integers, booleans and bytes arrive as they are stored, with no text to parse.
constexpr Oid kBoolOid = 16;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt2Oid = 21;
constexpr Oid kInt4Oid = 23;

std::int64_t big_endian(const char* bytes, int length) {
    std::uint64_t v = 0;
    for (int i = 0; i < length; ++i) v = (v << 8) | static_cast<std::uint8_t>(bytes[i]);
    // Sign-extend the narrower integers.
    if (length < 8 && length > 0 && (static_cast<std::uint8_t>(bytes[0]) & 0x80))
        v |= ~std::uint64_t{0} << (8 * length);
    return static_cast<std::int64_t>(v);
}

class PgQuery final : public Query {
public:
    // `streaming`: inside a transaction the rows come through a cursor, a batch at a time, so that a
    // reader of a long game holds a batch in memory, never the whole game.
    PgQuery(PgLogDb& db, std::string_view sql, bool streaming = false)
        : m_db(db), m_sql(translate_placeholders(sql)), m_name(db.next_statement_name()), m_streaming(streaming) {
        const auto n = static_cast<std::size_t>(m_sql.params);
        m_values.resize(n);
        m_null.assign(n, true);
        m_binary.assign(n, 0);
        prepare_if_needed();  // a statement the server cannot prepare fails here, as in SQLite
    }
    ~PgQuery() override {
        // Closed on the server when it still lives there; a lost connection took it already.
        if (m_prepared == m_db.generation() && m_db.alive()) m_db.exec_quietly("DEALLOCATE " + m_name);
    }

    Query& bind(int index, std::int64_t value) override {
        if (const int s = slot(index)) set(s, std::to_string(value), false);
        return *this;
    }
    Query& bind(int index, std::string_view text) override {
        if (const int s = slot(index)) set(s, std::string(text), false);
        return *this;
    }
    Query& bind_null(int index) override {
        if (const int s = slot(index)) m_null[static_cast<std::size_t>(s - 1)] = true;
        return *this;
    }
    Query& bind_blob(int index, std::span<const std::uint8_t> bytes) override {
        if (const int s = slot(index))
            set(s, std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()), true);
        return *this;
    }

    bool step() override {
        if (!m_result) execute();
        if (++m_row < libpq().PQntuples(m_result.get())) return true;
        if (!m_cursor_open || m_exhausted) return false;
        fetch();
        m_row = 0;
        return libpq().PQntuples(m_result.get()) > 0;
    }
    void reset() noexcept override {
        m_result.reset();
        m_row = -1;
        // Only in the transaction that opened it: its end closed it already, and a CLOSE of nothing would
        // fail the transaction now running.
        if (m_cursor_open && m_db.in_transaction() && m_db.transaction_number() == m_cursor_transaction &&
            m_db.alive())
            m_db.exec_quietly("CLOSE " + m_name + "_rows");
        m_cursor_open = false;
    }

    std::int64_t column_int64(int index) const override {
        if (libpq().PQgetisnull(m_result.get(), m_row, index)) return 0;
        const char* value = libpq().PQgetvalue(m_result.get(), m_row, index);
        const int length = libpq().PQgetlength(m_result.get(), m_row, index);
        switch (libpq().PQftype(m_result.get(), index)) {
        case kBoolOid:
        case kInt2Oid:
        case kInt4Oid:
        case kInt8Oid: return big_endian(value, length);
        default:
            throw StorageError(StorageErrorKind::Tampered, 0,
                               "the server gave a column of type " +
                                   std::to_string(libpq().PQftype(m_result.get(), index)) +
                                   " where a number belongs");
        }
    }
    std::string_view column_text(int index) const override {
        return {libpq().PQgetvalue(m_result.get(), m_row, index),
                static_cast<std::size_t>(libpq().PQgetlength(m_result.get(), m_row, index))};
    }
    bool column_is_null(int index) const override { return libpq().PQgetisnull(m_result.get(), m_row, index) != 0; }
    std::span<const std::uint8_t> column_blob(int index) const override {
        const auto text = column_text(index);
        return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
    }

private:
    // The $M a bind of ?index fills; 0 for a parameter the statement does not use (SQLite would accept
    // the bind as well, leaving it unused).
    int slot(int index) const noexcept {
        return index > 0 && static_cast<std::size_t>(index) < m_sql.slots.size()
                   ? m_sql.slots[static_cast<std::size_t>(index)]
                   : 0;
    }
    void set(int s, std::string value, bool binary) {
        const auto i = static_cast<std::size_t>(s - 1);
        m_values[i] = std::move(value);
        m_null[i] = false;
        m_binary[i] = binary ? 1 : 0;
    }

    void prepare_if_needed() {
        if (m_prepared == m_db.generation()) return;
        PGconn* conn = m_db.conn();
        PgResult result(libpq().PQprepare(conn, m_name.c_str(), m_sql.text.c_str(), m_sql.params, nullptr));
        if (libpq().PQresultStatus(result.get()) != PGRES_COMMAND_OK)
            throw_pg(conn, result.get(), "preparing a statement");
        m_prepared = m_db.generation();
    }

    // Rows per FETCH: a few hundred kilobytes of events at most (a payload has at most 4096 bytes).
    static constexpr int kBatch = 1024;

    void fetch() {
        PGconn* conn = m_db.conn();
        const std::string sql = "FETCH " + std::to_string(kBatch) + " FROM " + m_name + "_rows";
        m_result.reset(libpq().PQexecParams(conn, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 1));
        if (libpq().PQresultStatus(m_result.get()) != PGRES_TUPLES_OK) {
            PgResult failed = std::move(m_result);
            throw_pg(conn, failed.get(), "reading rows");
        }
        m_exhausted = libpq().PQntuples(m_result.get()) < kBatch;
    }

    void execute() {
        // The connection first: when it has to be made again here, the statement is prepared again on the
        // new one below (the server forgot it with the old), rather than run by a name the server lacks.
        PGconn* conn = m_db.conn();
        prepare_if_needed();
        const auto n = static_cast<std::size_t>(m_sql.params);
        std::vector<const char*> values(n);
        std::vector<int> lengths(n);
        for (std::size_t i = 0; i < n; ++i) {
            values[i] = m_null[i] ? nullptr : m_values[i].data();
            lengths[i] = static_cast<int>(m_values[i].size());
        }
        if (m_streaming && m_db.in_transaction()) {
            // A cursor lives until its transaction ends; reset() closes it sooner.
            const std::string declare = "DECLARE " + m_name + "_rows BINARY NO SCROLL CURSOR FOR " + m_sql.text;
            PgResult declared(libpq().PQexecParams(conn, declare.c_str(), m_sql.params, nullptr, values.data(),
                                           lengths.data(), m_binary.data(), 1));
            if (libpq().PQresultStatus(declared.get()) != PGRES_COMMAND_OK) throw_pg(conn, declared.get(), "a statement failed");
            m_cursor_open = true;
            m_cursor_transaction = m_db.transaction_number();
            fetch();
            m_row = -1;
            return;
        }
        m_result.reset(libpq().PQexecPrepared(conn, m_name.c_str(), m_sql.params, values.data(), lengths.data(),
                                      m_binary.data(), 1));
        const auto status = libpq().PQresultStatus(m_result.get());
        if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
            PgResult failed = std::move(m_result);
            throw_pg(conn, failed.get(), "a statement failed");
        }
        m_row = -1;
    }

    PgLogDb& m_db;
    PgSql m_sql;
    std::string m_name;
    std::uint64_t m_prepared = ~std::uint64_t{0};  // the connection generation it was prepared on
    std::vector<std::string> m_values;
    std::vector<bool> m_null;
    std::vector<int> m_binary;  // libpq's format per parameter: 1 for bytes, 0 for text
    PgResult m_result;
    int m_row = -1;
    bool m_streaming = false;
    bool m_cursor_open = false;
    bool m_exhausted = false;
    std::uint64_t m_cursor_transaction = 0;
};

}  // namespace

// [SECTION] The connection

PgLogDb::PgLogDb(std::string uri, int lock_timeout_ms)
    : m_uri(std::move(uri)), m_lock_timeout_ms(lock_timeout_ms) {
    connect_now();
}

PgLogDb::~PgLogDb() {
    (void)settled();
    drop_cached();  // the statements close themselves on the connection, which must still be here
}

void PgLogDb::connect_now() {
    // A dead host must not hang a window: 5 s unless the URI says otherwise (its own value comes later
    // and wins). The URI is expanded by libpq, so ~/.pgpass and PG* variables apply as usual.
    const std::array<const char*, 4> keys{"connect_timeout", "application_name", "dbname", nullptr};
    const std::array<const char*, 4> values{"5", "tictactrace", m_uri.c_str(), nullptr};
    m_conn.reset(libpq().PQconnectdbParams(keys.data(), values.data(), 1));
    if (!m_conn)
        throw StorageError(StorageErrorKind::Unavailable, 0, "out of memory connecting to the server");
    if (libpq().PQstatus(m_conn.get()) != CONNECTION_OK) {
        const std::string why = first_line(libpq().PQerrorMessage(m_conn.get()));
        const bool refused = why.find("authentication failed") != std::string::npos ||
                             why.find("no password supplied") != std::string::npos ||
                             why.find("permission denied") != std::string::npos;
        throw StorageError(refused ? StorageErrorKind::Denied : StorageErrorKind::Unavailable, 0,
                           "cannot connect to " + describe() + ": " + why);
    }
    after_connect();
}

void PgLogDb::after_connect() {
    // The server's notices ("relation already exists, skipping") are not for our users' terminals.
    libpq().PQsetNoticeProcessor(
        m_conn.get(), [](void*, const char*) {}, nullptr);
    exec("SELECT pg_catalog.set_config('search_path', 'tictactrace', false)", "choosing the schema");
    learn_rights();
    // Only a connection that was asked for changes listens (a window's, not a command's): a writer
    // that never reads its notifications would keep every one of them queued.
    if (m_listening) exec("LISTEN tictactrace", "listening for changes");
    apply_lock_timeout();
    std::lock_guard lock(m_cancel_mutex);
    m_cancel.reset(libpq().PQgetCancel(m_conn.get()));
    ++m_generation;
}

void PgLogDb::set_busy_timeout(int milliseconds) {
    m_lock_timeout_ms = milliseconds;
    apply_lock_timeout();  // kept by a reconnection too: after_connect applies it again
}

// A number of ours, not text from anyone: spliced. 0 would mean waiting for ever; a file's busy timeout of
// 0 means not waiting at all, so 1 ms.
void PgLogDb::apply_lock_timeout() {
    exec("SELECT pg_catalog.set_config('lock_timeout', '" + std::to_string(std::max(m_lock_timeout_ms, 1)) +
             "ms', false)",
         "setting how long a write waits for another");
}

void PgLogDb::learn_rights() {
    // Who this connection writes as (the server stamps each event with it, and the chain hashes it),
    // and whether it may store snapshots.
    PgResult who(libpq().PQexec(settled(),
                        "SELECT session_user, coalesce(has_table_privilege(to_regclass('tictactrace.snapshots'), "
                        "'INSERT'), false)"));
    if (libpq().PQresultStatus(who.get()) != PGRES_TUPLES_OK) throw_pg(m_conn.get(), who.get(), "asking who we are");
    m_writer = libpq().PQgetvalue(who.get(), 0, 0);
    m_may_snapshot = std::string_view(libpq().PQgetvalue(who.get(), 0, 1)) == "t";
}

PGconn* PgLogDb::settled() noexcept {
    PGconn* c = m_conn.get();
    if (m_announcing) {
        m_announcing = false;
        // The announcement's answer: dropped, whatever it says (a full notification queue fails the
        // announcement, never a write; windows also look at the change position once a second).
        while (PGresult* r = libpq().PQgetResult(c)) libpq().PQclear(r);
    }
    return c;
}

void PgLogDb::announce_write() noexcept {
    // No payload, so that nothing anyone sends on the channel is ever read as ours. Sent and not waited
    // for: the server announces while the writer goes on, and the answer is read before the next call.
    PGconn* c = settled();
    if (libpq().PQstatus(c) == CONNECTION_OK && libpq().PQsendQuery(c, "NOTIFY tictactrace")) m_announcing = true;
}

PGconn* PgLogDb::conn() {
    if (libpq().PQstatus(settled()) == CONNECTION_OK) return m_conn.get();
    if (m_in_transaction)
        throw StorageError(StorageErrorKind::Unavailable, 0,
                           "the connection to " + describe() +
                               " was lost: " + first_line(libpq().PQerrorMessage(m_conn.get())));
    libpq().PQreset(m_conn.get());
    if (libpq().PQstatus(m_conn.get()) != CONNECTION_OK)
        throw StorageError(StorageErrorKind::Unavailable, 0,
                           "cannot reach " + describe() + ": " + first_line(libpq().PQerrorMessage(m_conn.get())));
    after_connect();
    ++m_reconnections;
    // Notifications sent while we were away are gone (NOTIFY does not replay): a change is assumed, so
    // a reader catches up from what it saw last.
    ++m_notifications;
    return m_conn.get();
}

bool PgLogDb::alive() const noexcept {
    return m_conn && libpq().PQstatus(m_conn.get()) == CONNECTION_OK;
}

int PgLogDb::take_reconnections() noexcept {
    return std::exchange(m_reconnections, 0);
}

std::string PgLogDb::describe() const {
    return describe_server(m_conn.get());
}

std::string PgLogDb::next_statement_name() {
    return "ttt_" + std::to_string(++m_statements);
}

void PgLogDb::exec(std::string_view sql, std::string_view what) {
    PGconn* c = m_in_transaction ? settled() : conn();
    PgResult result(libpq().PQexec(c, std::string(sql).c_str()));
    const auto status = libpq().PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) throw_pg(c, result.get(), what);
}

void PgLogDb::exec_quietly(const std::string& sql) noexcept {
    PgResult result(libpq().PQexec(settled(), sql.c_str()));
}

std::unique_ptr<Query> PgLogDb::prepare(std::string_view sql) {
    return std::make_unique<PgQuery>(*this, sql);
}

std::unique_ptr<Query> PgLogDb::prepare_streaming(std::string_view sql) {
    return std::make_unique<PgQuery>(*this, sql, true);
}

void PgLogDb::begin(TransactionMode mode) {
    // A read sees one state of the log from its first statement to its last; a write runs at READ
    // COMMITTED, where each statement sees what was committed before it, after the game's row lock.
    exec(mode == TransactionMode::Deferred ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN",
         "starting a transaction");
    m_in_transaction = true;
    ++m_transactions;
    m_writing = mode == TransactionMode::Immediate;
}

void PgLogDb::commit() {
    m_in_transaction = false;
    PGconn* c = settled();
    PgResult committed(libpq().PQexec(c, "COMMIT"));
    if (libpq().PQresultStatus(committed.get()) != PGRES_COMMAND_OK) throw_pg(c, committed.get(), "committing");
    // A transaction that failed earlier "commits" as a rollback: nothing was written.
    if (std::string_view(libpq().PQcmdStatus(committed.get())) != "COMMIT")
        throw StorageError(StorageErrorKind::Other, 0,
                           "the server rolled the transaction back; nothing was written");
    // A write is announced after its commit, in a transaction of its own: a notification queue that
    // someone filled then fails the announcement, never the write.
    if (m_writing) announce_write();
}

void PgLogDb::rollback() noexcept {
    if (!m_in_transaction) return;
    m_in_transaction = false;
    if (alive()) exec_quietly("ROLLBACK");
}

std::uint64_t PgLogDb::announcements() {
    PGconn* c = conn();
    const std::uint64_t generation = m_generation;
    if (!m_listening) {
        exec("LISTEN tictactrace", "listening for changes");
        m_listening = true;
    }
    if (!libpq().PQconsumeInput(c)) {
        // The connection went while idle: try once to get it back (which counts as a change).
        c = conn();
    }
    bool announced = generation != m_generation;
    while (PGnotify* n = libpq().PQnotifies(c)) {
        announced = true;
        libpq().PQfreemem(n);
    }
    if (announced) ++m_announcements;
    return m_announcements;
}

std::uint64_t PgLogDb::data_version() {
    // Each reader of the announcements (the games here, a live lesson elsewhere) keeps the count it saw.
    const std::uint64_t seen = announcements();
    const bool announced = seen != m_announcements_read;
    m_announcements_read = seen;
    // What changed is read from the log itself, never from a notification (anyone may NOTIFY): the sum
    // of every game's change position, which every committed write raises. Read when something was
    // announced, and once a second whatever was, so that a lost announcement costs a second at most.
    const auto now = std::chrono::steady_clock::now();
    if (announced || now - m_last_position_read >= std::chrono::seconds(1)) {
        m_last_position_read = now;
        QueryUse use(cached("SELECT coalesce(sum(updated), 0)::bigint FROM games"));
        const std::int64_t position = use->step() ? use->column_int64(0) : 0;
        if (position != m_position) {
            m_position = position;
            ++m_notifications;
        }
    }
    return m_notifications;
}

void PgLogDb::lock_game(std::int64_t game) {
    // Through the server's function: a login holds only a game it may write to.
    QueryUse use(cached("SELECT tictactrace.lock_game(?1)"));
    use->bind(1, game).run();
}

void PgLogDb::lock_log() {
    // A table lock that only the log's owner may take (it needs more than the SELECT that every member
    // has), so that no member's session can hold everyone off; readers never ask for it.
    QueryUse use(cached("LOCK TABLE tictactrace.meta IN SHARE ROW EXCLUSIVE MODE"));
    use->run();
}


std::vector<std::string> PgLogDb::integrity_check() {
    // The server keeps its own pages sound; what can be wrong is what an owner may turn off: the
    // triggers that keep events append-only and, in a classroom, the row-level security.
    std::vector<std::string> problems;
    {
        QueryUse use(
            cached("SELECT count(*) FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = "
                   "t.tgrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
                   "'tictactrace' AND c.relname = 'events' AND t.tgname IN ('events_append_only', "
                   "'events_no_truncate') AND t.tgenabled <> 'D'"));
        if (!use->step() || use->column_int64(0) != 2)
            problems.emplace_back("the triggers that keep events append-only are missing or disabled");
    }
    {
        QueryUse use(
            cached("SELECT EXISTS (SELECT 1 FROM meta WHERE key = 'classroom'), (SELECT count(*) FROM "
                   "pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE "
                   "n.nspname = 'tictactrace' AND c.relname IN ('games', 'events', 'snapshots', "
                   "'poll_answers') AND c.relrowsecurity)"));
        if (use->step() && use->column_int64(0) != 0 && use->column_int64(1) != 4)
            problems.emplace_back("row-level security is off on a classroom's table: students could write to "
                                  "other students' games");
    }
    if (problems.empty()) problems.emplace_back("ok");
    return problems;
}

OrphanCounts PgLogDb::foreign_key_orphans() {
    // The server enforces the keys, unless a superuser turned triggers off while loading: counted anyway.
    OrphanCounts out;
    for (const char* table : {"events", "snapshots"}) {
        const auto q = prepare(std::string("SELECT count(*) FROM ") + table +
                               " t WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = t.game)");
        if (q->step() && q->column_int64(0) > 0) out[{table, "games"}] = q->column_int64(0);
    }
    return out;
}

void PgLogDb::interrupt() noexcept {
    std::lock_guard lock(m_cancel_mutex);
    if (!m_cancel) return;
    std::array<char, 256> error{};
    (void)libpq().PQcancel(m_cancel.get(), error.data(), static_cast<int>(error.size()));
}

}  // namespace ttt::store::detail
