// The Gomocup rule codes as rule sets.
#include "gomocup_rule.hpp"

#include <array>
#include <optional>

namespace ttt::exchange::detail {

namespace {

struct Code {
    int code;
    const char* name;
    // The rules on a board, or nullptr while this program does not play them.
    Rules (*make)(int rows, int cols);
};

// A code without a maker would be one this program does not play; today every code it knows is played.
constexpr std::array<Code, 4> kCodes = {{
    {0, "freestyle gomoku", [](int rows, int cols) { return Rules::gomoku(false, rows, cols); }},
    {1, "exact five", [](int rows, int cols) { return Rules::gomoku(true, rows, cols); }},
    {4, "renju", [](int rows, int cols) { return Rules::renju(rows, cols); }},
    {8, "caro", [](int rows, int cols) { return Rules::caro(rows, cols); }},
}};

}  // namespace

GomocupRule rules_of_gomocup_code(std::string_view text, int rows, int cols) {
    const std::string shown = "RU[" + std::string(text.substr(0, 16)) + "]";
    for (const Code& c : kCodes) {
        if (text != std::to_string(c.code)) continue;
        if (!c.make) return UnplayedRule{shown + " is " + c.name + ", which this version does not play"};
        return c.make(rows, cols);
    }
    return fail(shown + " is no rule this program knows (the Gomocup codes are 0 freestyle, 1 exact five, "
                        "4 renju and 8 caro)");
}

}  // namespace ttt::exchange::detail
