// The event store: every write validated by the engine's fold and done in one transaction with its
// projection row, its hash and its snapshots; every read a fold of the log from the nearest snapshot.
//
// [SECTION] Small pieces: time, projection values, rejections
// [SECTION] Impl: the connection, its prepared statements and the cached state of the last game used
// [SECTION] Opening
// [SECTION] Writing
// [SECTION] Reading
// [SECTION] Queries of the projection
// [SECTION] Maintenance
#include "tictactrace/store/event_store.hpp"

#include "statement.hpp"
#include "tictactrace/base/clock.hpp"
#include "tictactrace/engine/player_name.hpp"
#include "tictactrace/engine/position_index.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/event_codec.hpp"
#include "tictactrace/store/limits.hpp"
#include "tictactrace/store/storage_error.hpp"
#include "tictactrace/store/transaction.hpp"

#include "event_hash.hpp"
#include "log_scan.hpp"
#include "pg_log_db.hpp"
#include "pg_schema.hpp"
#include "position_rows.hpp"
#include "schema.hpp"
#include "schema_v10.hpp"
#include "snapshot.hpp"
#include "snapshot_image.hpp"
#include "sqlite_log_db.hpp"
#include "store_access.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

namespace ttt::store {

using detail::Digest;
using detail::LogTransaction;
using detail::Query;
using detail::QueryUse;
using detail::SnapshotMaker;
using detail::SnapshotRow;

// [SECTION] Small pieces: time, projection values, rejections

namespace {

using base::now_ms;

const char* winner_text(const Outcome& outcome) noexcept {
    if (!outcome.winner) return nullptr;
    return *outcome.winner == Player::X ? "x" : "o";
}

std::optional<Status> status_from_text(std::string_view text) noexcept {
    for (const Status s : {Status::Playing, Status::Won, Status::Draw, Status::Resigned, Status::Forfeited,
                           Status::Adjudicated})
        if (text == name_of(s)) return s;
    return std::nullopt;
}

base::Failure<Rejection> unknown_game(GameId game) {
    return fail(
        Rejection{RejectionKind::UnknownGame, "there is no game " + std::to_string(game), std::nullopt});
}

base::Failure<Rejection> step_out_of_range(GameId game, Seq last, Seq at) {
    return fail(Rejection{RejectionKind::StepOutOfRange,
                          "game " + std::to_string(game) + " has steps 0 to " + std::to_string(last) +
                              "; there is no step " + std::to_string(at),
                          std::nullopt});
}

base::Failure<Rejection> invalid_event(MoveError error) {
    std::string message = error.message;
    return fail(Rejection{RejectionKind::InvalidEvent, std::move(message), std::move(error)});
}

// The one rule for names (engine/player_name.hpp), applied however a game arrives: text that breaks it
// would reach terminals and files from the log.
Result<void, Rejection> check_names(std::string_view x, std::string_view o) {
    for (const auto& [name, subject] : {std::pair{x, "X's name"}, std::pair{o, "O's name"}})
        if (auto checked = check_player_name(name, subject); !checked)
            return fail(Rejection{RejectionKind::InvalidEvent, checked.error(),
                                  MoveError{MoveErrorKind::NotAllowed, checked.error()}});
    return {};
}

[[noreturn]] void corrupt_log(GameId game, Seq seq, const std::string& why) {
    throw StorageError(StorageErrorKind::Corrupt, 0,
                       "the log of game " + std::to_string(game) + " is damaged at event " +
                           std::to_string(seq) + ": " + why + " (`tictactrace verify` names every problem)");
}

[[noreturn]] void changed_event(GameId game, Seq seq) {
    corrupt_log(game, seq,
                "it was changed after it was written (its hash does not match the chain of the events "
                "before it)");
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

// A projection row, or why it cannot be read (a value no tictactrace writes in a text column).
Result<GameSummary, std::string> read_summary_checked(const Query& row) {
    GameSummary s;
    s.id = row.column_int64(0);
    const auto kind = rule_kind_from_name(row.column_text(1));
    const auto status = status_from_text(row.column_text(10));
    const std::string_view winner = row.column_text(11);
    if (!kind) return fail("its rules are '" + std::string(row.column_text(1).substr(0, 40)) + "'");
    if (!status) return fail("its status is '" + std::string(row.column_text(10).substr(0, 40)) + "'");
    if (!row.column_is_null(11) && winner != "x" && winner != "o")
        return fail("its winner is '" + std::string(winner.substr(0, 40)) + "'");
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

GameSummary read_summary(const Query& row) {
    auto read = read_summary_checked(row);
    if (!read)
        throw StorageError(StorageErrorKind::Corrupt, 0,
                           "the games table row of game " + std::to_string(row.column_int64(0)) +
                               " is damaged (" + read.error() +
                               "); `tictactrace verify --repair` rebuilds it from the game's events");
    return std::move(read).value();
}

// The projection's columns but the id as parameters ?2 to ?18 (the id, where a statement names it, is ?1),
// in kSummaryColumns' order, for the statements that write a row.
constexpr const char* kSummaryParams =
    "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18";

// Binds every column but the id.
void bind_summary(Query& stmt, const GameSummary& s) {
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
    Impl(std::unique_ptr<detail::LogDb> connection, std::int64_t max_events_per_game)
        : db(std::move(connection)), max_events(max_events_per_game) {}

    std::unique_ptr<detail::LogDb> db;
    std::int64_t max_events;  // StoreOptions::max_events_per_game
    Location location = Location::memory();  // where it was opened
    StoreOptions options;                      // what it was opened with: a reader opens the same way
    Query& last_event{db->cached("SELECT seq, hash FROM events WHERE game = ?1 ORDER BY seq DESC LIMIT 1")};
    Query& insert_event{db->cached("INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, "
                                   "hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")};
    Query& insert_game{
        db->cached(std::string("INSERT INTO games (id, rules, rows, cols, k, exact, min_run, points, "
                               "x_name, o_name, status, winner, moves, last_seq, created_ms, "
                               "updated_ms, forked_from, forked_at) VALUES (") +
                   db->new_game_id() + ", " + kSummaryParams + ") RETURNING id")};
    // The names too when they may have changed: an opening rule's choice gives the colours to the players
    // who chose them. Only then: SQLite rewrites the entries of both name indexes for a name that is SET,
    // even to the same text, and that is two more pages in the write-ahead log at every commit.
    Query& update_game_named{
        db->cached("UPDATE games SET status = ?2, winner = ?3, moves = ?4, last_seq = ?5, "
                   "updated_ms = ?6, x_name = ?7, o_name = ?8 WHERE id = ?1")};
    Query& update_game{db->cached("UPDATE games SET status = ?2, winner = ?3, moves = ?4, last_seq = ?5, "
                                  "updated_ms = ?6 WHERE id = ?1")};
    // Streamed: a long game's events arrive a batch at a time.
    Query& select_events{db->cached_streaming(std::string("SELECT seq, type, type_version, payload, recorded_ms, hash, ") +
                                    db->written_by_column() +
                                    " FROM events WHERE game = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq")};
    Query& select_hash{db->cached("SELECT hash FROM events WHERE game = ?1 AND seq = ?2")};
    Query& select_summary{db->cached(std::string("SELECT ") + kSummaryColumns + " FROM games WHERE id = ?1")};
    // The chain of snapshots that rebuilds the position at the last one at or before ?2: from the last
    // snapshot that stands alone (kept = 0) up to it. That one is found through the partial index of such
    // rows (version 12), named as the study index is: without it the max() reads every row of a long
    // game's chain once more before the chain is read, 4,000 pages on the largest board.
    Query& select_snapshots{db->cached(
        std::string(
            "SELECT seq, format, marks, kept, data, event_hash, digest FROM snapshots WHERE game = ?1 "
            "AND seq <= ?2 AND seq >= coalesce((SELECT max(seq) FROM snapshots ") +
        (db->server_writes() ? "" : "INDEXED BY snapshots_whole ") +
        "WHERE game = ?1 AND seq <= ?2 AND kept = 0), 0) ORDER BY seq")};
    Query& insert_snapshot{
        db->cached("INSERT INTO snapshots (game, seq, format, marks, kept, data, event_hash, "
                   "digest) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")};
    // The image of a game's position beside its latest snapshot (schema_v10.cpp), where the log keeps them:
    // replaced by each new snapshot's.
    Query* select_image{
        db->keeps_images()
            ? &db->cached("SELECT seq, format, data, digest FROM snapshot_images WHERE game = ?1")
            : nullptr};
    Query* write_image_row{
        db->keeps_images()
            ? &db->cached(
                  "INSERT INTO snapshot_images (game, seq, format, data, digest) VALUES (?1, ?2, ?3, ?4, ?5) "
                  "ON CONFLICT (game) DO UPDATE SET seq = excluded.seq, format = excluded.format, "
                  "data = excluded.data, digest = excluded.digest")
            : nullptr};
    // The last choice of a game's opening rule at or before ?2: where a snapshot's state learns the opening.
    Query& select_last_choice{db->cached("SELECT max(seq) FROM events WHERE game = ?1 AND seq <= ?2 AND "
                                         "type = 'opening_chosen'")};
    std::string payload;      // reused by every append, so a hot loop allocates nothing for it
    std::int64_t folded = 0;  // events decoded and applied by fold_range
    std::int64_t images = 0;  // positions taken up from an image

    // The state after the last event of one game, kept between calls so that appending a move costs
    // one apply instead of a refold. Valid only while the game's last event is still `seq` with `hash`:
    // the log is append-only and (game, seq) is unique, so an equal last event means an equal prefix.
    struct CachedState {
        GameId game = 0;
        Seq seq = 0;
        Digest hash{};
        GameState state;
        SnapshotMaker snapshots;
        // Whether the game has a study (a variation, an annotation...): then every append builds its tree,
        // and its row shows its main line's state rather than the log's.
        bool studied = false;
        // The keys of the trunk's position, followed move by move for the index of positions; nullopt
        // until the first append needs them.
        std::optional<PositionKeys> keys;
        // The connection's change token right after the commit that wrote the game's last event, when
        // this connection wrote it (LogDb::change_token): while the token is still that, nobody else has
        // written, so `seq` and `hash` are still the log's without reading them.
        std::optional<std::uint64_t> committed_at;
    };
    // Makes `current.keys` those of its state, before an event is applied to it.
    static void keys_for_append(CachedState& current) {
        if (!current.keys)
            current.keys.emplace(current.state.position.board(), current.state.position.to_move());
    }
    std::optional<CachedState> cache;

    // Through the partial index of study events, named: SQLite's planner otherwise prefers the primary
    // key's (game = ?1) and walks every event of the game, 4,194,304 of them in the largest, half a second
    // of every command on it. A server plans with its own statistics and has no such clause.
    Query& select_study{db->cached(
        db->server_writes()
            ? std::string(
                  "SELECT 1 FROM events WHERE game = ?1 AND type IN ('variation_played', 'line_promoted', "
                  "'line_set_aside', 'annotated') LIMIT 1")
            : std::string("SELECT 1 FROM events INDEXED BY events_study WHERE game = ?1 AND ") +
                  detail::kStudyCondition + " LIMIT 1")};
    bool has_study(GameId game) {
        QueryUse use(select_study);
        use->bind(1, game);
        return use->step();
    }

    // The game's tree with `next` after its events up to `last`, checked whole: the state of its main line
    // then and, when `next` is a variation's move, the index's row for it; or why `next` does not fit.
    struct StudyAfter {
        GameState main_line;
        std::optional<IndexedPosition> variation;
    };
    Result<StudyAfter, MoveError> main_line_after(GameId game, Seq last, const Event& next) {
        std::vector<Event> log;
        log.reserve(static_cast<std::size_t>(last) + 2);
        (void)read_range(
            game, 0, last, std::nullopt, true,
            [&](Seq, Event&& event, std::int64_t, std::string_view) { log.push_back(std::move(event)); });
        log.push_back(next);
        auto tree = StudyTree::build(log);
        if (!tree) return fail(std::move(tree).error().error);
        auto main = fold(tree.value().main_line().events);
        if (!main) return fail(std::move(main).error().error);
        StudyAfter after{std::move(main).value(), std::nullopt};
        if (std::holds_alternative<VariationPlayed>(next))
            after.variation = indexed_at(tree.value(), static_cast<NodeId>(last + 1));
        return after;
    }

    // [SECTION] The index of positions (a projection like the snapshots)

    // A file's rows are the store's INSERTs; a server writes each row with the event that makes it
    // (create_game and write_event hand it over), so that no member of a class writes the index itself.
    std::unique_ptr<Query> insert_position_query;
    void index_position(GameId game, const IndexedPosition& row) {
#ifdef TTT_MEASURE_WITHOUT_POSITION_INDEX
        // Only bench_store_unindexed is built so: it measures what the index costs an append by leaving the
        // row out. A store built so would fail its own verify; no product is.
        (void)game, (void)row;
        return;
#endif
        const PendingPosition pending{static_cast<std::int64_t>(row.symmetric), game, row.node,
                                      static_cast<std::int64_t>(row.key)};
        if (pending_positions) {
            pending_positions->push_back(pending);
            if (pending_positions->size() >= kPendingPositions) flush_positions();
            return;
        }
        insert_position(pending);
    }

    // An import's rows of the index, held back and written in the index's own order: a row's key is a
    // position's hash, so rows written as the games go land on a random leaf each, and a batch larger than
    // SQLite's page cache reads back and writes out the same leaves again and again. In key order SQLite
    // walks the b-tree forward. Written in the import's own transaction, at its end or every
    // kPendingPositions rows (which bounds the memory).
    struct PendingPosition {
        std::int64_t sym;
        GameId game;
        std::int64_t node;
        std::int64_t key;
    };
    static constexpr std::size_t kPendingPositions = 1 << 18;
    std::optional<std::vector<PendingPosition>> pending_positions;
    void insert_position(const PendingPosition& row) {
        if (!insert_position_query)
            insert_position_query = db->prepare("INSERT INTO positions (sym, key, game, node) VALUES (?1, ?2, ?3, ?4)");
        QueryUse use(*insert_position_query);
        use->bind(1, row.sym).bind(2, row.key).bind(3, row.game).bind(4, row.node);
        use->run();
    }
    void flush_positions() {
        auto& rows = *pending_positions;
        std::sort(rows.begin(), rows.end(), [](const PendingPosition& a, const PendingPosition& b) {
            return std::tie(a.sym, a.game, a.node) < std::tie(b.sym, b.game, b.node);
        });
        for (const PendingPosition& row : rows) insert_position(row);
        rows.clear();
    }
    // A game's start: its keys from scratch, and its first row.
    static IndexedPosition start_row(const GameState& state, std::optional<PositionKeys>& keys) {
        keys.emplace(state.position.board(), state.position.to_move());
        return IndexedPosition{0, keys->key(), keys->symmetric()};
    }
    // After trunk event `seq`, which left `after`: its row, when it made a position.
    static std::optional<IndexedPosition> row_after(Seq seq, const Event& event, const GameState& after,
                                                    std::optional<PositionKeys>& keys) {
        if (keys && follow_keys(*keys, event, after.position))
            return IndexedPosition{seq, keys->key(), keys->symmetric()};
        return std::nullopt;
    }
    // The row of the index an event brings to a server (the key and the symmetric key, NULL for none).
    static void bind_row(Query& q, int key_index, const std::optional<IndexedPosition>& row) {
        if (row)
            q.bind(key_index, static_cast<std::int64_t>(row->key))
                .bind(key_index + 1, static_cast<std::int64_t>(row->symmetric));
        else
            q.bind_null(key_index).bind_null(key_index + 1);
    }

    struct LastEvent {
        Seq seq = 0;
        Digest hash{};
    };
    std::optional<LastEvent> last(GameId game) {
        QueryUse use(last_event);
        use->bind(1, game);
        if (!use->step()) return std::nullopt;
        return LastEvent{use->column_int64(0), detail::digest_of(use->column_blob(1)).value_or(Digest{})};
    }

    // The game's last event, inside a write transaction: the kept state's, when this connection wrote it
    // and nobody has committed since; otherwise read. (Should the kept state be wrong all the same, the
    // event's (game, seq) is taken and the insert is refused, never written over.)
    std::optional<LastEvent> last_for_write(GameId game) {
        if (cache && cache->game == game && cache->committed_at && db->change_token() == cache->committed_at)
            return LastEvent{cache->seq, cache->hash};
        return last(game);
    }

    std::optional<Seq> last_seq(GameId game) {
        const auto l = last(game);
        return l ? std::optional<Seq>(l->seq) : std::nullopt;
    }

    // Called first in every write transaction: a schema changed by someone else since we checked it
    // (an object planted while the file is open) is checked again before anything of ours runs into it.
    void check_schema_unchanged() { db->check_schema_unchanged(); }

    // The payload of `event` in `payload`, refused when it is larger than any event of ours needs (a
    // server refuses the same, so a file never holds what a class could not take).
    void encode_checked(const Event& event) {
        payload.clear();
        encode_payload(event, payload);
        const std::size_t most = std::holds_alternative<Annotated>(event)
                                     ? static_cast<std::size_t>(kMaxAnnotationPayloadBytes)
                                     : static_cast<std::size_t>(kMaxEventPayloadBytes);
        if (payload.size() > most && !std::holds_alternative<GameSetUp>(event))
            throw StorageError(StorageErrorKind::Other, 0,
                               std::string("a ") + type_name_of(event) + " event of " +
                                   std::to_string(payload.size()) + " bytes is larger than the " +
                                   std::to_string(most) + " such an event may have");
    }

    // The game's result after an event, as the server is told it (status, winner or NULL).
    static void bind_result(Query& q, int status_index, const GameState& after) {
        q.bind(status_index, name_of(after.position.outcome().status));
        if (const char* w = winner_text(after.position.outcome()))
            q.bind(status_index + 1, w);
        else
            q.bind_null(status_index + 1);
    }

    // Makes a game's row and writes its creating event and `start`, its row of the index of positions;
    // returns its id and the event's hash. On a server the server does all three, choosing the id.
    std::pair<GameId, Digest> create_game(const Event& first, const GameState& state, std::int64_t when,
                                          const IndexedPosition& start) {
        if (!db->server_writes()) {
            const GameId id = write_game_row(summary_of(0, state, 0, when, when));
            return {id, write_event(id, 0, first, when, detail::kChainStart, state, start)};
        }
        encode_checked(first);
        const char* type = type_name_of(first);
        const int version = type_version_of(first);
        const Digest hash =
            detail::chain_hash(detail::kChainStart, 0, type, version, payload, when, db->writer());
        QueryUse use(db->cached("SELECT tictactrace.create_game(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"));
        use->bind_borrowed(1, type).bind(2, version).bind_borrowed(3, payload).bind(4, when).bind_blob(5, hash);
        bind_result(*use, 6, state);
        bind_row(*use, 8, start);
        if (!use->step()) throw StorageError(StorageErrorKind::Other, 0, "a new game was given no id");
        return {use->column_int64(0), hash};
    }

    // Writes event `seq` chained to `previous`, and `row`, the row of the index of positions it makes, if
    // any; `after` is the game's state with it applied. Returns its hash.
    Digest write_event(GameId game, Seq seq, const Event& event, std::int64_t recorded_ms,
                       const Digest& previous, const GameState& after,
                       const std::optional<IndexedPosition>& row) {
        encode_checked(event);
        const char* type = type_name_of(event);
        const int version = type_version_of(event);
        const Digest hash =
            detail::chain_hash(previous, seq, type, version, payload, recorded_ms, db->writer());
        if (db->server_writes()) {
            QueryUse use(
                db->cached("SELECT tictactrace.append_event(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"));
            use->bind(1, game).bind(2, seq).bind_borrowed(3, type).bind(4, version).bind_borrowed(5, payload);
            use->bind(6, recorded_ms).bind_blob(7, hash);
            bind_result(*use, 8, after);
            bind_row(*use, 10, row);
            use->run();
            return hash;
        }
        QueryUse use(insert_event);
        use->bind(1, game)
            .bind(2, seq)
            .bind_borrowed(3, type)  // a string literal
            .bind(4, version)
            .bind_borrowed(5, payload)  // not touched again before the step below
            .bind(6, recorded_ms)
            .bind_blob(7, hash);
        use->run();
        if (row) index_position(game, *row);
        return hash;
    }

    void write_snapshot(GameId game, const SnapshotRow& row) {
        QueryUse use(insert_snapshot);
        use->bind(1, game).bind(2, row.seq).bind(3, row.format).bind(4, row.marks).bind(5, row.kept);
        use->bind_blob(6, row.data).bind_blob(7, row.event_hash).bind_blob(8, row.digest);
        use->run();
    }

    void write_image(GameId game, const detail::ImageRow& image) {
        QueryUse use(*write_image_row);
        use->bind(1, game).bind(2, image.seq).bind(3, image.format);
        use->bind_blob(4, image.data).bind_blob(5, image.digest);
        use->run();
    }

    // After event `seq` was written with `hash` and folded into `state`: the snapshot it is due, if any,
    // and the image of its position beside it unless `image` says a later snapshot of the same write will
    // replace it (an import of a long game writes the image of its last snapshot only).
    // `keys`: the position's keys where the caller follows them, which the image keeps.
    void snapshot_if_due(GameId game, Seq seq, const GameState& state, const Digest& hash,
                         SnapshotMaker& maker, const std::optional<PositionKeys>& keys, bool image = true) {
        maker.note(state);
        if (!detail::snapshot_due(seq) || !db->may_write_snapshots()) return;
        const SnapshotRow row = maker.make(seq, state, hash, detail::snapshot_format_of(*db));
        write_snapshot(game, row);
        if (image && write_image_row)
            write_image(game, detail::make_image(seq, state.position, row.digest, keys ? &*keys : nullptr));
    }
    // Whether the snapshot at `seq` is the last a write of events up to `last` makes.
    static bool last_snapshot_of(Seq seq, Seq last) noexcept {
        return seq + detail::kSnapshotInterval > last;
    }

    // The image stored for `game`, if any.
    std::optional<detail::ImageRow> stored_image(GameId game) {
        if (!select_image) return std::nullopt;
        QueryUse use(*select_image);
        use->bind(1, game);
        if (!use->step()) return std::nullopt;
        detail::ImageRow image;
        image.seq = use->column_int64(0);
        image.format = use->column_int(1);
        const auto data = use->column_blob(2);
        image.data.assign(data.begin(), data.end());
        image.digest = detail::digest_of(use->column_blob(3)).value_or(Digest{});
        return image;
    }

    GameId write_game_row(const GameSummary& s) {
        db->lock_new_games();
        QueryUse use(insert_game);
        bind_summary(*use, s);
        if (!use->step()) throw StorageError(StorageErrorKind::Other, 0, "a new game was given no id");
        return use->column_int64(0);
    }

    // The projection row after event `seq` (a server keeps its own: write_event told it). `names`: the
    // players' names may have changed since the row was written.
    void update_game_row(GameId game, const GameState& state, Seq seq, std::int64_t when, bool names = true) {
        if (db->server_writes()) return;
        QueryUse use(names ? update_game_named : update_game);
        use->bind(1, game).bind(2, name_of(state.position.outcome().status));
        if (const char* w = winner_text(state.position.outcome()))
            use->bind(3, w);
        else
            use->bind_null(3);
        use->bind(4, state.position.move_count()).bind(5, seq).bind(6, when);
        if (names) use->bind_borrowed(7, state.x_name).bind_borrowed(8, state.o_name);
        use->run();
    }

    // Reads events from..to of `game` in order, checking that none is missing and that each chains to
    // the one before it, starting from `chain` (the hash of event from - 1; nullopt: the window's first
    // event is taken on trust), and hands each decoded one to `each(seq, event, recorded_ms)`. Returns the
    // hash of the last event read. A gap, a broken chain or an unreadable payload is a Corrupt error
    // naming the event. `complete`: the window must reach `to`.
    template <class Each>
    std::optional<Digest> read_range(GameId game, Seq from, Seq to, std::optional<Digest> chain,
                                     bool complete, Each&& each) {
        QueryUse use(select_events);
        use->bind(1, game).bind(2, from).bind(3, to);
        Seq expected = from;
        while (use->step()) {
            const Seq seq = use->column_int64(0);
            if (seq != expected) corrupt_log(game, expected, "the event is missing");
            const std::string_view type = use->column_text(1);
            const int version = use->column_int(2);
            const std::string_view text = use->column_text(3);
            const std::int64_t ms = use->column_int64(4);
            const std::string_view writer = use->column_text(6);
            if (chain) {
                chain = detail::chain_hash(*chain, seq, type, version, text, ms, writer);
                if (detail::digest_of(use->column_blob(5)) != *chain) changed_event(game, seq);
            }
            auto decoded = decode_event(type, version, text);
            if (!decoded) corrupt_log(game, seq, decoded.error());
            each(seq, std::move(decoded).value(), ms, writer);
            ++expected;
        }
        if (complete && expected != to + 1) corrupt_log(game, expected, "the event is missing");
        return chain;
    }

    // Folds events from..to of `game` into `state`, which holds the fold up to from - 1 (fresh when
    // from is 0), from `chain`, the hash of event from - 1. Returns the hash of event `to`.
    // `keys`, when set, are followed through the events as the index of positions follows them.
    Digest fold_range(GameId game, Seq from, Seq to, GameState& state, Digest chain, SnapshotMaker* maker,
                      std::optional<PositionKeys>* keys = nullptr) {
        return *read_range(game, from, to, chain, true,
                           [&](Seq seq, const Event& event, std::int64_t, std::string_view) {
                               if (auto applied = ttt::apply(state, event); !applied)
                                   corrupt_log(game, seq, applied.error().message);
                               if (maker) maker->note(state);
                               if (keys && *keys) {
                                   (void)follow_keys(**keys, event, state.position);
                                   (*keys)->set_to_move(state.position.to_move());
                               }
                               ++folded;
                           });
    }

    std::optional<Digest> stored_hash(GameId game, Seq seq) {
        QueryUse use(select_hash);
        use->bind(1, game).bind(2, seq);
        if (!use->step()) return std::nullopt;
        return detail::digest_of(use->column_blob(0));
    }

    // Event 0 of `game` as stored, or nullopt when there is none or it does not decode (which a fold
    // of the game then names).
    std::optional<Event> creating_event(GameId game) {
        QueryUse creation(select_events);
        creation->bind(1, game).bind(2, 0).bind(3, 0);
        if (!creation->step()) return std::nullopt;
        auto created =
            decode_event(creation->column_text(1), creation->column_int(2), creation->column_text(3));
        if (!created) return std::nullopt;
        return std::move(created).value();
    }

    // The state after step `target` rebuilt from the last snapshot at or before it, if one is usable:
    // the step it stands at and its event's hash. A snapshot that does not rebuild (damaged, or not of
    // this log any more) is passed over: snapshots are never the truth, and verify names it.
    struct Rebuilt {
        GameState state;
        Seq at = -1;
        Digest hash{};
        std::int64_t marks = 0;
        Digest digest{};  // of the snapshot it was rebuilt from
        std::optional<PositionKeys> keys;  // the position's, when an image kept them
    };
    // The image of the position beside the snapshot is taken up when it is the one of exactly that chain
    // (its digest covers the snapshot's); otherwise, or when it does not fit, the snapshots' marks are placed
    // (`use_image` false) and verify names the image.
    std::optional<Rebuilt> from_snapshot(GameId game, Seq target, bool use_image = true) {
        if (target < detail::kSnapshotInterval) return std::nullopt;
        detail::SnapshotMarks marks;
        std::optional<SnapshotRow> top;
        {
            QueryUse use(select_snapshots);
            use->bind(1, game).bind(2, target);
            while (use->step()) {
                SnapshotRow row = detail::read_snapshot(*use, 0);
                // Room for every mark at once rather than doubled as rows come: on the largest game the
                // doubling alone held 32 MiB. A count no game can reach (a hostile file) is not believed.
                if (!top && row.kept == 0 && row.marks >= 0 && row.marks <= kMaxEventsPerGame &&
                    target - row.seq <= kMaxEventsPerGame) {
                    const std::int64_t want =
                        std::min<std::int64_t>(target - row.seq + row.marks, kMaxEventsPerGame);
                    if (want > 0) marks.cells.reserve(static_cast<std::size_t>(want));
                }
                if (!detail::extend(marks, row)) return std::nullopt;
                top = std::move(row);
            }
        }
        if (!top || stored_hash(game, top->seq) != top->event_hash) return std::nullopt;
        const auto created = creating_event(game);
        if (!created) return std::nullopt;
        std::optional<detail::ImageRow> image = use_image ? stored_image(game) : std::nullopt;
        if (image &&
            (image->seq != top->seq || image->format != detail::kSnapshotImageFormat ||
             image->digest != detail::image_digest(image->seq, image->format, top->digest, image->data)))
            image.reset();
        std::optional<PositionKeys> keys;
        auto state = image ? detail::state_from_image(*created, std::move(marks), *image, top->seq, keys)
                           : detail::state_from_marks(*created, marks, top->seq);
        if (!state) return image ? from_snapshot(game, target, false) : std::nullopt;
        if (image) ++images;
        // A snapshot keeps marks, not choices: an opening rule's choices (and the names that follow them)
        // come from folding the log up to the last of them, a few events from the start.
        if (const auto* game_created = std::get_if<GameCreated>(&*created);
            game_created && game_created->opening != OpeningRule::None) {
            std::optional<Seq> last_choice;
            {
                QueryUse use(select_last_choice);
                use->bind(1, game).bind(2, top->seq);
                if (use->step() && !use->column_is_null(0)) last_choice = use->column_int64(0);
            }
            if (last_choice) {
                GameState opened;
                (void)fold_range(game, 0, *last_choice, opened, detail::kChainStart, nullptr);
                GameState& rebuilt = state.value();
                rebuilt.opening = opened.opening;
                rebuilt.x_name = opened.x_name;
                rebuilt.o_name = opened.o_name;
            }
        }
        return Rebuilt{std::move(state).value(), top->seq, top->event_hash, top->marks, top->digest,
                       std::move(keys)};
    }

    // The state after step `target` of `game`, folded from the nearest usable snapshot; `maker` is left
    // ready to make the game's next snapshot.
    // `keys`, when given, is set to the position's keys where an image kept them.
    std::pair<GameState, Digest> state_at(GameId game, Seq target, SnapshotMaker& maker,
                                          std::optional<PositionKeys>* keys = nullptr) {
        if (auto snap = from_snapshot(game, target)) {
            maker.start(snap->marks, snap->digest);
            const Digest hash =
                fold_range(game, snap->at + 1, target, snap->state, snap->hash, &maker, &snap->keys);
            if (keys) *keys = std::move(snap->keys);
            return {std::move(snap->state), hash};
        }
        maker.start();
        GameState state;
        const Digest hash = fold_range(game, 0, target, state, detail::kChainStart, &maker);
        return {std::move(state), hash};
    }

    // load() and load_once(): the latest state copied from the cache, kept for the next append, or handed
    // over (`once`). A copy of a position taken up from an image costs its board and moves, not its run
    // table (RunTable copies an untouched table as the zeros it is).
    Result<Snapshot, Rejection> load(GameId game, std::optional<Seq> at, bool once) {
        // One read transaction, so the last event and the events folded come from the same snapshot.
        LogTransaction read(*db, TransactionMode::Deferred);
        const auto newest = last(game);
        if (!newest) return unknown_game(game);
        const Seq target = at.value_or(newest->seq);
        if (target < 0 || target > newest->seq) return step_out_of_range(game, newest->seq, target);
        Snapshot snap;
        snap.at = target;
        snap.last_seq = newest->seq;
        if (target == newest->seq) {
            CachedState& current = current_state(game, *newest);
            if (once) {
                snap.state = std::move(current.state);
                cache.reset();
            } else {
                snap.state = current.state;
            }
        } else {
            SnapshotMaker unused;
            snap.state = state_at(game, target, unused).first;
        }
        read.commit();
        return snap;
    }

    // The state after the game's last event, from the cache when it is current.
    CachedState& current_state(GameId game, const LastEvent& newest) {
        if (!cache || cache->game != game || cache->seq != newest.seq || cache->hash != newest.hash) {
            cache.reset();
            SnapshotMaker maker;
            std::optional<PositionKeys> keys;
            auto [state, hash] = state_at(game, newest.seq, maker, &keys);
            if (hash != newest.hash) changed_event(game, newest.seq);
            // Without an image's, the keys are left for the first append to work out (keys_for_append): a
            // read never needs them, and on the largest board they are a pass over 4,194,304 cells.
            cache = CachedState{game,      newest.seq,      hash,           std::move(state),
                                maker,     has_study(game), std::move(keys), std::nullopt};
        }
        return *cache;
    }
};

// [SECTION] Opening

namespace {

void configure(Database& db, const StoreOptions& options, bool on_disk) {
    db.set_busy_timeout(options.busy_timeout_ms);
    db.exec("PRAGMA foreign_keys = ON");
    detail::check_compatible(db);  // the first read of the file: garbage and planted objects fail here
    if (on_disk) {
        Statement mode(db, "PRAGMA journal_mode = WAL");
        if (!mode.step() || mode.column_text(0) != "wal")
            throw StorageError(StorageErrorKind::Io, 0, db.path() + " cannot be switched to WAL mode");
    }
    db.exec(options.durability == Durability::Full ? "PRAGMA synchronous = FULL"
                                                   : "PRAGMA synchronous = NORMAL");
    detail::migrate(db);
}

// A log lives in a regular file: a device, a folder or a pipe named by mistake (`--db /dev/null`)
// is refused before SQLite creates a journal beside it.
void check_path(const std::filesystem::path& path) {
    if (path.empty()) throw StorageError(StorageErrorKind::Io, 0, "an empty path names no database");
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return;
        throw StorageError(StorageErrorKind::Io, 0,
                           "cannot use " + path.string() + ": " + std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode))
        throw StorageError(StorageErrorKind::Io, 0, path.string() + " is a folder, not a database file");
    if (!S_ISREG(st.st_mode))
        throw StorageError(StorageErrorKind::Io, 0,
                           path.string() +
                               " is not a regular file (a device, a pipe or a socket cannot hold a log)");
}

}  // namespace

EventStore EventStore::open(const std::filesystem::path& path, const StoreOptions& options) {
    check_path(path);
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
    Database db(path.string(), options.create ? OpenMode::ReadWriteCreate : OpenMode::ReadWrite,
                options.step_budget);
    configure(db, options, true);
    auto impl = std::make_unique<Impl>(std::make_unique<detail::SqliteLogDb>(std::move(db)),
                                       options.max_events_per_game);
    return opened(std::move(impl), Location::file(path), options);
}

EventStore EventStore::open_in_memory(const StoreOptions& options) {
    Database db(":memory:", OpenMode::ReadWriteCreate, options.step_budget);
    configure(db, options, false);
    auto impl = std::make_unique<Impl>(std::make_unique<detail::SqliteLogDb>(std::move(db)),
                                       options.max_events_per_game);
    return opened(std::move(impl), Location::memory(), options);
}

EventStore EventStore::connect(const std::string& uri, const StoreOptions& options) {
    auto db = std::make_unique<detail::PgLogDb>(uri, options.busy_timeout_ms);
    detail::open_pg_schema(*db, options.create);
    auto impl = std::make_unique<Impl>(std::move(db), options.max_events_per_game);
    return opened(std::move(impl), Location::server(uri), options);
}

EventStore EventStore::open(const Location& location, const StoreOptions& options) {
    switch (location.kind()) {
    case Location::Kind::File: return open(location.path(), options);
    case Location::Kind::Server: return connect(location.uri(), options);
    case Location::Kind::Memory: break;
    }
    return open_in_memory(options);
}

EventStore EventStore::opened(std::unique_ptr<Impl> impl, Location location, const StoreOptions& options) {
    // Opening (which may migrate) waited as long as the options said; from here a write waits the
    // interactive time, when one was given.
    if (options.interactive_busy_timeout_ms >= 0) impl->db->set_busy_timeout(options.interactive_busy_timeout_ms);
    impl->location = std::move(location);
    impl->options = options;
    return EventStore(std::move(impl));
}

EventStore EventStore::open_reader() const {
    if (m_impl->location.in_memory())
        throw StorageError(StorageErrorKind::Other, 0, "a log in memory has no second connection");
    StoreOptions options = m_impl->options;
    options.create = false;
    options.interactive_busy_timeout_ms = -1;  // a reader's thread waits as long as opening did
    return open(m_impl->location, options);
}

const Location& EventStore::location() const noexcept {
    return m_impl->location;
}

bool EventStore::on_server() const noexcept {
    return m_impl->location.on_server();
}

int EventStore::take_reconnections() noexcept {
    return m_impl->db->take_reconnections();
}

void EventStore::interrupt() noexcept {
    m_impl->db->interrupt();
}

EventStore::EventStore(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
EventStore::EventStore(EventStore&&) noexcept = default;
EventStore& EventStore::operator=(EventStore&&) noexcept = default;
EventStore::~EventStore() = default;

std::int64_t EventStore::events_folded() const noexcept {
    return m_impl->folded;
}

std::int64_t EventStore::images_read() const noexcept {
    return m_impl->images;
}

Database& detail::StoreAccess::database(EventStore& store) {
    if (Database* db = store.m_impl->db->sqlite()) return *db;
    throw StorageError(StorageErrorKind::Other, 0, "this log is on a server, not in an SQLite file");
}

detail::LogDb& detail::StoreAccess::log(EventStore& store) {
    return *store.m_impl->db;
}

// [SECTION] Writing

Result<GameId, Rejection> EventStore::create_game(const GameCreated& created) {
    if (auto named = check_names(created.x_name, created.o_name); !named) return fail(named.error());
    return create_from(Event{created});
}

Result<GameId, Rejection> EventStore::create_game(const GameSetUp& set_up) {
    if (auto named = check_names(set_up.x_name, set_up.o_name); !named) return fail(named.error());
    if (set_up.start->from_game)
        return invalid_event(MoveError{MoveErrorKind::NotAllowed, "only a fork starts from another game"});
    return create_from(Event{set_up});
}

Result<GameId, Rejection> EventStore::create_from(const Event& event) {
    Impl& s = *m_impl;
    GameState state;
    if (auto applied = ttt::apply(state, event); !applied) return invalid_event(std::move(applied).error());

    const std::int64_t now = now_ms();
    LogTransaction tx(*s.db, TransactionMode::Immediate);
    s.check_schema_unchanged();
    std::optional<PositionKeys> keys;
    const auto [id, hash] = s.create_game(event, state, now, Impl::start_row(state, keys));
    tx.commit();
    SnapshotMaker maker;
    maker.start();
    s.cache =
        Impl::CachedState{id, 0, hash, std::move(state), maker, false, std::move(keys), s.db->change_token()};
    return id;
}

AppendResult EventStore::append(GameId game, Seq expected_last, const Event& event) {
    Impl& s = *m_impl;
    // KEPT: on a server, the state kept after our own last write of this game stands for the log
    // without reading it: append_event refuses an event that is not the next, and an event once written
    // never changes, so the previous hash the server holds is the one kept here. It saves a round trip
    // on every move of a game played on one connection. A refusal of the kept state's own is only
    // believed once the log confirms it (UNCONFIRMED): the log may have moved on, and then the answer is
    // a conflict, or the log was put back from a backup, and then the move may well be legal.
    bool unconfirmed = false;
    const auto once = [&](bool kept) -> AppendResult {
        // The write lock is taken first, so the sequence read below cannot change before our commit. A
        // server's append_event locks the game itself and refuses an event that is not the next: a second
        // call to lock it first would only cost a round trip.
        // With the kept state and no snapshot due, the append is one statement, and so a transaction of its
        // own: append_event locks, checks and writes all of it or nothing. No BEGIN and COMMIT round trips.
        const bool one_statement =
            kept && !(detail::snapshot_due(expected_last + 1) && s.db->may_write_snapshots());
        std::optional<LogTransaction> tx;
        if (!one_statement) {
            tx.emplace(*s.db, TransactionMode::Immediate);
            s.check_schema_unchanged();
            if (!s.db->server_writes()) s.db->lock_game(game);
        }
        const auto last = kept ? std::optional<Impl::LastEvent>(Impl::LastEvent{s.cache->seq, s.cache->hash})
                               : s.last_for_write(game);
        if (!last) return unknown_game(game);
        if (last->seq != expected_last) return fail(Conflict{game, expected_last, last->seq});
        unconfirmed = kept;
        if (last->seq + 1 >= s.max_events)
            return invalid_event(
                MoveError{MoveErrorKind::NotAllowed, "game " + std::to_string(game) + " already has " +
                                                         std::to_string(s.max_events) +
                                                         " events, the most a game may have; fork it to go on"});

        Impl::CachedState& current = s.current_state(game, *last);
        Impl::keys_for_append(current);
        // apply() leaves the state as it was when it refuses the event.
        if (auto applied = ttt::apply(current.state, event); !applied)
            return invalid_event(std::move(applied).error());
        // A study is checked against the whole tree, and its row shows the main line.
        std::optional<Impl::StudyAfter> study;
        if (is_study(event) || current.studied) {
            auto checked = s.main_line_after(game, last->seq, event);
            if (!checked) {
                s.cache.reset();  // it holds the event just refused
                return invalid_event(std::move(checked).error());
            }
            study = std::move(checked).value();
        }
        unconfirmed = false;

        // From here the cached state is one event ahead of the log until the commit lands; drop it if
        // anything below throws.
        struct DropCacheUnlessCommitted {
            std::optional<Impl::CachedState>& cache;
            bool committed = false;
            ~DropCacheUnlessCommitted() {
                if (!committed) cache.reset();
            }
        } guard{s.cache};

        const Seq seq = last->seq + 1;
        const std::int64_t now = now_ms();
        // A trunk move's row follows the trunk's keys; a variation's is its own line's.
        std::optional<IndexedPosition> row = Impl::row_after(seq, event, current.state, current.keys);
        if (study && study->variation) row = study->variation;
        const Digest hash = s.write_event(game, seq, event, now, last->hash, current.state, row);
        s.snapshot_if_due(game, seq, current.state, hash, current.snapshots, current.keys);
        // Only an opening's choice changes the names, or a study its main line's.
        s.update_game_row(game, study ? study->main_line : current.state, seq, now,
                          study || std::holds_alternative<OpeningChosen>(event));
        if (tx) tx->commit();  // alone, append_event announced the move with its own commit
        current.seq = seq;
        current.hash = hash;
        current.committed_at = s.db->change_token();
        current.studied = current.studied || is_study(event);
        guard.committed = true;
        return Appended{seq};
    };
    if (!s.db->server_writes()) return once(false);
    // The server refused an event that was no longer the next (another writer's landed between our read
    // and our write): a conflict, as the lock on a file would have made it.
    const auto on_server = [&](bool kept) -> AppendResult {
        try {
            return once(kept);
        } catch (const StorageError& e) {
            if (e.kind() != StorageErrorKind::Locked) throw;
            const auto last = s.last(game);
            if (last && last->seq != expected_last) return fail(Conflict{game, expected_last, last->seq});
            throw;
        }
    };
    if (!(s.cache && s.cache->game == game && s.cache->seq == expected_last)) return on_server(false);
    try {
        AppendResult from_kept = on_server(true);
        if (!unconfirmed) return from_kept;
    } catch (const StorageError&) {
        // Any other refusal of a write made from the kept state is tried once more from the log itself
        // (the guard dropped the kept state): a log restored from a backup under our feet is read, not
        // trusted, and a refusal that stands is raised by the second try.
    }
    return on_server(false);
}

Result<GameId, Rejection> EventStore::fork(GameId source, Seq at, std::optional<Pos> then_play) {
    Impl& s = *m_impl;
    LogTransaction tx(*s.db, TransactionMode::Immediate);
    s.check_schema_unchanged();
    const auto last = s.last_seq(source);
    if (!last) return unknown_game(source);
    if (at < 0 || at > *last) return step_out_of_range(source, *last, at);

    SnapshotMaker source_maker;
    const GameState from = s.state_at(source, at, source_maker).first;
    // A game written before the name rule may hold names that break it; the fork is a new game, so
    // its names get the rule's visible replacement (they are shown the same, escaped, either way).
    std::string x_name = sanitize_player_name(from.x_name).name;
    std::string o_name = sanitize_player_name(from.o_name).name;
    std::vector<Event> events;
    // A fork of a set-up game starts from the same set-up: its own creating event is the set-up again,
    // saying where it branched off, so it folds on its own like any fork. (state_at folded event 0, so
    // it decodes.)
    std::optional<Event> created = s.creating_event(source);
    if (auto* set = created ? std::get_if<GameSetUp>(&*created) : nullptr)
        events.emplace_back(
            GameSetUp{from.position.rules(), std::move(x_name), std::move(o_name),
                      GameSetUp::Start{std::move(set->start->setup), source, static_cast<int>(at)}});
    else
        events.emplace_back(GameForked{source, static_cast<int>(at), from.position.rules(), std::move(x_name),
                                       std::move(o_name)});
    GameState check;
    if (auto applied = ttt::apply(check, events.front()); !applied)
        return invalid_event(std::move(applied).error());
    // The moves since the start, each by whoever was to move, as the source played them.
    for (int i = 0; i < from.position.move_count(); ++i) {
        events.emplace_back(MovePlayed{check.position.to_move(), from.position.move_at(i)});
        if (auto applied = ttt::apply(check, events.back()); !applied)
            return invalid_event(std::move(applied).error());
    }
    if (then_play) events.emplace_back(MovePlayed{from.position.to_move(), *then_play});
    // Every event is checked before anything is written: a refused first move writes no fork.
    if (then_play)
        if (auto applied = ttt::apply(check, events.back()); !applied)
            return invalid_event(std::move(applied).error());

    const std::int64_t now = now_ms();
    GameState state;
    (void)ttt::apply(state, events.front());
    std::optional<PositionKeys> keys;
    auto [id, hash] = s.create_game(events.front(), state, now, Impl::start_row(state, keys));
    SnapshotMaker maker;
    maker.start();
    for (std::size_t i = 1; i < events.size(); ++i) {
        (void)ttt::apply(state, events[i]);  // checked above
        const auto row = Impl::row_after(static_cast<Seq>(i), events[i], state, keys);
        hash = s.write_event(id, static_cast<Seq>(i), events[i], now, hash, state, row);
        s.snapshot_if_due(id, static_cast<Seq>(i), state, hash, maker, keys,
                          Impl::last_snapshot_of(static_cast<Seq>(i), static_cast<Seq>(events.size()) - 1));
    }
    const auto last_new = static_cast<Seq>(events.size()) - 1;
    s.update_game_row(id, state, last_new, now);
    tx.commit();
    s.cache = Impl::CachedState{
        id, last_new, hash, std::move(state), maker, false, std::move(keys), s.db->change_token()};
    return id;
}

Result<std::vector<GameId>, ImportError> EventStore::import_games(std::span<const ImportGame> games,
                                                                  const ImportProgress& progress,
                                                                  bool only_into_empty) {
    Impl& s = *m_impl;
    std::vector<GameId> ids;
    ids.reserve(games.size());
    // One transaction for the whole batch: a refusal anywhere returns before commit(), and the
    // destructor rolls every game of the batch back, so a game may be written while it is checked.
    LogTransaction tx(*s.db, TransactionMode::Immediate);
    s.check_schema_unchanged();
    if (only_into_empty) {
        // Two first runs at once on a server: the second waits here for the first one's commit.
        s.db->lock_log();
        const auto any =
            s.db->prepare("SELECT EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM events)");
        if (any->step() && any->column_int(0) != 0) return ids;
    }
    s.cache.reset();
    std::size_t total_events = 0;
    for (const auto& game : games) total_events += game.events.size();
    if (games.size() > static_cast<std::size_t>(kMaxGamesPerImport))
        return fail(ImportError{0, 0,
                                "an import may bring at most " + std::to_string(kMaxGamesPerImport) +
                                    " games, not " + std::to_string(games.size()),
                                std::nullopt});
    if (total_events > static_cast<std::size_t>(kMaxEventsPerImport))
        return fail(ImportError{0, 0,
                                "an import may bring at most " + std::to_string(kMaxEventsPerImport) +
                                    " events, not " + std::to_string(total_events),
                                std::nullopt});
    s.db->begin_bulk(static_cast<std::int64_t>(total_events));
    // The index's rows are written in its own order at the end (Impl::flush_positions); a refusal drops
    // them with the rest of the transaction.
    s.pending_positions.emplace();
    s.pending_positions->reserve(std::min(total_events, Impl::kPendingPositions));
    struct DropPending {
        std::optional<std::vector<Impl::PendingPosition>>& pending;
        ~DropPending() { pending.reset(); }
    } drop_pending{s.pending_positions};
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto& events = games[g].events;
        if (events.empty())
            return fail(ImportError{g, 0, "game " + std::to_string(g + 1) + " has no events", std::nullopt});
        if (static_cast<std::int64_t>(events.size()) > s.max_events)
            return fail(ImportError{g, 0,
                                    "game " + std::to_string(g + 1) + " has " +
                                        std::to_string(events.size()) + " events; a game may have at most " +
                                        std::to_string(s.max_events),
                                    std::nullopt});
        // A fork of an earlier game of the batch names that game by the id it was just written under.
        std::optional<Event> relinked;
        if (const auto source = games[g].fork_of) {
            Event front = events.front().event();
            auto* forked = std::get_if<GameForked>(&front);
            auto* set = std::get_if<GameSetUp>(&front);
            if ((!forked && !(set && set->start->from_game)) || *source >= g)
                return fail(ImportError{g, 0,
                                        "game " + std::to_string(g + 1) +
                                            ": a fork's source must be a game earlier in the same import",
                                        std::nullopt});
            if (forked)
                forked->from_game = ids[*source];
            else
                set->start->from_game = ids[*source];
            relinked = std::move(front);
        }
        const Event first = relinked ? *relinked : events.front().event();
        const auto refused = [&](std::size_t i, MoveError err) {
            std::string message =
                "game " + std::to_string(g + 1) + ", event " + std::to_string(i + 1) + ": " + err.message;
            return fail(ImportError{g, i, std::move(message), std::move(err)});
        };
        GameState state;
        if (auto applied = ttt::apply(state, first); !applied) return refused(0, std::move(applied).error());
        if (auto named = check_names(state.x_name, state.o_name); !named)
            return refused(0, *named.error().move_error);
        // A game with a study is checked as a tree before anything of it is written (a variation's row of
        // the index is its own line's, written with its event), and its row shows its main line.
        bool studied = false;
        for (std::size_t i = 1; i < events.size() && !studied; ++i) studied = is_study(events[i].event());
        std::optional<StudyTree> tree;
        std::optional<GameState> main_line;
        if (studied) {
            std::vector<Event> log;
            log.reserve(events.size());
            log.push_back(first);
            for (std::size_t i = 1; i < events.size(); ++i) log.push_back(events[i].event());
            auto built = StudyTree::build(log);
            if (!built)
                return refused(static_cast<std::size_t>(built.error().index), std::move(built).error().error);
            auto main = fold(built.value().main_line().events);
            if (!main) return refused(0, std::move(main).error().error);
            main_line = std::move(main).value();
            tree = std::move(built).value();
        }
        const std::int64_t created = events.front().recorded_ms;
        std::optional<PositionKeys> keys;
        auto [id, hash] = s.create_game(first, state, created, Impl::start_row(state, keys));
        SnapshotMaker maker;
        maker.start();
        for (std::size_t i = 1; i < events.size(); ++i) {
            const Event event = events[i].event();
            if (auto applied = ttt::apply(state, event); !applied)
                return refused(i, std::move(applied).error());
            std::optional<IndexedPosition> row = Impl::row_after(static_cast<Seq>(i), event, state, keys);
            if (tree && std::holds_alternative<VariationPlayed>(event))
                row = indexed_at(*tree, static_cast<NodeId>(i));
            hash = s.write_event(id, static_cast<Seq>(i), event, events[i].recorded_ms, hash, state, row);
            s.snapshot_if_due(
                id, static_cast<Seq>(i), state, hash, maker, keys,
                Impl::last_snapshot_of(static_cast<Seq>(i), static_cast<Seq>(events.size()) - 1));
        }
        if (events.size() > 1)
            s.update_game_row(id, main_line ? *main_line : state, static_cast<Seq>(events.size()) - 1,
                              events.back().recorded_ms);
        ids.push_back(id);
        if (progress) progress(g + 1, games.size());
    }
    s.flush_positions();
    s.db->end_bulk();
    tx.commit();
    return ids;
}

// [SECTION] Reading

std::vector<StoredEvent> EventStore::events(GameId game) const {
    return events(game, 0, std::numeric_limits<Seq>::max());
}

std::vector<StoredEvent> EventStore::events(GameId game, Seq from, Seq to) const {
    Impl& s = *m_impl;
    std::vector<StoredEvent> out;
    from = std::max<Seq>(from, 0);
    if (to < from) return out;
    LogTransaction read(*s.db, TransactionMode::Deferred);
    // A window is checked against the chain as far as it reaches: each event must follow from the one
    // before it, the first from the stored hash of its predecessor.
    std::optional<Digest> chain =
        from == 0 ? std::optional<Digest>(detail::kChainStart) : s.stored_hash(game, from - 1);
    s.read_range(game, from, to, chain, false, [&](Seq seq, Event&& event, std::int64_t ms, std::string_view by) {
        out.push_back(StoredEvent{seq, std::move(event), ms, std::string(by)});
    });
    read.commit();
    return out;
}

std::optional<Seq> EventStore::last_seq(GameId game) const {
    return m_impl->last_seq(game);
}

std::vector<EventStore::PositionAt> EventStore::find_positions(std::uint64_t symmetric,
                                                                std::optional<std::uint64_t> exact) const {
    Impl& s = *m_impl;
    std::vector<PositionAt> out;
    QueryUse use(s.db->cached("SELECT game, node, key FROM positions WHERE sym = ?1 ORDER BY game, node"));
    use->bind(1, static_cast<std::int64_t>(symmetric));
    while (use->step())
        if (!exact || static_cast<std::uint64_t>(use->column_int64(2)) == *exact)
            out.push_back(PositionAt{use->column_int64(0), use->column_int64(1)});
    return out;
}

bool EventStore::studied(GameId game) const {
    return m_impl->has_study(game);
}

Result<Snapshot, Rejection> EventStore::load(GameId game, std::optional<Seq> at) const {
    return m_impl->load(game, at, false);
}

Result<Snapshot, Rejection> EventStore::load_once(GameId game, std::optional<Seq> at) const {
    return m_impl->load(game, at, true);
}

std::vector<EventStore::ForkRef> EventStore::forks_of(GameId source) const {
    QueryUse forks(
        m_impl->db->cached("SELECT id, forked_at FROM games WHERE forked_from = ?1 ORDER BY forked_at, id"));
    forks->bind(1, source);
    std::vector<ForkRef> out;
    while (forks->step()) out.push_back(ForkRef{forks->column_int64(0), forks->column_int64(1)});
    return out;
}

std::vector<GameId> EventStore::game_ids() const {
    // The events' primary key starts with the game: one step per game over its index, not per event.
    const auto ids = m_impl->db->prepare("SELECT DISTINCT game FROM events ORDER BY game");
    std::vector<GameId> out;
    while (ids->step()) out.push_back(ids->column_int64(0));
    return out;
}

std::optional<GameSummary> EventStore::summary(GameId game) const {
    QueryUse use(m_impl->select_summary);
    use->bind(1, game);
    if (!use->step()) return std::nullopt;
    return read_summary(*use);
}

std::vector<GameSummary> EventStore::list_games() const {
    const auto all =
        m_impl->db->prepare(std::string("SELECT ") + kSummaryColumns + " FROM games ORDER BY id");
    std::vector<GameSummary> out;
    // A row that does not read is left out, never a reason to refuse the rest: unreadable_games()
    // names it, and `verify` too.
    while (all->step()) {
        auto read = read_summary_checked(*all);
        if (read) out.push_back(std::move(read).value());
    }
    return out;
}

std::vector<std::string> EventStore::unreadable_games() const {
    const auto all =
        m_impl->db->prepare(std::string("SELECT ") + kSummaryColumns + " FROM games ORDER BY id");
    std::vector<std::string> out;
    while (all->step()) {
        auto read = read_summary_checked(*all);
        if (!read)
            out.push_back("game " + std::to_string(all->column_int64(0)) +
                          " is left out: its row in the games "
                          "table is damaged (" +
                          read.error() + "); `tictactrace verify --repair` rebuilds it");
    }
    return out;
}

// [SECTION] Queries of the projection

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
// Both sides lower-cased: SQLite's LIKE ignores the case of ASCII letters and PostgreSQL's does not, and
// a search must find the same games on either.
constexpr const char* kQueryFilter =
    " WHERE (?1 = '%%' OR lower('#' || id || ' ' || rules || ' ' || rows || 'x' || cols || ' ' || x_name || "
    "' ' || o_name || ' ' || status) LIKE lower(?1) ESCAPE '\\') AND (?2 = 0 OR status = 'playing')";

// `text` as a LIKE pattern that matches it anywhere, its own %, _ and \ taken literally.
std::string contains_pattern(std::string_view text) {
    std::string out = "%";
    for (const char c : text) {
        if (c == '%' || c == '_' || c == '\\') out += '\\';
        out += c;
    }
    return out + "%";
}

void bind_query(Query& stmt, const GameQuery& query) {
    stmt.bind(1, contains_pattern(query.contains)).bind(2, query.playing_only);
}

}  // namespace

std::vector<GameSummary> EventStore::list_games(const GameQuery& query) const {
    QueryUse page(m_impl->db->cached(std::string("SELECT ") + kSummaryColumns + " FROM games" + kQueryFilter +
                                     order_clause(query.order, query.descending) + " LIMIT ?3 OFFSET ?4"));
    bind_query(*page, query);
    // No limit is the largest one: both engines take it, and neither takes a negative one alike.
    page->bind(3, query.limit < 0 ? std::numeric_limits<std::int64_t>::max() : query.limit)
        .bind(4, std::max<std::int64_t>(0, query.offset));
    std::vector<GameSummary> out;
    while (page->step()) {
        auto read = read_summary_checked(*page);
        if (read) out.push_back(std::move(read).value());
    }
    return out;
}

std::int64_t EventStore::count_games(const GameQuery& query) const {
    QueryUse count(m_impl->db->cached(std::string("SELECT count(*) FROM games") + kQueryFilter));
    bind_query(*count, query);
    return count->step() ? count->column_int64(0) : 0;
}

std::uint64_t EventStore::data_version() const {
    return m_impl->db->data_version();
}

// [SECTION] Maintenance

RepairReport EventStore::repair() {
    Impl& s = *m_impl;
    RepairReport report;
    LogTransaction tx(*s.db, TransactionMode::Immediate);
    s.check_schema_unchanged();
    s.cache.reset();
    const auto prepared_upsert = s.db->prepare(
        std::string("INSERT INTO games (") + kSummaryColumns + ") VALUES (?1, " + kSummaryParams +
        ") ON CONFLICT (id) DO UPDATE SET rules = excluded.rules, rows = excluded.rows, "
        "cols = excluded.cols, k = excluded.k, exact = excluded.exact, min_run = "
        "excluded.min_run, points = excluded.points, x_name = excluded.x_name, o_name = "
        "excluded.o_name, status = excluded.status, winner = excluded.winner, moves = "
        "excluded.moves, last_seq = excluded.last_seq, created_ms = excluded.created_ms, "
        "updated_ms = excluded.updated_ms, forked_from = excluded.forked_from, forked_at = "
        "excluded.forked_at");
    Query& upsert = *prepared_upsert;
    std::set<GameId> with_events;
    detail::ScanCallbacks callbacks;
    callbacks.on_game = [&](const detail::ScannedGame& g) {
        with_events.insert(g.game);
        if (g.failure) {
            report.not_repaired.push_back("game " + std::to_string(g.game) + ": " + *g.failure +
                                          "; its events are kept as they are");
            return;
        }
        if (g.chain_break)
            report.not_repaired.push_back("game " + std::to_string(g.game) + ": event " +
                                          std::to_string(*g.chain_break) +
                                          " was changed after it was written (its hash does not match); "
                                          "the events are kept as they are");
        QueryUse use(upsert);
        use->bind(1, g.game);
        bind_summary(*use, summary_of(g.game, detail::shown_state(g), g.last, g.created_ms, g.updated_ms));
        use->run();
        ++report.games_rebuilt;
    };
    (void)detail::scan_log(*s.db, callbacks);
    // On a server, the board, the turn and the opening the server keeps are followed again from the
    // events, as an upgrade does.
    if (s.db->server_writes()) {
        const auto rebuild = s.db->prepare("SELECT tictactrace.rebuild_server_state()");
        rebuild->run();
    }
    // A row without events describes no game (it can only come from editing the file by hand).
    {
        std::vector<GameId> orphans;
        const auto rows = s.db->prepare("SELECT id FROM games ORDER BY id");
        while (rows->step())
            if (!with_events.contains(rows->column_int64(0))) orphans.push_back(rows->column_int64(0));
        const auto prepared_remove = s.db->prepare("DELETE FROM games WHERE id = ?1");
        Query& remove = *prepared_remove;
        for (const GameId id : orphans) {
            QueryUse use(remove);
            use->bind(1, id);
            use->run();
            ++report.rows_removed;
        }
    }
    report.snapshots_written = detail::rebuild_snapshots(*s.db);
    if (s.db->keeps_images()) (void)detail::rebuild_images(*s.db);
    (void)detail::rebuild_positions(*s.db);
    tx.commit();
    return report;
}

VerifyReport EventStore::verify() const {
    Impl& s = *m_impl;
    VerifyReport report;
    LogTransaction read(*s.db, TransactionMode::Deferred);

    report.integrity = s.db->integrity_check();

    // The foreign keys, once per table and missing parent: a game's events without its row would
    // otherwise be named once per event (the scan below names the game itself).
    const detail::OrphanCounts orphans = s.db->foreign_key_orphans();
    for (const auto& [tables, count] : orphans)
        if (tables.first != "events") {
            report.problems.push_back("table " + tables.first + " has " + std::to_string(count) + " row" +
                                      (count > 1 ? "s" : "") + " whose " + tables.second + " row is missing");
            ++report.repairable;
        }

    std::map<GameId, Result<GameSummary, std::string>> projection;
    {
        const auto all = s.db->prepare(std::string("SELECT ") + kSummaryColumns + " FROM games ORDER BY id");
        while (all->step()) projection.emplace(all->column_int64(0), read_summary_checked(*all));
    }

    // The stored snapshots, read in step with the scan and compared with the ones a maker following
    // the fold makes: the same rows byte for byte, or a problem.
    const auto prepared_stored = s.db->prepare(
        "SELECT game, seq, format, marks, kept, data, event_hash, digest FROM snapshots ORDER BY game, seq");
    Query& stored = *prepared_stored;
    bool stored_left = stored.step();
    struct SnapshotTally {
        long long differ = 0, missing = 0, extra = 0, beyond = 0;
        Seq first = -1;
        void note(Seq seq) {
            if (first < 0) first = seq;
        }
    };
    SnapshotTally tally;
    SnapshotMaker maker;
    std::optional<GameId> current;
    const auto key = [&] { return std::pair<GameId, Seq>{stored.column_int64(0), stored.column_int64(1)}; };
    const auto report_tally = [&](GameId game) {
        const long long n = tally.differ + tally.missing + tally.extra + tally.beyond;
        if (n == 0) return;
        std::string line = "game " + std::to_string(game) + ": ";
        std::vector<std::string> parts;
        if (tally.differ) parts.push_back(std::to_string(tally.differ) + " snapshot(s) differ from the fold");
        if (tally.missing) parts.push_back(std::to_string(tally.missing) + " snapshot(s) are missing");
        if (tally.extra) parts.push_back(std::to_string(tally.extra) + " snapshot(s) should not be there");
        if (tally.beyond)
            parts.push_back(
                std::to_string(tally.beyond) +
                " snapshot(s) are past the last event that folds (events the log once had are gone: "
                "was its -wal file deleted?)");
        for (std::size_t i = 0; i < parts.size(); ++i) line += (i ? ", " : "") + parts[i];
        line += ", the first at step " + std::to_string(tally.first);
        report.problems.push_back(line);
        ++report.repairable;
        tally = {};
    };
    // Stored rows before (game, seq) that no event reached: counted in `count` when they are the
    // current game's.
    const auto skip_stored_before = [&](std::pair<GameId, Seq> until, long long& count) {
        while (stored_left && key() < until) {
            const auto [g, seq] = key();
            if (current && g == *current) {
                ++count;
                tally.note(seq);
            } else {
                report.problems.push_back("game " + std::to_string(g) + " has a snapshot at step " +
                                          std::to_string(seq) + " but no events to match it");
                ++report.repairable;
            }
            ++report.snapshots_checked;
            stored_left = stored.step();
        }
    };

    // The images of positions, read in step with the scan as the snapshots are: each must be the image of
    // its game's last snapshot, as the fold makes it.
    std::unique_ptr<detail::Query> images;
    bool image_left = false;
    if (s.db->keeps_images()) {
        images = s.db->prepare("SELECT game, seq, format, data, digest FROM snapshot_images ORDER BY game");
        image_left = images->step();
    }
    struct ImageCheck {
        std::optional<detail::ImageRow> stored;
        bool matched = false;
    };
    ImageCheck image_check;
    const auto image_problem = [&](GameId game, Seq seq, const std::string& what) {
        report.problems.push_back("game " + std::to_string(game) + ": the image of its position at step " +
                                  std::to_string(seq) + " " + what);
        ++report.repairable;
    };
    // Takes the stored image of `game` off the cursor; those of games before it have no events.
    const auto take_image = [&](GameId game) {
        image_check = {};
        while (image_left && images->column_int64(0) <= game) {
            if (images->column_int64(0) < game) {
                image_problem(images->column_int64(0), images->column_int64(1), "has no events to match it");
            } else {
                detail::ImageRow row;
                row.seq = images->column_int64(1);
                row.format = images->column_int(2);
                const auto data = images->column_blob(3);
                row.data.assign(data.begin(), data.end());
                row.digest = detail::digest_of(images->column_blob(4)).value_or(Digest{});
                image_check.stored = std::move(row);
            }
            image_left = images->step();
        }
    };

    detail::ScanCallbacks callbacks;
    callbacks.on_event = [&](GameId game, Seq seq, const GameState& state, const Digest& hash) {
        if (current != game) {
            current = game;
            maker.start();
            if (images) take_image(game);
        }
        maker.note(state);
        skip_stored_before({game, seq}, tally.extra);
        const bool here = stored_left && key() == std::pair<GameId, Seq>{game, seq};
        if (detail::snapshot_due(seq)) {
            const SnapshotRow want = maker.make(seq, state, hash, detail::snapshot_format_of(*s.db));
            if (image_check.stored && image_check.stored->seq == seq) {
                image_check.matched = true;
                if (*image_check.stored != detail::make_image(seq, state.position, want.digest))
                    image_problem(game, seq, "differs from the fold: it was changed after it was written");
            }
            if (!here) {
                // On a server only teachers store snapshots: one that is not there is no fault.
                if (!s.db->server_writes()) {
                    ++tally.missing;
                    tally.note(seq);
                }
            } else if (detail::read_snapshot(stored, 1) != want) {
                ++tally.differ;
                tally.note(seq);
            }
        } else if (here) {
            ++tally.extra;
            tally.note(seq);
        }
        if (here) {
            ++report.snapshots_checked;
            stored_left = stored.step();
        }
    };
    callbacks.on_game = [&](const detail::ScannedGame& g) {
        ++report.games_checked;
        if (images) {
            if (current != g.game) take_image(g.game);  // a game none of whose events folded
            const Seq due = g.last - g.last % detail::kSnapshotInterval;
            if (image_check.stored && !image_check.matched)
                image_problem(g.game, image_check.stored->seq, "stands beside no snapshot the fold makes");
            else if (!image_check.stored && due > 0 && g.folded >= due)
                image_problem(g.game, due, "is missing");
            else if (image_check.stored && image_check.stored->seq != due && g.folded >= due)
                image_problem(g.game, image_check.stored->seq,
                              "is not of the last snapshot, at step " + std::to_string(due));
            image_check = {};
        }
        current = g.game;
        // Snapshots past the last event that folded: the log lost events the snapshot saw.
        skip_stored_before({g.game, std::numeric_limits<Seq>::max()}, tally.beyond);
        report_tally(g.game);
        current.reset();
        const std::string name = "game " + std::to_string(g.game);
        if (g.chain_break)
            report.problems.push_back(name + ": event " + std::to_string(*g.chain_break) +
                                      " was changed after it was written: its hash does not match the chain "
                                      "of the events before it");
        if (g.failure) report.problems.push_back(name + ": " + *g.failure);
        const auto row = projection.find(g.game);
        if (row == projection.end()) {
            report.problems.push_back(name + " has " + std::to_string(g.events) + " event" +
                                      (g.events > 1 ? "s" : "") + " but no row in the games table");
            ++report.repairable;
            return;
        }
        if (!row->second) {
            report.problems.push_back(name + ": its row in the games table is damaged (" +
                                      row->second.error() + ")");
            ++report.repairable;
        } else if (!g.failure) {
            const std::size_t before = report.problems.size();
            compare_summaries(row->second.value(),
                              summary_of(g.game, detail::shown_state(g), g.last, g.created_ms, g.updated_ms),
                              report.problems);
            report.repairable += report.problems.size() - before;
        }
        projection.erase(row);
    };
    // The index of positions, game by game: how many rows and an order-free digest of them, as stored and
    // as the events make them, on a file and on a server alike.
    struct IndexTally {
        long long rows = 0;
        std::uint64_t digest = 0;
        bool operator==(const IndexTally&) const = default;
    };
    const auto mix_row = [](std::int64_t node, std::uint64_t exact, std::uint64_t sym) {
        std::uint64_t x = exact * 0x9E3779B97F4A7C15ULL ^ (sym + 0x632BE59BD9B4E019ULL) ^
                          (static_cast<std::uint64_t>(node) * 0xBF58476D1CE4E5B9ULL);
        x ^= x >> 31;
        return x * 0x94D049BB133111EBULL;
    };
    std::map<GameId, IndexTally> index_expected;
    std::map<GameId, IndexTally> index_stored;
    {
        callbacks = detail::positions_of_scan(
            [&](GameId game, const IndexedPosition& p) {
                IndexTally& t = index_expected[game];
                ++t.rows;
                t.digest += mix_row(p.node, p.key, p.symmetric);
            },
            callbacks);
        const auto rows = s.db->prepare("SELECT game, node, key, sym FROM positions");
        while (rows->step()) {
            IndexTally& t = index_stored[rows->column_int64(0)];
            ++t.rows;
            t.digest += mix_row(rows->column_int64(1), static_cast<std::uint64_t>(rows->column_int64(2)),
                                static_cast<std::uint64_t>(rows->column_int64(3)));
        }
    }
    report.events_checked = detail::scan_log(*s.db, callbacks);
    for (; image_left; image_left = images->step())
        image_problem(images->column_int64(0), images->column_int64(1), "has no events to match it");
    {
        std::set<GameId> games;
        for (const auto& [game, tally_of] : index_expected) games.insert(game);
        for (const auto& [game, tally_of] : index_stored) games.insert(game);
        for (const GameId game : games) {
            const IndexTally want = index_expected.contains(game) ? index_expected[game] : IndexTally{};
            const IndexTally have = index_stored.contains(game) ? index_stored[game] : IndexTally{};
            if (want == have) continue;
            report.problems.push_back("game " + std::to_string(game) + ": the index of positions holds " +
                                      std::to_string(have.rows) + " row(s) for it, the events make " +
                                      std::to_string(want.rows) +
                                      (want.rows == have.rows ? " (some of them differ)" : ""));
            ++report.repairable;
        }
    }
    skip_stored_before({std::numeric_limits<GameId>::max(), 0}, tally.extra);
    for (const auto& [id, row] : projection) {
        report.problems.push_back("game " + std::to_string(id) + " is in the games table but has no events");
        ++report.repairable;
    }
    read.commit();
    return report;
}

}  // namespace ttt::store
