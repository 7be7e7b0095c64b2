// The words that announce a game's end to people, the same in the window's outcome dialog and at the end of
// `tictactrace play`: the winner by name and mark, or a draw.
#pragma once

#include "tictactrace/engine/outcome.hpp"
#include "tictactrace/engine/player.hpp"

#include <string>
#include <string_view>

namespace ttt {

// "Ann (X)"; just "X" when the name says no more than the mark: empty, or the mark itself in either case
// (a game's default names are "X" and "O", and "X (X)" would say it twice).
[[nodiscard]] std::string player_with_mark(Player p, std::string_view name);

// "Ann (X) wins!", "X wins!" or "A draw"; empty while the game goes on.
[[nodiscard]] std::string outcome_headline(const Outcome& outcome, std::string_view x_name,
                                           std::string_view o_name);

}  // namespace ttt
