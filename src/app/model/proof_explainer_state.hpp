// The "Proof" explainer as a state machine, with no GL or ImGui in it: the proof search (VCF, or VCT on
// request) of the position shown run on a thread of its own, cancellable and bounded, and a stepper
// through its main line as the score explainer steps through runs — the attacker's four with the point
// that completes it lit, the one defence, the next four, ... the five; in renju, the block that is
// forbidden to Black marked, with why.
#pragma once

#include "model/background_job.hpp"
#include "model/ghost_line.hpp"
#include "model/stepper.hpp"
#include "tictactrace/engine/forbidden.hpp"
#include "tictactrace/engine/forced_win.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/search_control.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

enum class ProofKind : int {
    Vcf = 0,  // victory by continuous fours
    Vct = 1,  // by fours and threes
};
// "vcf", "vct".
[[nodiscard]] const char* name_of(ProofKind kind) noexcept;

// A link to the Proof panel's state, as `--show proof@vct/3` gives it: the search (vcf, vct) and a step
// counted from 1, or "line" (the engine's line) and a move of it.
struct ProofLink {
    std::optional<ProofKind> kind;
    bool line = false;
    std::optional<int> step;  // 1-based
};
[[nodiscard]] std::optional<ProofLink> parse_proof_link(std::string_view text);

// One move of the proof's main line, as the explainer shows it.
struct ProofStep {
    ProofMove move;
    int number = 1;                      // counted from 1 along the line
    std::vector<Pos> lit;                // a four's completing points, a defence's point, the five's line
    std::optional<Forbidden> forbidden;  // a ForbiddenBlock: why Black may not take the point
    std::string text;                    // what the move does, in a sentence
};

// The main line of `proof`, found for `start`, as steps with their sentences; empty without a proof.
[[nodiscard]] std::vector<ProofStep> proof_steps(const Position& start, const ForcedWin& proof);

// The proof search on a thread of its own; destroying it stops the search and joins.
class ProofJob {
public:
    ProofJob(Position position, ProofKind kind, ForcedWinSettings settings);
    [[nodiscard]] bool done() const noexcept { return m_job.done(); }
    [[nodiscard]] std::optional<ForcedWin> take() { return m_job.take(); }
    void stop() noexcept { m_job.cancel(); }
    void wait() { m_job.wait(); }

private:
    SearchControl m_control;
    BackgroundJob<ForcedWin> m_job;  // last: it starts once everything it uses exists
};

class ProofExplainerState : public SteppedModel {
public:
    // What one search may spend before it says "no forced win found within the limit".
    [[nodiscard]] static ForcedWinSettings limits_for(ProofKind kind);

    // The position shown: a new one (another `key`) stops the search under way and forgets its answer.
    void set_position(std::uint64_t key, const Position& position);
    // Starts the search of `kind` on the position set (stopping one under way); with `settings` instead
    // of limits_for(kind) when given (tests, a larger budget).
    void start(ProofKind kind, std::optional<ForcedWinSettings> settings = std::nullopt);
    void stop() noexcept;
    // Takes the search's answer once it is done; whether anything changed.
    bool poll();
    // Blocks until the search is done and takes its answer (tests; the window never waits).
    void wait();

    [[nodiscard]] ProofKind kind() const noexcept { return m_kind; }
    [[nodiscard]] bool running() const noexcept { return m_job != nullptr; }
    [[nodiscard]] bool searched() const noexcept { return m_result.has_value(); }
    [[nodiscard]] double seconds() const;  // since the search under way started
    [[nodiscard]] const std::optional<ForcedWin>& result() const noexcept { return m_result; }
    [[nodiscard]] const std::vector<ProofStep>& steps() const noexcept { return m_steps; }
    [[nodiscard]] const ProofStep* step() const noexcept;
    // The answer in a sentence: the win and its length, or why there is none ("No forced win found within
    // the limit ...").
    // Made once when the answer comes: the panel shows it every frame without asking the heap.
    [[nodiscard]] const std::string& verdict() const noexcept;

    // The moves up to the step shown as numbered ghost stones (a forbidden block, never played, is not
    // among them), the step's own the current one.
    // Written into `out` (cleared first), so a panel reuses its own vector frame after frame.
    void ghosts(std::vector<GhostStone>& out) const;

    void next() noexcept { m_stepper.next(); }
    void prev() noexcept { m_stepper.prev(); }
    bool tick(double seconds) noexcept { return m_stepper.tick(seconds); }

private:
    void take(ForcedWin found);
    [[nodiscard]] std::string describe_result() const;

    std::uint64_t m_key = ~std::uint64_t{0};
    std::optional<Position> m_position;
    ProofKind m_kind = ProofKind::Vcf;
    std::optional<ForcedWin> m_result;
    std::string m_verdict;  // describe_result() of m_result
    std::vector<ProofStep> m_steps;
    std::chrono::steady_clock::time_point m_started;
    std::unique_ptr<ProofJob> m_job;
};

}  // namespace ttt::app
