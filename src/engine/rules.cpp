// Rule presets, their names, and the checks that keep a rule set playable.
#include "tictactrace/engine/rules.hpp"

#include <algorithm>

namespace ttt {

Rules Rules::classic() {
    return Rules{RuleKind::Classic, 3, 3, 3, false, 3, 100};
}
Rules Rules::fullline(int rows, int cols) {
    return Rules{RuleKind::FullLine, rows, cols, 0, false, 3, 100};
}
Rules Rules::gomoku(bool exact, int rows, int cols) {
    return Rules{RuleKind::Gomoku, rows, cols, 5, exact, 3, 100};
}
Rules Rules::mnk(int rows, int cols, int k, bool exact) {
    return Rules{RuleKind::Mnk, rows, cols, k, exact, 3, 100};
}
Rules Rules::score(int rows, int cols, int min_run, int points) {
    return Rules{RuleKind::Score, rows, cols, 0, false, min_run, points};
}

Rules Rules::renju(int rows, int cols) {
    return Rules{RuleKind::Renju, rows, cols, 5, false, 3, 100};
}
Rules Rules::caro(int rows, int cols) {
    return Rules{RuleKind::Caro, rows, cols, 5, false, 3, 100};
}

const char* name_of(RuleKind kind) noexcept {
    switch (kind) {
    case RuleKind::Classic: return "classic";
    case RuleKind::FullLine: return "fullline";
    case RuleKind::Gomoku: return "gomoku";
    case RuleKind::Mnk: return "mnk";
    case RuleKind::Score: return "score";
    case RuleKind::Renju: return "renju";
    case RuleKind::Caro: return "caro";
    }
    return "?";
}

std::optional<RuleKind> rule_kind_from_name(std::string_view name) noexcept {
    for (RuleKind k : {RuleKind::Classic, RuleKind::FullLine, RuleKind::Gomoku, RuleKind::Mnk,
                       RuleKind::Score, RuleKind::Renju, RuleKind::Caro})
        if (name == name_of(k)) return k;
    return std::nullopt;
}

Result<Rules, std::string> Rules::from_name(std::string_view name, int rows, int cols, int k, bool exact) {
    const auto kind = rule_kind_from_name(name);
    if (!kind)
        return fail("unknown rule set '" + std::string(name) +
                    "': expected classic, fullline, gomoku, mnk, score, renju or caro");
    if (rows < 0 || cols < 0 || k < 0) return fail("rows, columns and k must be positive");
    if (rows > 0 && cols == 0) cols = rows;
    if (cols > 0 && rows == 0) rows = cols;

    Rules r;
    switch (*kind) {
    case RuleKind::Classic:
        if ((rows != 0 && rows != 3) || (cols != 0 && cols != 3) || (k != 0 && k != 3))
            return fail("classic is 3x3 with three in a row; use --rules mnk for other sizes");
        r = classic();
        r.exact = exact;
        break;
    case RuleKind::FullLine:
        if (k != 0) return fail("fullline takes no --k: a whole row, column or main diagonal wins");
        if (exact) return fail("fullline takes no --exact");
        r = fullline(rows ? rows : 3, cols ? cols : 3);
        break;
    case RuleKind::Gomoku:
        if (k != 0 && k != 5) return fail("gomoku is five in a row; use --rules mnk for another k");
        r = gomoku(exact, rows ? rows : 15, cols ? cols : 15);
        break;
    case RuleKind::Mnk:
        rows = rows ? rows : 3;
        cols = cols ? cols : 3;
        r = mnk(rows, cols, k ? k : std::min(3, std::max(rows, cols)), exact);
        break;
    case RuleKind::Score:
        if (k != 0) return fail("score takes no --k: every run of three or more scores");
        if (exact) return fail("score takes no --exact");
        r = score(rows ? rows : 5, cols ? cols : 5);
        break;
    case RuleKind::Renju:
    case RuleKind::Caro:
        if (k != 0 && k != 5)
            return fail(std::string(name_of(*kind)) + " is five in a row; use --rules mnk for another k");
        if (exact)
            return fail(std::string(name_of(*kind)) +
                        " takes no --exact: its own rules say which lines of five or more win");
        r = *kind == RuleKind::Renju ? renju(rows ? rows : 15, cols ? cols : 15)
                                     : caro(rows ? rows : 15, cols ? cols : 15);
        break;
    }
    if (auto valid = r.validate(); !valid) return fail(std::move(valid).error());
    return r;
}

Result<void, std::string> Rules::validate() const {
    const std::string max = std::to_string(kMaxSide);
    if (rows < 1 || cols < 1) return fail("the board must have at least one row and one column");
    if (rows > kMaxSide || cols > kMaxSide) return fail("the board may be at most " + max + " x " + max);
    switch (kind) {
    case RuleKind::Classic:
        if (rows != 3 || cols != 3 || k != 3) return fail("classic is 3x3 with three in a row");
        break;
    case RuleKind::Gomoku:
    case RuleKind::Renju:
    case RuleKind::Caro:
        if (k != 5) return fail(std::string(name_of(kind)) + " is five in a row");
        if (exact && kind != RuleKind::Gomoku)
            return fail(std::string(name_of(kind)) + " has no exact-five option");
        if (std::max(rows, cols) < 5)
            return fail(std::string("a ") + name_of(kind) + " board needs at least five cells in a line");
        break;
    case RuleKind::Mnk:
        if (k < 1) return fail("k must be at least 1");
        if (k > std::max(rows, cols))
            return fail("k = " + std::to_string(k) + " cannot fit on a " + std::to_string(rows) + "x" +
                        std::to_string(cols) + " board");
        break;
    case RuleKind::FullLine: break;
    case RuleKind::Score: break;
    }
    if (min_run < 1) return fail("the shortest scoring run must be at least 1");
    if (points < 0 || points > 1'000'000) return fail("points per mark must be between 0 and 1000000");
    return {};
}

std::optional<int> gomocup_rule_code(const Rules& rules) noexcept {
    switch (rules.kind) {
    case RuleKind::Renju: return 4;
    case RuleKind::Caro: return 8;
    case RuleKind::Gomoku:
    case RuleKind::Mnk:
    case RuleKind::Classic:
        if (rules.k != 5) return std::nullopt;
        return rules.exact ? 1 : 0;
    case RuleKind::FullLine:
    case RuleKind::Score: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Rules> rules_from_gomocup_code(int code, int rows, int cols) noexcept {
    Rules r;
    switch (code) {
    case 0: r = Rules::gomoku(false, rows, cols); break;
    case 1: r = Rules::gomoku(true, rows, cols); break;
    case 4: r = Rules::renju(rows, cols); break;
    case 8: r = Rules::caro(rows, cols); break;
    default: return std::nullopt;
    }
    if (!r.validate()) return std::nullopt;
    return r;
}

std::optional<std::string> sgf_rule_name(const Rules& rules) {
    switch (rules.kind) {
    case RuleKind::Renju: return "renju";
    case RuleKind::Caro: return "caro";
    case RuleKind::Gomoku:
    case RuleKind::Mnk:
    case RuleKind::Classic:
        if (rules.k != 5) return std::nullopt;
        return rules.exact ? "exact" : "gomoku";
    case RuleKind::FullLine:
    case RuleKind::Score: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Rules> rules_from_sgf_rule_name(std::string_view value, int rows, int cols) {
    std::string word;
    for (const char c : value)
        if (c != ' ') word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    int code = -1;
    if (word == "gomoku" || word == "freestyle") code = 0;
    if (word == "exact" || word == "standard") code = 1;
    if (word == "renju") code = 4;
    if (word == "caro") code = 8;
    if (code < 0) return std::nullopt;
    return rules_from_gomocup_code(code, rows, cols);
}

std::string describe(const Rules& r) {
    const std::string size = std::to_string(r.rows) + "x" + std::to_string(r.cols);
    switch (r.kind) {
    case RuleKind::Classic: return "classic 3x3, three in a row";
    case RuleKind::FullLine:
        return "fullline " + size + ", a whole row or column" + (r.rows == r.cols ? " or main diagonal" : "");
    case RuleKind::Gomoku: return "gomoku " + size + ", five in a row" + (r.exact ? " (exactly five)" : "");
    case RuleKind::Mnk:
        return "mnk " + size + ", " + std::to_string(r.k) + " in a row" + (r.exact ? " (exactly)" : "");
    case RuleKind::Renju:
        return "renju " + size + ", five in a row; Black may not make 3x3, 4x4 or an overline";
    case RuleKind::Caro: return "caro " + size + ", five in a row not blocked at both ends";
    case RuleKind::Score:
        return "score " + size + ", runs of " + std::to_string(r.min_run) + "+ score length x " +
               std::to_string(r.points);
    }
    return size;
}

}  // namespace ttt
