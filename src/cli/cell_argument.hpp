// A cell as the command line writes it: "R,C", rows and columns from 1 (`--arrow 1,1-3,3`, `--answer 8,9`).
#pragma once

#include "tictactrace/engine/pos.hpp"

#include <optional>
#include <string_view>

namespace ttt::cli {

// "R,C", 1-based, into a 0-based cell; nullopt when it is not two whole numbers from 1 to the largest side.
[[nodiscard]] std::optional<Pos> parse_cell(std::string_view text);

}  // namespace ttt::cli
