// Why a move or another event cannot be applied. A value, never an exception: bad input is expected.
#pragma once

#include "tictactrace/base/result.hpp"

#include <string>

namespace ttt {

enum class MoveErrorKind : int {
    OffBoard = 0,
    CellTaken = 1,
    GameOver = 2,
    WrongPlayer = 3,  // an event names the player who is not to move
    NothingToTakeBack = 4,
    NotAllowed = 5,  // an event that makes no sense here (a second creation, a resign after the end)
    BadRules = 6,
    BadSetUp = 7,   // a set-up the rules cannot start from (a cell off the board or given twice, a won line)
    Forbidden = 8,  // renju: a double-three, double-four or overline for Black (engine/forbidden.hpp)
};

struct MoveError {
    MoveErrorKind kind = MoveErrorKind::OffBoard;
    std::string message;  // one sentence, 1-based coordinates, ready for a user
};

// What an engine step returns: done, or why not (and then nothing changed).
using MoveResult = Result<void, MoveError>;

}  // namespace ttt
