// Keeping one brain in step with a game that goes on between its moves: whoever runs a brain for a side
// asks it for that side's move in the game as it now stands, and the brain is told what changed since it
// last played by the fewest commands that bring its board there. The command line's play and match and
// the window's engine sides all ask this way.
#pragma once

#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/engine/position.hpp"

#include <optional>

namespace ttt::brains {

// How many moves the brain's board may hold past where the game now is for them to go back one by one
// with TAKEBACK (a take back in the window against a brain: its reply and the person's move); more, and
// the game goes to it whole as BOARD.
inline constexpr int kMaxTakebacks = 2;

// The brain's move for the side to move of `game`, a game of the rules it was started for that is not
// over, by the commands that bring its board there from the position it holds (BrainClient::position()):
//   - the empty board: RESTART when its board has marks, then BEGIN;
//   - the game it holds and one move of the other side's: TURN with that move;
//   - the game it holds but for a move or two taken back since, and one move of the other side's after
//     that: TAKEBACK of each (the client falls back to BOARD when the brain refuses it), then TURN;
//   - anything else (a set-up, another game, more moves taken back): BOARD, after RESTART when its board
//     has marks.
[[nodiscard]] MoveReply move_for(BrainClient& brain, const Position& game,
                                 std::optional<Deadline> deadline = std::nullopt);

}  // namespace ttt::brains
