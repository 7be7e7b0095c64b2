// What a user chooses about an import: the format (or recognise it), the rules of games whose files
// carry none (SGF, PSQ, text boards), the time stamped on events of files that record no times, and who
// moves next on a text board.
#pragma once

#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/exchange/format.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace ttt::exchange {

// `--rules NAME [--k K] [--exact]`: the rule set, with the board size taken from the file.
struct RulesChoice {
    std::string name = "gomoku";
    int k = 0;  // 0: the rule set's own
    bool exact = false;
};

struct ImportOptions {
    std::optional<Format> format;      // nullopt: recognised from the content (sniff_format)
    std::optional<RulesChoice> rules;  // nullopt: gomoku on the file's board (SGF, PSQ); archives keep theirs
    std::int64_t now_ms = 0;           // the time given to events of files without times of their own
    std::optional<Player> to_move;     // a text board's side to move; nullopt: set_up.hpp's default
};

// Why `options` cannot be used for any file, in a sentence (an unknown rule set, a --k the rule set does
// not take, --rules with an archive, --to-move with a file that is not a text board), or nothing. Every
// check here needs no byte of the file, so a command makes it before it reads one.
[[nodiscard]] Result<void, std::string> check_import_options(const ImportOptions& options);

// The rules `choice` names on a rows x cols board, or why they cannot be played there.
[[nodiscard]] Result<Rules, std::string> rules_for_board(const RulesChoice& choice, int rows, int cols);

}  // namespace ttt::exchange
