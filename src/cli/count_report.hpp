// How `count` and `demo` print a game tree's known-answer counts.
#pragma once

#include <tictactrace/engine/game_tree.hpp>
#include <tictactrace/engine/rules.hpp>

#include <string>

namespace ttt::cli {

// {"games":G,"x_wins":X,"o_wins":O,"draws":D,"positions":P}
[[nodiscard]] std::string count_json(const GameTreeCounts& counts);

// The rules described, then one aligned line per count.
[[nodiscard]] std::string count_text(const Rules& rules, const GameTreeCounts& counts);

}  // namespace ttt::cli
