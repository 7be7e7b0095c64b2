// A board coordinate. The engine counts from 0; only the user-facing layers print 1-based numbers.
#pragma once

#include <string>

namespace ttt {

struct Pos {
    int row = 0;
    int col = 0;

    friend constexpr bool operator==(const Pos&, const Pos&) = default;
    friend constexpr auto operator<=>(const Pos&, const Pos&) = default;
};

// "(row, col)" 1-based, as every message to a user names a cell.
[[nodiscard]] std::string cell_label(Pos p);

// The four line directions, each as a step (drow, dcol). Their order is the order of the
// scores everywhere: horizontal, vertical, '/' (the scoring article's 45° matrix), '\' (its −45° matrix).
enum class Direction : int {
    Horizontal = 0,       // rows of the board
    Vertical = 1,         // columns (the scoring article's 90° matrix)
    Diagonal45 = 2,       // '/' lines (the scoring article's rotateMatrix45Deg)
    DiagonalMinus45 = 3,  // '\' lines (the scoring article's rotateMatrixMinus45Deg)
};
inline constexpr int kDirectionCount = 4;

// One step along a direction. '/' goes up and to the right; '\' down and to the right.
[[nodiscard]] constexpr Pos step_of(Direction d) noexcept {
    switch (d) {
    case Direction::Horizontal: return {0, 1};
    case Direction::Vertical: return {1, 0};
    case Direction::Diagonal45: return {-1, 1};
    case Direction::DiagonalMinus45: return {1, 1};
    }
    return {0, 0};
}

[[nodiscard]] constexpr const char* name_of(Direction d) noexcept {
    switch (d) {
    case Direction::Horizontal: return "horizontal";
    case Direction::Vertical: return "vertical";
    case Direction::Diagonal45: return "diagonal_45";
    case Direction::DiagonalMinus45: return "diagonal_minus45";
    }
    return "?";
}

}  // namespace ttt
