// The event store: every write validated by the engine's fold and done in one transaction with its
// projection row; every read a fold of the log.
//
// [SECTION] Small pieces: time, projection values, rejections
// [SECTION] Impl: the connection, its prepared statements and the cached state of the last game used
// [SECTION] Opening
// [SECTION] Writing
// [SECTION] Reading
// [SECTION] Maintenance
#include "tictactrace/store/event_store.hpp"

#include "tictactrace/store/event_codec.hpp"
#include "tictactrace/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"
#include "tictactrace/store/transaction.hpp"

#include "schema.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <system_error>
#include <utility>

namespace ttt::store {

// [SECTION] Small pieces: time, projection values, rejections

namespace {

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

const char* winner_text(const Outcome& outcome) noexcept {
    if (!outcome.winner) return nullptr;
    return *outcome.winner == Player::X ? "x" : "o";
}

std::optional<Status> status_from_text(std::string_view text) noexcept {
    for (const Status s : {Status::Playing, Status::Won, Status::Draw, Status::Resigned})
        if (text == name_of(s)) return s;
    return std::nullopt;
}

Rejection unknown_game(GameId game) {
    return {RejectionKind::UnknownGame, "there is no game " + std::to_string(game), std::nullopt};
}

Rejection step_out_of_range(GameId game, Seq last, Seq at) {
    return {RejectionKind::StepOutOfRange,
            "game " + std::to_string(game) + " has steps 0 to " + std::to_string(last) +
                "; there is no step " + std::to_string(at),
            std::nullopt};
}

Rejection invalid_event(MoveError error) {
    std::string message = error.message;
    return {RejectionKind::InvalidEvent, std::move(message), std::move(error)};
}

[[noreturn]] void corrupt_log(GameId game, Seq seq, const std::string& why) {
    throw StorageError(StorageErrorKind::Corrupt, 0,
                       "the log of game " + std::to_string(game) + " is damaged at event " +
                           std::to_string(seq) + ": " + why + " (run `tictactrace verify`)");
}

// What the projection row of a game holds, computed from its fold.
GameSummary summary_of(GameId id, const GameState& state, Seq last_seq, std::int64_t created_ms,
                       std::int64_t updated_ms) {
    GameSummary s;
    s.id = id;
    s.rules = state.position.rules();
    s.x_name = state.x_name;
    s.o_name = state.o_name;
    s.status = state.position.outcome().status;
    s.winner = state.position.outcome().winner;
    s.moves = state.position.move_count();
    s.last_seq = last_seq;
    s.created_ms = created_ms;
    s.updated_ms = updated_ms;
    s.forked_from = state.forked_from;
    s.forked_at = state.forked_at;
    return s;
}

constexpr const char* kSummaryColumns =
    "id, rules, rows, cols, k, exact, min_run, points, x_name, o_name, status, "
    "winner, moves, last_seq, created_ms, updated_ms, forked_from, forked_at";

GameSummary read_summary(const Statement& row) {
    GameSummary s;
    s.id = row.column_int64(0);
    const auto kind = rule_kind_from_name(row.column_text(1));
    const auto status = status_from_text(row.column_text(10));
    if (!kind || !status)
        throw StorageError(StorageErrorKind::Corrupt, 0,
                           "the games table row of game " + std::to_string(s.id) +
                               " is damaged (run `tictactrace verify`, then rebuild the projection)");
    s.rules.kind = *kind;
    s.rules.rows = row.column_int(2);
    s.rules.cols = row.column_int(3);
    s.rules.k = row.column_int(4);
    s.rules.exact = row.column_int(5) != 0;
    s.rules.min_run = row.column_int(6);
    s.rules.points = row.column_int(7);
    s.x_name = std::string(row.column_text(8));
    s.o_name = std::string(row.column_text(9));
    s.status = *status;
    const std::string_view winner = row.column_text(11);
    if (winner == "x")
        s.winner = Player::X;
    else if (winner == "o")
        s.winner = Player::O;
    s.moves = row.column_int(12);
    s.last_seq = row.column_int64(13);
    s.created_ms = row.column_int64(14);
    s.updated_ms = row.column_int64(15);
    s.forked_from = row.column_optional_int64(16);
    s.forked_at = row.column_int(17);
    return s;
}

// Binds the projection columns in kSummaryColumns order, starting with `rules` at parameter 2
// (parameter 1 is the id, or unused).
void bind_summary(Statement& stmt, const GameSummary& s) {
    stmt.bind(2, name_of(s.rules.kind))
        .bind(3, s.rules.rows)
        .bind(4, s.rules.cols)
        .bind(5, s.rules.k)
        .bind(6, s.rules.exact)
        .bind(7, s.rules.min_run)
        .bind(8, s.rules.points)
        .bind(9, s.x_name)
        .bind(10, s.o_name)
        .bind(11, name_of(s.status));
    if (s.winner)
        stmt.bind(12, *s.winner == Player::X ? "x" : "o");
    else
        stmt.bind_null(12);
    stmt.bind(13, s.moves)
        .bind(14, s.last_seq)
        .bind(15, s.created_ms)
        .bind(16, s.updated_ms)
        .bind(17, s.forked_from);
    // Only a fork has a fork point; NULL for every other game, so a query reads it as "not a fork".
    if (s.forked_from)
        stmt.bind(18, s.forked_at);
    else
        stmt.bind_null(18);
}

// The differences between the projection row and the fold, one sentence each.
void compare_summaries(const GameSummary& stored, const GameSummary& folded,
                       std::vector<std::string>& problems) {
    const std::string game = "game " + std::to_string(folded.id) + ": the projection says ";
    const auto differ = [&](const char* what, const std::string& have, const std::string& want) {
        if (have != want) problems.push_back(game + what + " = " + have + ", the fold gives " + want);
    };
    const auto winner = [](const std::optional<Player>& p) {
        return p ? std::string(1, to_char(*p)) : "none";
    };
    const auto opt = [](const std::optional<GameId>& g) { return g ? std::to_string(*g) : "none"; };
    differ("rules", describe(stored.rules), describe(folded.rules));
    differ("x", stored.x_name, folded.x_name);
    differ("o", stored.o_name, folded.o_name);
    differ("status", name_of(stored.status), name_of(folded.status));
    differ("winner", winner(stored.winner), winner(folded.winner));
    differ("moves", std::to_string(stored.moves), std::to_string(folded.moves));
    differ("last_seq", std::to_string(stored.last_seq), std::to_string(folded.last_seq));
    differ("created_ms", std::to_string(stored.created_ms), std::to_string(folded.created_ms));
    differ("updated_ms", std::to_string(stored.updated_ms), std::to_string(folded.updated_ms));
    differ("forked_from", opt(stored.forked_from), opt(folded.forked_from));
    differ("forked_at", std::to_string(stored.forked_at), std::to_string(folded.forked_at));
}

}  // namespace

// [SECTION] Impl: the connection, its prepared statements and the cached state of the last game used

struct EventStore::Impl {
    explicit Impl(Database database) : db(std::move(database)) {}

    Database db;
    Statement max_seq{db, "SELECT max(seq) FROM events WHERE game = ?1"};
    Statement insert_event{db, "INSERT INTO events (game, seq, type, type_version, payload, recorded_ms) "
                               "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"};
    Statement insert_game{
        db, "INSERT INTO games (rules, rows, cols, k, exact, min_run, points, x_name, o_name, "
            "status, winner, moves, last_seq, created_ms, updated_ms, forked_from, forked_at) "
            "VALUES (?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)"};
    Statement update_game{db, "UPDATE games SET status = ?2, winner = ?3, moves = ?4, last_seq = ?5, "
                              "updated_ms = ?6 WHERE id = ?1"};
    Statement select_events{db, "SELECT seq, type, type_version, payload, recorded_ms FROM events "
                                "WHERE game = ?1 AND seq <= ?2 ORDER BY seq"};
    Statement select_summary{db, std::string("SELECT ") + kSummaryColumns + " FROM games WHERE id = ?1"};
    std::string payload;  // reused by every append, so a hot loop allocates nothing for it

    // The state after the last event of one game, kept between calls so that appending a move costs
    // one apply instead of a refold. Valid only while the game's last sequence is still `seq`: the log is
    // append-only and (game, seq) is unique, so equal sequence numbers mean equal prefixes.
    struct CachedState {
        GameId game = 0;
        Seq seq = 0;
        GameState state;
    };
    std::optional<CachedState> cache;

    std::optional<Seq> last_seq(GameId game) {
        StatementUse use(max_seq);
        use->bind(1, game);
        if (!use->step() || use->column_is_null(0)) return std::nullopt;
        return use->column_int64(0);
    }

    void write_event(GameId game, Seq seq, const Event& event, std::int64_t recorded_ms) {
        payload.clear();
        encode_payload(event, payload);
        StatementUse use(insert_event);
        use->bind(1, game)
            .bind(2, seq)
            .bind_borrowed(3, type_name_of(event))  // a string literal
            .bind(4, type_version_of(event))
            .bind_borrowed(5, payload)  // not touched again before the step below
            .bind(6, recorded_ms);
        use->run();
    }

    GameId write_game_row(const GameSummary& s) {
        StatementUse use(insert_game);
        bind_summary(*use, s);
        use->run();
        return db.last_insert_rowid();
    }

    void update_game_row(GameId game, const GameState& state, Seq seq, std::int64_t when) {
        StatementUse use(update_game);
        use->bind(1, game).bind(2, name_of(state.position.outcome().status));
        if (const char* w = winner_text(state.position.outcome()))
            use->bind(3, w);
        else
            use->bind_null(3);
        use->bind(4, state.position.move_count()).bind(5, seq).bind(6, when);
        use->run();
    }

    // Folds events 0..at of `game` into `state` (fresh); returns how many events were folded.
    Seq fold_log(GameId game, Seq at, GameState& state) {
        StatementUse use(select_events);
        use->bind(1, game).bind(2, at);
        Seq expected = 0;
        while (use->step()) {
            const Seq seq = use->column_int64(0);
            if (seq != expected) corrupt_log(game, expected, "the event is missing");
            auto decoded = decode_event(use->column_text(1), use->column_int(2), use->column_text(3));
            if (auto* why = std::get_if<std::string>(&decoded)) corrupt_log(game, seq, *why);
            if (auto err = ttt::apply(state, std::get<Event>(decoded))) corrupt_log(game, seq, err->message);
            ++expected;
        }
        return expected;
    }

    // The state after the game's last event `last`, from the cache when it is current.
    GameState& current_state(GameId game, Seq last) {
        if (!cache || cache->game != game || cache->seq != last) {
            cache.reset();
            GameState state;
            if (fold_log(game, last, state) != last + 1) corrupt_log(game, last, "events are missing");
            cache = CachedState{game, last, std::move(state)};
        }
        return cache->state;
    }

    // Walks every event of every game in order, folding each game, and calls `done` once per game with
    // its fold, or with the first reason it does not fold.
    using GameVisitor = std::function<void(GameId, const GameState&, Seq last, std::int64_t created_ms,
                                           std::int64_t updated_ms, const std::string* failure)>;
    long long scan_all(const GameVisitor& done) {
        Statement all(
            db, "SELECT game, seq, type, type_version, payload, recorded_ms FROM events ORDER BY game, seq");
        long long count = 0;
        std::optional<GameId> game;
        GameState state;
        Seq expected = 0;
        std::int64_t created = 0;
        std::int64_t updated = 0;
        std::string failure;
        const auto finish = [&] {
            if (game)
                done(*game, state, expected - 1, created, updated, failure.empty() ? nullptr : &failure);
        };
        while (all.step()) {
            ++count;
            const GameId g = all.column_int64(0);
            const Seq seq = all.column_int64(1);
            if (!game || g != *game) {
                finish();
                game = g;
                state = GameState();
                expected = 0;
                failure.clear();
                created = all.column_int64(5);
            }
            updated = all.column_int64(5);
            if (!failure.empty()) continue;
            if (seq != expected) {
                failure = "event " + std::to_string(expected) + " is missing";
                continue;
            }
            ++expected;
            auto decoded = decode_event(all.column_text(2), all.column_int(3), all.column_text(4));
            if (auto* why = std::get_if<std::string>(&decoded))
                failure = "event " + std::to_string(seq) + ": " + *why;
            else if (auto err = ttt::apply(state, std::get<Event>(decoded)))
                failure = "event " + std::to_string(seq) + " does not fold: " + err->message;
        }
        finish();
        return count;
    }
};

// [SECTION] Opening

namespace {

void configure(Database& db, const StoreOptions& options, bool on_disk) {
    db.set_busy_timeout(options.busy_timeout_ms);
    db.exec("PRAGMA foreign_keys = ON");
    detail::check_compatible(db);  // the first read of the file: garbage fails here, clearly
    if (on_disk) {
        Statement mode(db, "PRAGMA journal_mode = WAL");
        if (!mode.step() || mode.column_text(0) != "wal")
            throw StorageError(StorageErrorKind::Io, 0, db.path() + " cannot be switched to WAL mode");
    }
    db.exec(options.durability == Durability::Full ? "PRAGMA synchronous = FULL"
                                                   : "PRAGMA synchronous = NORMAL");
    detail::migrate(db);
}

}  // namespace

EventStore EventStore::open(const std::filesystem::path& path, const StoreOptions& options) {
    std::error_code ec;
    if (options.create) {
        const auto folder = path.parent_path();
        if (!folder.empty() && !std::filesystem::exists(folder, ec)) {
            std::filesystem::create_directories(folder, ec);
            if (ec)
                throw StorageError(StorageErrorKind::Io, 0,
                                   "cannot create the folder " + folder.string() + ": " + ec.message());
        }
    } else if (!std::filesystem::exists(path, ec)) {
        throw StorageError(StorageErrorKind::Io, 0, "there is no database at " + path.string());
    }
    Database db(path.string(), options.create ? OpenMode::ReadWriteCreate : OpenMode::ReadWrite);
    configure(db, options, true);
    return EventStore(std::make_unique<Impl>(std::move(db)));
}

EventStore EventStore::open_in_memory(const StoreOptions& options) {
    Database db(":memory:", OpenMode::ReadWriteCreate);
    configure(db, options, false);
    return EventStore(std::make_unique<Impl>(std::move(db)));
}

EventStore::EventStore(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
EventStore::EventStore(EventStore&&) noexcept = default;
EventStore& EventStore::operator=(EventStore&&) noexcept = default;
EventStore::~EventStore() = default;

Database& EventStore::database() noexcept {
    return m_impl->db;
}

// [SECTION] Writing

std::variant<GameId, Rejection> EventStore::create_game(const GameCreated& created) {
    Impl& s = *m_impl;
    const Event event{created};
    GameState state;
    if (auto err = ttt::apply(state, event)) return invalid_event(std::move(*err));

    const std::int64_t now = now_ms();
    Transaction tx(s.db);
    const GameId id = s.write_game_row(summary_of(0, state, 0, now, now));
    s.write_event(id, 0, event, now);
    tx.commit();
    s.cache = Impl::CachedState{id, 0, std::move(state)};
    return id;
}

AppendResult EventStore::append(GameId game, Seq expected_last, const Event& event) {
    Impl& s = *m_impl;
    // The write lock is taken first, so the sequence read below cannot change before our commit.
    Transaction tx(s.db, TransactionMode::Immediate);
    const auto last = s.last_seq(game);
    if (!last) return unknown_game(game);
    if (*last != expected_last) return Conflict{game, expected_last, *last};

    GameState& state = s.current_state(game, *last);
    // apply() leaves the state as it was when it refuses the event.
    if (auto err = ttt::apply(state, event)) return invalid_event(std::move(*err));

    // From here the cached state is one event ahead of the log until the commit lands; drop it if
    // anything below throws.
    struct DropCacheUnlessCommitted {
        std::optional<Impl::CachedState>& cache;
        bool committed = false;
        ~DropCacheUnlessCommitted() {
            if (!committed) cache.reset();
        }
    } guard{s.cache};

    const Seq seq = *last + 1;
    const std::int64_t now = now_ms();
    s.write_event(game, seq, event, now);
    s.update_game_row(game, state, seq, now);
    tx.commit();
    s.cache->seq = seq;
    guard.committed = true;
    return Appended{seq};
}

std::variant<GameId, Rejection> EventStore::fork(GameId source, Seq at, std::optional<Pos> then_play) {
    Impl& s = *m_impl;
    Transaction tx(s.db, TransactionMode::Immediate);
    const auto last = s.last_seq(source);
    if (!last) return unknown_game(source);
    if (at < 0 || at > *last) return step_out_of_range(source, *last, at);

    GameState from;
    s.fold_log(source, at, from);
    std::vector<Event> events;
    events.emplace_back(
        GameForked{source, static_cast<int>(at), from.position.rules(), from.x_name, from.o_name});
    Player mover = Player::X;
    for (const Pos p : from.position.moves()) {
        events.emplace_back(MovePlayed{mover, p});
        mover = other(mover);
    }
    if (then_play) events.emplace_back(MovePlayed{from.position.to_move(), *then_play});
    GameState state;
    for (const Event& e : events)
        if (auto err = ttt::apply(state, e)) return invalid_event(std::move(*err));

    const std::int64_t now = now_ms();
    const auto last_new = static_cast<Seq>(events.size()) - 1;
    const GameId id = s.write_game_row(summary_of(0, state, last_new, now, now));
    for (std::size_t i = 0; i < events.size(); ++i) s.write_event(id, static_cast<Seq>(i), events[i], now);
    tx.commit();
    s.cache = Impl::CachedState{id, last_new, std::move(state)};
    return id;
}

std::variant<std::vector<GameId>, ImportError> EventStore::import_games(std::span<const ImportGame> games,
                                                                        const ImportProgress& progress) {
    Impl& s = *m_impl;
    std::vector<GameId> ids;
    ids.reserve(games.size());
    // One transaction for the whole batch: a refusal anywhere returns before commit(), and the
    // destructor rolls every game of the batch back.
    Transaction tx(s.db, TransactionMode::Immediate);
    std::size_t total_events = 0;
    for (const auto& game : games) total_events += game.events.size();
    // Below this the schema change costs more than the trigger would (see schema.hpp).
    const bool lift_guard = total_events >= 512;
    if (lift_guard) detail::suspend_replace_guard(s.db);
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto& events = games[g].events;
        if (events.empty())
            return ImportError{g, 0, "game " + std::to_string(g + 1) + " has no events", std::nullopt};
        // A fork of an earlier game of the batch names that game by the id it was just written under.
        std::optional<Event> relinked;
        if (const auto source = games[g].fork_of) {
            const auto* forked = std::get_if<GameForked>(&events.front().event);
            if (!forked || *source >= g)
                return ImportError{g, 0,
                                   "game " + std::to_string(g + 1) +
                                       ": a fork's source must be a game earlier in the same import",
                                   std::nullopt};
            GameForked linked = *forked;
            linked.from_game = ids[*source];
            relinked = std::move(linked);
        }
        const auto event_at = [&](std::size_t i) -> const Event& {
            return i == 0 && relinked ? *relinked : events[i].event;
        };
        // Each game is folded completely before any of its rows is written.
        GameState state;
        for (std::size_t i = 0; i < events.size(); ++i) {
            if (auto err = ttt::apply(state, event_at(i))) {
                std::string message = "game " + std::to_string(g + 1) + ", event " + std::to_string(i + 1) +
                                      ": " + err->message;
                return ImportError{g, i, std::move(message), std::move(*err)};
            }
        }
        const auto last = static_cast<Seq>(events.size()) - 1;
        const GameId id = s.write_game_row(
            summary_of(0, state, last, events.front().recorded_ms, events.back().recorded_ms));
        for (std::size_t i = 0; i < events.size(); ++i)
            s.write_event(id, static_cast<Seq>(i), event_at(i), events[i].recorded_ms);
        ids.push_back(id);
        if (progress) progress(g + 1, games.size());
    }
    if (lift_guard) detail::restore_replace_guard(s.db);
    tx.commit();
    return ids;
}

// [SECTION] Reading

std::vector<StoredEvent> EventStore::events(GameId game) const {
    Impl& s = *m_impl;
    std::vector<StoredEvent> out;
    StatementUse use(s.select_events);
    use->bind(1, game).bind(2, std::numeric_limits<std::int64_t>::max());
    while (use->step()) {
        const Seq seq = use->column_int64(0);
        auto decoded = decode_event(use->column_text(1), use->column_int(2), use->column_text(3));
        if (auto* why = std::get_if<std::string>(&decoded)) corrupt_log(game, seq, *why);
        out.push_back(StoredEvent{seq, std::move(std::get<Event>(decoded)), use->column_int64(4)});
    }
    return out;
}

std::variant<Snapshot, Rejection> EventStore::load(GameId game, std::optional<Seq> at) const {
    Impl& s = *m_impl;
    // One read transaction, so the last sequence and the events folded come from the same snapshot.
    Transaction read(s.db, TransactionMode::Deferred);
    const auto last = s.last_seq(game);
    if (!last) return unknown_game(game);
    const Seq target = at.value_or(*last);
    if (target < 0 || target > *last) return step_out_of_range(game, *last, target);

    Snapshot snap;
    snap.at = target;
    snap.last_seq = *last;
    if (target == *last) {
        snap.state = s.current_state(game, *last);
    } else if (s.fold_log(game, target, snap.state) != target + 1) {
        corrupt_log(game, target, "events are missing");
    }
    read.commit();
    return snap;
}

std::vector<StoredEvent> EventStore::events(GameId game, Seq from, Seq to) const {
    Impl& s = *m_impl;
    std::vector<StoredEvent> out;
    if (to < from) return out;
    Statement range(s.db, "SELECT seq, type, type_version, payload, recorded_ms FROM events "
                          "WHERE game = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq");
    range.bind(1, game).bind(2, from).bind(3, to);
    while (range.step()) {
        const Seq seq = range.column_int64(0);
        auto decoded = decode_event(range.column_text(1), range.column_int(2), range.column_text(3));
        if (auto* why = std::get_if<std::string>(&decoded)) corrupt_log(game, seq, *why);
        out.push_back(StoredEvent{seq, std::move(std::get<Event>(decoded)), range.column_int64(4)});
    }
    return out;
}

std::optional<Seq> EventStore::last_seq(GameId game) const {
    return m_impl->last_seq(game);
}

std::optional<GameSummary> EventStore::summary(GameId game) const {
    StatementUse use(m_impl->select_summary);
    use->bind(1, game);
    if (!use->step()) return std::nullopt;
    return read_summary(*use);
}

std::vector<GameSummary> EventStore::list_games() const {
    Statement all(m_impl->db, std::string("SELECT ") + kSummaryColumns + " FROM games ORDER BY id");
    std::vector<GameSummary> out;
    while (all.step()) out.push_back(read_summary(all));
    return out;
}

namespace {

// The ORDER BY of each GameOrder: fixed text chosen here, so no user text ever reaches the SQL.
std::string order_clause(GameOrder order, bool descending) {
    const char* dir = descending ? " DESC" : " ASC";
    const auto keys = [&](std::initializer_list<const char*> columns) {
        std::string out = " ORDER BY ";
        for (const char* c : columns) out += std::string(c) + dir + ", ";
        return out + "id" + dir;
    };
    switch (order) {
    case GameOrder::Id: return std::string(" ORDER BY id") + dir;
    case GameOrder::Rules: return keys({"rules", "rows * cols"});
    case GameOrder::Size: return keys({"rows * cols"});
    case GameOrder::XName: return keys({"x_name"});
    case GameOrder::OName: return keys({"o_name"});
    case GameOrder::Status:
        return keys({"CASE status WHEN 'playing' THEN 0 WHEN 'won' THEN 1 WHEN 'draw' THEN 2 ELSE 3 END"});
    case GameOrder::Winner: return keys({"CASE winner WHEN 'x' THEN 0 WHEN 'o' THEN 1 ELSE -1 END"});
    case GameOrder::Moves: return keys({"moves"});
    case GameOrder::Changed: return keys({"updated_ms"});
    }
    return std::string(" ORDER BY id") + dir;
}

// The WHERE clause of a query: ?1 is the LIKE pattern, ?2 whether only games being played count.
constexpr const char* kQueryFilter =
    " WHERE (?1 = '%%' OR ('#' || id || ' ' || rules || ' ' || rows || 'x' || cols || ' ' || x_name || ' ' "
    "|| o_name || ' ' || status) LIKE ?1 ESCAPE '\\') AND (?2 = 0 OR status = 'playing')";

// `text` as a LIKE pattern that matches it anywhere, its own %, _ and \ taken literally.
std::string contains_pattern(std::string_view text) {
    std::string out = "%";
    for (const char c : text) {
        if (c == '%' || c == '_' || c == '\\') out += '\\';
        out += c;
    }
    return out + "%";
}

void bind_query(Statement& stmt, const GameQuery& query) {
    stmt.bind(1, contains_pattern(query.contains)).bind(2, query.playing_only);
}

}  // namespace

std::vector<GameSummary> EventStore::list_games(const GameQuery& query) const {
    Statement page(m_impl->db, std::string("SELECT ") + kSummaryColumns + " FROM games" + kQueryFilter +
                                   order_clause(query.order, query.descending) + " LIMIT ?3 OFFSET ?4");
    bind_query(page, query);
    page.bind(3, query.limit < 0 ? std::int64_t{-1} : query.limit)
        .bind(4, std::max<std::int64_t>(0, query.offset));
    std::vector<GameSummary> out;
    while (page.step()) out.push_back(read_summary(page));
    return out;
}

std::int64_t EventStore::count_games(const GameQuery& query) const {
    Statement count(m_impl->db, std::string("SELECT count(*) FROM games") + kQueryFilter);
    bind_query(count, query);
    return count.step() ? count.column_int64(0) : 0;
}

std::uint64_t EventStore::data_version() const {
    // PRAGMA data_version changes only with other connections' commits; this connection's own changes
    // are counted by SQLite apart, so together they change whenever the file did.
    Statement version(m_impl->db, "PRAGMA data_version");
    const auto theirs = static_cast<std::uint64_t>(version.step() ? version.column_int64(0) : 0);
    const auto ours = static_cast<std::uint64_t>(m_impl->db.total_changes());
    return (theirs << 40) ^ ours;
}

// [SECTION] Maintenance

int EventStore::rebuild_projection() {
    Impl& s = *m_impl;
    Transaction tx(s.db, TransactionMode::Immediate);
    Statement upsert(
        s.db, std::string("INSERT INTO games (") + kSummaryColumns +
                  ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, "
                  "?18) ON CONFLICT (id) DO UPDATE SET rules = excluded.rules, rows = excluded.rows, "
                  "cols = excluded.cols, k = excluded.k, exact = excluded.exact, min_run = "
                  "excluded.min_run, points = excluded.points, x_name = excluded.x_name, o_name = "
                  "excluded.o_name, status = excluded.status, winner = excluded.winner, moves = "
                  "excluded.moves, last_seq = excluded.last_seq, created_ms = excluded.created_ms, "
                  "updated_ms = excluded.updated_ms, forked_from = excluded.forked_from, forked_at = "
                  "excluded.forked_at");
    int rebuilt = 0;
    s.scan_all([&](GameId game, const GameState& state, Seq last, std::int64_t created, std::int64_t updated,
                   const std::string* failure) {
        if (failure)
            throw StorageError(StorageErrorKind::Corrupt, 0,
                               "cannot rebuild the projection: game " + std::to_string(game) + ", " +
                                   *failure);
        StatementUse use(upsert);
        use->bind(1, game);
        bind_summary(*use, summary_of(game, state, last, created, updated));
        use->run();
        ++rebuilt;
    });
    // A row without events describes no game (it can only come from editing the file by hand).
    s.db.exec("DELETE FROM games WHERE id NOT IN (SELECT DISTINCT game FROM events)");
    tx.commit();
    return rebuilt;
}

VerifyReport EventStore::verify() const {
    Impl& s = *m_impl;
    VerifyReport report;
    Transaction read(s.db, TransactionMode::Deferred);

    Statement integrity(s.db, "PRAGMA integrity_check");
    while (integrity.step()) report.integrity.emplace_back(integrity.column_text(0));

    Statement foreign(s.db, "PRAGMA foreign_key_check");
    while (foreign.step())
        report.problems.push_back("table " + std::string(foreign.column_text(0)) + " has a row whose " +
                                  std::string(foreign.column_text(2)) + " row is missing");

    std::map<GameId, GameSummary> projection;
    for (auto& row : list_games()) projection.emplace(row.id, std::move(row));

    report.events_checked = s.scan_all([&](GameId game, const GameState& state, Seq last,
                                           std::int64_t created, std::int64_t updated,
                                           const std::string* failure) {
        ++report.games_checked;
        const auto row = projection.find(game);
        if (failure) report.problems.push_back("game " + std::to_string(game) + ": " + *failure);
        if (row == projection.end()) {
            report.problems.push_back("game " + std::to_string(game) +
                                      " has events but no row in the games table");
            return;
        }
        if (!failure)
            compare_summaries(row->second, summary_of(game, state, last, created, updated), report.problems);
        projection.erase(row);
    });
    for (const auto& [id, row] : projection)
        report.problems.push_back("game " + std::to_string(id) + " is in the games table but has no events");
    read.commit();
    return report;
}

}  // namespace ttt::store
