// Whole games handed to the store at once (the exchange layer's imports): validated, then written all or
// nothing.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ttt::store {

struct ImportEvent {
    Event event;
    std::int64_t recorded_ms = 0;  // kept as given, so an imported game keeps its original times
};

// One game: the first event is its GameCreated (or GameForked), the rest follow in order.
// A GameForked's `from_game` is kept as given, unless `fork_of` names its source in the same batch.
struct ImportGame {
    std::vector<ImportEvent> events;
    // The 0-based index of an earlier game of this batch that this one (a GameForked) was forked from:
    // the id that game is written under replaces `from_game`, which the caller cannot know beforehand.
    std::optional<std::size_t> fork_of;
};

// Why a batch was refused; nothing of it was written.
struct ImportError {
    std::size_t game_index = 0;   // 0-based index into the batch
    std::size_t event_index = 0;  // 0-based index into that game's events
    std::string message;          // one sentence for a user
    std::optional<MoveError> move_error;
};

// Called after each game is validated and written: `done` of `total` games. Keep it cheap: it runs
// inside the write transaction.
using ImportProgress = std::function<void(std::size_t done, std::size_t total)>;

}  // namespace ttt::store
