// Where the engine's step words may be cut between expressions.
#include "model/expression_wrap.hpp"

namespace ttt::app {

namespace {

// Whether the word that ends just before `end` is a lone mark, "x", "o" or ".": a list of marks reads as
// one expression.
bool lone_mark_before(std::string_view text, std::size_t end) {
    if (end == 0) return false;
    const char c = text[end - 1];
    if (c != 'x' && c != 'o' && c != '.') return false;
    return end == 1 || text[end - 2] == ' ';
}

}  // namespace

void expression_breaks(std::string_view text, std::vector<std::size_t>& out) {
    out.clear();
    int depth = 0;  // inside "(1, 2)" or "lines[2]"
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if (depth > 0 || text[i + 1] != ' ' || i + 2 >= text.size()) continue;
        const std::size_t next = i + 2;  // the first character after "c "
        if (c == ':') {
            out.push_back(next);
        } else if (c == ',' && !lone_mark_before(text, i)) {
            out.push_back(next);
        } else if (c == ')' && text[next] == '(') {
            out.push_back(next);  // between two cells
        } else if (text.substr(next).starts_with("-> ")) {
            out.push_back(next);  // the conclusion starts the next line
        }
    }
}

}  // namespace ttt::app
