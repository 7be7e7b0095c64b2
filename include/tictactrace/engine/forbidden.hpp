// Renju's forbidden points for Black (X): the double-three, the double-four and the overline, as the
// Renju International Federation defines them, each with the lines that make it.
//
// A five is exactly five in a row. A four is a line of stones that one more stone turns into a five; a
// straight four has two such points on the same stones. A three is a line that one more stone turns into
// a straight four, on a point that is not itself forbidden: the test recurses, with the stones as they
// would then stand. A move that makes a five is never forbidden, whatever else it makes.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/pos.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ttt {

enum class ForbiddenKind : int {
    DoubleThree = 0,  // two or more threes at once (a four-three-three too)
    DoubleFour = 1,   // two or more fours at once, on two lines or on one (xxx.x.xxx, xx.xx.xx)
    Overline = 2,     // six or more in a row
};

// "double-three", "double-four", "overline".
[[nodiscard]] const char* name_of(ForbiddenKind kind) noexcept;

enum class LineShape : int {
    Four = 0,          // one point makes it five
    StraightFour = 1,  // two points make it five, on the same four stones
    Three = 2,         // one more stone makes a straight four on a point that is not forbidden
    NoThree = 3,       // would be a three, but every point that makes its straight four is forbidden
    Overline = 4,      // six or more
};

// "four", "straight four", "three", "no three", "overline".
[[nodiscard]] const char* name_of(LineShape shape) noexcept;

// A completing point that is itself forbidden, and for what.
struct RefusedPoint {
    Pos point;
    ForbiddenKind kind = ForbiddenKind::DoubleThree;
    friend bool operator==(const RefusedPoint&, const RefusedPoint&) = default;
};

// One line the move makes: its direction, its stones' extent (the first and the last stone along it,
// the move among them), and the points that matter: for a four where it becomes five, for a three where
// it becomes a straight four. `refused` lists a three's points that do not count because they are
// forbidden.
struct ForbiddenLine {
    Direction direction = Direction::Horizontal;
    LineShape shape = LineShape::Four;
    Pos first;
    Pos last;
    std::vector<Pos> points;
    std::vector<RefusedPoint> refused;
    friend bool operator==(const ForbiddenLine&, const ForbiddenLine&) = default;
};

// The cells of `line` from its first stone to its last, the move among them, in order along the line.
[[nodiscard]] std::vector<Pos> cells_of(const ForbiddenLine& line);

// Why a point is forbidden: the shapes that make it so in `lines`, and in `no_threes` the lines that
// look like threes but are none (all their points forbidden), which is why a point is sometimes
// allowed after all.
struct Forbidden {
    Pos at;
    ForbiddenKind kind = ForbiddenKind::DoubleThree;
    std::vector<ForbiddenLine> lines;
    std::vector<ForbiddenLine> no_threes;
    friend bool operator==(const Forbidden&, const Forbidden&) = default;
};

// What a Black stone on the empty `p` makes, forbidden or not: the fours, threes, overlines and
// no-threes through it, and whether it makes a five.
struct ForbiddenCheck {
    bool five = false;                       // makes exactly five: allowed and wins, whatever else
    std::optional<ForbiddenKind> forbidden;  // set when the point is forbidden
    std::vector<ForbiddenLine> lines;        // every four, three and overline through p
    std::vector<ForbiddenLine> no_threes;    // the lines that would be threes but for forbidden points
};

// The full analysis of a Black stone at the empty cell p (Black is Cell::X). p must be on the board and
// empty. Costs a few line reads per direction, more only where a three's point must be tested in turn.
[[nodiscard]] ForbiddenCheck check_forbidden(const Board& board, Pos p);

// The explanation when p is forbidden for Black, or nullopt (p taken, off the board, or allowed).
[[nodiscard]] std::optional<Forbidden> forbidden_move(const Board& board, Pos p);

// Only whether p is forbidden for Black, without the explanation: what searches ask.
[[nodiscard]] bool is_forbidden(const Board& board, Pos p);

// The same on a board the caller lends: the test places its trial stones on `work` and leaves it as it
// was, so a search asks without copying its board.
[[nodiscard]] bool forbidden_in_place(Board& work, Pos p);

// Every forbidden point of the board for Black, in row-major order.
[[nodiscard]] std::vector<Forbidden> forbidden_points(const Board& board);

// One sentence, 1-based: "forbidden for X: double-three through (8, 8): lines (8, 6)–(8, 9) and
// (6, 8)–(9, 8)", with why a look-alike three does not count where one does not.
[[nodiscard]] std::string describe(const Forbidden& forbidden);

}  // namespace ttt
