// A game position: the board, whose turn, the outcome and both scores, kept current move by move.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/engine/outcome.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/score.hpp"

#include <optional>
#include <vector>

namespace ttt {

class Position {
public:
    // `rules` must be valid (Rules::validate() returned nullopt).
    explicit Position(const Rules& rules = Rules::classic());

    [[nodiscard]] const Rules& rules() const noexcept { return m_rules; }
    [[nodiscard]] const Board& board() const noexcept { return m_board; }
    [[nodiscard]] const Outcome& outcome() const noexcept { return m_outcome; }
    [[nodiscard]] const Scores& scores() const noexcept { return m_scores; }
    [[nodiscard]] Player to_move() const noexcept { return m_to_move; }
    [[nodiscard]] int move_count() const noexcept { return static_cast<int>(m_history.size()); }
    [[nodiscard]] std::optional<Pos> last_move() const noexcept;
    // The moves on the board, in the order they were played.
    [[nodiscard]] std::vector<Pos> moves() const;
    // The i-th of those moves (0 <= i < move_count()), without copying the others.
    [[nodiscard]] Pos move_at(int i) const noexcept;

    // Why `p` cannot be played now, or nullopt when it can.
    [[nodiscard]] std::optional<MoveError> check(Pos p) const;
    // Plays p for the side to move; on error nothing changes.
    [[nodiscard]] std::optional<MoveError> play(Pos p);
    // Retracts the last move (also after a win); on error nothing changes.
    [[nodiscard]] std::optional<MoveError> take_back();
    // `who` gives up; the other side wins.
    [[nodiscard]] std::optional<MoveError> resign(Player who);

    friend bool operator==(const Position& a, const Position& b) {
        return a.m_rules == b.m_rules && a.m_board == b.m_board && a.m_to_move == b.m_to_move &&
               a.m_outcome == b.m_outcome && a.m_scores == b.m_scores && a.moves() == b.moves();
    }

private:
    struct Undo {
        Pos pos;
        Scores scores_before;
    };

    void settle_outcome(Pos last);

    Rules m_rules;
    Board m_board;
    Player m_to_move = Player::X;
    Outcome m_outcome;
    Scores m_scores;
    std::vector<Undo> m_history;
};

}  // namespace ttt
