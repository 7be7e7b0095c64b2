// Why a file cannot be read or written: an expected failure, returned as a value with where it happened.
#pragma once

#include "tictactrace/exchange/source_spot.hpp"

#include <string>

namespace ttt::exchange {

enum class ExchangeErrorKind : int {
    Malformed = 0,     // the file does not follow its format (a broken archive, bad SGF syntax)
    Truncated = 1,     // the file ends before its content does
    BadBoard = 2,      // a board of zero or absurd size, or rules that cannot be played
    IllegalEvent = 3,  // an event the engine refuses: a taken cell, off the board, after the end...
    Unsupported = 4,   // valid in its format but not something a tictactrace game can hold
    TooNew = 5,        // written by a newer tictactrace (a format version this program does not know)
    Unknown = 6,       // not a format this program reads
};

struct ExchangeError {
    ExchangeErrorKind kind = ExchangeErrorKind::Malformed;
    std::string message;  // one sentence for a user, without the location
    SourceSpot where;     // where in the file; unknown when where.known() is false
    int game = -1;        // 0-based index of the game in the file, -1 when not about one game

    // The whole message: "line 4, column 9: game 2: move 7 (4, 5): the cell is already taken".
    [[nodiscard]] std::string describe() const;
};

[[nodiscard]] const char* name_of(ExchangeErrorKind kind) noexcept;

}  // namespace ttt::exchange
