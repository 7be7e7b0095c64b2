// A game position: the board, whose turn, the outcome and both scores, kept current move by move.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/engine/outcome.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position_image.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/run_extent.hpp"
#include "tictactrace/engine/run_table.hpp"
#include "tictactrace/engine/score.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace ttt {

// A move, its take-back and a resignation each cost O(1) whatever the board, the runs or the game's
// length: the runs are kept as intervals (RunTable), and a move is remembered by its cell alone.
class Position {
public:
    // `rules` must be valid (Rules::validate() succeeded).
    explicit Position(const Rules& rules = Rules::classic());

    [[nodiscard]] const Rules& rules() const noexcept { return m_rules; }
    [[nodiscard]] const Board& board() const noexcept { return m_board; }
    [[nodiscard]] const Outcome& outcome() const noexcept { return m_outcome; }
    [[nodiscard]] const Scores& scores() const noexcept { return m_scores; }
    [[nodiscard]] Player to_move() const noexcept { return m_to_move; }
    // The moves played since the start (a set-up's marks are not moves), less those taken back.
    [[nodiscard]] int move_count() const noexcept { return static_cast<int>(m_history.size()); }
    // The marks the game started with (set_up), which no take-back removes.
    [[nodiscard]] std::int64_t set_up_marks() const noexcept { return m_set_up_marks; }
    [[nodiscard]] std::optional<Pos> last_move() const noexcept;
    // The moves on the board, in the order they were played; a set-up's marks are not among them.
    [[nodiscard]] std::vector<Pos> moves() const;
    // The i-th of those moves (0 <= i < move_count()), without copying the others.
    [[nodiscard]] Pos move_at(int i) const noexcept;

    // The runs of `who` that end next to the empty cell p along d, as if p were theirs: what a move
    // there would join. O(1). A zero extent when p is taken or off the board.
    [[nodiscard]] RunExtent run_beside(Pos p, Direction d, Player who) const noexcept;

    // Starts the game from `setup` instead of the empty board: its marks are placed without a history
    // (nothing takes them back), the scores are counted once from the whole board, and `setup.to_move`
    // moves next. A full board is a finished game at once (a draw, or under the score rule the higher
    // total wins). Refused with a sentence, and nothing changed, when the position already holds marks,
    // a cell is off the board, given twice or given to both players, or a line already wins.
    [[nodiscard]] MoveResult set_up(const SetUp& setup);

    // Whether `p` can be played now, or why not.
    [[nodiscard]] MoveResult check(Pos p) const;
    // Plays p for the side to move; on error nothing changes.
    [[nodiscard]] MoveResult play(Pos p);
    // Plays `cells` (board indices, row * cols + col) in turn from the side to move, ending exactly as
    // play() on each would: the same board, history, scores, outcome and side to move. What differs is
    // the cost: the marks but the last are placed in one pass and the scores counted once from the whole
    // board, not joined move by move (a stored 4,194,304-mark game rebuilds in milliseconds, not half a
    // second), and the last is played as play() plays it, which settles the outcome. Where a move's
    // legality depends on the board around it (forbidden points), or for a few marks, it is play() on
    // each. Refused with play()'s sentence, and nothing changed, when a cell is off the board or taken,
    // or the game is won before the last mark.
    [[nodiscard]] MoveResult play_in_bulk(std::span<const std::uint32_t> cells);
    // Takes up `image` on this position, which holds only what its game started with (the empty board or
    // a set-up): ending exactly as playing the image's history would, without a move per mark. The run
    // table starts empty, as play_in_bulk leaves it. The image is checked against itself and the start,
    // one look per mark: the same size of board, the start's marks still there, every move's cell held by
    // the side whose turn it was, no other marks, and the side to move following from them; the scores
    // and the outcome are taken as given (the store checks the image's digest before it is believed).
    // Refused with a sentence, and nothing changed, when it does not fit.
    [[nodiscard]] MoveResult restore(PositionImage image);
    // Retracts the last move (also after a win); on error nothing changes.
    [[nodiscard]] MoveResult take_back();
    // `who` gives up; the other side wins.
    [[nodiscard]] MoveResult resign(Player who);
    // Withdraws a resignation: the game is on again, as it was when the side resigned.
    [[nodiscard]] MoveResult take_back_resignation();
    // `who` loses by forfeit (a program playing for it failed); the other side wins.
    [[nodiscard]] MoveResult forfeit(Player who, ForfeitReason reason);
    // Withdraws a forfeit: the game is on again, as it was when the side forfeited.
    [[nodiscard]] MoveResult take_back_forfeit();
    // The game ends by a decision off the board: `winner` wins, or (empty) it is a draw.
    [[nodiscard]] MoveResult adjudicate(std::optional<Player> winner);
    // Withdraws an adjudication: the game is on again.
    [[nodiscard]] MoveResult take_back_adjudication();

    // What a copy of this position weighs: the object and what it holds on the heap.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

    // Everything a caller can observe. The run table is left out: inside a run and at empty cells it
    // holds leftovers that differ between equal positions reached in different orders.
    friend bool operator==(const Position& a, const Position& b) {
        return a.m_rules == b.m_rules && a.m_board == b.m_board && a.m_to_move == b.m_to_move &&
               a.m_outcome == b.m_outcome && a.m_scores == b.m_scores && a.m_history == b.m_history &&
               a.m_set_up_marks == b.m_set_up_marks;
    }

private:
    void settle_outcome(Pos last, const RunsThrough& joined);
    // The outcome of a full board without a line: a draw, or the higher total under the score rule.
    [[nodiscard]] Outcome full_board_outcome() const;

    Rules m_rules;
    Board m_board;
    RunTable m_runs;
    Player m_to_move = Player::X;
    Outcome m_outcome;
    Scores m_scores;
    // One record per mark on the board, in the order played: its cell index, all a take-back needs
    // (the runs it joined are read back from the table, the score change recomputed from them, and
    // before any move the game was on).
    std::vector<std::uint32_t> m_history;
    std::int64_t m_set_up_marks = 0;
};

}  // namespace ttt
