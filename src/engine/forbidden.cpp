// Renju's forbidden points: each of the four lines through a point read into eleven cells, its fives,
// fours and threes found there, and a three's points tested in turn on the board as it would then stand.
#include "tictactrace/engine/forbidden.hpp"

#include <array>
#include <cstdint>

namespace ttt {

namespace {

// Every shape through a point lies within five cells of it: a five's far end is four away, and whether
// it is exactly five is read one further.
constexpr int kReach = 5;
constexpr int kSpan = 2 * kReach + 1;
constexpr int kCentre = kReach;

enum : std::uint8_t { kEmpty = 0, kBlack = 1, kBlocked = 2 };  // a White stone or off the board

using Line = std::array<std::uint8_t, kSpan>;
using Mask = std::uint16_t;  // cells of a Line, bit i for index i

Line read_line(const Board& board, Pos p, Direction d) {
    const Pos s = step_of(d);
    Line line{};
    for (int i = 0; i < kSpan; ++i) {
        const Pos q{p.row + (i - kCentre) * s.row, p.col + (i - kCentre) * s.col};
        if (!board.contains(q)) {
            line[static_cast<std::size_t>(i)] = kBlocked;
            continue;
        }
        const Cell c = board.at(q);
        std::uint8_t v = kBlocked;
        if (c == Cell::X) v = kBlack;
        if (c == Cell::Empty) v = kEmpty;
        line[static_cast<std::size_t>(i)] = v;
    }
    return line;
}

std::uint8_t at(const Line& line, int i) noexcept {
    if (i < 0 || i >= kSpan) return kBlocked;
    return line[static_cast<std::size_t>(i)];
}

// The Black run through index i as [from, to]; the ends of the Line stop it, which only ever shortens a
// run that is already longer than five.
std::pair<int, int> run_at(const Line& line, int i) noexcept {
    int from = i;
    int to = i;
    while (at(line, from - 1) == kBlack) --from;
    while (at(line, to + 1) == kBlack) ++to;
    return {from, to};
}

Mask cells_mask(int from, int to) noexcept {
    Mask m = 0;
    for (int i = from; i <= to; ++i) m = static_cast<Mask>(m | (1u << i));
    return m;
}

// The points of the line (with the centre Black) that make exactly five through the centre, each with
// the four stones it completes.
struct Completion {
    int index = 0;
    Mask stones = 0;
};

int completions(Line& line, std::array<Completion, kSpan>& out) {
    int n = 0;
    for (int j = kCentre - 4; j <= kCentre + 4; ++j) {
        if (line[static_cast<std::size_t>(j)] != kEmpty) continue;
        line[static_cast<std::size_t>(j)] = kBlack;
        const auto [from, to] = run_at(line, kCentre);
        if (to - from + 1 == 5 && from <= j && j <= to)
            out[static_cast<std::size_t>(n++)] =
                Completion{j, static_cast<Mask>(cells_mask(from, to) & ~(1u << j))};
        line[static_cast<std::size_t>(j)] = kEmpty;
    }
    return n;
}

// Whether the centre is part of a straight four: four Black stones in a row, empty at both ends, each end
// making exactly five. Its stones in *stones.
bool straight_four(const Line& line, Mask* stones) {
    for (int a = kCentre - 3; a <= kCentre; ++a) {
        bool four = true;
        for (int i = a; i < a + 4; ++i) four = four && at(line, i) == kBlack;
        if (!four) continue;
        if (at(line, a - 1) == kEmpty && at(line, a + 4) == kEmpty && at(line, a - 2) != kBlack &&
            at(line, a + 5) != kBlack) {
            *stones = cells_mask(a, a + 3);
            return true;
        }
    }
    return false;
}

Pos along(Pos p, Direction d, int index) noexcept {
    const Pos s = step_of(d);
    return {p.row + (index - kCentre) * s.row, p.col + (index - kCentre) * s.col};
}

ForbiddenLine line_of(Pos p, Direction d, LineShape shape, Mask stones) {
    ForbiddenLine out;
    out.direction = d;
    out.shape = shape;
    int first = kSpan;
    int last = -1;
    for (int i = 0; i < kSpan; ++i)
        if (stones & (1u << i)) {
            first = std::min(first, i);
            last = std::max(last, i);
        }
    out.first = along(p, d, first);
    out.last = along(p, d, last);
    return out;
}

// What one direction holds through the centre, the stone already there.
struct DirectionShapes {
    bool five = false;
    bool overline = false;
    Mask overline_stones = 0;
    int fours = 0;  // distinct sets of four stones
    std::array<Completion, kSpan> completion{};
    int completion_count = 0;
    // The points that would make a straight four through the centre (a three's points, before they are
    // tested), and the three's stones.
    std::array<int, kSpan> three_points{};
    int three_point_count = 0;
    Mask three_stones = 0;
};

DirectionShapes shapes_of(Line line) {
    DirectionShapes s;
    const auto [from, to] = run_at(line, kCentre);
    const int run = to - from + 1;
    if (run == 5) {
        s.five = true;
        return s;
    }
    if (run > 5) {
        s.overline = true;
        s.overline_stones = cells_mask(from, to);
        return s;
    }
    s.completion_count = completions(line, s.completion);
    Mask seen[kSpan] = {};
    for (int i = 0; i < s.completion_count; ++i) {
        bool known = false;
        for (int k = 0; k < s.fours; ++k)
            known = known || seen[k] == s.completion[static_cast<std::size_t>(i)].stones;
        if (!known) seen[s.fours++] = s.completion[static_cast<std::size_t>(i)].stones;
    }
    if (s.fours > 0) return s;
    // No four here, so a straight four after one more stone is a three.
    for (int j = kCentre - 3; j <= kCentre + 3; ++j) {
        if (line[static_cast<std::size_t>(j)] != kEmpty) continue;
        line[static_cast<std::size_t>(j)] = kBlack;
        Mask stones = 0;
        if (straight_four(line, &stones) && (stones & (1u << j))) {
            s.three_points[static_cast<std::size_t>(s.three_point_count++)] = j;
            s.three_stones = static_cast<Mask>(s.three_stones | (stones & ~(1u << j)));
        }
        line[static_cast<std::size_t>(j)] = kEmpty;
    }
    return s;
}

// The analysis of a Black stone at the empty p of `work`, which is left as it was. With Explain, every
// line is listed; without, it stops as soon as the answer is known.
template <bool Explain>
ForbiddenCheck analyse(Board& work, Pos p) {
    ForbiddenCheck out;
    work.place(p, Cell::X);
    std::array<DirectionShapes, kDirectionCount> dirs;
    for (int d = 0; d < kDirectionCount; ++d) {
        dirs[static_cast<std::size_t>(d)] = shapes_of(read_line(work, p, static_cast<Direction>(d)));
        if (dirs[static_cast<std::size_t>(d)].five) {
            out.five = true;
            work.clear(p);
            return out;
        }
    }
    int fours = 0;
    int maybe_threes = 0;
    bool overline = false;
    for (int d = 0; d < kDirectionCount; ++d) {
        const DirectionShapes& s = dirs[static_cast<std::size_t>(d)];
        const auto dir = static_cast<Direction>(d);
        overline = overline || s.overline;
        fours += s.fours;
        if (s.three_point_count > 0) ++maybe_threes;
        if constexpr (Explain) {
            if (s.overline) out.lines.push_back(line_of(p, dir, LineShape::Overline, s.overline_stones));
            // A straight four is one four on two points; other completions are a four each.
            const bool straight = s.fours == 1 && s.completion_count == 2;
            for (int i = 0; i < s.completion_count; ++i) {
                const Completion& c = s.completion[static_cast<std::size_t>(i)];
                if (straight && i == 1) {
                    out.lines.back().points.push_back(along(p, dir, c.index));
                    continue;
                }
                ForbiddenLine line =
                    line_of(p, dir, straight ? LineShape::StraightFour : LineShape::Four, c.stones);
                line.points.push_back(along(p, dir, c.index));
                out.lines.push_back(std::move(line));
            }
        }
    }
    if (overline)
        out.forbidden = ForbiddenKind::Overline;
    else if (fours >= 2)
        out.forbidden = ForbiddenKind::DoubleFour;
    // Threes are tested only where two might count: the recursion is the costly part.
    const bool threes_matter = !out.forbidden && maybe_threes >= 2;
    if (threes_matter || (Explain && maybe_threes > 0)) {
        int threes = 0;
        for (int d = 0; d < kDirectionCount; ++d) {
            const DirectionShapes& s = dirs[static_cast<std::size_t>(d)];
            if (s.three_point_count == 0) continue;
            const auto dir = static_cast<Direction>(d);
            ForbiddenLine line = line_of(p, dir, LineShape::Three, s.three_stones);
            bool counts = false;
            for (int i = 0; i < s.three_point_count; ++i) {
                const Pos q = along(p, dir, s.three_points[static_cast<std::size_t>(i)]);
                const ForbiddenCheck there = analyse<false>(work, q);
                if (there.forbidden) {
                    line.refused.push_back(RefusedPoint{q, *there.forbidden});
                    continue;
                }
                counts = true;
                line.points.push_back(q);
                if constexpr (!Explain) break;
            }
            if (counts) ++threes;
            if constexpr (Explain) {
                if (!counts) line.shape = LineShape::NoThree;
                (counts ? out.lines : out.no_threes).push_back(std::move(line));
            }
            if (!Explain && threes >= 2) break;
        }
        if (!out.forbidden && threes >= 2) out.forbidden = ForbiddenKind::DoubleThree;
    }
    work.clear(p);
    return out;
}

void join_lines(std::string& out, const std::vector<const ForbiddenLine*>& lines) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) out += i + 1 == lines.size() ? " and " : ", ";
        out += cell_label(lines[i]->first) + "\u2013" + cell_label(lines[i]->last);
    }
}

}  // namespace

const char* name_of(ForbiddenKind kind) noexcept {
    switch (kind) {
    case ForbiddenKind::DoubleThree: return "double-three";
    case ForbiddenKind::DoubleFour: return "double-four";
    case ForbiddenKind::Overline: return "overline";
    }
    return "?";
}

const char* name_of(LineShape shape) noexcept {
    switch (shape) {
    case LineShape::Four: return "four";
    case LineShape::StraightFour: return "straight four";
    case LineShape::Three: return "three";
    case LineShape::NoThree: return "no three";
    case LineShape::Overline: return "overline";
    }
    return "?";
}

ForbiddenCheck check_forbidden(const Board& board, Pos p) {
    if (!board.contains(p) || board.at(p) != Cell::Empty) return {};
    Board work = board;
    return analyse<true>(work, p);
}

std::optional<Forbidden> forbidden_move(const Board& board, Pos p) {
    ForbiddenCheck check = check_forbidden(board, p);
    if (!check.forbidden) return std::nullopt;
    Forbidden out;
    out.at = p;
    out.kind = *check.forbidden;
    for (ForbiddenLine& line : check.lines) {
        const bool relevant = out.kind == ForbiddenKind::Overline ? line.shape == LineShape::Overline
                              : out.kind == ForbiddenKind::DoubleFour
                                  ? line.shape == LineShape::Four || line.shape == LineShape::StraightFour
                                  : line.shape == LineShape::Three;
        if (relevant) out.lines.push_back(std::move(line));
    }
    out.no_threes = std::move(check.no_threes);
    return out;
}

bool is_forbidden(const Board& board, Pos p) {
    if (!board.contains(p) || board.at(p) != Cell::Empty) return false;
    Board work = board;
    return analyse<false>(work, p).forbidden.has_value();
}

bool forbidden_in_place(Board& work, Pos p) {
    if (!work.contains(p) || work.at(p) != Cell::Empty) return false;
    return analyse<false>(work, p).forbidden.has_value();
}

std::vector<Forbidden> forbidden_points(const Board& board) {
    std::vector<Forbidden> out;
    Board work = board;
    for (int i = 0; i < board.size(); ++i) {
        if (board.at(i) != Cell::Empty) continue;
        const Pos p = board.pos(i);
        if (!analyse<false>(work, p).forbidden) continue;
        if (auto f = forbidden_move(board, p)) out.push_back(std::move(*f));
    }
    return out;
}

std::vector<Pos> cells_of(const ForbiddenLine& line) {
    const Pos step = step_of(line.direction);
    // `first` to `last` runs along the direction's step or against it: the step taken is the one that
    // reaches `last`.
    const int along =
        (line.last.row - line.first.row) * step.row + (line.last.col - line.first.col) * step.col;
    const Pos by = along >= 0 ? step : Pos{-step.row, -step.col};
    std::vector<Pos> cells{line.first};
    for (Pos p = line.first; p != line.last && cells.size() <= static_cast<std::size_t>(kSpan);) {
        p = Pos{p.row + by.row, p.col + by.col};
        cells.push_back(p);
    }
    return cells;
}

std::string describe(const Forbidden& f) {
    std::string out = std::string("forbidden for X: ") + name_of(f.kind) + " through " + cell_label(f.at);
    std::vector<const ForbiddenLine*> lines;
    for (const ForbiddenLine& line : f.lines) lines.push_back(&line);
    if (f.kind == ForbiddenKind::Overline) {
        out += ": ";
        join_lines(out, lines);
        return out;
    }
    out += ": lines ";
    join_lines(out, lines);
    for (const ForbiddenLine& line : f.no_threes) {
        out += "; " + cell_label(line.first) + "\u2013" + cell_label(line.last) + " is no three: ";
        for (std::size_t i = 0; i < line.refused.size(); ++i) {
            if (i > 0) out += ", ";
            out += cell_label(line.refused[i].point) + " would be " + name_of(line.refused[i].kind);
        }
    }
    return out;
}

}  // namespace ttt
