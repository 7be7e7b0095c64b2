// A position a game starts from instead of the empty board: the marks of both players, placed at once
// without a history, and who moves next. What a teacher sets up to show a rule on a given board.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace ttt {

struct SetUp {
    std::vector<Pos> x;  // X's marks, in any order
    std::vector<Pos> o;  // O's marks
    Player to_move = Player::X;

    [[nodiscard]] std::size_t marks() const noexcept { return x.size() + o.size(); }
    friend bool operator==(const SetUp&, const SetUp&) = default;
};

// Who moves next when a set-up does not say: X moves first, so after as many O marks as X marks it is
// X's turn, and O's when X has more. (Any other count is a set-up of the teacher's own, which says.)
[[nodiscard]] constexpr Player default_to_move(std::size_t x_marks, std::size_t o_marks) noexcept {
    return x_marks > o_marks ? Player::O : Player::X;
}

// The marks of `board` as a set-up, row by row, with `to_move` or else the default above.
[[nodiscard]] SetUp set_up_of(const Board& board, std::optional<Player> to_move = std::nullopt);

// "18 X, 0 O": how the history and the messages name a set-up.
[[nodiscard]] std::string describe(const SetUp& setup);

}  // namespace ttt
