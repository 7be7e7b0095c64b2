// The log on a PostgreSQL server against raw libpq, in one run so that the figures stand side by side:
// appends through EventStore next to the very statements it sends, sent by hand, and next to the floor
// (the event's INSERT alone); how long a committed event takes to reach another connection; and the
// SQLite file's appends for context.
//
// The server is the one $TTT_BENCH_PG names (an admin role's URI: tests/pg/pg_cluster.sh start DIR, then
// pg_cluster.sh uri DIR). The run makes a database of its own there and drops it at the end. Without a
// server it stops with a sentence saying so: a benchmark without its server reports no figures.
//
// [SECTION] The server: $TTT_BENCH_PG and the run's own database
// [SECTION] Raw libpq: a connection, prepared statements, results checked
// [SECTION] Appends through the store
// [SECTION] The same statements by hand, and the floor
// [SECTION] The three in turn, for the ratio
// [SECTION] From a commit to another connection's notification
// [SECTION] The SQLite file, for context
// [SECTION] The summary: ratios of this run
// [SECTION] main
#include "scratch_dir.hpp"

#include "tictactrace/store/event_codec.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <benchmark/benchmark.h>
#include <libpq-fe.h>
#include <poll.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using namespace ttt;
using namespace ttt::store;

// [SECTION] The server: $TTT_BENCH_PG and the run's own database

constexpr const char* kServerVariable = "TTT_BENCH_PG";

struct PgConnCloser {
    void operator()(PGconn* conn) const noexcept { PQfinish(conn); }
};
struct PgResultClearer {
    void operator()(PGresult* result) const noexcept { PQclear(result); }
};
using PgConn = std::unique_ptr<PGconn, PgConnCloser>;
using PgResult = std::unique_ptr<PGresult, PgResultClearer>;

std::string first_line(const char* message) {
    std::string text = message ? message : "";
    if (const auto nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
    return text;
}

PgConn connect_or_throw(const std::string& conninfo) {
    PgConn conn(PQconnectdb(conninfo.c_str()));
    if (!conn) throw std::runtime_error("out of memory connecting to the server");
    if (PQstatus(conn.get()) != CONNECTION_OK)
        throw std::runtime_error("cannot connect: " + first_line(PQerrorMessage(conn.get())));
    return conn;
}

void exec_or_throw(PGconn* conn, const std::string& sql) {
    PgResult result(PQexec(conn, sql.c_str()));
    const auto status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw std::runtime_error(sql + ": " + first_line(PQerrorMessage(conn)));
}

// libpq's key=value form quotes a value in '' with \ escaping ' and \.
void append_option(std::string& out, std::string_view key, std::string_view value) {
    if (!out.empty()) out += ' ';
    out.append(key).append("='");
    for (const char c : value) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
    }
    out += '\'';
}

// The admin URI's server and role with another database, as key=value options (what PQconnectdb and
// EventStore::connect both take). With `synchronous_commit` false every session of it commits without
// waiting for the server's WAL flush (the server's counterpart of SQLite's synchronous=NORMAL).
std::string conninfo_of(const std::string& admin, const std::string& database, bool synchronous_commit) {
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(admin.c_str(), &error);
    if (!options) {
        const std::string why = error ? first_line(error) : "out of memory";
        PQfreemem(error);
        throw std::runtime_error(std::string(kServerVariable) +
                                 " is not a connection string libpq reads: " + why);
    }
    std::string out;
    std::string session;  // the URI's own `options`, kept
    for (const PQconninfoOption* o = options; o->keyword; ++o) {
        if (!o->val) continue;
        const std::string_view key = o->keyword;
        if (key == "dbname") continue;
        if (key == "options") {
            session = o->val;
            continue;
        }
        append_option(out, key, o->val);
    }
    PQconninfoFree(options);
    append_option(out, "dbname", database);
    if (!synchronous_commit) session += " -c synchronous_commit=off";
    if (!session.empty()) append_option(out, "options", session);
    return out;
}

// The run's own database: made before the first benchmark, dropped after the last.
struct BenchServer {
    std::string admin;
    std::string database;
    std::string version;

    std::string conninfo(bool synchronous_commit) const {
        return conninfo_of(admin, database, synchronous_commit);
    }
};

BenchServer& server() {
    static BenchServer s;
    return s;
}

void make_database() {
    BenchServer& s = server();
    const char* uri = std::getenv(kServerVariable);
    if (!uri || !*uri)
        throw std::runtime_error(
            std::string(kServerVariable) +
            " is not set: give it the URI of a PostgreSQL role that may create databases, "
            "e.g. tests/pg/pg_cluster.sh start /tmp/ttt-bench-pg; export " +
            kServerVariable + "=$(tests/pg/pg_cluster.sh uri /tmp/ttt-bench-pg)");
    s.admin = uri;
    PgConn admin;
    try {
        admin = connect_or_throw(s.admin);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string("the server of ") + kServerVariable +
                                 " cannot be reached: " + e.what());
    }
    s.version = PQparameterStatus(admin.get(), "server_version");
    s.database = "ttt_bench_pg_" + std::to_string(::getpid()) + "_" +
                 std::to_string(std::chrono::system_clock::now().time_since_epoch().count() & 0xffffff);
    exec_or_throw(admin.get(), "CREATE DATABASE " + s.database);
    // The tables, made once by the store as any first connection makes them, outside every timing.
    (void)EventStore::connect(s.conninfo(true));
}

void drop_database() noexcept {
    BenchServer& s = server();
    if (s.database.empty()) return;
    try {
        const PgConn admin = connect_or_throw(s.admin);
        // FORCE: a benchmark that failed half-way must not leave the database behind for a stray session.
        exec_or_throw(admin.get(), "DROP DATABASE IF EXISTS " + s.database + " WITH (FORCE)");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_pg_store: could not drop database %s: %s\n", s.database.c_str(),
                     e.what());
    }
    s.database.clear();
}

// Any failure inside a benchmark ends it with the failure's sentence instead of figures.
template <class Body>
void guarded(benchmark::State& state, Body&& body) {
    try {
        body();
    } catch (const std::exception& e) {
        state.SkipWithError(e.what());
    }
}

bool synchronous_of(const benchmark::State& state) {
    return state.range(0) != 0;
}

// Board cells in a fixed order on a wide score-rule board (as bench_store): X and O alternate along the
// first row, so every move costs the same and the game never ends before the board is full.
constexpr int kWide = 1000;
constexpr std::int64_t kCells = std::int64_t{kWide} * kWide;
Pos nth_cell(std::int64_t i) {
    return {static_cast<int>(i / kWide), static_cast<int>(i % kWide)};
}
MovePlayed nth_move(std::int64_t i) {
    return MovePlayed{i % 2 == 0 ? Player::X : Player::O, nth_cell(i)};
}

// A new game through the store, as every game begins (its row and event 0); returns its id.
GameId new_game(EventStore& store) {
    return store.create_game(GameCreated{Rules::score(kWide, kWide), "x", "o"}).value();
}

// The same through a store of its own that is gone when it returns: a store LISTENs, and an idle
// listener left open would be one more backend the server wakes at every commit of the peer's.
GameId new_game_on(const std::string& conninfo) {
    auto store = EventStore::connect(conninfo);
    return new_game(store);
}

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// [SECTION] Raw libpq: a connection, prepared statements, results checked

// Parameters of one statement as libpq takes them: text, or bytes where the format says 1.
template <int N>
struct Params {
    std::array<const char*, N> values{};
    std::array<int, N> lengths{};
    std::array<int, N> formats{};
    std::array<std::array<char, 24>, N> numbers{};

    void number(int i, std::int64_t v) {
        auto& buf = numbers[static_cast<std::size_t>(i)];
        const auto end = std::to_chars(buf.data(), buf.data() + buf.size() - 1, v).ptr;
        *end = '\0';
        text(i, {buf.data(), static_cast<std::size_t>(end - buf.data())});
    }
    void text(int i, std::string_view t) {
        values[static_cast<std::size_t>(i)] = t.data();
        lengths[static_cast<std::size_t>(i)] = static_cast<int>(t.size());
        formats[static_cast<std::size_t>(i)] = 0;
    }
    void bytes(int i, const void* data, int size) {
        values[static_cast<std::size_t>(i)] = static_cast<const char*>(data);
        lengths[static_cast<std::size_t>(i)] = size;
        formats[static_cast<std::size_t>(i)] = 1;
    }
    void null(int i) { values[static_cast<std::size_t>(i)] = nullptr; }
};

std::int64_t big_endian_int8(const char* bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<std::uint8_t>(bytes[i]);
    return static_cast<std::int64_t>(v);
}

// One connection set up as the store sets up its own (the schema on the search path, LISTEN on the
// channel, the lock timeout), its statements prepared once, results asked for in binary as the store asks.
class RawConnection {
public:
    explicit RawConnection(const std::string& conninfo) : m_conn(connect_or_throw(conninfo)) {
        exec_or_throw(m_conn.get(), "SELECT pg_catalog.set_config('search_path', 'tictactrace', false)");
        exec_or_throw(m_conn.get(), "LISTEN tictactrace");
        exec_or_throw(m_conn.get(), "SELECT pg_catalog.set_config('lock_timeout', '5000ms', false)");
    }

    PGconn* get() const noexcept { return m_conn.get(); }

    void prepare(const char* name, const char* sql, int params) {
        PgResult result(PQprepare(m_conn.get(), name, sql, params, nullptr));
        if (PQresultStatus(result.get()) != PGRES_COMMAND_OK)
            throw std::runtime_error(std::string("preparing ") + sql + ": " +
                                     first_line(PQerrorMessage(m_conn.get())));
    }

    template <int N>
    PgResult run(const char* name, const Params<N>& p) {
        PgResult result(
            PQexecPrepared(m_conn.get(), name, N, p.values.data(), p.lengths.data(), p.formats.data(), 1));
        check(name, result);
        return result;
    }
    PgResult run(const char* name) {
        PgResult result(PQexecPrepared(m_conn.get(), name, 0, nullptr, nullptr, nullptr, 1));
        check(name, result);
        return result;
    }

private:
    void check(const char* name, const PgResult& result) const {
        const auto status = PQresultStatus(result.get());
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            throw std::runtime_error(std::string("statement ") + name + ": " +
                                     first_line(PQerrorMessage(m_conn.get())));
    }

    PgConn m_conn;
};

// The 32-byte hash column, filled with fixed bytes: computing the chain is work only the store does,
// and is counted against it.
constexpr std::array<unsigned char, 32> kFixedHash = {0x5a, 0xa5};

// The statements EventStore::append sends for a move, word for word, and nothing else: no fold, no
// hash, no snapshot. The payload is the text our codec writes for the move.
class RawAppender {
public:
    explicit RawAppender(const std::string& conninfo) : m_raw(conninfo) {
        m_raw.prepare("begin", "BEGIN", 0);
        m_raw.prepare("lock", "SELECT id FROM games WHERE id = $1 FOR UPDATE", 1);
        m_raw.prepare("last", "SELECT seq, hash FROM events WHERE game = $1 ORDER BY seq DESC LIMIT 1", 1);
        m_raw.prepare("insert",
                      "INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, hash) VALUES "
                      "($1, $2, $3, $4, $5, $6, $7)",
                      7);
        m_raw.prepare(
            "update",
            "UPDATE games SET status = $2, winner = $3, moves = $4, last_seq = $5, updated_ms = $6, "
            "x_name = $7, o_name = $8 WHERE id = $1",
            8);
        m_raw.prepare("commit", "COMMIT", 0);
    }

    // Appends move `expected_last` (0-based) as event expected_last + 1 of `game`.
    void append(GameId game, std::int64_t expected_last) {
        (void)m_raw.run("begin");
        Params<1> g;
        g.number(0, game);
        (void)m_raw.run("lock", g);
        const PgResult last = m_raw.run("last", g);
        if (PQntuples(last.get()) != 1 || big_endian_int8(PQgetvalue(last.get(), 0, 0)) != expected_last)
            throw std::runtime_error("the raw log's last event is not the one expected");
        const std::int64_t seq = expected_last + 1;
        const MovePlayed move = nth_move(expected_last);
        m_payload.clear();
        encode_payload(move, m_payload);
        const std::int64_t now = now_ms();
        Params<7> insert;
        insert.number(0, game);
        insert.number(1, seq);
        insert.text(2, type_name_of(move));
        insert.number(3, type_version_of(move));
        insert.text(4, m_payload);
        insert.number(5, now);
        insert.bytes(6, kFixedHash.data(), static_cast<int>(kFixedHash.size()));
        (void)m_raw.run("insert", insert);
        Params<8> update;
        update.number(0, game);
        update.text(1, "playing");
        update.null(2);
        update.number(3, seq);
        update.number(4, seq);
        update.number(5, now);
        update.text(6, "x");
        update.text(7, "o");
        (void)m_raw.run("update", update);
        (void)m_raw.run("commit");
    }

private:
    RawConnection m_raw;
    std::string m_payload;
};

// The floor: the event's INSERT alone, its own transaction (autocommit), one round trip. The same row,
// the same table, so the same key, foreign key and notifying trigger on the server.
class RawInserter {
public:
    explicit RawInserter(const std::string& conninfo) : m_raw(conninfo) {
        m_raw.prepare("insert",
                      "INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, hash) VALUES "
                      "($1, $2, $3, $4, $5, $6, $7)",
                      7);
    }

    // Writes move `index` (0-based) as event index + 1 of `game`.
    void insert(GameId game, std::int64_t index) {
        const MovePlayed move = nth_move(index);
        m_payload.clear();
        encode_payload(move, m_payload);
        Params<7> p;
        p.number(0, game);
        p.number(1, index + 1);
        p.text(2, type_name_of(move));
        p.number(3, type_version_of(move));
        p.text(4, m_payload);
        p.number(5, now_ms());
        p.bytes(6, kFixedHash.data(), static_cast<int>(kFixedHash.size()));
        (void)m_raw.run("insert", p);
    }

    PGconn* get() const noexcept { return m_raw.get(); }

private:
    RawConnection m_raw;
    std::string m_payload;
};

// [SECTION] Appends through the store

// One transaction per move, over one connection on the server's unix socket. Wall-clock time: with
// synchronous_commit on, most of it is the server's WAL flush, which no CPU time of ours sees.
void BM_PgAppend_Store(benchmark::State& state) {
    guarded(state, [&] {
        auto store = EventStore::connect(server().conninfo(synchronous_of(state)));
        GameId game = new_game(store);
        Seq last = 0;
        for (auto _ : state) {
            if (last + 1 >= kCells) {  // a full board: a new game (never within a run's few seconds)
                state.PauseTiming();
                game = new_game(store);
                last = 0;
                state.ResumeTiming();
            }
            const auto result = store.append(game, last, nth_move(last));
            last = result.value().seq;
        }
    });
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PgAppend_Store)->Arg(1)->Arg(0)->ArgName("sync")->UseRealTime()->Unit(benchmark::kMicrosecond);

// [SECTION] The same statements by hand, and the floor

void BM_PgAppend_Raw(benchmark::State& state) {
    guarded(state, [&] {
        const std::string info = server().conninfo(synchronous_of(state));
        // The game's row and event 0 through the store, as any game begins; the moves after them by hand.
        GameId game = new_game_on(info);
        RawAppender raw(info);
        std::int64_t last = 0;
        for (auto _ : state) {
            if (last + 1 >= kCells) {
                state.PauseTiming();
                game = new_game_on(info);
                last = 0;
                state.ResumeTiming();
            }
            raw.append(game, last);
            ++last;
        }
    });
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PgAppend_Raw)->Arg(1)->Arg(0)->ArgName("sync")->UseRealTime()->Unit(benchmark::kMicrosecond);

void BM_PgInsertOnly_Raw(benchmark::State& state) {
    guarded(state, [&] {
        const std::string info = server().conninfo(synchronous_of(state));
        GameId game = new_game_on(info);
        RawInserter raw(info);
        std::int64_t index = 0;
        for (auto _ : state) {
            if (index + 1 >= kCells) {
                state.PauseTiming();
                game = new_game_on(info);
                index = 0;
                state.ResumeTiming();
            }
            raw.insert(game, index++);
        }
    });
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PgInsertOnly_Raw)->Arg(1)->Arg(0)->ArgName("sync")->UseRealTime()->Unit(benchmark::kMicrosecond);

// [SECTION] The three in turn, for the ratio

// The same three writes taken in turn, one of each per iteration, each timed on its own: whatever the
// shared machine or the disk does meanwhile falls on all three alike, so the ratios of this case are the
// steadiest figures of the run. The order runs through all six permutations, so each write comes first,
// second and third, and after each of the others, equally often. Reported: wall time per write, its mean
// (what throughput is) and its median (a stall of the disk, which lands on one write of the three, moves
// the mean but not the median), and this thread's CPU time per write, all of it and its user part
// (what our side spends itself; the server's work is the same for both). Longer than the others by its own
// minimum time: with synchronous_commit on an iteration is three disk flushes.
double thread_cpu_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The user part of it alone: the kernel's share is the same syscalls on both sides (one send, poll and
// receive per statement) and moves with the machine, while the user time is the work of our own code.
double thread_user_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_THREAD, &u);
    return static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) * 1e-6;
}

double median_of(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void BM_PgAppend_InTurn(benchmark::State& state) {
    constexpr std::array<std::array<std::size_t, 3>, 6> kOrders = {
        {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}};
    std::array<std::vector<double>, 3> wall;
    std::array<double, 3> cpu{};
    std::array<double, 3> user{};
    guarded(state, [&] {
        const std::string info = server().conninfo(synchronous_of(state));
        auto store = EventStore::connect(info);
        const GameId ours = new_game(store);
        const GameId by_hand = new_game(store);
        const GameId inserted = new_game(store);
        RawAppender raw(info);
        RawInserter insert_only(info);
        std::int64_t n = 0;
        const std::array<std::function<void()>, 3> writes = {
            [&] { (void)store.append(ours, n, nth_move(n)).value(); },
            [&] { raw.append(by_hand, n); },
            [&] { insert_only.insert(inserted, n); },
        };
        for (auto& w : wall) w.reserve(static_cast<std::size_t>(state.max_iterations));
        for (auto _ : state) {
            if (n + 1 >= kCells) throw std::runtime_error("the board is full: run for less time");
            for (const std::size_t which : kOrders[static_cast<std::size_t>(n) % kOrders.size()]) {
                const auto start = std::chrono::steady_clock::now();
                const double cpu_start = thread_cpu_seconds();
                const double user_start = thread_user_seconds();
                writes[which]();
                user[which] += thread_user_seconds() - user_start;
                cpu[which] += thread_cpu_seconds() - cpu_start;
                wall[which].push_back(
                    std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                        .count());
            }
            ++n;
        }
    });
    if (wall[0].empty()) return;
    const auto n = static_cast<double>(wall[0].size());
    const auto mean = [&](std::size_t i) {
        double sum = 0;
        for (const double w : wall[i]) sum += w;
        return sum / n;
    };
    const double store_mean = mean(0);
    const double raw_mean = mean(1);
    const double store_median = median_of(wall[0]);
    state.counters["store_us"] = store_mean;
    state.counters["raw_us"] = raw_mean;
    state.counters["insert_us"] = mean(2);
    state.counters["store_p50_us"] = store_median;
    state.counters["raw_p50_us"] = median_of(wall[1]);
    state.counters["store_cpu_us"] = cpu[0] / n * 1e6;
    state.counters["raw_cpu_us"] = cpu[1] / n * 1e6;
    state.counters["store_user_us"] = user[0] / n * 1e6;
    state.counters["raw_user_us"] = user[1] / n * 1e6;
    // Throughput, ours over the peer's, is the peer's time over ours: from the means, and from the medians.
    state.counters["store/raw"] = raw_mean / store_mean;
    state.counters["store/raw_p50"] = median_of(wall[1]) / store_median;
}
BENCHMARK(BM_PgAppend_InTurn)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("sync")
    ->MinTime(3)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// [SECTION] From a commit to another connection's notification

using Clock = std::chrono::steady_clock;

// What the watching thread saw last: the how-many-th notification it was, and when it arrived.
class Arrivals {
public:
    void record(std::int64_t count, Clock::time_point when) {
        {
            std::lock_guard lock(m_mutex);
            m_count = count;
            m_when = when;
        }
        m_changed.notify_one();
    }
    void fail(std::string why) {
        {
            std::lock_guard lock(m_mutex);
            m_failure = std::move(why);
        }
        m_changed.notify_one();
    }
    // When notification `count` arrived; throws when it has not within a few seconds (or the watcher
    // failed): a lost notification is an error, never a figure.
    Clock::time_point wait_for(std::int64_t count) {
        std::unique_lock lock(m_mutex);
        if (!m_changed.wait_for(lock, std::chrono::seconds(5),
                                [&] { return m_count >= count || !m_failure.empty(); }))
            throw std::runtime_error("notification " + std::to_string(count) + " did not arrive within 5 s");
        if (!m_failure.empty()) throw std::runtime_error(m_failure);
        if (m_count != count) throw std::runtime_error("a notification arrived that no write of ours sent");
        return m_when;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::int64_t m_count = 0;
    Clock::time_point m_when;
    std::string m_failure;
};

// Waits for notifications as a window would, but blocking in poll() on the connection's socket (for
// precision) rather than once per frame: each is counted and stamped as soon as libpq has it.
void watch_socket(PGconn* conn, const std::stop_token& stop, Arrivals& arrivals) {
    const int fd = PQsocket(conn);
    std::int64_t count = 0;
    while (!stop.stop_requested()) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 20) <= 0) continue;
        const auto when = Clock::now();
        if (!PQconsumeInput(conn)) {
            arrivals.fail("the watching connection failed: " + first_line(PQerrorMessage(conn)));
            return;
        }
        while (PGnotify* n = PQnotifies(conn)) {
            PQfreemem(n);
            arrivals.record(++count, when);
        }
    }
}

// The store's own way: data_version() asked again and again (a window asks once a frame); it reads
// what has come in on the socket without blocking. The yield lets the server's processes have the
// core when they need it.
void watch_data_version(EventStore& store, const std::stop_token& stop, Arrivals& arrivals) {
    try {
        const std::uint64_t start = store.data_version();
        std::uint64_t seen = start;
        while (!stop.stop_requested()) {
            const std::uint64_t v = store.data_version();
            if (v != seen) {
                const auto when = Clock::now();
                seen = v;
                arrivals.record(static_cast<std::int64_t>(v - start), when);
            }
            std::this_thread::yield();
        }
    } catch (const std::exception& e) {
        arrivals.fail(std::string("the watching store failed: ") + e.what());
    }
}

double micros(Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count();
}

// p50, p99 and the worst of the samples, as counters in microseconds.
void report_percentiles(benchmark::State& state, const char* prefix, std::vector<double> samples) {
    if (samples.empty()) return;
    std::sort(samples.begin(), samples.end());
    const auto at = [&](double q) {
        const auto i = static_cast<std::size_t>(q * static_cast<double>(samples.size() - 1) + 0.5);
        return samples[std::min(i, samples.size() - 1)];
    };
    const std::string p = prefix;
    state.counters[p + "p50_us"] = at(0.50);
    state.counters[p + "p99_us"] = at(0.99);
    state.counters[p + "max_us"] = samples.back();
}

// One sample per iteration: `write(i)` commits one event on the writing connection, the watcher counts
// notifications on another. "lag" is from the write's return (its COMMIT acknowledged) to the
// notification's arrival; "e2e" from the write's start (what another window waits after a click).
template <class Write, class Watch>
void sample_notifications(benchmark::State& state, Write&& write, Watch&& watch) {
    Arrivals arrivals;
    std::vector<double> lag;
    std::vector<double> e2e;
    lag.reserve(static_cast<std::size_t>(state.max_iterations));
    e2e.reserve(static_cast<std::size_t>(state.max_iterations));
    {
        std::jthread watcher([&](const std::stop_token& stop) { watch(stop, arrivals); });
        std::int64_t count = 0;
        for (auto _ : state) {
            const auto start = Clock::now();
            write(count);
            const auto acknowledged = Clock::now();
            const auto arrived = arrivals.wait_for(++count);
            lag.push_back(micros(arrived - acknowledged));
            e2e.push_back(micros(arrived - start));
        }
    }
    report_percentiles(state, "lag_", std::move(lag));
    report_percentiles(state, "e2e_", std::move(e2e));
}

// Appends through one store, the notifications read by another store's data_version().
void BM_PgNotify_Store_DataVersion(benchmark::State& state) {
    guarded(state, [&] {
        const std::string info = server().conninfo(true);
        auto writer = EventStore::connect(info);
        auto watcher = EventStore::connect(info);
        const std::uint64_t before = watcher.data_version();
        const GameId game = new_game(writer);
        // The creation's own notification, taken in before the first sample so that it counts as none.
        const auto deadline = Clock::now() + std::chrono::seconds(5);
        while (watcher.data_version() == before)
            if (Clock::now() > deadline) throw std::runtime_error("the creation's notification never came");
        sample_notifications(
            state, [&](std::int64_t i) { (void)writer.append(game, i, nth_move(i)).value(); },
            [&](const std::stop_token& stop, Arrivals& a) { watch_data_version(watcher, stop, a); });
    });
}

// Appends through the store, the notifications read by a raw connection blocking on its socket.
void BM_PgNotify_Store_Socket(benchmark::State& state) {
    guarded(state, [&] {
        const std::string info = server().conninfo(true);
        auto writer = EventStore::connect(info);
        const GameId game = new_game(writer);
        RawConnection watcher(info);  // LISTENs from after the creation on
        sample_notifications(
            state, [&](std::int64_t i) { (void)writer.append(game, i, nth_move(i)).value(); },
            [&](const std::stop_token& stop, Arrivals& a) { watch_socket(watcher.get(), stop, a); });
    });
}

// The floor's INSERT by hand (the same trigger sends the same notification), read on a raw socket.
void BM_PgNotify_Raw_Socket(benchmark::State& state) {
    guarded(state, [&] {
        const std::string info = server().conninfo(true);
        const GameId game = new_game_on(info);
        RawInserter writer(info);
        RawConnection watcher(info);
        sample_notifications(
            state, [&](std::int64_t i) { writer.insert(game, i); },
            [&](const std::stop_token& stop, Arrivals& a) { watch_socket(watcher.get(), stop, a); });
    });
}

// [SECTION] The SQLite file, for context

const std::filesystem::path& scratch_dir() {
    static const ttt::bench::ScratchDir dir("ttt-bench-pg-store");
    return dir.path;
}

// bench_store's BM_Append_Store again, so the file's figures stand in the same run as the server's.
// sync:1 is synchronous=FULL (an fsync of the WAL per commit, as the server's synchronous_commit=on),
// sync:0 synchronous=NORMAL (synced at checkpoints, as synchronous_commit=off leaves it to the server's
// WAL writer).
void BM_SqliteAppend_Store(benchmark::State& state) {
    guarded(state, [&] {
        const auto path = scratch_dir() / ("append_" + std::to_string(state.range(0)) + ".db");
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
        StoreOptions options;
        options.durability = synchronous_of(state) ? Durability::Full : Durability::Normal;
        auto store = EventStore::open(path, options);
        const GameId game = new_game(store);
        Seq last = 0;
        for (auto _ : state) last = store.append(game, last, nth_move(last)).value().seq;
    });
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SqliteAppend_Store)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("sync")
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// [SECTION] The summary: ratios of this run

// The console's table, then the ratios the issue asks about, from the medians of this very run (or the
// single run's figures without repetitions).
class SideBySideReporter : public benchmark::ConsoleReporter {
public:
    SideBySideReporter() : ConsoleReporter(OO_Tabular) {}

    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            if (run.error_occurred) {
                m_failed = true;
                continue;
            }
            const std::string key = run.run_name.function_name + "/" + run.run_name.args;
            const double seconds = run.real_accumulated_time / static_cast<double>(run.iterations);
            if (run.run_type == Run::RT_Aggregate) {
                if (run.aggregate_name != "median") continue;
                m_median[key] = seconds;
                for (const auto& [name, counter] : run.counters) m_median_counters[key][name] = counter.value;
            } else {
                m_each[key].push_back(seconds);
                for (const auto& [name, counter] : run.counters)
                    m_each_counters[key][name].push_back(counter.value);
            }
        }
        ConsoleReporter::ReportRuns(runs);
    }

    void Finalize() override {
        ConsoleReporter::Finalize();
        std::printf("\nSide by side (%s):\n",
                    m_median.empty() ? "one run each" : "medians of the repetitions");
        for (const char* sync : {"sync:1", "sync:0"}) {
            const auto ours = time_of(std::string("BM_PgAppend_Store/") + sync);
            const auto raw = time_of(std::string("BM_PgAppend_Raw/") + sync);
            const auto insert_only = time_of(std::string("BM_PgInsertOnly_Raw/") + sync);
            if (!ours || !raw) continue;
            std::printf("  synchronous_commit=%s: store %.1f us/append (%.0f/s), raw same statements %.1f us "
                        "(%.0f/s): store / raw throughput %.2f",
                        std::string_view(sync) == "sync:1" ? "on " : "off", *ours * 1e6, 1 / *ours,
                        *raw * 1e6, 1 / *raw, *raw / *ours);
            if (insert_only)
                std::printf("; INSERT alone %.1f us (%.0f/s): store / INSERT alone %.2f", *insert_only * 1e6,
                            1 / *insert_only, *insert_only / *ours);
            std::printf("\n");
        }
        for (const char* sync : {"sync:1", "sync:0"}) {
            const std::string key = std::string("BM_PgAppend_InTurn/") + sync;
            const auto store = counter_of(key, "store_us");
            const auto raw = counter_of(key, "raw_us");
            const auto insert = counter_of(key, "insert_us");
            const auto ratio = counter_of(key, "store/raw");
            const auto ratio_p50 = counter_of(key, "store/raw_p50");
            if (!store || !raw || !insert || !ratio || !ratio_p50) continue;
            std::printf(
                "  in turn, synchronous_commit=%s: store %.1f us, raw same statements %.1f us, INSERT "
                "alone %.1f us (means): store / raw throughput %.2f (from the medians %.2f), store / "
                "INSERT alone %.2f\n",
                std::string_view(sync) == "sync:1" ? "on " : "off", *store, *raw, *insert, *ratio, *ratio_p50,
                *insert / *store);
        }
        if (m_failed) std::printf("  (some benchmarks failed: their figures are missing above)\n");
    }

    bool failed() const noexcept { return m_failed; }

private:
    std::optional<double> time_of(const std::string& key) const {
        if (const auto m = m_median.find(key); m != m_median.end()) return m->second;
        const auto e = m_each.find(key);
        if (e == m_each.end() || e->second.empty()) return std::nullopt;
        std::vector<double> v = e->second;
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    }

    std::optional<double> counter_of(const std::string& key, const std::string& name) const {
        if (const auto m = m_median_counters.find(key); m != m_median_counters.end()) {
            const auto c = m->second.find(name);
            return c == m->second.end() ? std::nullopt : std::optional<double>(c->second);
        }
        const auto e = m_each_counters.find(key);
        if (e == m_each_counters.end()) return std::nullopt;
        const auto c = e->second.find(name);
        if (c == e->second.end() || c->second.empty()) return std::nullopt;
        std::vector<double> v = c->second;
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    }

    std::map<std::string, double> m_median;
    std::map<std::string, std::map<std::string, double>> m_median_counters;
    std::map<std::string, std::map<std::string, std::vector<double>>> m_each_counters;
    std::map<std::string, std::vector<double>> m_each;
    bool m_failed = false;
};

}  // namespace

// [SECTION] main

// --samples=N (before Google Benchmark's own flags): how many commits each notification case times
// (2000 unless told; the smoke test asks for a few).
int main(int argc, char** argv) {
    long samples = 2000;
    bool listing = false;  // --benchmark_list_tests measures nothing, so it needs no server
    std::vector<char*> args;
    for (int i = 0; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--benchmark_list_tests" || a == "--benchmark_list_tests=true") listing = true;
        if (a.starts_with("--samples=")) {
            samples = std::strtol(argv[i] + 10, nullptr, 10);
            if (samples < 1) {
                std::fprintf(stderr, "bench_pg_store: --samples wants a positive number\n");
                return 2;
            }
            continue;
        }
        args.push_back(argv[i]);
    }
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 2;
    // Exactly `samples` iterations each: every iteration is one sample of the percentiles. Three
    // repetitions whatever --benchmark_repetitions says: the samples are the distribution, three runs of
    // it show how far it moves with the machine, and more would only make the run long.
    for (const auto& [name, fn] : {std::pair{"BM_PgNotify_Store_DataVersion", &BM_PgNotify_Store_DataVersion},
                                   std::pair{"BM_PgNotify_Store_Socket", &BM_PgNotify_Store_Socket},
                                   std::pair{"BM_PgNotify_Raw_Socket", &BM_PgNotify_Raw_Socket}})
        benchmark::RegisterBenchmark(name, fn)->Iterations(samples)->Repetitions(3)->UseRealTime()->Unit(
            benchmark::kMicrosecond);

    if (listing) {
        benchmark::RunSpecifiedBenchmarks();
        return 0;
    }
    try {
        make_database();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_pg_store: %s\n", e.what());
        drop_database();
        return 2;
    }
    benchmark::AddCustomContext("postgresql_server", server().version);
    SideBySideReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    drop_database();
    return reporter.failed() ? 1 : 0;
}
