// Both players' scores over the open game, for the score plot. Folded from the log a bounded number of
// events at a time, so no frame walks a long game, and kept as at most kMaxPoints points, one every
// `stride` steps: a plot needs no more than one point per pixel column.
#pragma once

#include "model/game_session.hpp"
#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/score.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace ttt::app {

struct ScorePoint {
    int step = 0;
    std::int64_t x = 0;
    std::int64_t o = 0;
    int moves = 0;  // marks on the board after this step
};

class ScoreSeries {
public:
    static constexpr int kMaxPoints = 4096;
    static constexpr int kEventsPerAdvance = 16384;

    // Folds up to `budget` more events of game `id` (whose last step is `last_step`) from `log`; starts
    // over when the game is another one. Throws what the log throws (what was folded before stays).
    void advance(store::GameId id, int last_step, GameLog& log, int budget = kEventsPerAdvance);

    [[nodiscard]] store::GameId game() const noexcept { return m_game; }
    // The points so far, in step order: every stride()-th step, and the last step folded.
    [[nodiscard]] const std::vector<ScorePoint>& points() const noexcept { return m_points; }
    [[nodiscard]] int stride() const noexcept { return m_stride; }
    // The last step folded (-1 before the first).
    [[nodiscard]] int folded() const noexcept { return m_folded; }
    [[nodiscard]] bool complete(store::GameId id, int last_step) const noexcept {
        return id == m_game && m_folded >= last_step;
    }
    // The point at or before `step` nearest to it, or nullptr before the first point.
    [[nodiscard]] const ScorePoint* at_or_before(int step) const noexcept;
    // The point nearest to `step`, or nullptr when there is none yet.
    [[nodiscard]] const ScorePoint* nearest(int step) const noexcept;
    [[nodiscard]] std::int64_t events_folded() const noexcept { return m_events_folded; }

private:
    void fold(const Event& event);
    void keep_point();

    store::GameId m_game = -1;
    int m_stride = 1;
    int m_folded = -1;
    // The fold: the board and both scores are all the scores need. A takeback subtracts what the move
    // added, worked out again on the board without it, so no record of earlier moves is kept.
    Board m_board;
    ScoreParams m_params;
    Scores m_scores;
    int m_moves = 0;
    std::vector<ScorePoint> m_points;
    std::int64_t m_events_folded = 0;
};

}  // namespace ttt::app
