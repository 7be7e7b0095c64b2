// What one move did to the runs of the score rule: created, lengthened or joined its own runs,
// blocked the other side's, and how many points that was worth. The "This move" panel explains it.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/score.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ttt {

enum class RunChange : int {
    None = 0,        // the new mark stands alone (or its run is still too short to score)
    Created = 1,     // a scoring run appeared where none scored before
    Lengthened = 2,  // one scoring run grew by this mark
    Joined = 3,      // two runs, at least one of them scoring before or after, became one
};

struct DirectionEffect {
    Direction direction = Direction::Horizontal;
    int before = 0;        // the mover's run just before the cell along this line (0 = none)
    int after = 0;         // and just after it
    int length = 1;        // the mover's run through the cell now
    std::vector<Pos> run;  // its cells, in order along the line
    RunChange change = RunChange::None;
    std::int64_t points_delta = 0;  // change of the mover's score along this direction
    // The opponent's runs that touch the cell on either side and can no longer grow through it.
    std::vector<int> blocked_opponent_runs;
};

struct MoveEffect {
    Player mover = Player::X;
    Pos pos;
    std::array<DirectionEffect, kDirectionCount> directions;
    std::int64_t points_delta = 0;  // the mover's score after minus before; the opponent's never changes

    // One sentence per direction that did something, e.g.
    // "horizontal: joined 2 + 1 + 1 into a run of 4 (+400)".
    [[nodiscard]] std::vector<std::string> describe() const;
};

// `board_before` is the board without the move; `pos` must be empty on it.
[[nodiscard]] MoveEffect explain_move(const Board& board_before, Pos pos, Player mover, ScoreParams params);

}  // namespace ttt
