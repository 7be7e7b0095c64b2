// The events of a game's log. Plain versioned structs: the store persists them, the engine folds them.
#pragma once

#include "tictactrace/engine/boxed.hpp"
#include "tictactrace/engine/forfeit_reason.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <cstdint>
#include <optional>
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

// The first event of a game that starts from a set-up position instead of the empty board: its marks
// are part of the start, never moves, so no take-back removes them. A fork of a set-up game starts from
// the same set-up: its creating event is this one again, with `from_game` and `at` saying where it
// branched off, and the source's moves after the set-up follow as ordinary MovePlayed events.
struct GameSetUp {
    static constexpr int kVersion = 1;
    // What starts the game besides its rules and names.
    struct Start {
        SetUp setup;
        std::optional<std::int64_t> from_game;  // set for a fork of a set-up game
        int at = 0;                             // the source's step the fork starts after (with from_game)
        friend bool operator==(const Start&, const Start&) = default;
    };
    Rules rules;
    std::string x_name;
    std::string o_name;
    // On the heap: an Event is as large as its largest alternative, and a long game holds millions of
    // moves, so this rare one is kept no larger than a GameForked.
    Boxed<Start> start;
    friend bool operator==(const GameSetUp&, const GameSetUp&) = default;
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

// `player` loses by forfeit: the program playing for it crashed, ran out of time, answered garbage or
// played an illegal move (the brains layer decides which); the other side wins. `detail` says what
// happened in a sentence that follows the rule of players' names (player_name.hpp): valid UTF-8, no
// control characters, at most 200 bytes, so it is as safe to print as a name.
struct Forfeited {
    static constexpr int kVersion = 1;
    Player player = Player::X;  // who forfeited
    ForfeitReason reason = ForfeitReason::Crash;
    std::string detail;
    friend bool operator==(const Forfeited&, const Forfeited&) = default;
};

// The game ends by a decision off the board, as a record from a tournament program says: a draw by
// adjudication or agreement, or a win it declares without a line, a resignation or a forfeit to show for
// it. `winner` empty is a draw. `reason` is the record's own words ("Draw by adjudication"), held to the
// rule of players' names like a forfeit's detail.
struct Adjudicated {
    static constexpr int kVersion = 1;
    std::optional<Player> winner;
    std::string reason;
    friend bool operator==(const Adjudicated&, const Adjudicated&) = default;
};

using Event = std::variant<GameCreated, GameForked, MovePlayed, MoveTakenBack, Resigned, GameSetUp, Forfeited,
                           Adjudicated>;
static_assert(sizeof(GameSetUp) <= sizeof(GameForked), "a set-up must not make every event larger");
static_assert(sizeof(Forfeited) <= sizeof(GameForked), "a forfeit must not make every event larger");
static_assert(sizeof(Adjudicated) <= sizeof(GameForked), "an adjudication must not make every event larger");

// Whether `e` is one of the events that start a game (GameCreated, GameForked, GameSetUp).
[[nodiscard]] bool is_creating(const Event& e) noexcept;

// The stable names stored in the log's `type` column and in exports.
[[nodiscard]] const char* type_name_of(const Event& e) noexcept;
[[nodiscard]] int type_version_of(const Event& e) noexcept;

}  // namespace ttt
