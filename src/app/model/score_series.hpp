// Both players' scores after every step of the open game, for the score plot. Folded once per game and
// length of log, never per frame.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <vector>

namespace ttt::app {

struct ScorePoint {
    std::int64_t x = 0;
    std::int64_t o = 0;
    int moves = 0;  // marks on the board after this step
};

// One point per timeline step (index = step), from folding `events` (they must fold: a session's do).
[[nodiscard]] std::vector<ScorePoint> score_series(const std::vector<Event>& events);

class ScoreSeriesCache {
public:
    // The series of game `id`; refolded only when the game or the number of its events changed.
    [[nodiscard]] const std::vector<ScorePoint>& get(store::GameId id, const std::vector<Event>& events);
    [[nodiscard]] std::int64_t computed() const noexcept { return m_computed; }

private:
    store::GameId m_game = -1;
    std::size_t m_events = 0;
    std::vector<ScorePoint> m_points;
    std::int64_t m_computed = 0;
};

}  // namespace ttt::app
