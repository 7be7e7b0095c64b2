// The start positions of `match --openings FILE` and `tournament --openings FILE`, in any of the forms they
// travel in, recognised from the file's content:
// - one opening a line, its moves in the order played as 1-based row,col pairs separated by blanks
//   ("8,8 8,9 9,9");
// - Gomocup's openings file: one opening a line, its moves as x,y offsets from the centre of the board, every
//   number separated by commas ("0,0, 1,0, -1,1": x to the right, y down; the centre is row rows/2 and
//   column cols/2, counted from 0). A file is read so when any move is written with a comma after it or
//   any number is 0 or below, which a 1-based row,col never is;
// - an SGF or PSQ file (the exchange layer reads it): each game's main-line moves are one opening.
// In the line forms blank lines and lines that start with '#' are skipped. Each opening is checked against
// the rules before any game is played.
#pragma once

#include <tictactrace/engine/pos.hpp>
#include <tictactrace/engine/rules.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::cli {

using Opening = std::vector<Pos>;  // 0-based cells, X first

// The openings of `text` (the file's bytes; `name` says which file in messages), or a sentence naming the
// line (or the game and move of an SGF or PSQ file) and what is wrong with it: a pair that is not row,col
// or x,y, an odd count of Gomocup numbers, a cell off the board or taken, an opening that ends the game, or
// a file without one.
[[nodiscard]] Result<std::vector<Opening>, std::string>
read_openings(std::string_view text, const Rules& rules, const std::string& name);

// The openings of the file at `path` (at most 16 MiB), as read_openings reads them; none when `path` is
// empty. The sentence says why not: the file cannot be read, or what is wrong in it.
[[nodiscard]] Result<std::vector<Opening>, std::string> openings_file(const std::string& path,
                                                                      const Rules& rules);

// The openings a match plays when it is given none, so that its games differ even between engines that
// would repeat themselves: X's first move on each cell within reach of the centre (all of a 3x3 board; the
// middle 5x5 of a 15x15 one: the radius is a seventh of the shorter side, at least 1), in an order shuffled
// by `seed`, so one seed gives the same match again. Cells whose move the rules refuse or that end the
// game at once are left out; none when no cell is left.
[[nodiscard]] std::vector<Opening> varied_openings(const Rules& rules, std::uint64_t seed);

}  // namespace ttt::cli
