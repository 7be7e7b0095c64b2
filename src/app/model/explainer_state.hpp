// The run-splitting explainer as a state machine, with no GL or ImGui in it: it walks the scoring article's
// scorer one step at a time (orientation -> row -> the 0/1 string -> cut at every '0' -> empty pieces dropped
// -> runs kept -> points -> running totals) and says what each step shows, as a line of the scoring article's
// table.
#pragma once

#include "model/stepper.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/score_trace.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

enum class ExplainerPhase : std::uint8_t {
    Orientation = 0,  // a direction's matrix is introduced
    Row = 1,          // one of its rows is picked out (lit in the matrix and on the board)
    Join = 2,         // the row joined into a 0/1 string
    Cut = 3,          // split('0'): cut at every '0', the scissors, empty pieces included
    Drop = 4,         // filter((x) => x.length): the empty pieces dropped
    Keep = 5,         // the pieces of at least the minimum length kept as runs
    Points = 6,       // length x points for each run, the row's sum: the scoring article's table line
    Total = 7,        // running totals, this direction's and overall
    Summary = 8,      // the four directions added up
};
inline constexpr int kPhasesPerRow = 7;  // Row .. Total

[[nodiscard]] const char* name_of(ExplainerPhase phase) noexcept;  // "orientation", "row", "join", ...

struct ExplainerStep {
    ExplainerPhase phase = ExplainerPhase::Orientation;
    Direction direction = Direction::Horizontal;
    int row = -1;  // the row inside the direction's matrix; -1 for Orientation and Summary

    [[nodiscard]] bool on_row() const noexcept {
        return phase >= ExplainerPhase::Row && phase <= ExplainerPhase::Total;
    }
    friend bool operator==(const ExplainerStep&, const ExplainerStep&) = default;
};

// What the stepper walks: each direction's rows, and which of them hold a run that scores.
struct TraceShape {
    std::array<std::vector<bool>, kDirectionCount> has_run;

    [[nodiscard]] static TraceShape of(const ScoreTrace& trace);
    friend bool operator==(const TraceShape&, const TraceShape&) = default;
};

// The stepper (model/stepper.hpp) over the scorer's steps, passing over the rows without a run when
// skip_empty is on.
class ExplainerState : public SteppedModel {
public:
    ExplainerState() noexcept { m_stepper.set_count(count_of(m_shape)); }

    // A new trace (another position or player). The current step stays where it is when the new shape still
    // has it (same board size), else the stepper starts over; playing stops either way when it moved.
    void set_shape(TraceShape shape);
    [[nodiscard]] const TraceShape& shape() const noexcept { return m_shape; }

    [[nodiscard]] ExplainerStep step() const noexcept { return step_at(index()); }
    [[nodiscard]] ExplainerStep step_at(int index) const noexcept;
    [[nodiscard]] int index_of(ExplainerStep step) const noexcept;

    // Moving (first, last, go_to and playing are SteppedModel's). With skip_empty on, next() and prev()
    // pass over the steps of rows that hold no run.
    void next() noexcept;
    void prev() noexcept;
    void jump_to(Direction d) noexcept;  // that direction's Orientation step
    // To the next row (after the current one) that holds a run, skipping every row without one in one go;
    // the summary when no run is left.
    void next_run() noexcept;

    [[nodiscard]] bool skip_empty() const noexcept { return m_skip_empty; }
    void set_skip_empty(bool on) noexcept { m_skip_empty = on; }

    // While playing: advances speed() steps per second, skipping as next() does; whether the step changed.
    bool tick(double seconds) noexcept;

private:
    [[nodiscard]] static int rows_of(const TraceShape& shape, int direction) noexcept {
        return static_cast<int>(shape.has_run[static_cast<std::size_t>(direction)].size());
    }
    [[nodiscard]] int rows_of(int direction) const noexcept { return rows_of(m_shape, direction); }
    // The steps of a shape: each direction's Orientation and its rows' phases, then the summary.
    [[nodiscard]] static int count_of(const TraceShape& shape) noexcept;
    [[nodiscard]] int start_of(int direction) const noexcept;
    [[nodiscard]] bool skippable(int index) const noexcept;
    // What next(), prev() and tick() pass over.
    [[nodiscard]] auto skipper() const noexcept {
        return [this](int index) { return m_skip_empty && skippable(index); };
    }

    TraceShape m_shape;
    bool m_skip_empty = false;
};

// [SECTION] Naming a step, for links such as `--show explainer@-45/9/points`.

// "rows", "90", "45" or "-45" (also "0".."3"), optionally followed by "/ROW" and "/PHASE" (a name_of()
// word); or "summary". A missing row is the matrix's Orientation step; a missing phase is Row.
[[nodiscard]] std::optional<ExplainerStep> parse_step(std::string_view text);
// The same step written as parse_step reads it: "rows/5/points", "-45", "summary" (lesson links).
[[nodiscard]] std::string format_step(ExplainerStep step);

// [SECTION] What a step shows, in words.

// The running totals as far as the stepper has gone: a row counts from its Total step on.
struct ShownTotals {
    std::array<std::int64_t, kDirectionCount> by_direction{};
    std::int64_t all = 0;
};
[[nodiscard]] ShownTotals totals_at(const ScoreTrace& trace, ExplainerStep step);

// The step as a line of the scoring article's table, growing with the phases of a row:
//   join   `row 5: "0111000"`
//   cut    `row 5: "0111000" -> split('0') -> ["","111","","",""]`
//   drop   `row 5: "0111000" -> ["111"]`
//   keep   `row 5: "0111000" -> ["111"] -> 3 or longer: ["111"]`
//   points `row 5: "0111000" -> ["111"] -> 300`              (format_trace_row, exactly)
//   total  `row 5: "0111000" -> ["111"] -> 300 | rows 900, overall 900`
//   summary `X: 1300 + 0 + 0 + 300 = 1600`
[[nodiscard]] std::string step_line(const ScoreTrace& trace, ExplainerStep step);

// A sentence saying what the step does, for the teacher to read out.
[[nodiscard]] std::string step_caption(const ScoreTrace& trace, ExplainerStep step);

// JavaScript's array literal of strings: ["","111","",""].
[[nodiscard]] std::string js_strings(const std::vector<std::string>& pieces);

// The pieces of at least `min_run` characters (the kept runs, as strings).
[[nodiscard]] std::vector<std::string> kept_pieces(const TraceRow& row, int min_run);

}  // namespace ttt::app
