// Boards at the command line: the engine's board parser on a command's text input.
#include "cli/board_input.hpp"

#include "cli/text_input.hpp"

#include <tictactrace/engine/board_text.hpp>

#include <iostream>
#include <variant>

namespace ttt::cli {

std::optional<Board> read_board(const std::string& file) {
    auto parsed = parse_board_text(read_text_input(file));
    if (!parsed) {
        const auto& error = parsed.error();
        std::cerr << "tictactrace: error: " << input_name(file) << ", line " << error.line << ": "
                  << error.message << "\n";
        return std::nullopt;
    }
    return std::move(parsed).value();
}

void add_to_move_option(CLI::App& command, std::string& word, const std::string& help) {
    command.add_option("--to-move", word, help)->check(CLI::IsMember({"x", "o"}, CLI::ignore_case));
}

std::optional<Player> to_move_from_word(const std::string& word) {
    if (word.empty()) return std::nullopt;
    // IsMember has made the word one of its members, in their own case.
    return word == "o" ? Player::O : Player::X;
}

}  // namespace ttt::cli
