// "R,C" cells of the command line.
#include "cell_argument.hpp"

#include "tictactrace/engine/rules.hpp"

#include <charconv>

namespace ttt::cli {

std::optional<Pos> parse_cell(std::string_view text) {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const auto number = [](std::string_view part) -> std::optional<int> {
        int v = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (ec != std::errc{} || end != part.data() + part.size() || v < 1 || v > kMaxSide)
            return std::nullopt;
        return v - 1;
    };
    const auto row = number(text.substr(0, comma));
    const auto col = number(text.substr(comma + 1));
    if (!row || !col) return std::nullopt;
    return Pos{*row, *col};
}

}  // namespace ttt::cli
