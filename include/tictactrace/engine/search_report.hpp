// What a search found: its move, what it thinks of the position, and what that cost.
#pragma once

#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/pos.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace ttt {

enum class SearchMethod : int {
    None = 0,          // no search ran: the game is over
    Random = 1,        // a uniformly random empty cell
    Greedy = 2,        // one ply, with the immediate wins and blocks (the easy level)
    Solver = 3,        // the exact solver: the whole game tree below, with a transposition table
    ThreatSearch = 4,  // alpha-beta with threat knowledge and victories by continuous fours (k in a row)
    ScoreSearch = 5,   // alpha-beta on the score difference (the score game)
};

[[nodiscard]] const char* name_of(SearchMethod method) noexcept;

struct SearchReport {
    std::optional<Pos> move;  // nullopt only when the game is over
    // The line the search expects: `move`, then the replies and answers its table holds for the positions
    // that follow, as far as it knows them (at most the depth searched; the moves alternate sides, and each
    // is legal after the ones before it). Empty when there is no move.
    std::vector<Pos> line;
    Evaluation evaluation;  // from the point of view of the side to move
    SearchMethod method = SearchMethod::None;
    int depth = 0;           // plies of the last completed iteration (the solver: to the end)
    std::int64_t nodes = 0;  // positions visited
    std::int64_t elapsed_ms = 0;
    bool stopped = false;  // the budget ran out or a stop was asked before the search finished
};

}  // namespace ttt
