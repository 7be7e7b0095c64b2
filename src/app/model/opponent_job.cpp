// The opponent's search.
#include "model/opponent_job.hpp"

#include <exception>
#include <utility>

namespace ttt::app {

OpponentJob::OpponentJob(Position position, OpponentSettings settings)
    : m_job(
          [this, position = std::move(position), settings] {
              Result result;
              try {
                  result.report = choose_move(position, settings, &m_control);
              } catch (const std::exception& e) {
                  // Memory for the search's tables, most likely: said, not fatal to the window.
                  result.error = e.what();
              }
              return result;
          },
          [this] { m_control.request_stop(); }) {}

}  // namespace ttt::app
