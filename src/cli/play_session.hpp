// `tictactrace play GAME`: a game played out at the terminal. The board with its numbers, then for each turn
// either the side's engine moves (an engine bound to it by `new --x-engine`/`--o-engine`, or named again on
// `play`) or a person types the move at "X, your move (row col): ", until the game ends and its outcome is
// said. Every move is appended to the log as it is made, like `move` appends it, so the end of input, Ctrl+C
// or a crash leaves the game exactly as far as it went: each move whole or not at all.
#pragma once

#include "cli/engine_player.hpp"

#include <tictactrace/store/game_id.hpp>

#include <string>

namespace ttt::cli {

struct SessionOptions {
    std::string db;
    store::GameId game = 0;
    std::string x_engine;  // --x-engine on play: X's engine for this session, over the game's own binding
    std::string o_engine;
    EngineBudget budget;  // --time, --nodes, --seed
};

// Plays the session; the exit status: 0 when the game ended or the input did (the moves made stay), 1 an
// engine that cannot be started or a brain's command line stored in the game that was not named again on
// the command line, 2 bad usage, 3 an unknown game or an opening still under way, 4 another writer's
// change that cannot be followed, 5 storage or output failure, 6 a brain forfeited (written), 130 Ctrl+C.
[[nodiscard]] int run_play_session(const SessionOptions& options);

}  // namespace ttt::cli
