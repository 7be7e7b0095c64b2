// A run of one player's marks through a cell, as the lengths it reaches back and forward from it.
#pragma once

#include "tictactrace/engine/pos.hpp"

#include <array>

namespace ttt {

// `before` marks lie just behind the cell along a direction, `after` just ahead of it, the cell itself
// counted in between.
struct RunExtent {
    int before = 0;
    int after = 0;
    [[nodiscard]] int length() const noexcept { return before + after + 1; }
    friend bool operator==(const RunExtent&, const RunExtent&) = default;
};

// One extent per direction, indexed by Direction: the four runs a move joins.
using RunsThrough = std::array<RunExtent, kDirectionCount>;

}  // namespace ttt
