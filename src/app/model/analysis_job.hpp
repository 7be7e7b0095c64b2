// The built-in's analysis of a whole game on a thread of its own: every position of the game, from its first
// step to its last, searched in turn on a small budget, so that the score plot can show how the game swung.
// The frame takes the reports as they come and never waits; destroying the job stops the search under way
// and joins the thread.
#pragma once

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
#include <thread>
#include <utility>
#include <vector>

namespace ttt::app {

class AnalysisJob {
public:
    // `start` is the game at step 0; `events` are its steps 1, 2, ... in order. Each position that is not
    // over is searched with `settings`, its seed mixed with the step.
    AnalysisJob(GameState start, std::vector<Event> events, OpponentSettings settings);
    ~AnalysisJob();
    AnalysisJob(const AnalysisJob&) = delete;
    AnalysisJob& operator=(const AnalysisJob&) = delete;

    [[nodiscard]] int steps() const noexcept { return m_steps; }
    // Positions looked at so far (searched, or over and passed).
    [[nodiscard]] int looked_at() const noexcept { return m_looked_at.load(std::memory_order_acquire); }
    [[nodiscard]] bool done() const noexcept { return m_done.load(std::memory_order_acquire); }
    void stop() noexcept;
    // Blocks until done() (tests; the window never waits).
    void wait();

    struct Found {
        int step = 0;
        Player to_move = Player::X;
        SearchReport report;
    };
    // The reports found since the last call, in step order.
    [[nodiscard]] std::vector<Found> take_found();
    // Why the analysis ended early (an event the fold refused, or memory), once done; empty otherwise.
    [[nodiscard]] std::string error() const;

private:
    void run(GameState state, std::vector<Event> events, OpponentSettings settings);

    int m_steps = 0;
    std::atomic<bool> m_stop{false};
    SearchControl m_control;  // the position being searched now; stop() stops it too
    mutable std::mutex m_mutex;
    std::vector<Found> m_found;
    std::string m_error;
    std::atomic<int> m_looked_at{0};
    std::atomic<bool> m_done{false};
    std::thread m_thread;  // last: it starts once everything it uses exists
};

}  // namespace ttt::app
