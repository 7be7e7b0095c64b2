// Boards as text: one line per row, 'x', 'o' or '.' per cell; blank lines and surrounding spaces ignored.
#pragma once

#include "tictactrace/engine/board.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace ttt {

struct TextError {
    int line = 0;  // 1-based line of the input
    std::string message;
};

[[nodiscard]] std::variant<Board, TextError> parse_board_text(std::string_view text);

}  // namespace ttt
