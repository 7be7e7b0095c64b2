// Why the store refused a request without writing anything: expected failures, returned as values.
#pragma once

#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/store/game_id.hpp"

#include <optional>
#include <string>

namespace ttt::store {

enum class RejectionKind : int {
    UnknownGame = 0,     // no game has that id
    StepOutOfRange = 1,  // a step (`--at N`) before 0 or past the game's last event
    InvalidEvent = 2,    // the engine refused the event: `move_error` says why
    // A live lesson's refusals (live_lesson.hpp); an answer's cell that is off the board, taken or forbidden
    // is an InvalidEvent with the engine's MoveError, as a move's would be.
    NotAllowed = 3,   // this login may not (a student presenting, an answer as someone else)
    UnknownPoll = 4,  // no poll has that id
    PollClosed = 5,   // the poll is closed: no answer is taken any more
    BadRequest = 6,   // a view that is no JSON object or too large, a step the game does not have
};

struct Rejection {
    RejectionKind kind = RejectionKind::InvalidEvent;
    std::string message;                  // one sentence for a user, 1-based coordinates
    std::optional<MoveError> move_error;  // set when kind is InvalidEvent
};

// Another writer appended first: `expected` is the last sequence the caller had seen, `actual` the
// game's last sequence now. Nothing was written.
struct Conflict {
    GameId game = 0;
    Seq expected = 0;
    Seq actual = 0;
};

[[nodiscard]] std::string describe(const Conflict& conflict);

}  // namespace ttt::store
