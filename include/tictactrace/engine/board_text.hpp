// Boards as text: one line per row, 'x', 'o' or '.' per cell; blank lines and surrounding spaces ignored.
#pragma once

#include "tictactrace/engine/board.hpp"

#include "tictactrace/base/result.hpp"

#include <string>
#include <string_view>

namespace ttt {

struct TextError {
    int line = 0;  // 1-based line of the input
    std::string message;
};

[[nodiscard]] Result<Board, TextError> parse_board_text(std::string_view text);

}  // namespace ttt
