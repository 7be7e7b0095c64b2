// The forbidden points of the position shown.
#include "model/forbidden_overlay.hpp"

#include <algorithm>

namespace ttt::app {

void ForbiddenOverlay::update(store::GameId game, int step, const Position& position, bool on) {
    // A step's position never changes (a take back is a step of its own): game and step say it all.
    if (game == m_game && step == m_step && on == m_on) return;
    m_game = game;
    m_step = step;
    m_on = on;
    m_applies = position.rules().has_forbidden_moves() && position.to_move() == Player::X &&
                !position.outcome().over();
    m_points.clear();
    if (m_applies && on) m_points = forbidden_points(position.board());
    ++m_revision;
}

const Forbidden* ForbiddenOverlay::at(Pos p) const noexcept {
    const auto it =
        std::find_if(m_points.begin(), m_points.end(), [&](const Forbidden& f) { return f.at == p; });
    return it == m_points.end() ? nullptr : &*it;
}

}  // namespace ttt::app
