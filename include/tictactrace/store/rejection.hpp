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
