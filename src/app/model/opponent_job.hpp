// One search of the built-in opponent on a thread of its own, on a copy of a position: the frame polls it
// and never waits for it. stop() has the search return its best move so far at its next check (within
// about a thousand nodes); destroying the job stops it the same way and joins the thread, so a search
// never outlives the position it was asked about.
#pragma once

#include "model/background_job.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/search_control.hpp"
#include "tictactrace/engine/search_report.hpp"

#include <optional>
#include <string>

namespace ttt::app {

class OpponentJob {
public:
    OpponentJob(Position position, OpponentSettings settings);

    // Any time: the search ends at its next check with its best move so far.
    void stop() noexcept { m_control.request_stop(); }
    [[nodiscard]] bool stopping() const noexcept { return m_control.stop_requested(); }
    [[nodiscard]] bool done() const noexcept { return m_job.done(); }
    // While it runs: the report of the search's last completed iteration (nullopt before the first).
    [[nodiscard]] std::optional<SearchReport> best_so_far() const { return m_control.best_so_far(); }

    struct Result {
        std::optional<SearchReport> report;  // nullopt when the search failed
        std::string error;                   // why, then
    };
    // Once done(): what the search found (taken once); nullopt before.
    [[nodiscard]] std::optional<Result> take() { return m_job.take(); }
    // Blocks until done() (tests; the window never waits).
    void wait() { m_job.wait(); }

private:
    SearchControl m_control;
    BackgroundJob<Result> m_job;  // last: it starts once everything it uses exists
};

}  // namespace ttt::app
