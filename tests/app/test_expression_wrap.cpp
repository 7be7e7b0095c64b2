// The win explainer's words cut into lines between expressions only: the engine's own step texts, wrapped
// at every width from one character to the whole, never split "total 1 != 3", a cell "(2, 1)", a list of
// marks "x, o, ." or a direction "lines[2] (right)", and give back the text itself when joined again.
#include "model/expression_wrap.hpp"

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/win_trace.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

// A monospaced font of 10 pixels a character.
float measure(std::string_view piece) {
    return 10.0f * static_cast<float>(piece.size());
}

std::vector<std::string> wrapped(std::string_view text, float width) {
    std::vector<std::size_t> breaks;
    std::vector<TextSpan> spans;
    wrap_expressions(text, width, measure, breaks, spans);
    std::vector<std::string> lines;
    for (const TextSpan& s : spans) lines.emplace_back(text.substr(s.begin, s.size));
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) out += (out.empty() ? "" : " ") + l;
    return out;
}

// Whether some line ends inside `expression`: it starts on one line and goes on on the next.
bool split(const std::vector<std::string>& lines, std::string_view expression) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
        for (std::size_t cut = 1; cut < expression.size(); ++cut) {
            std::string_view head = expression.substr(0, cut);
            std::string_view tail = expression.substr(cut);
            while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
            while (!tail.empty() && tail.front() == ' ') tail.remove_prefix(1);
            if (head.empty() || tail.empty()) continue;
            if (lines[i].ends_with(head) && lines[i + 1].starts_with(tail)) return true;
        }
    return false;
}

}  // namespace

TEST_CASE("an enumeration step may be cut after its line's number, between cells, after its marks and "
          "before its conclusion, and nowhere else") {
    const std::string text = "line 2 of 8: (2, 1) (2, 2) (2, 3): x, o, . -> total 1 != 3";
    std::vector<std::size_t> breaks;
    expression_breaks(text, breaks);
    std::vector<std::string> starts;
    for (const std::size_t b : breaks) starts.push_back(text.substr(b, 6));
    CHECK(starts == std::vector<std::string>{"(2, 1)", "(2, 2)", "(2, 3)", "x, o, ", "-> tot"});
    // Twenty characters a line: as many whole expressions as fit.
    CHECK(wrapped(text, 200) ==
          std::vector<std::string>{"line 2 of 8: (2, 1)", "(2, 2) (2, 3):", "x, o, .", "-> total 1 != 3"});
    // Wide enough for all: one line, the text itself.
    CHECK(wrapped(text, 10000) == std::vector<std::string>{text});
    // Narrower than any expression: each stands whole on its own line, wider than the room.
    CHECK(wrapped(text, 60) == std::vector<std::string>{"line 2 of 8:", "(2, 1)", "(2, 2)",
                                                        "(2, 3):", "x, o, .", "-> total 1 != 3"});
}

TEST_CASE("a walk's steps keep a direction, a comparison and a sum whole") {
    const std::string look = "step 1, lines[2] (right): (1, 3) is x: lines[2] has 1";
    CHECK(wrapped(look, 200) ==
          std::vector<std::string>{"step 1,", "lines[2] (right):", "(1, 3) is x:", "lines[2] has 1"});
    const std::string sum = "lines[2] + lines[6] = 0 + 2 = 2 >= 2: with the stone itself, 3 in a row: X wins";
    CHECK(wrapped(sum, 400) == std::vector<std::string>{"lines[2] + lines[6] = 0 + 2 = 2 >= 2:",
                                                        "with the stone itself, 3 in a row:", "X wins"});
}

TEST_CASE("at every width, every step of the three checks on a won board wraps without splitting an "
          "expression and joins back into its own words") {
    // X wins on row 1 of the classic board (the enumeration and the walk); on the 4x5 full-line board X
    // fills column 3.
    Board classic(3, 3);
    for (const auto& [p, c] : std::vector<std::pair<Pos, Cell>>{
             {{0, 0}, Cell::X}, {{1, 1}, Cell::O}, {{0, 1}, Cell::X}, {{2, 2}, Cell::O}, {{0, 2}, Cell::X}})
        classic.set(p, c);
    std::vector<WinTrace> traces;
    for (const WinAlgorithm a : win_algorithms_for(Rules::classic()))
        traces.push_back(trace_win(a, classic, Rules::classic(), Pos{0, 2}));
    Board full(4, 5);
    for (int r = 0; r < 4; ++r) full.set({r, 2}, Cell::X);
    Rules full_line = Rules::classic();
    full_line.kind = RuleKind::FullLine;
    traces.push_back(trace_win(WinAlgorithm::FullLine, full, full_line, Pos{3, 2}));
    int steps = 0;
    for (const WinTrace& trace : traces)
        for (const WinStep& step : trace.steps) {
            ++steps;
            CAPTURE(step.text);
            for (int chars = 1; chars <= static_cast<int>(step.text.size()) + 1; ++chars) {
                CAPTURE(chars);
                const auto lines = wrapped(step.text, 10.0f * static_cast<float>(chars));
                CHECK(joined(lines) == step.text);
                const auto arrow = step.text.find("-> ");
                if (const auto total = step.text.find("total "); total != std::string::npos) {
                    const auto end = step.text.find_first_of(":,", total);
                    CHECK_FALSE(split(lines, std::string_view(step.text).substr(total, end - total)));
                }
                if (arrow != std::string::npos) CHECK_FALSE(split(lines, "-> "));
                for (const std::string_view whole :
                     {"x, x, x", "(1, 1)", "(1, 2)", "(1, 3)", "lines[2] (right)", "0 + 2 = 2 >= 2",
                      "not all equal", "all equal and not empty"})
                    CHECK_FALSE(split(lines, whole));
                // A line wider than the room is one expression alone, with no place to cut it.
                for (const std::string& l : lines)
                    if (l.size() > static_cast<std::size_t>(chars)) {
                        std::vector<std::size_t> inside;
                        expression_breaks(l, inside);
                        CHECK(inside.empty());
                    }
            }
        }
    CHECK(steps > 10);
}
