// The headline of a game's end.
#include "tictactrace/engine/outcome_headline.hpp"

namespace ttt {

std::string player_with_mark(Player p, std::string_view name) {
    const char mark = to_upper_char(p);
    const bool only_the_mark =
        name.empty() || (name.size() == 1 && (name[0] == mark || name[0] == mark - 'A' + 'a'));
    std::string text;
    if (only_the_mark) {
        text += mark;
        return text;
    }
    text += name;
    text += " (";
    text += mark;
    text += ')';
    return text;
}

std::string outcome_headline(const Outcome& outcome, std::string_view x_name, std::string_view o_name) {
    if (!outcome.over()) return {};
    if (!outcome.winner) return "A draw";
    return player_with_mark(*outcome.winner, *outcome.winner == Player::X ? x_name : o_name) + " wins!";
}

}  // namespace ttt
