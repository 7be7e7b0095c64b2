// Reading `match --openings FILE`.
#include "cli/match_openings.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/base/trim.hpp>
#include <tictactrace/engine/position.hpp>

#include <charconv>
#include <optional>

namespace ttt::cli {

namespace {

std::optional<int> whole(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// "row,col" 1-based as a 0-based cell, or nullopt.
std::optional<Pos> cell_of(std::string_view word) {
    const std::size_t comma = word.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const auto row = whole(word.substr(0, comma));
    const auto col = whole(word.substr(comma + 1));
    if (!row || !col) return std::nullopt;
    return Pos{*row - 1, *col - 1};
}

}  // namespace

Result<std::vector<Opening>, std::string> read_openings(std::string_view text, const Rules& rules,
                                                        const std::string& name) {
    std::vector<Opening> openings;
    int line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = base::trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        const std::string where = name + " line " + std::to_string(line_number) + ": ";
        Opening opening;
        Position position(rules);
        std::string_view rest = line;
        while (!(rest = base::trim(rest)).empty()) {
            const std::string_view word = rest.substr(0, rest.find_first_of(base::kBlanks));
            rest.remove_prefix(word.size());
            const auto cell = cell_of(word);
            if (!cell)
                return fail(where + "\"" + base::terminal_safe(word.substr(0, 40)) +
                            "\" is not a move row,col (1-based, as 8,8)");
            if (auto refused = position.play(*cell); !refused) return fail(where + refused.error().message);
            if (position.outcome().over())
                return fail(where + "the opening ends the game, leaving nothing to play");
            opening.push_back(*cell);
        }
        openings.push_back(std::move(opening));
    }
    if (openings.empty()) return fail(name + " holds no opening: write one a line, as 8,8 8,9 9,9");
    return openings;
}

}  // namespace ttt::cli
