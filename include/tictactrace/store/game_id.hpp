// The identities of the log: a game's id (what `new` prints) and an event's sequence number within its game.
#pragma once

#include <cstdint>

namespace ttt::store {

using GameId = std::int64_t;

// The creating event (GameCreated or GameForked) has sequence 0; event n after it has sequence n, so a
// sequence number is also the timeline step the game reaches with that event.
using Seq = std::int64_t;

}  // namespace ttt::store
