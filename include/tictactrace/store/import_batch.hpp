// Whole games handed to the store at once (the exchange layer's imports): validated, then written all or
// nothing.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::store {

// One event of a game handed in whole. A game at the documented maximum brings four million of them, so a
// move, a take-back or a resignation is kept in a few bytes here instead of as an Event (a variant as
// large as its largest member, a creation with two names and the rules); any other event lives on the
// heap.
class ImportEvent {
public:
    ImportEvent() = default;
    ImportEvent(const Event& event, std::int64_t recorded_ms_) : recorded_ms(recorded_ms_) {
        set_event(event);
    }

    [[nodiscard]] Event event() const;
    void set_event(const Event& event);

    std::int64_t recorded_ms = 0;  // kept as given, so an imported game keeps its original times

private:
    enum class Kind : std::uint8_t { Move = 0, TakeBack = 1, Resign = 2, Other = 3 };
    Kind m_kind = Kind::Other;
    Player m_player = Player::X;
    Pos m_pos;
    std::shared_ptr<const Event> m_other;  // Kind::Other: a creation, a fork
};

// One game: the first event is its GameCreated (or GameForked, or GameSetUp), the rest follow in order.
// A fork's `from_game` (a GameForked's, or a forked GameSetUp's) is kept as given, unless `fork_of`
// names its source in the same batch.
struct ImportGame {
    std::vector<ImportEvent> events;
    // The 0-based index of an earlier game of this batch that this one (a fork) was forked from:
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
