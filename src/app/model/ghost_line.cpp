// The engine's line as ghost stones: checked move by move on a copy of the position.
#include "model/ghost_line.hpp"

#include <algorithm>

namespace ttt::app {

void GhostLine::set(const Position& position, std::span<const Pos> line) {
    if (std::equal(line.begin(), line.end(), m_source.begin(), m_source.end()) && !m_line.empty()) return;
    m_source.assign(line.begin(), line.end());
    m_line.clear();
    Position work = position;
    int number = 1;
    for (const Pos p : line) {
        if (work.outcome().over()) break;
        const Player by = work.to_move();
        if (!work.play(p)) break;
        m_line.push_back(GhostStone{p, by, number++, false});
    }
    m_stepper.set_count(static_cast<int>(m_line.size()));
    m_stepper.first();
    m_stepper.pause();
}

void GhostLine::clear() {
    m_source.clear();
    m_line.clear();
    m_stepper.set_count(0);
    m_stepper.pause();
}

void GhostLine::shown(std::vector<GhostStone>& out) const {
    out.clear();
    if (m_line.empty()) return;
    out.assign(m_line.begin(), m_line.begin() + index() + 1);
    out.back().current = true;
}

}  // namespace ttt::app
