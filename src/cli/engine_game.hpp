// One game between two engines, as `match` and `tournament` play it: both engines made ready, the game
// created with their names, the opening's moves, then each engine asked for its moves until the game ends,
// a brain forfeits or the caller asks to stop. Every event goes to a writer as it happens: `match` appends
// it to the log at once, `tournament` keeps the game whole and writes it when it is over.
#pragma once

#include "cli/engine_player.hpp"
#include "cli/match_openings.hpp"

#include <tictactrace/engine/events.hpp>
#include <tictactrace/engine/forfeit_reason.hpp>
#include <tictactrace/engine/player.hpp>
#include <tictactrace/engine/rules.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ttt::cli {

// One side's part in a game.
struct SideRecord {
    std::int64_t moves = 0;    // how many times it was asked for a move
    std::int64_t move_us = 0;  // the time of those asks, from asking to the answer
    std::optional<ForfeitReason> forfeit;
};

struct EngineGame {
    enum class End {
        Over,       // the game ended: a win, a draw or a forfeit
        Stopped,    // the caller asked to stop before it ended
        Refused,    // an engine cannot play these rules or cannot be started: `refused_by`, `refusal`
        Unwritten,  // the writer refused an event: `status`
    };
    End end = End::Over;
    std::optional<Player> winner;     // End::Over: the winner, none for a draw
    std::array<SideRecord, 2> sides;  // by colour: X, O
    Player refused_by = Player::X;    // End::Refused
    std::string refusal;              // End::Refused: why, in a sentence
    int status = 0;                   // End::Unwritten: the exit status the writer gave
};

// Takes each event of the game, the GameCreated first: nullopt when it was written, else the exit status to
// end with.
using EventWriter = std::function<std::optional<int>(const Event&)>;

// Plays one game of `rules`, `x` for X and `o` for O, from `opening` (its moves the game's first), the
// built-ins' seed varied by `seed`. `stop` is asked before every engine's move. A brain that failed before
// the game began forfeits it at once (X's forfeit first when both did).
[[nodiscard]] EngineGame play_engine_game(EnginePlayer& x, EnginePlayer& o, const Rules& rules,
                                          const Opening& opening, std::uint64_t seed,
                                          const EventWriter& write, const std::function<bool()>& stop);

}  // namespace ttt::cli
