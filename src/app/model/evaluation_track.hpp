// What the built-in thought of each position of the open game, wherever it looked: its own moves, the hints
// asked for, and Game > Analyse. The score plot draws it beside the scores as one line from X's side: +1 X
// wins by force, -1 O does, 0 a draw or an even game, an estimate in between. Kept for one game at a time, in
// memory only: an evaluation is an opinion of the program's, not an event of the game. A step's position
// never changes (a take back is a step of its own), so what was noted for a step stays true.
#pragma once

#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/search_report.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ttt::app {

struct NotedEvaluation {
    Evaluation evaluation;  // from the point of view of `to_move`
    Player to_move = Player::X;
    double for_x = 0;  // the evaluation from X's side, in [-1, 1]
    int depth = 0;
    SearchMethod method = SearchMethod::None;
    // The line the search expected from here (SearchReport::line): the Proof panel draws it on the board.
    std::vector<Pos> line;
};

class EvaluationTrack {
public:
    // Forgets everything when `game` is another game than the one it holds.
    void keep_to(store::GameId game);
    // The evaluation of the position at `step` of `game` (whose side to move is `to_move`); a deeper or
    // proven one replaces a shallower estimate, never the other way round.
    void note(store::GameId game, int step, Player to_move, const Rules& rules, const SearchReport& report);

    [[nodiscard]] store::GameId game() const noexcept { return m_game; }
    [[nodiscard]] const std::map<int, NotedEvaluation>& steps() const noexcept { return m_steps; }
    [[nodiscard]] const NotedEvaluation* at(int step) const;
    // Counts every change, so that a panel can tell when to redraw what it made of the track.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }

private:
    store::GameId m_game = -1;
    std::map<int, NotedEvaluation> m_steps;
    std::uint64_t m_revision = 0;
};

// An evaluation for `to_move` seen from X's side in [-1, 1]: a proven win +1 or -1 (a draw 0), an estimate
// or a final margin squeezed smoothly into the open interval, a scale's worth of advantage giving one half.
[[nodiscard]] double for_x(const Evaluation& evaluation, Player to_move, const Rules& rules) noexcept;

}  // namespace ttt::app
