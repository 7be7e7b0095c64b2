// Whether a mark on an empty cell would win at once, asked of the position's own run table and the
// rules' own line test, so a search agrees with the game on every rule set (exact five included).
#pragma once

#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/win_check.hpp"

namespace ttt::detail {

[[nodiscard]] inline bool wins_at(const Position& position, Pos p, Player who) {
    if (position.rules().kind == RuleKind::Score) return false;
    RunsThrough runs;
    for (int d = 0; d < kDirectionCount; ++d)
        runs[static_cast<std::size_t>(d)] = position.run_beside(p, static_cast<Direction>(d), who);
    return !winning_line_of(position.board(), position.rules(), p, who, runs).empty();
}

}  // namespace ttt::detail
