// The exact solver: the whole game tree below a position, alpha-beta over a transposition table, so
// small games are played perfectly (never a won position spoilt to a draw, nor a drawn one to a loss;
// the fastest win, the slowest loss) and the score game's last moves are played for the best margin.
#pragma once

#include "search_budget.hpp"

#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/position.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace ttt::detail {

struct Solved {
    Pos move;
    Evaluation evaluation;  // proven: Win, Loss, Draw, or the score game's Margin
    std::vector<Pos> line;  // `move` and the best replies after it, as the table holds them
};

// The value of a position that is not over and a move that keeps it, or nullopt when the budget ran
// out first. `seed` orders cells of equal promise, so different seeds may choose different best moves.
[[nodiscard]] std::optional<Solved> solve(const Position& position, SearchBudget& budget, std::uint64_t seed);

}  // namespace ttt::detail
