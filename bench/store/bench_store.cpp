// The store against plain sqlite3, in the same run and on the same file settings (WAL, the same
// synchronous level): appends one transaction each, a 100,000-event batch in one transaction, and
// the state after move N of a 10,000-move game read from the file; and a position found among 1,000,000
// through the index of positions, against a plain scan that folds every game of the log. Plain's appends
// and imports are also run with one row of an index of positions per event (the *PlainIndexed cases): the
// floor of any log that keeps each move searchable as it is written.
//
// [SECTION] Scratch files
// [SECTION] Pages in the write-ahead log per commit
// [SECTION] Plain sqlite3: the same rows into the same table shape, nothing else
// [SECTION] Appends, one transaction per move
// [SECTION] A 100,000-event batch in one transaction
// [SECTION] The state after move N of a 10,000-move game
// [SECTION] Where have I seen this position: the index against a scan
#include "scratch_dir.hpp"

#include "store_access.hpp"

#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/position_key.hpp"
#include "tictactrace/store/event_codec.hpp"
#include "tictactrace/store/event_store.hpp"

#include <benchmark/benchmark.h>
#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace ttt;
using namespace ttt::store;

// [SECTION] Scratch files
// [SECTION] Pages in the write-ahead log per commit

const std::filesystem::path& scratch_dir() {
    static const ttt::bench::ScratchDir dir("ttt-bench-store");
    return dir.path;
}

std::filesystem::path fresh_file(const std::string& name) {
    const auto path = scratch_dir() / name;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
    return path;
}

Durability durability_of(const benchmark::State& state) {
    return state.range(0) == 0 ? Durability::Full : Durability::Normal;
}

const char* synchronous_pragma(Durability d) {
    return d == Durability::Full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL";
}

// [SECTION] Pages in the write-ahead log per commit

// Counts the frames (pages) each commit puts in the write-ahead log, through SQLite's WAL hook. The hook
// replaces SQLite's own, which does nothing but the automatic checkpoint, so it does that too, exactly
// as SQLite's would: a passive checkpoint once the log holds 1,000 frames. Installed on both sides.
class WalFrames {
public:
    explicit WalFrames(sqlite3* db) { sqlite3_wal_hook(db, &WalFrames::on_commit, this); }
    WalFrames(const WalFrames&) = delete;
    WalFrames& operator=(const WalFrames&) = delete;

    // Pages per commit since the last reset.
    [[nodiscard]] double per_commit() const {
        return m_commits == 0 ? 0.0 : static_cast<double>(m_frames) / static_cast<double>(m_commits);
    }
    void reset() { m_frames = m_commits = 0; }

private:
    static int on_commit(void* self, sqlite3* db, const char* schema, int frames) {
        auto& me = *static_cast<WalFrames*>(self);
        // After a checkpoint the log starts again from its first frame.
        me.m_frames += frames >= me.m_last ? frames - me.m_last : frames;
        ++me.m_commits;
        me.m_last = frames;
        if (frames >= kAutoCheckpoint) sqlite3_wal_checkpoint(db, schema);
        return SQLITE_OK;
    }
    static constexpr int kAutoCheckpoint = 1000;  // SQLITE_DEFAULT_WAL_AUTOCHECKPOINT
    std::int64_t m_frames = 0;
    std::int64_t m_commits = 0;
    int m_last = 0;
};

// [SECTION] Plain sqlite3: the same rows into the same table shape, nothing else

class PlainLog {
public:
    PlainLog(const std::filesystem::path& path, Durability d) {
        if (sqlite3_open(path.c_str(), &m_db) != SQLITE_OK) throw std::runtime_error("open failed");
        exec("PRAGMA journal_mode = WAL");
        exec(synchronous_pragma(d));
        // The shape of our events table, its 32-byte hash included (filled with fixed bytes: computing it
        // is work only our side does, and is counted against us).
        exec("CREATE TABLE events (game INTEGER NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, "
             "type_version INTEGER NOT NULL, payload TEXT NOT NULL, recorded_ms INTEGER NOT NULL, "
             "hash BLOB NOT NULL, PRIMARY KEY (game, seq)) WITHOUT ROWID");
        // The index of positions' shape (its row is what keeping a move searchable costs at the least).
        exec("CREATE TABLE positions (sym INTEGER NOT NULL, game INTEGER NOT NULL, node INTEGER NOT NULL, "
             "key INTEGER NOT NULL, PRIMARY KEY (sym, game, node)) WITHOUT ROWID");
        m_insert = prepare("INSERT INTO events VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        m_insert_position = prepare("INSERT INTO positions (sym, key, game, node) VALUES (?1, ?2, ?3, ?4)");
        m_begin = prepare("BEGIN");
        m_commit = prepare("COMMIT");
    }
    PlainLog(const PlainLog&) = delete;
    PlainLog& operator=(const PlainLog&) = delete;
    ~PlainLog() {
        sqlite3_finalize(m_insert);
        sqlite3_finalize(m_insert_position);
        sqlite3_finalize(m_begin);
        sqlite3_finalize(m_commit);
        sqlite3_close(m_db);
    }

    [[nodiscard]] sqlite3* handle() const noexcept { return m_db; }
    void begin() { step(m_begin); }
    void commit() { step(m_commit); }
    void insert(std::int64_t game, std::int64_t seq, const char* type, const std::string& payload,
                std::int64_t ms) {
        sqlite3_bind_int64(m_insert, 1, game);
        sqlite3_bind_int64(m_insert, 2, seq);
        sqlite3_bind_text(m_insert, 3, type, -1, SQLITE_STATIC);
        sqlite3_bind_int(m_insert, 4, 1);
        sqlite3_bind_text(m_insert, 5, payload.data(), static_cast<int>(payload.size()), SQLITE_STATIC);
        sqlite3_bind_int64(m_insert, 6, ms);
        static constexpr unsigned char kHash[32] = {0x5a, 0xa5};
        sqlite3_bind_blob(m_insert, 7, kHash, sizeof kHash, SQLITE_STATIC);
        step(m_insert);
    }

    // A row of the index of positions: a position's symmetric key (a hash: a random leaf), its exact key.
    void insert_position(std::int64_t sym, std::int64_t key, std::int64_t game, std::int64_t node) {
        sqlite3_bind_int64(m_insert_position, 1, sym);
        sqlite3_bind_int64(m_insert_position, 2, key);
        sqlite3_bind_int64(m_insert_position, 3, game);
        sqlite3_bind_int64(m_insert_position, 4, node);
        step(m_insert_position);
    }

private:
    void exec(const char* sql) {
        if (sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) throw std::runtime_error(sql);
    }
    sqlite3_stmt* prepare(const char* sql) {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(m_db, sql, -1, &stmt, nullptr) != SQLITE_OK) throw std::runtime_error(sql);
        return stmt;
    }
    static void step(sqlite3_stmt* stmt) {
        const int rc = sqlite3_step(stmt);
        sqlite3_reset(stmt);
        if (rc != SQLITE_DONE) throw std::runtime_error("step failed");
    }

    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_insert = nullptr;
    sqlite3_stmt* m_insert_position = nullptr;
    sqlite3_stmt* m_begin = nullptr;
    sqlite3_stmt* m_commit = nullptr;
};

// The payload text a move has in our log, so both sides write rows of the same size.
std::string move_payload(Player p, Pos pos) {
    return encode_payload(MovePlayed{p, pos});
}

// Board cells in a fixed order on a wide board: X and O alternate along the first row, so every move
// costs the same and no game ends early.
constexpr int kWide = 1000;
Pos nth_cell(std::int64_t i) {
    return {static_cast<int>(i / kWide), static_cast<int>(i % kWide)};
}

// [SECTION] Appends, one transaction per move

void BM_Append_Store(benchmark::State& state) {
    StoreOptions options;
    options.durability = durability_of(state);
    auto store = EventStore::open(fresh_file("append_store.db"), options);
    const GameId game = store.create_game(GameCreated{Rules::score(kWide, kWide), "x", "o"}).value();
    WalFrames wal(detail::StoreAccess::database(store).handle());
    Seq last = 0;
    for (auto _ : state) {
        const Player p = last % 2 == 0 ? Player::X : Player::O;
        const auto result = store.append(game, last, MovePlayed{p, nth_cell(last)});
        last = result.value().seq;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["wal_pages"] = wal.per_commit();
}
// Real time: with synchronous=FULL the cost is the fsync, which CPU time does not see.
BENCHMARK(BM_Append_Store)->Arg(0)->Arg(1)->ArgName("normal")->UseRealTime();

// Plain sqlite3's appends; with `indexed`, what any log that keeps each move searchable the moment it is
// made must write at the least: the event's row and one row of an index keyed by the position's hash (a
// random 64-bit key), in the same transaction, nothing else. That rate against plain's bounds ours against
// plain's, whatever is folded on our side.
void append_plain(benchmark::State& state, bool indexed) {
    PlainLog plain(fresh_file(indexed ? "append_plain_indexed.db" : "append_plain.db"), durability_of(state));
    WalFrames wal(plain.handle());
    std::mt19937_64 hashes(7);
    std::int64_t seq = 0;
    for (auto _ : state) {
        const std::string payload = move_payload(seq % 2 == 0 ? Player::X : Player::O, nth_cell(seq));
        plain.begin();
        plain.insert(1, ++seq, "move_played", payload, 1'700'000'000'000);
        if (indexed)
            plain.insert_position(static_cast<std::int64_t>(hashes()), static_cast<std::int64_t>(hashes()), 1,
                                  seq);
        plain.commit();
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["wal_pages"] = wal.per_commit();
}

void BM_Append_Plain(benchmark::State& state) {
    append_plain(state, false);
}
void BM_Append_PlainIndexed(benchmark::State& state) {
    append_plain(state, true);
}
BENCHMARK(BM_Append_Plain)->Arg(0)->Arg(1)->ArgName("normal")->UseRealTime();
BENCHMARK(BM_Append_PlainIndexed)->Arg(0)->Arg(1)->ArgName("normal")->UseRealTime();

// [SECTION] A 100,000-event batch in one transaction

constexpr std::int64_t kBatchEvents = 100'000;

// 100,000 events as whole games of `per_game` events each (the creation included): many short games,
// as a big import brings them, or one long one. Each game is a score-rule game on a board a little
// larger than its moves, played in a random order (fixed seed): runs form and break as in real play.
std::vector<ImportGame> make_batch(std::int64_t per_game) {
    std::vector<ImportGame> games;
    const std::int64_t count = kBatchEvents / per_game;
    const int side = 1 + static_cast<int>(std::ceil(std::sqrt(static_cast<double>(per_game))));
    std::mt19937 rng(42);
    std::vector<Pos> cells;
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c) cells.push_back({r, c});
    for (std::int64_t g = 0; g < count; ++g) {
        std::shuffle(cells.begin(), cells.end(), rng);
        ImportGame game;
        game.events.reserve(static_cast<std::size_t>(per_game));
        auto& created = game.events.emplace_back();
        created.set_event(GameCreated{Rules::score(side, side), "x", "o"});
        created.recorded_ms = 1'700'000'000'000;
        for (std::int64_t i = 0; i + 1 < per_game; ++i) {
            auto& move = game.events.emplace_back();
            move.set_event(
                MovePlayed{i % 2 == 0 ? Player::X : Player::O, cells[static_cast<std::size_t>(i)]});
            move.recorded_ms = 1'700'000'000'000 + i;
        }
        games.push_back(std::move(game));
    }
    return games;
}

// Each import's cases: 1,000 games of 100 with FULL and NORMAL, one game of 100,000 with NORMAL; in real
// time (with FULL the cost is the fsync).
void batch_cases(benchmark::internal::Benchmark* b) {
    b->Args({0, 100})
        ->Args({1, 100})
        ->Args({1, kBatchEvents})
        ->ArgNames({"normal", "per_game"})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
}

void BM_Import_Store(benchmark::State& state) {
    const auto batch = make_batch(state.range(1));
    StoreOptions options;
    options.durability = durability_of(state);
    for (auto _ : state) {
        state.PauseTiming();
        std::optional<EventStore> store;
        store.emplace(EventStore::open(fresh_file("import_store.db"), options));
        WalFrames wal(detail::StoreAccess::database(*store).handle());
        state.ResumeTiming();
        const auto result = store->import_games(batch);
        if (!result.has_value()) state.SkipWithError(result.error().message.c_str());
        state.PauseTiming();
        state.counters["wal_pages"] = wal.per_commit();  // of its one commit
        store.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * kBatchEvents);
}
BENCHMARK(BM_Import_Store)->Apply(batch_cases);

// The rows exactly as our log stores them, prepared outside the timing: plain sqlite3 at its best. With
// `indexed`, also one row of the index of positions for each event (a random 64-bit key for its hash),
// written in the index's order at the end of the transaction, as our import writes them: the least a
// searchable import writes.
void import_plain(benchmark::State& state, bool indexed) {
    const auto batch = make_batch(state.range(1));
    struct Row {
        std::int64_t game;
        std::int64_t seq;
        const char* type;
        std::string payload;
        std::int64_t ms;
    };
    struct PositionRow {
        std::int64_t sym, key, game, node;
    };
    std::vector<Row> rows;
    std::vector<PositionRow> positions;
    rows.reserve(kBatchEvents);
    std::mt19937_64 hashes(7);
    for (std::size_t g = 0; g < batch.size(); ++g)
        for (std::size_t i = 0; i < batch[g].events.size(); ++i) {
            const auto& e = batch[g].events[i];
            const auto game = static_cast<std::int64_t>(g + 1);
            const auto seq = static_cast<std::int64_t>(i);
            rows.push_back({game, seq, type_name_of(e.event()), encode_payload(e.event()), e.recorded_ms});
            if (indexed)
                positions.push_back(
                    {static_cast<std::int64_t>(hashes()), static_cast<std::int64_t>(hashes()), game, seq});
        }
    for (auto _ : state) {
        state.PauseTiming();
        std::vector<PositionRow> sorted = positions;
        std::optional<PlainLog> plain;
        plain.emplace(fresh_file(indexed ? "import_plain_indexed.db" : "import_plain.db"),
                      durability_of(state));
        WalFrames wal(plain->handle());
        state.ResumeTiming();
        plain->begin();
        for (const Row& r : rows) plain->insert(r.game, r.seq, r.type, r.payload, r.ms);
        std::sort(sorted.begin(), sorted.end(), [](const PositionRow& a, const PositionRow& b) {
            return std::tie(a.sym, a.game, a.node) < std::tie(b.sym, b.game, b.node);
        });
        for (const PositionRow& p : sorted) plain->insert_position(p.sym, p.key, p.game, p.node);
        plain->commit();
        state.PauseTiming();
        state.counters["wal_pages"] = wal.per_commit();
        plain.reset();
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * kBatchEvents);
}

void BM_Import_Plain(benchmark::State& state) {
    import_plain(state, false);
}
void BM_Import_PlainIndexed(benchmark::State& state) {
    import_plain(state, true);
}
BENCHMARK(BM_Import_Plain)->Apply(batch_cases);
BENCHMARK(BM_Import_PlainIndexed)->Apply(batch_cases);

// [SECTION] The state after move N of a 10,000-move game

// A 100x100 score-rule game played to the full board in a random order, written once to a file.
const std::filesystem::path& long_game_file() {
    static const std::filesystem::path path = [] {
        const auto file = fresh_file("long_game.db");
        auto store = EventStore::open(file);
        ImportGame game;
        auto& created = game.events.emplace_back();
        created.set_event(GameCreated{Rules::score(100, 100), "x", "o"});
        std::vector<Pos> cells;
        for (int r = 0; r < 100; ++r)
            for (int c = 0; c < 100; ++c) cells.push_back({r, c});
        std::shuffle(cells.begin(), cells.end(), std::mt19937(2024));
        for (std::size_t i = 0; i < cells.size(); ++i) {
            auto& move = game.events.emplace_back();
            move.set_event(MovePlayed{i % 2 == 0 ? Player::X : Player::O, cells[i]});
        }
        if (!store.import_games({&game, 1}).has_value())
            throw std::runtime_error("could not write the 10,000-move game");
        return file;
    }();
    return path;
}

// The state after move N, folded from the file by a store that is already open. The store keeps the
// state of the last game it used, so a small second game is loaded in between (untimed) to make every
// iteration read and fold the events again.
void BM_StateAfterMove(benchmark::State& state) {
    const auto& file = long_game_file();
    const Seq at = state.range(0);
    auto store = EventStore::open(file);
    const GameId small = store.create_game(GameCreated{Rules::classic(), "x", "o"}).value();
    for (auto _ : state) {
        state.PauseTiming();
        (void)store.load(small);
        state.ResumeTiming();
        const auto snap = store.load(1, at);
        benchmark::DoNotOptimize(snap.value().state.position.scores());
    }
}
BENCHMARK(BM_StateAfterMove)
    ->Arg(1)
    ->Arg(2500)
    ->Arg(5000)
    ->Arg(7500)
    ->Arg(10000)
    ->Unit(benchmark::kMicrosecond);

// What `show GAME --at N` does inside the process: open the file, then read and fold N events.
void BM_OpenAndStateAfterMove(benchmark::State& state) {
    const auto& file = long_game_file();
    const Seq at = state.range(0);
    StoreOptions options;
    options.create = false;
    for (auto _ : state) {
        auto store = EventStore::open(file, options);
        const auto snap = store.load(1, at);
        benchmark::DoNotOptimize(snap.value().state.position.scores());
    }
}
BENCHMARK(BM_OpenAndStateAfterMove)->Arg(1)->Arg(10000)->Unit(benchmark::kMicrosecond);

// [SECTION] Where have I seen this position: the index against a scan

// 10,000 score-rule games of 99 moves on 15x15, each in its own random order (fixed seed): with their
// starts, 1,000,000 positions in the index, written once to a file.
constexpr int kSearchGames = 10'000;
constexpr int kSearchMoves = 99;
constexpr int kSearchSide = 15;

std::vector<Pos> search_game_cells(int game) {
    std::vector<Pos> cells;
    for (int r = 0; r < kSearchSide; ++r)
        for (int c = 0; c < kSearchSide; ++c) cells.push_back({r, c});
    std::shuffle(cells.begin(), cells.end(), std::mt19937(static_cast<unsigned>(7000 + game)));
    cells.resize(kSearchMoves);
    return cells;
}

const std::filesystem::path& search_file() {
    static const std::filesystem::path path = [] {
        const auto file = fresh_file("search.db");
        StoreOptions options;
        options.durability = Durability::Normal;
        auto store = EventStore::open(file, options);
        std::vector<ImportGame> games;
        for (int g = 0; g < kSearchGames; ++g) {
            ImportGame& game = games.emplace_back();
            auto& created = game.events.emplace_back();
            created.set_event(GameCreated{Rules::score(kSearchSide, kSearchSide), "x", "o"});
            const auto cells = search_game_cells(g);
            for (int i = 0; i < kSearchMoves; ++i)
                game.events.emplace_back().set_event(
                    MovePlayed{i % 2 == 0 ? Player::X : Player::O, cells[static_cast<std::size_t>(i)]});
        }
        if (!store.import_games(games).has_value()) throw std::runtime_error("could not write the games");
        return file;
    }();
    return path;
}

// The position asked about: game 5,000 after `moves` moves (0: the empty board, in every game; 1: one
// stone, in some forty games, and under the symmetries some three hundred; 40: in that game alone).
Position asked_position(int moves) {
    Position p(Rules::score(kSearchSide, kSearchSide));
    const auto cells = search_game_cells(kSearchGames / 2 - 1);
    for (int i = 0; i < moves; ++i) (void)p.play(cells[static_cast<std::size_t>(i)]);
    return p;
}

// What `search` asks of the log: the rows whose symmetric key matches, each then loaded and compared with
// the position asked (a key can collide; the position decides). range(0): moves into the game; range(1):
// 1 for any symmetry, 0 for the position as it stands.
void BM_Search_Index(benchmark::State& state) {
    const auto& file = search_file();
    StoreOptions options;
    options.create = false;
    auto store = EventStore::open(file, options);
    const Position asked = asked_position(static_cast<int>(state.range(0)));
    const bool symmetric = state.range(1) != 0;
    std::size_t found = 0;
    for (auto _ : state) {
        const std::uint64_t sym = symmetric_key(asked.board(), asked.to_move());
        const auto exact = symmetric ? std::nullopt
                                     : std::optional<std::uint64_t>(position_key(asked.board(), asked.to_move()));
        found = 0;
        for (const auto& at : store.find_positions(sym, exact)) {
            const auto snap = store.load(at.game, at.node);
            if (!snap) continue;
            const Position& there = snap.value().state.position;
            if (there.to_move() != asked.to_move()) continue;
            if (!symmetric && !(there.board() == asked.board())) continue;
            ++found;
        }
        benchmark::DoNotOptimize(found);
    }
    state.counters["found"] = static_cast<double>(found);
}
BENCHMARK(BM_Search_Index)
    ->Args({40, 0})
    ->Args({40, 1})
    ->Args({1, 1})
    ->Args({0, 0})
    ->ArgNames({"moves", "symmetric"})
    ->Unit(benchmark::kMillisecond);

// The same question without the index: every event of the log read in order, each game folded, and the
// board after every step compared with the one asked (exactly: the cheapest a scan can be).
void BM_Search_Scan(benchmark::State& state) {
    const auto& file = search_file();
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        throw std::runtime_error("open failed");
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT game, type, type_version, payload FROM events ORDER BY game, seq", -1, &stmt,
                           nullptr) != SQLITE_OK)
        throw std::runtime_error("prepare failed");
    const Position asked = asked_position(static_cast<int>(state.range(0)));
    std::size_t found = 0;
    for (auto _ : state) {
        found = 0;
        std::int64_t current = -1;
        GameState game;
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            const std::int64_t id = sqlite3_column_int64(stmt, 0);
            const std::string_view type(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 1)));
            const int version = sqlite3_column_int(stmt, 2);
            const std::string_view payload(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 3)),
                                           static_cast<std::size_t>(sqlite3_column_bytes(stmt, 3)));
            auto event = decode_event(type, version, payload);
            if (!event) throw std::runtime_error("a stored event does not decode");
            if (id != current) {
                current = id;
                game = GameState();
            }
            (void)ttt::apply(game, event.value());
            if (game.position.to_move() == asked.to_move() && game.position.board() == asked.board()) ++found;
        }
        sqlite3_reset(stmt);
        benchmark::DoNotOptimize(found);
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    state.counters["found"] = static_cast<double>(found);
}
BENCHMARK(BM_Search_Scan)->Arg(40)->ArgName("moves")->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
