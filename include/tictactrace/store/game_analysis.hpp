// A game's analysis by an engine, stored beside the game's log and never among its events: what the
// engine thought of every position of a line of the game (its evaluation, its best move and line), the
// move played there and what it cost (engine/move_judgement.hpp). A game keeps every analysis made of it,
// by any engine, oldest first; each is written whole in one transaction or not at all, and never changed
// or removed afterwards (on a file and on a server alike, the owner's writes too).
//
// On a class's PostgreSQL server anyone who may read the game stores their own analysis of it, named by
// their login: the server writes the rows through a function run with the owner's rights
// (pg_schema_v11.cpp, with the candidates of pg_schema_v12.cpp), nobody of the class writes the tables, and
// nobody alters or deletes an analysis. On an SQLite file there are no logins: the writer is whatever name
// the caller gives ("" for none).
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/move_judgement.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/rejection.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::store {

class EventStore;

using AnalysisId = std::int64_t;

// One of the engine's best moves in a position (its N best, when it was asked for more than one), with what
// it thought of it.
struct AnalysedCandidate {
    Pos move;
    Evaluation evaluation;  // for the side to move, had it played `move`
    std::vector<Pos> line;  // the line it expects after `move`, `move` first
    friend bool operator==(const AnalysedCandidate&, const AnalysedCandidate&) = default;
};

// One position of the line analysed, and the move the game played in it.
struct AnalysedPosition {
    int step = 0;             // moves from the start along the line (0: the first position)
    Seq node = 0;             // the study tree's node of the position (the event that made it; 0: the start)
    Evaluation evaluation;    // the engine's, from the point of view of the side to move
    std::optional<Pos> best;  // the engine's move; nullopt when it gave none (the game is over)
    std::vector<Pos> line;    // the line it expects, its best move first
    std::optional<Pos> played;   // the move the game played here; nullopt at the line's last position
    std::optional<double> loss;  // the winning chance the played move gave away (0 to 1)
    MoveFlag flag = MoveFlag::None;
    // The engine's N best moves, the best first (empty when it was asked for its best move alone, and in
    // every analysis stored before candidates were kept).
    std::vector<AnalysedCandidate> candidates;
    friend bool operator==(const AnalysedPosition&, const AnalysedPosition&) = default;
};

// What an analysis is, before it is stored.
struct NewAnalysis {
    static constexpr std::size_t kMaxTextBytes = 4096;  // engine, version, settings, writer each
    static constexpr std::size_t kMaxPositions = 100'000;
    static constexpr std::size_t kMaxLine = 256;       // moves of one position's line (or a candidate's)
    static constexpr std::size_t kMaxCandidates = 32;  // of one position
    GameId game = 0;
    std::string engine;    // its name: "builtin:strong", or what a brain said in ABOUT
    std::string version;   // its version ("" when it said none)
    std::string settings;  // how it was asked: "time 100 ms", "depth 4", "nodes 20000"
    std::string writer;    // a file's only: who analysed ("" for nobody in particular)
    std::vector<AnalysedPosition> positions;
};

struct GameAnalysis {
    AnalysisId id = 0;
    GameId game = 0;
    std::string engine;
    std::string version;
    std::string settings;
    std::string writer;           // the login on a server; the name given on a file
    std::int64_t created_ms = 0;  // the writer's clock on a file, the server's on a server
    std::vector<AnalysedPosition> positions;
};

// The analyses of a log's games, on an open store's connection (one thread, as the store's other calls).
// A refusal comes back as a Rejection a user can read ("there is no game 9", "(16, 2) is off the 15x15
// board of game 1"), and nothing is written; a lost connection or a broken log throws StorageError.
class GameAnalyses {
public:
    explicit GameAnalyses(EventStore& store);

    // Stores `analysis` whole, in one transaction. Refused: an unknown game, an empty engine name, a text
    // over kMaxTextBytes, too many positions, candidates or too long a line, a cell off the game's board, a
    // loss outside 0 to 1; on a server a writer other than "" or the login's own name.
    [[nodiscard]] Result<AnalysisId, Rejection> store(const NewAnalysis& analysis);
    // Every analysis of `game`, oldest first, each with its positions in order.
    [[nodiscard]] std::vector<GameAnalysis> of_game(GameId game);
    // One analysis, or nothing when no analysis has that id.
    [[nodiscard]] std::optional<GameAnalysis> read(AnalysisId id);

private:
    EventStore* m_store;
};

}  // namespace ttt::store
