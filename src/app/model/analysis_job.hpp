// The built-in's analysis of a whole game on a thread of its own: every position of the game, from its first
// step to its last, searched in turn on a small budget, so that the score plot can show how the game swung.
// The frame takes the reports as they come and never waits; destroying the job stops the search under way
// and joins the thread.
#pragma once

#include "model/background_job.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/search_control.hpp"
#include "tictactrace/engine/search_report.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

class AnalysisJob {
public:
    // `start` is the game at step 0; `events` are its steps 1, 2, ... in order. Each position that is not
    // over is searched with `settings`, its seed mixed with the step.
    AnalysisJob(GameState start, std::vector<Event> events, OpponentSettings settings);

    [[nodiscard]] int steps() const noexcept { return m_steps; }
    // Positions looked at so far (searched, or over and passed).
    [[nodiscard]] int looked_at() const noexcept { return m_looked_at.load(std::memory_order_acquire); }
    [[nodiscard]] bool done() const noexcept { return m_job.done(); }
    void stop() noexcept { m_job.cancel(); }
    // Blocks until done() (tests; the window never waits).
    void wait() { m_job.wait(); }

    struct Found {
        int step = 0;
        Player to_move = Player::X;
        SearchReport report;
    };
    // The reports found since the last call, in step order.
    [[nodiscard]] std::vector<Found> take_found();
    // Why the analysis ended early (an event the fold refused, or memory), once done; empty otherwise.
    [[nodiscard]] std::string error() const {
        const std::string* error = m_job.result();
        return error ? *error : std::string();
    }

private:
    // The analysis on the job's thread; what it returns is error().
    std::string run(GameState state, std::vector<Event> events, OpponentSettings settings,
                    const std::atomic<bool>& stop);

    int m_steps = 0;
    SearchControl m_control;  // the position being searched now; stop() stops it too
    std::mutex m_mutex;
    std::vector<Found> m_found;
    std::atomic<int> m_looked_at{0};
    BackgroundJob<std::string> m_job;  // last: it starts once everything it uses exists
};

}  // namespace ttt::app
