// Known-answer counts of a small game's complete tree (X first, a game ends at a win or a full board):
// the perft of tic-tac-toe. Classic gives 255168 games and 5478 positions.
#pragma once

#include "tictactrace/engine/rules.hpp"

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <string>

namespace ttt {

struct GameTreeCounts {
    std::uint64_t games = 0;
    std::uint64_t x_wins = 0;
    std::uint64_t o_wins = 0;
    std::uint64_t draws = 0;
    std::uint64_t positions = 0;  // distinct reachable positions, the empty board included
    friend bool operator==(const GameTreeCounts&, const GameTreeCounts&) = default;
};

struct GameTreeLimits {
    // Distinct positions the enumeration may hold before it gives up. A 4x4 board stays under it;
    // anything bigger would take longer than a user waits.
    std::uint64_t max_positions = 12'000'000;
};

// The counts, or why the game is refused (too large, invalid rules).
[[nodiscard]] Result<GameTreeCounts, std::string> count_game_tree(const Rules& rules,
                                                                  GameTreeLimits limits = {});

}  // namespace ttt
