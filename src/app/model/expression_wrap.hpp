// An explainer's step cut into lines between its expressions, never inside one: "total 1 != 3" read as
// "total 1" on one line and "!= 3" on the next says something else on a projector. The step's words are
// the engine's (win_trace.cpp): clauses joined by ": ", " -> " and ", ", cells written "(1, 2)",
// directions "lines[2] (right)", marks listed "x, o, .". No ImGui here: the caller measures.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace ttt::app {

// A line of the text: `size` characters from `begin`.
struct TextSpan {
    std::size_t begin = 0;
    std::size_t size = 0;
    friend bool operator==(const TextSpan&, const TextSpan&) = default;
};

// Where a line may start, in order, into `out` (cleared first; its room is kept, so a caller that keeps
// the vector asks the heap for nothing once it is large enough): after ": ", at a " -> ", after ", " that
// ends a clause, and between two cells "(1, 1) (1, 2)". Never inside brackets or parentheses, nor inside
// a list of marks "x, o, .", nor inside a comparison "2 >= 4".
void expression_breaks(std::string_view text, std::vector<std::size_t>& out);

// The lines of `text` in `width` pixels, into `lines` (cleared first, room kept): as many whole
// expressions on each line as fit, `measure(std::string_view)` giving a piece's width. An expression wider
// than the whole width stands alone on its line, whole. `breaks` is scratch room for expression_breaks().
template <class Measure>
void wrap_expressions(std::string_view text, float width, Measure&& measure, std::vector<std::size_t>& breaks,
                      std::vector<TextSpan>& lines) {
    lines.clear();
    expression_breaks(text, breaks);
    breaks.push_back(text.size());
    const auto piece = [&](std::size_t from, std::size_t to) {
        while (to > from && text[to - 1] == ' ') --to;
        return TextSpan{from, to - from};
    };
    std::size_t start = 0;
    std::size_t end = 0;  // the furthest break that fits on the line from `start`; `start`: none yet
    for (const std::size_t b : breaks) {
        if (end > start) {
            const TextSpan wider = piece(start, b);
            if (measure(text.substr(wider.begin, wider.size)) > width) {
                lines.push_back(piece(start, end));
                start = end;
            }
        }
        end = b;
    }
    if (end > start) lines.push_back(piece(start, end));
    breaks.pop_back();
}

}  // namespace ttt::app
