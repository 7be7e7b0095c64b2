// The opponent's worker thread.
#include "model/opponent_job.hpp"

#include <exception>
#include <utility>

namespace ttt::app {

OpponentJob::OpponentJob(Position position, OpponentSettings settings)
    : m_thread([this, position = std::move(position), settings] {
          Result result;
          try {
              result.report = choose_move(position, settings, &m_control);
          } catch (const std::exception& e) {
              // Memory for the search's tables, most likely: said, not fatal to the window.
              result.error = e.what();
          }
          {
              const std::lock_guard lock(m_mutex);
              m_result = std::move(result);
          }
          m_done.store(true, std::memory_order_release);
      }) {}

OpponentJob::~OpponentJob() {
    m_control.request_stop();
    if (m_thread.joinable()) m_thread.join();
}

std::optional<OpponentJob::Result> OpponentJob::take() {
    if (!done()) return std::nullopt;
    const std::lock_guard lock(m_mutex);
    return std::exchange(m_result, std::nullopt);
}

void OpponentJob::wait() {
    if (m_thread.joinable()) m_thread.join();
}

}  // namespace ttt::app
