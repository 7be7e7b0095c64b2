// Boards typed at the command line: the text that `score` reads and `new --setup FILE|-` starts a game
// from, and `--to-move x|o` (on `new` and `import`), who moves next on such a board.
#pragma once

#include <tictactrace/engine/board.hpp>
#include <tictactrace/engine/player.hpp>

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace ttt::cli {

// The board of the text in `file` ("-" or empty: standard input), or nullopt after saying on stderr
// which line does not parse (a usage error). Throws CliError when the file cannot be read.
[[nodiscard]] std::optional<Board> read_board(const std::string& file);

// Adds --to-move x|o (either case) to `command`, filling `word` with "x" or "o".
void add_to_move_option(CLI::App& command, std::string& word, const std::string& help);

// The player `word` names ("x" or "o"), or nullopt for an empty word (the option was not given).
[[nodiscard]] std::optional<Player> to_move_from_word(const std::string& word);

}  // namespace ttt::cli
