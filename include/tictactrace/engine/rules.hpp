// The rule sets of the source articles (docs/references.md) as one value type: what wins, and when a game is
// over.
#pragma once

#include "tictactrace/base/result.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ttt {

enum class RuleKind : int {
    Classic = 0,  // 3x3, three in a row (the first-project article); a preset of Mnk
    FullLine =
        1,       // a whole row, a whole column, or on a square board a whole main diagonal (the m×n article)
    Gomoku = 2,  // 15x15, five or more in a row; `exact` makes only exactly five win (the gomoku article)
    Mnk = 3,     // any R x C, K in a row, with the same `exact` option
    Score =
        4,  // played to a full board; every run of >= min_run scores length x points (the scoring article)
    Renju = 5,  // 15x15 five in a row; Black (X) may not make a double-three, a double-four or an overline
                // and wins only with exactly five, White with five or more (engine/forbidden.hpp)
    Caro = 6,   // 15x15 five or more in a row, unless the opponent's stones block both ends (Gomocup rule 8)
};

// Boards are refused beyond this side length: big enough for 1000x1000, small enough that a
// hostile file cannot make us allocate gigabytes.
inline constexpr int kMaxSide = 2048;

struct Rules {
    RuleKind kind = RuleKind::Classic;
    int rows = 3;
    int cols = 3;
    int k = 3;           // line length that wins (Classic, Gomoku, Mnk); unused by FullLine and Score
    bool exact = false;  // only exactly k wins; an overline does not
    int min_run = 3;     // Score: the shortest run that scores
    int points = 100;    // Score: points per mark of a scoring run

    [[nodiscard]] static Rules classic();
    [[nodiscard]] static Rules fullline(int rows, int cols);
    [[nodiscard]] static Rules gomoku(bool exact = false, int rows = 15, int cols = 15);
    [[nodiscard]] static Rules mnk(int rows, int cols, int k, bool exact = false);
    [[nodiscard]] static Rules score(int rows, int cols, int min_run = 3, int points = 100);
    [[nodiscard]] static Rules renju(int rows = 15, int cols = 15);
    [[nodiscard]] static Rules caro(int rows = 15, int cols = 15);

    // Builds rules from the CLI's words: a name and the numbers the user gave (0 = not given).
    // Returns the rules, or why they cannot be built, in a sentence.
    [[nodiscard]] static Result<Rules, std::string> from_name(std::string_view name, int rows, int cols,
                                                              int k, bool exact);

    // Nothing when the rules are playable; otherwise why not, in a sentence.
    [[nodiscard]] Result<void, std::string> validate() const;

    [[nodiscard]] bool has_k_in_a_row() const noexcept {
        return kind == RuleKind::Classic || kind == RuleKind::Gomoku || kind == RuleKind::Mnk ||
               kind == RuleKind::Renju || kind == RuleKind::Caro;
    }
    // Whether a line of k wins for `who` whatever lies beyond it, and an overline too: false for
    // Black under renju (exactly five) and for `exact`; caro's blocked ends are another matter
    // (blocked_ends_lose).
    [[nodiscard]] constexpr bool exact_for(bool black) const noexcept {
        return kind == RuleKind::Renju ? black : exact;
    }
    // Caro: a five blocked at both ends by the opponent's stones does not win.
    [[nodiscard]] constexpr bool blocked_ends_lose() const noexcept { return kind == RuleKind::Caro; }
    // Renju: some moves are forbidden to Black.
    [[nodiscard]] constexpr bool has_forbidden_moves() const noexcept { return kind == RuleKind::Renju; }
    [[nodiscard]] int cell_count() const noexcept { return rows * cols; }

    friend bool operator==(const Rules&, const Rules&) = default;
};

[[nodiscard]] const char* name_of(RuleKind kind) noexcept;
[[nodiscard]] std::optional<RuleKind> rule_kind_from_name(std::string_view name) noexcept;

// The Gomocup protocol's `INFO rule` code of these rules: 0 freestyle gomoku (five or more), 1 exactly
// five, 4 renju, 8 caro; nullopt for rules a Gomocup brain does not play (another k, the full-line and
// score games). The SGF `RU` values are the same words as name_of (sgf_rule_name).
[[nodiscard]] std::optional<int> gomocup_rule_code(const Rules& rules) noexcept;
// The rules of a Gomocup code on a rows x cols board, or nullopt for a code we do not play (continuous
// games, bit 2, and combinations). Any k-in-a-row board reads code 0 as gomoku.
[[nodiscard]] std::optional<Rules> rules_from_gomocup_code(int code, int rows, int cols) noexcept;

// The SGF `RU` value for these rules under GM[4] ("gomoku", "exact", "renju", "caro"), or nullopt.
[[nodiscard]] std::optional<std::string> sgf_rule_name(const Rules& rules);
// The rules an SGF `RU` value names on a rows x cols board (case-insensitive; "freestyle" and
// "standard" read as gomoku and exact five), or nullopt.
[[nodiscard]] std::optional<Rules> rules_from_sgf_rule_name(std::string_view value, int rows, int cols);

// A one-line human description, e.g. "gomoku 15x15, five in a row (exact)".
[[nodiscard]] std::string describe(const Rules& rules);

}  // namespace ttt
