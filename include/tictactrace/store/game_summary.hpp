// One row of the `games` projection: what `list` shows without folding anything.
#pragma once

#include "tictactrace/engine/outcome.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ttt::store {

struct GameSummary {
    GameId id = 0;
    Rules rules;
    std::string x_name;
    std::string o_name;
    Status status = Status::Playing;
    std::optional<Player> winner;
    int moves = 0;     // marks on the board now (takebacks subtract)
    Seq last_seq = 0;  // the game's last event, i.e. the number of timeline steps
    std::int64_t created_ms = 0;
    std::int64_t updated_ms = 0;  // time of the last event: the last change
    std::optional<GameId> forked_from;
    int forked_at = 0;

    friend bool operator==(const GameSummary&, const GameSummary&) = default;
};

}  // namespace ttt::store
