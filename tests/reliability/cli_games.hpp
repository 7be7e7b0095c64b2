// The CLI as the reliability tests' own steps use it (the writers run it themselves): a new gomoku game.
#pragma once

#include <string>

namespace ttt::reliability {

// `tictactrace new --rules gomoku --db URI`: the new game's id. Throws std::runtime_error when it fails.
[[nodiscard]] long long new_gomoku(const std::string& uri);

// The first line of a command's stderr that ends a writer's line ("failed move 5 SENTENCE"): SENTENCE.
[[nodiscard]] std::string sentence_of(const std::string& failed_line);

}  // namespace ttt::reliability
