// The explainer's steps: index arithmetic over the trace's shape, the jumps (moving and playing are the
// Stepper's), and the words of a step.
//
// [SECTION] The shape and the step list
// [SECTION] Moving with skips, and jumps: to a direction, to the next run
// [SECTION] Naming a step
// [SECTION] Words
#include "model/explainer_state.hpp"

#include <algorithm>
#include <cmath>

namespace ttt::app {

const char* name_of(ExplainerPhase phase) noexcept {
    switch (phase) {
    case ExplainerPhase::Orientation: return "orientation";
    case ExplainerPhase::Row: return "row";
    case ExplainerPhase::Join: return "join";
    case ExplainerPhase::Cut: return "cut";
    case ExplainerPhase::Drop: return "drop";
    case ExplainerPhase::Keep: return "keep";
    case ExplainerPhase::Points: return "points";
    case ExplainerPhase::Total: return "total";
    case ExplainerPhase::Summary: return "summary";
    }
    return "?";
}

// [SECTION] The shape and the step list

TraceShape TraceShape::of(const ScoreTrace& trace) {
    TraceShape shape;
    for (int d = 0; d < kDirectionCount; ++d) {
        const auto& rows = trace.directions[static_cast<std::size_t>(d)].rows;
        auto& flags = shape.has_run[static_cast<std::size_t>(d)];
        flags.reserve(rows.size());
        for (const TraceRow& row : rows) flags.push_back(!row.runs.empty());
    }
    return shape;
}

void ExplainerState::set_shape(TraceShape shape) {
    if (shape == m_shape) return;
    const ExplainerStep was = step();
    const bool same_size = [&] {
        for (int d = 0; d < kDirectionCount; ++d)
            if (shape.has_run[static_cast<std::size_t>(d)].size() !=
                m_shape.has_run[static_cast<std::size_t>(d)].size())
                return false;
        return true;
    }();
    m_shape = std::move(shape);
    m_stepper.set_count(count_of(m_shape));
    m_stepper.go_to(same_size ? index_of(was) : 0);
    if (!same_size) m_stepper.pause();
}

int ExplainerState::start_of(int direction) const noexcept {
    int start = 0;
    for (int d = 0; d < direction; ++d) start += 1 + kPhasesPerRow * rows_of(d);
    return start;
}

int ExplainerState::count_of(const TraceShape& shape) noexcept {
    int steps = 1;  // the summary closes the list
    for (int d = 0; d < kDirectionCount; ++d) steps += 1 + kPhasesPerRow * rows_of(shape, d);
    return steps;
}

ExplainerStep ExplainerState::step_at(int index) const noexcept {
    index = std::clamp(index, 0, count() - 1);
    for (int d = 0; d < kDirectionCount; ++d) {
        const int size = 1 + kPhasesPerRow * rows_of(d);
        if (index < size) {
            if (index == 0) return {ExplainerPhase::Orientation, static_cast<Direction>(d), -1};
            const int local = index - 1;
            return {static_cast<ExplainerPhase>(1 + local % kPhasesPerRow), static_cast<Direction>(d),
                    local / kPhasesPerRow};
        }
        index -= size;
    }
    return {ExplainerPhase::Summary, Direction::DiagonalMinus45, -1};
}

int ExplainerState::index_of(ExplainerStep step) const noexcept {
    if (step.phase == ExplainerPhase::Summary) return count() - 1;
    const int d = static_cast<int>(step.direction);
    if (step.phase == ExplainerPhase::Orientation || step.row < 0) return start_of(d);
    const int row = std::min(step.row, std::max(0, rows_of(d) - 1));
    if (rows_of(d) == 0) return start_of(d);
    return start_of(d) + 1 + row * kPhasesPerRow + (static_cast<int>(step.phase) - 1);
}

bool ExplainerState::skippable(int index) const noexcept {
    const ExplainerStep s = step_at(index);
    return s.on_row() &&
           !m_shape.has_run[static_cast<std::size_t>(s.direction)][static_cast<std::size_t>(s.row)];
}

// [SECTION] Moving with skips, and jumps: to a direction, to the next run

void ExplainerState::next() noexcept {
    m_stepper.next(skipper());
}

void ExplainerState::prev() noexcept {
    m_stepper.prev(skipper());
}

bool ExplainerState::tick(double seconds) noexcept {
    return m_stepper.tick(seconds, skipper());
}

void ExplainerState::jump_to(Direction d) noexcept {
    go_to(start_of(static_cast<int>(d)));
}

void ExplainerState::next_run() noexcept {
    const ExplainerStep now = step();
    if (now.phase == ExplainerPhase::Summary) return;
    int d = static_cast<int>(now.direction);
    int row = now.row + 1;  // an Orientation step (row -1) looks from the direction's first row
    for (; d < kDirectionCount; ++d, row = 0) {
        const auto& flags = m_shape.has_run[static_cast<std::size_t>(d)];
        for (; row < static_cast<int>(flags.size()); ++row)
            if (flags[static_cast<std::size_t>(row)]) {
                go_to(index_of({ExplainerPhase::Row, static_cast<Direction>(d), row}));
                return;
            }
    }
    go_to(count() - 1);
}

// [SECTION] Naming a step

std::optional<ExplainerStep> parse_step(std::string_view text) {
    if (text == "summary") return ExplainerStep{ExplainerPhase::Summary, Direction::DiagonalMinus45, -1};
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const auto slash = text.find('/', start);
        parts.push_back(
            text.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    if (parts.size() > 3) return std::nullopt;
    ExplainerStep step;
    const std::string_view d = parts[0];
    if (d == "rows" || d == "0")
        step.direction = Direction::Horizontal;
    else if (d == "90" || d == "1")
        step.direction = Direction::Vertical;
    else if (d == "45" || d == "2")
        step.direction = Direction::Diagonal45;
    else if (d == "-45" || d == "3")
        step.direction = Direction::DiagonalMinus45;
    else
        return std::nullopt;
    if (parts.size() == 1) return step;
    int row = 0;
    if (parts[1].empty()) return std::nullopt;
    for (char c : parts[1]) {
        if (c < '0' || c > '9' || row > 100000) return std::nullopt;
        row = row * 10 + (c - '0');
    }
    step.row = row;
    step.phase = ExplainerPhase::Row;
    if (parts.size() == 3) {
        bool found = false;
        for (int p = static_cast<int>(ExplainerPhase::Row); p <= static_cast<int>(ExplainerPhase::Total); ++p)
            if (parts[2] == name_of(static_cast<ExplainerPhase>(p))) {
                step.phase = static_cast<ExplainerPhase>(p);
                found = true;
            }
        if (!found) return std::nullopt;
    }
    return step;
}

std::string format_step(ExplainerStep step) {
    if (step.phase == ExplainerPhase::Summary) return "summary";
    static constexpr const char* kDirections[] = {"rows", "90", "45", "-45"};
    std::string out = kDirections[static_cast<int>(step.direction) & 3];
    if (!step.on_row()) return out;
    out += '/';
    out += std::to_string(step.row);
    if (step.phase != ExplainerPhase::Row) {
        out += '/';
        out += name_of(step.phase);
    }
    return out;
}

// [SECTION] Words

namespace {

const TraceRow& row_of(const ScoreTrace& trace, ExplainerStep step) {
    return trace.directions[static_cast<std::size_t>(step.direction)]
        .rows[static_cast<std::size_t>(step.row)];
}

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

std::string player_letter(Player p) {
    return std::string(1, to_upper_char(p));
}

// "(6, 1) (6, 2) (6, 3)", or "(1, 1) (2, 2) … (9, 9)" for long rows.
std::string cells_text(const std::vector<Pos>& cells) {
    std::string out;
    const std::size_t n = cells.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (n > 8 && i == 3) {
            out += "… ";
            i = n - 2;
        }
        out += cell_label(cells[i]);
        if (i + 1 < n) out += ' ';
    }
    return out;
}

std::string row_head(const TraceRow& row) {
    return "row " + std::to_string(row.index) + ": " + quoted(row.bits);
}

// What each matrix is, in the scoring article's words.
std::string orientation_words(Direction d) {
    switch (d) {
    case Direction::Horizontal: return "the matrix as it is: the board's rows";
    case Direction::Vertical: return "turned 90°: the columns become rows, read from the bottom up";
    case Direction::Diagonal45: return "tilted 45°: the '/' diagonals become rows";
    case Direction::DiagonalMinus45: return "tilted −45°: the '\\' diagonals become rows";
    }
    return {};
}

}  // namespace

std::string js_strings(const std::vector<std::string>& pieces) {
    std::string out = "[";
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i) out += ',';
        out += quoted(pieces[i]);
    }
    return out + "]";
}

std::vector<std::string> kept_pieces(const TraceRow& row, int min_run) {
    std::vector<std::string> out;
    for (const auto& p : row.pieces)
        if (!p.empty() && static_cast<int>(p.size()) >= min_run) out.push_back(p);
    return out;
}

ShownTotals totals_at(const ScoreTrace& trace, ExplainerStep step) {
    ShownTotals t;
    const bool summary = step.phase == ExplainerPhase::Summary;
    for (int d = 0; d < kDirectionCount; ++d) {
        const TraceDirection& dir = trace.directions[static_cast<std::size_t>(d)];
        std::int64_t shown = 0;
        if (summary || d < static_cast<int>(step.direction)) {
            shown = dir.total;
        } else if (d == static_cast<int>(step.direction) && step.on_row()) {
            // The current row joins the totals at its Total step: its Points step shows the row's own sum,
            // and the quiz can ask for the total before it is added.
            const int last = step.phase >= ExplainerPhase::Total ? step.row : step.row - 1;
            if (last >= 0) shown = dir.rows[static_cast<std::size_t>(last)].direction_total;
        }
        t.by_direction[static_cast<std::size_t>(d)] = shown;
        t.all += shown;
    }
    return t;
}

std::string step_line(const ScoreTrace& trace, ExplainerStep step) {
    const ScoreParams params = trace.params;
    switch (step.phase) {
    case ExplainerPhase::Orientation: {
        const auto& rows = trace.directions[static_cast<std::size_t>(step.direction)].rows;
        std::size_t shortest = rows.empty() ? 0 : rows.front().cells.size();
        std::size_t longest = 0;
        for (const auto& r : rows) {
            shortest = std::min(shortest, r.cells.size());
            longest = std::max(longest, r.cells.size());
        }
        const std::string lengths = shortest == longest
                                        ? std::to_string(longest)
                                        : std::to_string(shortest) + " to " + std::to_string(longest);
        return std::string(matrix_name_of(step.direction)) + ": " + std::to_string(rows.size()) +
               " rows of " + lengths + ", " + orientation_words(step.direction);
    }
    case ExplainerPhase::Summary: {
        std::string out = player_letter(trace.player) + ": ";
        for (int d = 0; d < kDirectionCount; ++d) {
            if (d) out += " + ";
            out += std::to_string(trace.directions[static_cast<std::size_t>(d)].total);
        }
        return out + " = " + std::to_string(trace.total);
    }
    default: break;
    }
    const TraceRow& row = row_of(trace, step);
    const std::string pieces = js_strings(row.nonempty_pieces());
    switch (step.phase) {
    case ExplainerPhase::Row: return "row " + std::to_string(row.index) + ": " + cells_text(row.cells);
    case ExplainerPhase::Join: return row_head(row);
    case ExplainerPhase::Cut: return row_head(row) + " -> split('0') -> " + js_strings(row.pieces);
    case ExplainerPhase::Drop: return row_head(row) + " -> " + pieces;
    case ExplainerPhase::Keep:
        return row_head(row) + " -> " + pieces + " -> " + std::to_string(params.min_run) +
               " or longer: " + js_strings(kept_pieces(row, params.min_run));
    case ExplainerPhase::Points: return format_trace_row(row, params);
    case ExplainerPhase::Total: {
        const ShownTotals t = totals_at(trace, step);
        return format_trace_row(row, params) + " | " + matrix_name_of(step.direction) + " " +
               std::to_string(t.by_direction[static_cast<std::size_t>(step.direction)]) + ", overall " +
               std::to_string(t.all);
    }
    default: return {};
    }
}

std::string step_caption(const ScoreTrace& trace, ExplainerStep step) {
    const ScoreParams params = trace.params;
    const std::string who = player_letter(trace.player);
    switch (step.phase) {
    case ExplainerPhase::Orientation:
        return std::string("The ") + matrix_name_of(step.direction) +
               " matrix: " + orientation_words(step.direction) +
               ". The same counting runs on each of its rows.";
    case ExplainerPhase::Summary: {
        const ShownTotals t = totals_at(trace, step);
        return who + " scores " + std::to_string(t.all) + ": rows " + std::to_string(t.by_direction[0]) +
               ", 90° " + std::to_string(t.by_direction[1]) + ", 45° " + std::to_string(t.by_direction[2]) +
               ", −45° " + std::to_string(t.by_direction[3]) + ".";
    }
    default: break;
    }
    const TraceRow& row = row_of(trace, step);
    switch (step.phase) {
    case ExplainerPhase::Row:
        // Counted from 1, as everything the window says; the table line above quotes the article's own
        // label, counted from 0.
        return "Row " + std::to_string(row.index + 1) + " of the " + matrix_name_of(step.direction) +
               " matrix (the article's row " + std::to_string(row.index) + "): its " +
               std::to_string(row.cells.size()) + (row.cells.size() == 1 ? " cell is" : " cells are") +
               " lit on the board.";
    case ExplainerPhase::Join:
        return "1 where " + who + " has a mark, 0 where the cell is empty or the other player's; join('') " +
               "makes one string.";
    case ExplainerPhase::Cut: {
        const auto empty = std::count(row.pieces.begin(), row.pieces.end(), std::string());
        return "split('0') cuts at every '0': the zeros are the scissors. " +
               std::to_string(row.pieces.size()) + " pieces, " + std::to_string(empty) +
               " of them empty (zeros side by side or at an end).";
    }
    case ExplainerPhase::Drop: {
        const auto left = row.nonempty_pieces().size();
        return "filter((x) => x.length) drops the empty pieces: " +
               (left == 0
                    ? std::string("nothing is left.")
                    : std::to_string(left) + (left == 1 ? " group" : " groups") + " of neighbour 1s left.");
    }
    case ExplainerPhase::Keep: {
        const auto kept = kept_pieces(row, params.min_run).size();
        const auto left = row.nonempty_pieces().size();
        if (left == 0) return "No group, so nothing to keep.";
        return "Only groups of " + std::to_string(params.min_run) +
               " or more count: " + std::to_string(kept) + " kept, " + std::to_string(left - kept) +
               " too short.";
    }
    case ExplainerPhase::Points:
        if (row.runs.empty()) return "This row scores nothing.";
        return "Each kept group scores its length × " + std::to_string(params.points) + ": this row gives " +
               std::to_string(row.points) + ".";
    case ExplainerPhase::Total: {
        const ShownTotals t = totals_at(trace, step);
        return std::string("Running totals: ") + matrix_name_of(step.direction) + " " +
               std::to_string(t.by_direction[static_cast<std::size_t>(step.direction)]) +
               ", all directions " + std::to_string(t.all) + ".";
    }
    default: return {};
    }
}

}  // namespace ttt::app
