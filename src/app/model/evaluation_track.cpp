// The evaluations noted along the open game.
#include "model/evaluation_track.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ttt::app {

namespace {

// How much advantage reads as "clearly ahead" (one half on the plot): in the score game a run of three,
// elsewhere an open four's worth of the threat search's weights (each mark in a window of five counts four
// times the one before it: 1, 4, 16, 64).
double scale_of(const Rules& rules) noexcept {
    if (rules.kind == RuleKind::Score) return 3.0 * std::max(1, rules.points);
    return 64.0;
}

bool proven_or_deeper(const NotedEvaluation& mine, const NotedEvaluation& theirs) noexcept {
    if (mine.evaluation.proven() != theirs.evaluation.proven()) return mine.evaluation.proven();
    return mine.depth >= theirs.depth;
}

}  // namespace

double for_x(const Evaluation& e, Player to_move, const Rules& rules) noexcept {
    double v = 0;
    switch (e.kind) {
    case EvaluationKind::Win: v = 1; break;
    case EvaluationKind::Loss: v = -1; break;
    case EvaluationKind::Draw: v = 0; break;
    case EvaluationKind::Estimate:
    case EvaluationKind::Margin: {
        const double s = static_cast<double>(e.score);
        const double scale = scale_of(rules);
        v = s / (std::abs(s) + scale);
        // Only a proof reaches the ends: an estimate stays inside them.
        v = std::clamp(v, -0.98, 0.98);
        if (e.kind == EvaluationKind::Margin && e.score == 0) v = 0;
        break;
    }
    }
    return to_move == Player::X ? v : -v;
}

void EvaluationTrack::keep_to(store::GameId game) {
    if (game == m_game) return;
    m_game = game;
    m_steps.clear();
    ++m_revision;
}

void EvaluationTrack::note(store::GameId game, int step, Player to_move, const Rules& rules,
                           const SearchReport& report) {
    if (!report.move) return;  // nothing was searched: the game was over there
    keep_to(game);
    NotedEvaluation noted{report.evaluation, to_move,       for_x(report.evaluation, to_move, rules),
                          report.depth,      report.method, report.line};
    const auto [it, fresh] = m_steps.try_emplace(step, noted);
    if (!fresh && !proven_or_deeper(noted, it->second)) return;
    it->second = noted;
    ++m_revision;
}

const NotedEvaluation* EvaluationTrack::at(int step) const {
    const auto it = m_steps.find(step);
    return it == m_steps.end() ? nullptr : &it->second;
}

}  // namespace ttt::app
