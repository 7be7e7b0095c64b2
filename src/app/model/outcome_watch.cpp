// The transition from playing to over, per game.
#include "model/outcome_watch.hpp"

namespace ttt::app {

bool OutcomeWatch::ended_now(std::optional<store::GameId> game, const Position& latest) {
    return ended_now(game, latest.outcome());
}

bool OutcomeWatch::ended_now(std::optional<store::GameId> game, const Outcome& latest) {
    const bool over = game && latest.over();
    const bool same = game && m_game == game;
    const bool ended = same && !m_was_over && over;
    m_game = game;
    m_was_over = over;
    return ended;
}

}  // namespace ttt::app
