// The start positions of `match --openings FILE`: one opening a line, its moves in the order played as
// 1-based row,col pairs separated by blanks ("8,8 8,9 9,9"); blank lines and lines that start with '#' are
// skipped. Each is checked against the match's rules before any game is played.
#pragma once

#include <tictactrace/engine/pos.hpp>
#include <tictactrace/engine/rules.hpp>

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::cli {

using Opening = std::vector<Pos>;  // 0-based cells, X first

// The openings of `text` (the file's bytes; `name` says which file in messages), or a sentence naming the
// line and what is wrong with it: a pair that is not row,col, a cell off the board or taken, an opening
// that ends the game, or a file without one.
[[nodiscard]] Result<std::vector<Opening>, std::string>
read_openings(std::string_view text, const Rules& rules, const std::string& name);

}  // namespace ttt::cli
