// Folding a game's log a chunk at a time, keeping both totals every stride steps.
#include "model/score_series.hpp"

#include <algorithm>
#include <type_traits>

namespace ttt::app {

void ScoreSeries::fold(const Event& event) {
    std::visit(
        [&](const auto& ev) {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, GameCreated> || std::is_same_v<T, GameForked>) {
                m_board = Board(ev.rules.rows, ev.rules.cols);
                m_params = score_params(ev.rules);
                m_scores = Scores{};
                m_moves = 0;
            } else if constexpr (std::is_same_v<T, MovePlayed>) {
                const PlayerScore delta = score_delta_of_move(m_board, ev.pos, ev.player, m_params);
                PlayerScore& s = m_scores.of(ev.player);
                for (int k = 0; k < kDirectionCount; ++k) s.by_direction[k] += delta.by_direction[k];
                m_board.place(ev.pos, cell_of(ev.player));
                ++m_moves;
            } else if constexpr (std::is_same_v<T, MoveTakenBack>) {
                m_board.clear(ev.pos);
                const PlayerScore delta = score_delta_of_move(m_board, ev.pos, ev.player, m_params);
                PlayerScore& s = m_scores.of(ev.player);
                for (int k = 0; k < kDirectionCount; ++k) s.by_direction[k] -= delta.by_direction[k];
                --m_moves;
            }
        },
        event);
}

void ScoreSeries::keep_point() {
    const ScorePoint p{m_folded, m_scores.of(Player::X).total(), m_scores.of(Player::O).total(), m_moves};
    // The last point may be the frontier of an earlier call, off the stride: this one replaces it.
    if (!m_points.empty() && m_points.back().step % m_stride != 0) m_points.pop_back();
    m_points.push_back(p);
    if (static_cast<int>(m_points.size()) <= kMaxPoints) return;
    // The game outgrew the points: keep every other one (and the frontier).
    m_stride *= 2;
    std::vector<ScorePoint> kept;
    kept.reserve(m_points.size() / 2 + 2);
    for (const ScorePoint& q : m_points)
        if (q.step % m_stride == 0 || &q == &m_points.back()) kept.push_back(q);
    m_points = std::move(kept);
}

void ScoreSeries::advance(store::GameId id, int last_step, GameLog& log, int budget) {
    if (id != m_game) {
        *this = ScoreSeries{};
        m_game = id;
        while ((last_step + 1) / m_stride > kMaxPoints) m_stride *= 2;
        m_points.reserve(static_cast<std::size_t>(std::min(last_step + 2, kMaxPoints + 2)));
    }
    if (m_folded >= last_step) return;
    const int to = static_cast<int>(std::min<std::int64_t>(last_step, std::int64_t{m_folded} + budget));
    const auto events = log.events(m_folded + 1, to);  // may throw: nothing below has changed yet
    for (const store::StoredEvent& e : events) {
        if (e.seq != m_folded + 1) break;  // a log with a gap: the series stops where it can
        fold(e.event);
        ++m_folded;
        ++m_events_folded;
        if (m_folded % m_stride == 0 || m_folded == to) keep_point();
    }
}

const ScorePoint* ScoreSeries::at_or_before(int step) const noexcept {
    const auto it = std::upper_bound(m_points.begin(), m_points.end(), step,
                                     [](int s, const ScorePoint& p) { return s < p.step; });
    return it == m_points.begin() ? nullptr : &*(it - 1);
}

const ScorePoint* ScoreSeries::nearest(int step) const noexcept {
    if (m_points.empty()) return nullptr;
    const auto it = std::lower_bound(m_points.begin(), m_points.end(), step,
                                     [](const ScorePoint& p, int s) { return p.step < s; });
    if (it == m_points.end()) return &m_points.back();
    if (it == m_points.begin()) return &*it;
    const auto before = it - 1;
    return step - before->step <= it->step - step ? &*before : &*it;
}

}  // namespace ttt::app
