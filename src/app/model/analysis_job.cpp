// The analysis's worker thread.
#include "model/analysis_job.hpp"

#include <exception>

namespace ttt::app {

AnalysisJob::AnalysisJob(GameState start, std::vector<Event> events, OpponentSettings settings)
    : m_steps(static_cast<int>(events.size()) + 1),
      m_thread([this, start = std::move(start), events = std::move(events), settings]() mutable {
          run(std::move(start), std::move(events), settings);
      }) {}

AnalysisJob::~AnalysisJob() {
    stop();
    if (m_thread.joinable()) m_thread.join();
}

void AnalysisJob::stop() noexcept {
    m_stop.store(true, std::memory_order_relaxed);
    m_control.request_stop();
}

void AnalysisJob::wait() {
    if (m_thread.joinable()) m_thread.join();
}

std::vector<AnalysisJob::Found> AnalysisJob::take_found() {
    const std::lock_guard lock(m_mutex);
    return std::exchange(m_found, {});
}

std::string AnalysisJob::error() const {
    const std::lock_guard lock(m_mutex);
    return m_error;
}

void AnalysisJob::run(GameState state, std::vector<Event> events, OpponentSettings settings) {
    const std::uint64_t seed = settings.seed;
    try {
        for (int step = 0; step < m_steps && !m_stop.load(std::memory_order_relaxed); ++step) {
            if (step > 0) {
                if (const auto refused = ttt::apply(state, events[static_cast<std::size_t>(step - 1)])) {
                    const std::lock_guard lock(m_mutex);
                    m_error = "step " + std::to_string(step) + " could not be folded: " + refused->message;
                    break;
                }
            }
            const Position& position = state.position;
            if (!position.outcome().over() && !position.board().full()) {
                settings.seed = seed ^ (static_cast<std::uint64_t>(step) * 0x9e3779b97f4a7c15ULL);
                SearchReport report = choose_move(position, settings, &m_control);
                // A search stopped by stop() is no measure of the position: it is not kept.
                if (m_stop.load(std::memory_order_relaxed)) break;
                const std::lock_guard lock(m_mutex);
                m_found.push_back(Found{step, position.to_move(), std::move(report)});
            }
            m_looked_at.store(step + 1, std::memory_order_release);
        }
    } catch (const std::exception& e) {
        const std::lock_guard lock(m_mutex);
        m_error = e.what();
    }
    m_done.store(true, std::memory_order_release);
}

}  // namespace ttt::app
