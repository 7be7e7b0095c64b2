// A list of cells as the store keeps it in a text column: a JSON array of [row, col] pairs, 1-based
// ("[[8,8],[9,9]]"). The live lesson's accepted answers and an analysis's lines are kept so.
#pragma once

#include "tictactrace/engine/pos.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ttt::store::detail {

[[nodiscard]] std::string cells_json(const std::vector<Pos>& cells);

// The cells of such an array, whatever its spacing (PostgreSQL writes jsonb's text with blanks, and a
// server's row may have been written from psql).
[[nodiscard]] std::vector<Pos> cells_of(std::string_view text);

}  // namespace ttt::store::detail
