// The built-in opponent: a move for the side to move under any rule set, at a level chosen per side,
// within a time or node budget, deterministic for a given seed, cancellable from another thread.
//
//   small games (at most kSolverMaxCells cells)  the exact solver: never spoils a won or drawn position,
//                                                 fastest win, slowest loss
//   k in a row on larger boards (gomoku, mnk)      alpha-beta with threat knowledge and VCF
//   the full-line game on larger boards            the same search over whole lines
//   the score game                                 alpha-beta on the score difference; exact near the end
#pragma once

#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/search_control.hpp"
#include "tictactrace/engine/search_limits.hpp"
#include "tictactrace/engine/search_report.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt {

enum class Level : int {
    Random = 0,   // a uniformly random empty cell
    Easy = 1,     // takes a win, blocks a loss, otherwise one of its few best-looking cells
    Medium = 2,   // a shallow search: a few plies, short forced wins, exact only in the last moves
    Strong = 3,   // the full search within its budget; the solver wherever it finishes in time
    Perfect = 4,  // the exact solver without a budget; only for games of at most kSolverMaxCells cells
};

// Boards up to this many cells are small enough for the exact solver from the first move on.
inline constexpr int kSolverMaxCells = 20;

// "random", "easy", "medium", "strong", "perfect".
[[nodiscard]] const char* name_of(Level level) noexcept;
[[nodiscard]] std::optional<Level> level_from_name(std::string_view name) noexcept;

struct OpponentSettings {
    Level level = Level::Strong;
    SearchLimits limits;     // none given: the level's own (default_limits)
    std::uint64_t seed = 0;  // chooses among equally good moves; the same seed and budget, the same move
};

// What a level spends when the caller gives no limits: Strong a second, Medium a tenth of that, Easy and
// Random next to nothing, Perfect without limit.
[[nodiscard]] SearchLimits default_limits(Level level) noexcept;

// Nothing when `level` can play under `rules`; otherwise why not, in a sentence (perfect play on a large
// board).
[[nodiscard]] Result<void, std::string> check_level(const Rules& rules, Level level);

// The move for the side to move and what the search thinks of the position. With `control`, the search
// stops when asked and publishes its best move after each completed iteration. A game that is over gets
// no move (SearchMethod::None). Costs what the limits allow; the solver's transposition table is at most
// 64 MiB, the threat search's tables about 16 bytes per cell.
[[nodiscard]] SearchReport choose_move(const Position& position, const OpponentSettings& settings,
                                       SearchControl* control = nullptr);

}  // namespace ttt
