// One side's engine for the length of a command: the built-in opponent, searching in this process, or a
// Gomocup brain, started once and kept in step with the game through the brains layer (brains::move_for:
// BEGIN on an empty board, TURN with the other side's last move, else the whole game as BOARD). `play`
// asks it for one move; `match` for every move of many games.
#pragma once

#include "cli/engine_choice.hpp"

#include <tictactrace/brains/brain_client.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/engine/rules.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace ttt::cli {

struct EngineBudget {
    std::int64_t time_ms = 0;  // a move's time: the built-in's search, a brain's INFO timeout_turn; 0: own
    std::int64_t nodes = 0;    // the built-in's node limit; 0: none
    std::uint64_t seed = 0;    // the built-in's seed
};

class EnginePlayer {
public:
    // `name`, when given, names it in every game whatever a brain says (a tournament's NAME=CMD).
    EnginePlayer(EngineChoice choice, EngineBudget budget, std::string name = {});

    // Ready to play a game of `rules`: for a brain, started (or started again after a forfeit) and asked
    // its name. Refused when the engine cannot play these rules or cannot be started; a forfeit when the
    // brain failed already.
    [[nodiscard]] brains::Reply prepare(const Rules& rules);
    // The move for the side to move of `game`, a game of the prepared rules that is not over. `seed`
    // varies the built-in's choices from game to game.
    [[nodiscard]] brains::MoveReply move(const Position& game, std::uint64_t seed);
    // The brain ended and reaped; the built-in has nothing to end.
    void end();

    // The name given, else "builtin:LEVEL", or the name the brain gave in ABOUT (its command line when it
    // gave none), made acceptable as a player's name.
    [[nodiscard]] const std::string& name() const noexcept { return m_name; }
    [[nodiscard]] bool is_brain() const noexcept { return std::holds_alternative<BrainEngine>(m_choice); }

private:
    [[nodiscard]] brains::MoveReply brain_move(const Position& game);

    EngineChoice m_choice;
    EngineBudget m_budget;
    std::string m_name;
    bool m_named = false;  // given a name: ABOUT does not change it
    std::optional<brains::BrainClient> m_brain;
    std::optional<Rules> m_rules;
};

}  // namespace ttt::cli
