// The analyses of games on either engine: on a file the store writes the rows itself, in one transaction,
// checking what the server's function checks; on a server the whole analysis goes to that function in one
// call (pg_schema_v11.cpp, and pg_schema_v12.cpp for the candidates), which names the login as its writer,
// and a refusal comes back as the Rejection it names.
//
// [SECTION] Small pieces
// [SECTION] Storing
// [SECTION] Reading
#include "tictactrace/store/game_analysis.hpp"

#include "cell_list.hpp"
#include "log_db.hpp"
#include "store_access.hpp"

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <cctype>
#include <chrono>
#include <cmath>
#include <string>

namespace ttt::store {

using detail::LogDb;
using detail::LogTransaction;
using detail::QueryUse;

namespace {

using detail::cells_json;
using detail::cells_of;

// [SECTION] Small pieces

Rejection rejection(RejectionKind kind, std::string message) {
    return Rejection{kind, std::move(message), std::nullopt};
}

// A server's refusal (its function raises insufficient_privilege with a sentence) as the Rejection it is;
// any other failure is thrown on.
Rejection refused(const StorageError& e) {
    if (e.kind() != StorageErrorKind::Denied) throw e;
    std::string message = e.what();
    if (const auto at = message.rfind(" (SQLSTATE "); at != std::string::npos) message.resize(at);
    for (const char* prefix : {"a statement failed: ", "preparing a statement: "})
        if (message.starts_with(prefix)) message.erase(0, std::string_view(prefix).size());
    if (message.find("there is no game") != std::string::npos)
        return rejection(RejectionKind::UnknownGame, message);
    if (message.find("permission denied") != std::string::npos)
        return rejection(RejectionKind::NotAllowed, message);
    return rejection(RejectionKind::BadRequest, message);
}

// The loss in millionths of the winning chance, as the rows keep it (neither engine has a portable
// floating-point binding that round-trips exactly).
std::optional<std::int64_t> loss_ppm(std::optional<double> loss) {
    if (!loss) return std::nullopt;
    return static_cast<std::int64_t>(std::llround(*loss * 1'000'000.0));
}

std::string cell_json(const std::optional<Pos>& p) {
    return p ? "[" + std::to_string(p->row + 1) + "," + std::to_string(p->col + 1) + "]" : "null";
}

// A position's candidates as the server's function takes them.
std::string candidates_json(const std::vector<AnalysedCandidate>& candidates) {
    std::string out = "[";
    for (const AnalysedCandidate& c : candidates) {
        if (out.size() > 1) out += ",";
        out += "{\"move\":" + cell_json(c.move) + ",\"kind\":\"" + name_of(c.evaluation.kind) +
               "\",\"score\":" + std::to_string(c.evaluation.score) +
               ",\"plies\":" + std::to_string(c.evaluation.plies) + ",\"line\":" + cells_json(c.line) + "}";
    }
    return out + "]";
}

// The positions as the server's function takes them (the words are our own fixed names: nothing to escape).
std::string positions_json(const std::vector<AnalysedPosition>& positions) {
    std::string out = "[";
    for (const AnalysedPosition& a : positions) {
        if (out.size() > 1) out += ",";
        const auto ppm = loss_ppm(a.loss);
        out += "{\"step\":" + std::to_string(a.step) + ",\"node\":" + std::to_string(a.node) +
               ",\"kind\":\"" + name_of(a.evaluation.kind) +
               "\",\"score\":" + std::to_string(a.evaluation.score) +
               ",\"plies\":" + std::to_string(a.evaluation.plies) + ",\"best\":" + cell_json(a.best) +
               ",\"line\":" + cells_json(a.line) + ",\"played\":" + cell_json(a.played) +
               ",\"loss_ppm\":" + (ppm ? std::to_string(*ppm) : std::string("null")) + ",\"flag\":\"" +
               name_of(a.flag) + "\",\"candidates\":" + candidates_json(a.candidates) + "}";
    }
    return out + "]";
}

bool on_board(const std::optional<Pos>& p, std::int64_t rows, std::int64_t cols) {
    return !p || (p->row >= 0 && p->col >= 0 && p->row < rows && p->col < cols);
}

// What the server's function checks before anything is written, but the game's board.
Result<void, Rejection> check_texts(const NewAnalysis& a) {
    if (a.engine.empty() || a.engine.size() > NewAnalysis::kMaxTextBytes ||
        a.version.size() > NewAnalysis::kMaxTextBytes || a.settings.size() > NewAnalysis::kMaxTextBytes ||
        a.writer.size() > NewAnalysis::kMaxTextBytes)
        return fail(rejection(RejectionKind::BadRequest,
                              "an analysis names its engine, and says its version and settings, in at most "
                              "4096 bytes each"));
    if (a.positions.size() > NewAnalysis::kMaxPositions)
        return fail(rejection(RejectionKind::BadRequest,
                              "an analysis's positions are a JSON array of at most 100000"));
    return {};
}

// The first position that does not fit game `game`'s board, or nothing.
Result<void, Rejection> check_cells(const NewAnalysis& a, std::int64_t rows, std::int64_t cols) {
    for (std::size_t i = 0; i < a.positions.size(); ++i) {
        const AnalysedPosition& p = a.positions[i];
        bool fits = p.step >= 0 && p.node >= 0 && on_board(p.best, rows, cols) &&
                    on_board(p.played, rows, cols) && p.line.size() <= NewAnalysis::kMaxLine &&
                    (!p.loss || (*p.loss >= 0 && *p.loss <= 1));
        for (const Pos& m : p.line) fits = fits && on_board(m, rows, cols);
        fits = fits && p.candidates.size() <= NewAnalysis::kMaxCandidates;
        for (const AnalysedCandidate& c : p.candidates) {
            fits = fits && on_board(c.move, rows, cols) && c.line.size() <= NewAnalysis::kMaxLine;
            for (const Pos& m : c.line) fits = fits && on_board(m, rows, cols);
        }
        if (!fits)
            return fail(rejection(RejectionKind::BadRequest,
                                  "position " + std::to_string(i + 1) +
                                      " of the analysis is not one of game " + std::to_string(a.game) +
                                      "'s " + std::to_string(rows) + "x" + std::to_string(cols) +
                                      " board (a cell off it, an unknown word, a loss outside 0 to 1, or "
                                      "more than 32 candidates)"));
    }
    return {};
}

std::optional<Pos> cell_at(const detail::Query& q, int row_column) {
    if (q.column_is_null(row_column) || q.column_is_null(row_column + 1)) return std::nullopt;
    return Pos{q.column_int(row_column) - 1, q.column_int(row_column + 1) - 1};
}

std::optional<EvaluationKind> kind_from_name(std::string_view name) {
    for (const EvaluationKind k : {EvaluationKind::Estimate, EvaluationKind::Win, EvaluationKind::Loss,
                                   EvaluationKind::Draw, EvaluationKind::Margin})
        if (name == name_of(k)) return k;
    return std::nullopt;
}

constexpr const char* kHeadColumns =
    "SELECT id, game, engine, version, settings, writer, created_ms FROM analyses";

GameAnalysis head_of(const detail::Query& q) {
    GameAnalysis out;
    out.id = q.column_int64(0);
    out.game = q.column_int64(1);
    out.engine = std::string(q.column_text(2));
    out.version = std::string(q.column_text(3));
    out.settings = std::string(q.column_text(4));
    out.writer = std::string(q.column_text(5));
    out.created_ms = q.column_int64(6);
    return out;
}

void read_positions(LogDb& db, GameAnalysis& analysis) {
    QueryUse use(
        db.cached("SELECT step, node, eval_kind, eval_score, eval_plies, best_row, best_col, line, "
                  "played_row, played_col, loss_ppm, flag FROM analysed_positions WHERE analysis = ?1 "
                  "ORDER BY ordinal"));
    use->bind(1, analysis.id);
    while (use->step()) {
        AnalysedPosition p;
        p.step = use->column_int(0);
        p.node = use->column_int64(1);
        // Words the server's function or our own writer checked; a row planted past both reads as an estimate
        // and no flag, and verify is where damage is told.
        p.evaluation = Evaluation{kind_from_name(use->column_text(2)).value_or(EvaluationKind::Estimate),
                                  use->column_int64(3), use->column_int(4)};
        p.best = cell_at(*use, 5);
        p.line = cells_of(use->column_text(7));
        p.played = cell_at(*use, 8);
        if (const auto ppm = use->column_optional_int64(10)) p.loss = static_cast<double>(*ppm) / 1'000'000.0;
        p.flag = move_flag_from_name(use->column_text(11)).value_or(MoveFlag::None);
        analysis.positions.push_back(std::move(p));
    }
    QueryUse candidates(
        db.cached("SELECT ordinal, move_row, move_col, eval_kind, eval_score, eval_plies, line FROM "
                  "analysed_candidates WHERE analysis = ?1 ORDER BY ordinal, rank"));
    candidates->bind(1, analysis.id);
    while (candidates->step()) {
        const auto ordinal = static_cast<std::size_t>(candidates->column_int64(0));
        if (ordinal >= analysis.positions.size()) continue;  // a row planted past the writer: verify tells
        AnalysedCandidate c;
        c.move = Pos{candidates->column_int(1) - 1, candidates->column_int(2) - 1};
        c.evaluation =
            Evaluation{kind_from_name(candidates->column_text(3)).value_or(EvaluationKind::Estimate),
                       candidates->column_int64(4), candidates->column_int(5)};
        c.line = cells_of(candidates->column_text(6));
        analysis.positions[ordinal].candidates.push_back(std::move(c));
    }
}

std::int64_t clock_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

GameAnalyses::GameAnalyses(EventStore& store) : m_store(&store) {}

// [SECTION] Storing

Result<AnalysisId, Rejection> GameAnalyses::store(const NewAnalysis& a) {
    if (auto checked = check_texts(a); !checked) return fail(checked.error());
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        if (!a.writer.empty() && a.writer != db.writer())
            return fail(
                rejection(RejectionKind::NotAllowed, "an analysis is stored under the login's own name (" +
                                                         db.writer() + "), not " + a.writer));
        try {
            QueryUse use(db.cached("SELECT tictactrace.store_analysis(?1, ?2, ?3, ?4, ?5)"));
            const std::string positions = positions_json(a.positions);
            use->bind(1, a.game).bind(2, a.engine).bind(3, a.version).bind(4, a.settings).bind(5, positions);
            return use->step() ? use->column_int64(0) : 0;
        } catch (const StorageError& e) {
            return fail(refused(e));
        }
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    db.check_schema_unchanged();
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    {
        QueryUse game(db.cached("SELECT rows, cols FROM games WHERE id = ?1"));
        game->bind(1, a.game);
        if (!game->step())
            return fail(rejection(RejectionKind::UnknownGame, "there is no game " + std::to_string(a.game)));
        rows = game->column_int64(0);
        cols = game->column_int64(1);
    }
    if (auto checked = check_cells(a, rows, cols); !checked) return fail(checked.error());
    AnalysisId id = 0;
    {
        QueryUse head(db.cached("INSERT INTO analyses (game, engine, version, settings, writer, created_ms, "
                                "positions) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id"));
        head->bind(1, a.game).bind(2, a.engine).bind(3, a.version).bind(4, a.settings).bind(5, a.writer);
        head->bind(6, clock_ms()).bind(7, static_cast<std::int64_t>(a.positions.size()));
        if (head->step()) id = head->column_int64(0);
    }
    const auto prepared = db.prepare(
        "INSERT INTO analysed_positions (analysis, ordinal, step, node, eval_kind, eval_score, eval_plies, "
        "best_row, best_col, line, played_row, played_col, loss_ppm, flag) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
        "?7, "
        "?8, ?9, ?10, ?11, ?12, ?13, ?14)");
    for (std::size_t i = 0; i < a.positions.size(); ++i) {
        const AnalysedPosition& p = a.positions[i];
        QueryUse row(*prepared);
        row->bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind(3, p.step).bind(4, p.node);
        row->bind(5, name_of(p.evaluation.kind)).bind(6, p.evaluation.score).bind(7, p.evaluation.plies);
        if (p.best) {
            row->bind(8, p.best->row + 1).bind(9, p.best->col + 1);
        } else {
            row->bind_null(8).bind_null(9);
        }
        row->bind(10, cells_json(p.line));
        if (p.played) {
            row->bind(11, p.played->row + 1).bind(12, p.played->col + 1);
        } else {
            row->bind_null(11).bind_null(12);
        }
        row->bind(13, loss_ppm(p.loss)).bind(14, name_of(p.flag));
        row->run();
    }
    const auto candidate_row =
        db.prepare("INSERT INTO analysed_candidates (analysis, ordinal, rank, move_row, move_col, eval_kind, "
                   "eval_score, eval_plies, line) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
    for (std::size_t i = 0; i < a.positions.size(); ++i) {
        const auto& candidates = a.positions[i].candidates;
        for (std::size_t r = 0; r < candidates.size(); ++r) {
            const AnalysedCandidate& c = candidates[r];
            QueryUse row(*candidate_row);
            row->bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind(3, static_cast<std::int64_t>(r + 1));
            row->bind(4, c.move.row + 1).bind(5, c.move.col + 1).bind(6, name_of(c.evaluation.kind));
            row->bind(7, c.evaluation.score).bind(8, c.evaluation.plies).bind(9, cells_json(c.line));
            row->run();
        }
    }
    tx.commit();
    return id;
}

// [SECTION] Reading

std::vector<GameAnalysis> GameAnalyses::of_game(GameId game) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    LogTransaction tx(db, TransactionMode::Deferred);
    std::vector<GameAnalysis> out;
    {
        QueryUse use(db.cached(std::string(kHeadColumns) + " WHERE game = ?1 ORDER BY id"));
        use->bind(1, game);
        while (use->step()) out.push_back(head_of(*use));
    }
    for (GameAnalysis& a : out) read_positions(db, a);
    tx.commit();
    return out;
}

std::optional<GameAnalysis> GameAnalyses::read(AnalysisId id) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    LogTransaction tx(db, TransactionMode::Deferred);
    std::optional<GameAnalysis> out;
    {
        QueryUse use(db.cached(std::string(kHeadColumns) + " WHERE id = ?1"));
        use->bind(1, id);
        if (use->step()) out = head_of(*use);
    }
    if (out) read_positions(db, *out);
    tx.commit();
    return out;
}

}  // namespace ttt::store
