// The "How the win is found" explainer as a state machine, with no GL or ImGui in it: the engine's own
// traces of the position shown (win_trace.hpp), one per algorithm that decides the game's rules, and a
// stepper through the chosen one — first, previous, next, last, playing at a speed — that says which cells
// the step read, what it concluded and the work done so far.
#pragma once

#include "model/stepper.hpp"
#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/win_trace.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace ttt::app {

// A link to a step, as `--show win_explainer@walk/5` gives it: an algorithm (a name_of() word), a step
// counted from 1 as `tictactrace explain win` numbers them, or both; "compare" opens the comparison.
struct WinLink {
    std::optional<WinAlgorithm> algorithm;
    std::optional<int> step;  // 1-based
    bool compare = false;
};
[[nodiscard]] std::optional<WinLink> parse_win_link(std::string_view text);

class WinExplainerState : public SteppedModel {
public:
    // The boards the explainer traces: the enumeration of a larger one runs to hundreds of thousands of
    // steps, each with its words.
    static constexpr int kMaxCells = 64 * 64;

    // A new position: every applicable algorithm traced again. The chosen algorithm stays when the rules
    // still use it (else the rules' first), and the step stays where it was, within the new trace.
    void set_position(const Board& board, const Rules& rules, std::optional<Pos> last);

    [[nodiscard]] const std::vector<WinAlgorithm>& algorithms() const noexcept { return m_algorithms; }
    [[nodiscard]] WinAlgorithm algorithm() const noexcept { return m_algorithm; }
    // Chooses another algorithm (one of algorithms()) from its first step; false when the rules do not use
    // it.
    bool choose(WinAlgorithm algorithm) noexcept;
    // The chosen algorithm's trace; nullptr when the rules have none (the score rule).
    [[nodiscard]] const WinTrace* trace() const noexcept { return trace_of(m_algorithm); }
    [[nodiscard]] const WinTrace* trace_of(WinAlgorithm algorithm) const noexcept;

    // The chosen trace's steps: where it is, the jumps and playing are SteppedModel's (model/stepper.hpp).
    [[nodiscard]] const WinStep* step() const noexcept;
    // The work so far, this step included.
    [[nodiscard]] WinWork work() const noexcept;

    void next() noexcept { m_stepper.next(); }
    void prev() noexcept { m_stepper.prev(); }

    // While playing: advances speed() steps per second, stopping at the last step (a trace of one step
    // does not play); whether the step changed.
    bool tick(double seconds) noexcept { return m_stepper.tick(seconds); }

private:
    // The chosen trace's length, 0 without one.
    [[nodiscard]] int steps_of_trace() const noexcept;

    std::vector<WinAlgorithm> m_algorithms;
    std::vector<WinTrace> m_traces;  // one per m_algorithms entry
    WinAlgorithm m_algorithm = WinAlgorithm::Enumerate;
};

// The comparison's table for one board side N: the lines of k on N×N and the cells the walk reads.
struct GrowthRow {
    int n = 0;
    std::int64_t lines = 0;       // count_lines(N, N, k), or count_full_lines(N, N) for the full-line rule
    std::int64_t walk_cells = 0;  // walk_cells_at_most(rules, n); 0 where the walk does not apply
};
// N = 3 … 100, for the rules' k (the full-line rule: its N-cell lines).
[[nodiscard]] std::vector<GrowthRow> growth_table(const Rules& rules);

}  // namespace ttt::app
