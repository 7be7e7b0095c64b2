// The three ways the source articles find a win, step by step and with the work each does
// (docs/references.md names the articles):
//   - Enumerate: every winning line of the rules tested one by one — the first-project article's eight
//     combinations written by hand, generalised to any R×C board and k in a row;
//   - FullLine: the dynamic m×n article's three checks — every row, every column and, on a square
//     board, the two main diagonals — each asking whether all cells of the line are equal and not empty;
//   - Walk: the gomoku article's walk from the last move in eight directions, lines[8] collecting the
//     marks beside it and goOn[8] saying whether each direction may go on, opposite directions added.
// The run-splitting of the score rule has its own trace (score_trace.hpp). The app's "How the win is
// found" explainers and `tictactrace explain win` show these traces; each verdict is the engine's own.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt {

enum class WinAlgorithm : int {
    Enumerate = 0,  // every winning line, one by one
    FullLine = 1,   // rows, columns, a square board's diagonals
    Walk = 2,       // eight directions from the last move
};

// "enumerate", "fullline", "walk".
[[nodiscard]] const char* name_of(WinAlgorithm algorithm) noexcept;
[[nodiscard]] std::optional<WinAlgorithm> win_algorithm_from_name(std::string_view name) noexcept;

// The algorithms that decide a win under `rules`: Enumerate and Walk for k in a row (classic, gomoku,
// m,n,k), FullLine for the full-line rule, none for the score rule (its game ends on a full board).
[[nodiscard]] std::vector<WinAlgorithm> win_algorithms_for(const Rules& rules);

// What a check cost: the board cells it looked at and the lines it tested.
struct WinWork {
    std::int64_t cells_read = 0;
    std::int64_t lines_tested = 0;
    friend bool operator==(const WinWork&, const WinWork&) = default;
};

struct WinStep {
    // One line in the article's own vocabulary, cells 1-based: "line 4 of 8: (1, 1) (2, 2) (3, 3):
    // x, x, x -> all equal: X wins", "step 2, lines[5]: (4, 2) is o: goOn[5] = false".
    std::string text;
    std::vector<Pos> read;  // the cells this step read
    std::vector<Pos> line;  // the line it tested, or (Walk) what lines[d] holds after it
    int direction = -1;     // Walk: the article's direction 0..7 (0 up, then clockwise); else -1
    bool found = false;     // this step found the win
    WinWork work;           // counted so far, this step included
};

struct WinTrace {
    WinAlgorithm algorithm = WinAlgorithm::Enumerate;
    std::vector<WinStep> steps;
    std::optional<Player> winner;
    std::vector<Pos> winning_line;  // in the order the algorithm found it; empty without a win
    bool board_full = false;        // no win and no empty cell: the article's tie
    WinWork work;                   // the whole check's

    // "X wins with (1, 1) (1, 2) (1, 3)", "no winner yet", "a tie: the board is full and nobody won".
    [[nodiscard]] std::string verdict() const;
};

// The trace of `algorithm` on `board` under `rules` (which it must apply to, win_algorithms_for). Walk
// starts from `last`, the last move played (a board with no move: nothing to walk). Enumerate and
// FullLine stop at the first winning line, as the articles return at it. Cost: Enumerate and FullLine
// read up to every line of the board (count_lines), Walk at most 8 (k - 1) cells (8 k under `exact`,
// which must see one cell past a run of k to tell it from a longer one), whatever the board's size.
[[nodiscard]] WinTrace trace_win(WinAlgorithm algorithm, const Board& board, const Rules& rules,
                                 std::optional<Pos> last = std::nullopt);

// How many lines of `k` cells an R×C board holds in all four directions: 8, 48, 80 and 168 lines of
// three on 3×3, 5×5, 6×6 and 8×8 (the scoring article's table), 572 lines of five on 15×15.
[[nodiscard]] std::int64_t count_lines(int rows, int cols, int k) noexcept;

// The full-line rule's lines: rows + columns, and the two main diagonals on a square board.
[[nodiscard]] std::int64_t count_full_lines(int rows, int cols) noexcept;

// The most cells the walk reads from one move for k in a row, whatever the board: 8 (k - 1).
[[nodiscard]] constexpr std::int64_t walk_cells_at_most(int k, bool exact) noexcept {
    return 8 * static_cast<std::int64_t>(exact ? k : k - 1);
}

// The same under `rules` on a board whose longest side is `side`: renju walks as `exact` does (Black's
// five must be exactly five), and caro to the cell past each end of the run, so up to the edge.
[[nodiscard]] constexpr std::int64_t walk_cells_at_most(const Rules& rules, int side) noexcept {
    if (rules.blocked_ends_lose()) return 8 * static_cast<std::int64_t>(side > 0 ? side - 1 : 0);
    return walk_cells_at_most(rules.k, rules.exact || rules.kind == RuleKind::Renju);
}

}  // namespace ttt
