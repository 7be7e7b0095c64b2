// The analysis's worker thread.
#include "model/analysis_job.hpp"

#include <exception>
#include <utility>

namespace ttt::app {

AnalysisJob::AnalysisJob(GameState start, std::vector<Event> events, OpponentSettings settings)
    : m_steps(static_cast<int>(events.size()) + 1),
      m_job(
          [this, start = std::move(start), events = std::move(events),
           settings](const std::atomic<bool>& stop) mutable {
              return run(std::move(start), std::move(events), settings, stop);
          },
          [this] { m_control.request_stop(); }) {}

std::vector<AnalysisJob::Found> AnalysisJob::take_found() {
    const std::lock_guard lock(m_mutex);
    return std::exchange(m_found, {});
}

std::string AnalysisJob::run(GameState state, std::vector<Event> events, OpponentSettings settings,
                             const std::atomic<bool>& stop) {
    const std::uint64_t seed = settings.seed;
    try {
        for (int step = 0; step < m_steps && !stop.load(std::memory_order_relaxed); ++step) {
            if (step > 0)
                if (auto refused = ttt::apply(state, events[static_cast<std::size_t>(step - 1)]); !refused)
                    return "step " + std::to_string(step) +
                           " could not be folded: " + refused.error().message;
            const Position& position = state.position;
            if (!position.outcome().over() && !position.board().full()) {
                settings.seed = seed ^ (static_cast<std::uint64_t>(step) * 0x9e3779b97f4a7c15ULL);
                SearchReport report = choose_move(position, settings, &m_control);
                // A search stopped by stop() is no measure of the position: it is not kept.
                if (stop.load(std::memory_order_relaxed)) break;
                const std::lock_guard lock(m_mutex);
                m_found.push_back(Found{step, position.to_move(), std::move(report)});
            }
            m_looked_at.store(step + 1, std::memory_order_release);
        }
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

}  // namespace ttt::app
