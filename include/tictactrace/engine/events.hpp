// The events of a game's log. Plain versioned structs: the store persists them, the engine folds them.
#pragma once

#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"

#include <cstdint>
#include <string>
#include <variant>

namespace ttt {

// The first event of every game made with `new` or imported.
struct GameCreated {
    static constexpr int kVersion = 1;
    Rules rules;
    std::string x_name;
    std::string o_name;
    friend bool operator==(const GameCreated&, const GameCreated&) = default;
};

// The first event of a game forked from another: it starts like `from_game` did, and the moves of
// that game's position after `at` of its timeline steps follow as ordinary MovePlayed events, so a
// forked game folds on its own and `from_game` is never touched.
struct GameForked {
    static constexpr int kVersion = 1;
    std::int64_t from_game = 0;
    int at = 0;
    Rules rules;
    std::string x_name;
    std::string o_name;
    friend bool operator==(const GameForked&, const GameForked&) = default;
};

struct MovePlayed {
    static constexpr int kVersion = 1;
    Player player = Player::X;
    Pos pos;
    friend bool operator==(const MovePlayed&, const MovePlayed&) = default;
};

// Retracts the last move on the board; the history keeps both the move and its retraction.
// `player` and `pos` name the retracted move, so the log reads on its own.
struct MoveTakenBack {
    static constexpr int kVersion = 1;
    Player player = Player::X;
    Pos pos;
    friend bool operator==(const MoveTakenBack&, const MoveTakenBack&) = default;
};

struct Resigned {
    static constexpr int kVersion = 1;
    Player player = Player::X;  // who resigned
    friend bool operator==(const Resigned&, const Resigned&) = default;
};

using Event = std::variant<GameCreated, GameForked, MovePlayed, MoveTakenBack, Resigned>;

// The stable names stored in the log's `type` column and in exports.
[[nodiscard]] const char* type_name_of(const Event& e) noexcept;
[[nodiscard]] int type_version_of(const Event& e) noexcept;

}  // namespace ttt
