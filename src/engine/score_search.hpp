// The search of the score game (every run of min_run or more scores length x points, the board played
// full): alpha-beta on the score difference, with the position's own incremental scoring, so a move and
// its take-back cost O(1). What a mark gains at once, for the mover and as a block against the other
// side, orders the moves and prunes the rest.
#pragma once

#include "search_budget.hpp"

#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/search_report.hpp"

#include <cstdint>

namespace ttt::detail {

struct ScoreSettings {
    int max_depth = 64;   // iterative deepening up to this many plies
    int width = 10;       // moves tried at a node below the root
    int root_width = 24;  // and at the root
};

[[nodiscard]] SearchReport score_search(const Position& position, const ScoreSettings& settings,
                                        SearchBudget& budget, std::uint64_t seed);

// What a mark of the side to move on the empty cell p gains at once, and what it denies the other side
// (the points the other side would gain there): the order of the moves, and the easy level's choice.
[[nodiscard]] std::int64_t score_gain(const Position& position, Pos p, Player who);

}  // namespace ttt::detail
