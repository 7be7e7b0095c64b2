// How `count` and `demo` print a game tree's known-answer counts.
#include "cli/count_report.hpp"

#include <tictactrace/base/json_writer.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace ttt::cli {

using base::JsonWriter;

std::string count_json(const GameTreeCounts& counts) {
    JsonWriter json;
    json.begin_object();
    json.key("games").value(counts.games);
    json.key("x_wins").value(counts.x_wins);
    json.key("o_wins").value(counts.o_wins);
    json.key("draws").value(counts.draws);
    json.key("positions").value(counts.positions);
    json.end_object();
    return json.str();
}

std::string count_text(const Rules& rules, const GameTreeCounts& counts) {
    const std::array<std::pair<const char*, std::uint64_t>, 5> lines = {{
        {"games", counts.games},
        {"X wins", counts.x_wins},
        {"O wins", counts.o_wins},
        {"draws", counts.draws},
        {"positions", counts.positions},
    }};
    std::size_t width = 0;
    for (const auto& [label, n] : lines) width = std::max(width, std::to_string(n).size());

    std::string out =
        describe(rules) + ": the whole game tree, X first, each game ending at a win or a full board\n";
    for (const auto& [label, n] : lines) {
        std::string number = std::to_string(n);
        std::string name = label;
        out += "  " + name + std::string(10 - name.size(), ' ') + std::string(width - number.size(), ' ') +
               number;
        if (name == "positions") out += "  (distinct reachable positions, the empty board included)";
        out += "\n";
    }
    return out;
}

}  // namespace ttt::cli
