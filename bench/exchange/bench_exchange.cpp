// Importing many SGF games against plain sqlite3 inserts of the same events, in the same run and on the
// same file settings (WAL, synchronous=FULL, one transaction).
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sgf.hpp"
#include "tictactrace/exchange/store_transfer.hpp"
#include "tictactrace/store/event_codec.hpp"

#include <benchmark/benchmark.h>
#include <sqlite3.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

// [SECTION] Index
// - The data: N random gomoku games of 60 moves on 15x15, as one SGF text and as event rows.
// - PlainLog: sqlite3 alone, the rows into a table of the store's shape.
// - The benchmarks: ours (parse + validate + store import), plain, the parts, and both in one loop.

namespace {

using namespace ttt;
using namespace ttt::exchange;

constexpr int kMovesPerGame = 60;

// [SECTION] The data

struct Row {
    std::int64_t game;
    std::int64_t seq;
    const char* type;
    std::string payload;
    std::int64_t ms;
};

struct Dataset {
    std::string sgf;
    std::vector<Row> rows;
    std::size_t events = 0;
};

// Random play that never ends before the 60th move: a move that would win is taken back and another
// cell tried, so every game has exactly 60 moves and imports as "in progress".
GameRecord random_game(std::mt19937& rng, std::int64_t created_ms) {
    GameRecord game;
    game.rules = Rules::gomoku(false, 15, 15);
    game.x_name = "Black";
    game.o_name = "White";
    game.created_ms = created_ms;
    Position position(game.rules);
    while (position.move_count() < kMovesPerGame) {
        const Pos p{static_cast<int>(rng() % 15), static_cast<int>(rng() % 15)};
        if (!position.check(p)) continue;
        const Player mover = position.to_move();
        if (!position.play(p)) continue;
        if (position.outcome().over()) {
            (void)position.take_back();
            continue;
        }
        append_event(game, MovePlayed{mover, p}, created_ms);
    }
    return game;
}

const Dataset& dataset(std::size_t games) {
    static std::map<std::size_t, Dataset> cache;
    if (auto found = cache.find(games); found != cache.end()) return found->second;
    Dataset& data = cache[games];
    std::mt19937 rng(2024);
    std::vector<GameRecord> records;
    records.reserve(games);
    for (std::size_t g = 0; g < games; ++g) records.push_back(random_game(rng, 1'704'067'200'000));
    auto sgf = write_sgf(records);
    if (!sgf.has_value()) throw std::runtime_error("the benchmark's games do not fold");
    data.sgf = std::move(sgf).value();
    for (std::size_t g = 0; g < games; ++g) {
        const std::vector<Event> events = to_events(records[g]);
        for (std::size_t i = 0; i < events.size(); ++i)
            data.rows.push_back(Row{static_cast<std::int64_t>(g + 1), static_cast<std::int64_t>(i),
                                    type_name_of(events[i]), store::encode_payload(events[i]),
                                    records[g].created_ms});
        data.events += events.size();
    }
    return data;
}

// A private folder for the database files, removed when the benchmark exits.
class ScratchDir {
public:
    ScratchDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "ttt-bench-exchange-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make a scratch folder");
        m_path = pattern;
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    [[nodiscard]] const std::filesystem::path& path() const noexcept { return m_path; }

private:
    std::filesystem::path m_path;
};

std::filesystem::path scratch_file(const std::string& name) {
    static const ScratchDir dir;
    const auto path = dir.path() / name;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    return path;
}

// [SECTION] PlainLog

class PlainLog {
public:
    explicit PlainLog(const std::filesystem::path& path) {
        if (sqlite3_open(path.c_str(), &m_db) != SQLITE_OK) throw std::runtime_error("open failed");
        exec("PRAGMA journal_mode = WAL");
        exec("PRAGMA synchronous = FULL");
        exec("CREATE TABLE events (game INTEGER NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, "
             "type_version INTEGER NOT NULL, payload TEXT NOT NULL, recorded_ms INTEGER NOT NULL, "
             "PRIMARY KEY (game, seq)) WITHOUT ROWID");
        if (sqlite3_prepare_v2(m_db, "INSERT INTO events VALUES (?1, ?2, ?3, ?4, ?5, ?6)", -1, &m_insert,
                               nullptr) != SQLITE_OK)
            throw std::runtime_error("prepare failed");
    }
    PlainLog(const PlainLog&) = delete;
    PlainLog& operator=(const PlainLog&) = delete;
    ~PlainLog() {
        sqlite3_finalize(m_insert);
        sqlite3_close(m_db);
    }

    void insert_all(const std::vector<Row>& rows) {
        exec("BEGIN IMMEDIATE");
        for (const Row& row : rows) {
            sqlite3_bind_int64(m_insert, 1, row.game);
            sqlite3_bind_int64(m_insert, 2, row.seq);
            sqlite3_bind_text(m_insert, 3, row.type, -1, SQLITE_STATIC);
            sqlite3_bind_int(m_insert, 4, 1);
            sqlite3_bind_text(m_insert, 5, row.payload.data(), static_cast<int>(row.payload.size()),
                              SQLITE_STATIC);
            sqlite3_bind_int64(m_insert, 6, row.ms);
            const int rc = sqlite3_step(m_insert);
            sqlite3_reset(m_insert);
            if (rc != SQLITE_DONE) throw std::runtime_error("insert failed");
        }
        exec("COMMIT");
    }

private:
    void exec(const char* sql) {
        if (sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) throw std::runtime_error(sql);
    }

    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_insert = nullptr;
};

// [SECTION] The benchmarks

std::size_t import_sgf(const std::string& sgf, const std::filesystem::path& file) {
    auto read = read_games(sgf, ImportOptions{Format::Sgf, std::nullopt, 0, std::nullopt});
    if (!read.has_value()) throw std::runtime_error(read.error().describe());
    store::EventStore db = store::EventStore::open(file);
    auto ids = import_into_store(db, read.value().games);
    if (!ids.has_value()) throw std::runtime_error(ids.error().describe());
    return ids.value().size();
}

void set_counters(benchmark::State& state, const Dataset& data) {
    state.counters["games"] = static_cast<double>(state.range(0));
    state.counters["events/s"] =
        benchmark::Counter(static_cast<double>(data.events) * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate);
}

// Ours: the SGF text parsed, every game folded, then written by the store in one transaction.
void BM_ImportSgf(benchmark::State& state) {
    const Dataset& data = dataset(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        state.PauseTiming();
        const auto file = scratch_file("ours.db");
        state.ResumeTiming();
        benchmark::DoNotOptimize(import_sgf(data.sgf, file));
    }
    set_counters(state, data);
}

// Plain sqlite3: the same event rows, payloads already made, inserted in one transaction.
void BM_PlainSqlite(benchmark::State& state) {
    const Dataset& data = dataset(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        state.PauseTiming();
        const auto file = scratch_file("plain.db");
        state.ResumeTiming();
        PlainLog log(file);
        log.insert_all(data.rows);
    }
    set_counters(state, data);
}

// The first part of ours alone: parsing and folding, no database.
void BM_ParseAndValidateSgf(benchmark::State& state) {
    const Dataset& data = dataset(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        auto read = read_games(data.sgf, ImportOptions{Format::Sgf, std::nullopt, 0, std::nullopt});
        benchmark::DoNotOptimize(read);
    }
    set_counters(state, data);
}

// Both in each iteration, so the ratio comes from one run on one machine state.
void BM_ImportVsPlain(benchmark::State& state) {
    const Dataset& data = dataset(static_cast<std::size_t>(state.range(0)));
    double ours = 0;
    double plain = 0;
    using Clock = std::chrono::steady_clock;
    for (auto _ : state) {
        const auto plain_file = scratch_file("plain.db");
        const auto our_file = scratch_file("ours.db");
        const auto t0 = Clock::now();
        {
            PlainLog log(plain_file);
            log.insert_all(data.rows);
        }
        const auto t1 = Clock::now();
        benchmark::DoNotOptimize(import_sgf(data.sgf, our_file));
        const auto t2 = Clock::now();
        plain += std::chrono::duration<double>(t1 - t0).count();
        ours += std::chrono::duration<double>(t2 - t1).count();
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["plain_s"] = plain / n;
    state.counters["ours_s"] = ours / n;
    state.counters["ratio"] = ours / plain;
}

BENCHMARK(BM_ImportSgf)->Arg(100)->Arg(10'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlainSqlite)->Arg(100)->Arg(10'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseAndValidateSgf)->Arg(100)->Arg(10'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportVsPlain)->Arg(100)->Arg(10'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
