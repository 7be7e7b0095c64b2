// What a position is taken up again from without replaying its marks: the board as it stands, the moves
// in the order they were played (what a take-back needs), both scores and the outcome. The store keeps
// one beside a long game's snapshots, so that reading the game costs one board rather than a replay.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/outcome.hpp"
#include "tictactrace/engine/score.hpp"

#include <cstdint>
#include <vector>

namespace ttt {

struct PositionImage {
    Board board;                         // every mark on it, a set-up's included
    std::vector<std::uint32_t> history;  // the moves' cells (row * cols + col), in the order played
    Scores scores;
    Outcome outcome;

    friend bool operator==(const PositionImage&, const PositionImage&) = default;
};

}  // namespace ttt
