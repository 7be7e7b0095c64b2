// Folding a game's log once, keeping both totals after each event.
#include "model/score_series.hpp"

#include "tictactrace/engine/game_state.hpp"

namespace ttt::app {

std::vector<ScorePoint> score_series(const std::vector<Event>& events) {
    std::vector<ScorePoint> out;
    out.reserve(events.size());
    GameState state;
    for (const Event& e : events) {
        if (apply(state, e)) break;  // a log that stops folding ends the series there
        const Scores& s = state.position.scores();
        out.push_back({s.of(Player::X).total(), s.of(Player::O).total(), state.position.move_count()});
    }
    return out;
}

const std::vector<ScorePoint>& ScoreSeriesCache::get(store::GameId id, const std::vector<Event>& events) {
    if (id != m_game || events.size() != m_events || m_computed == 0) {
        m_points = score_series(events);
        m_game = id;
        m_events = events.size();
        ++m_computed;
    }
    return m_points;
}

}  // namespace ttt::app
