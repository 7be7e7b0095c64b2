// Where a game stands: in progress, won (with the winning cells), drawn, resigned, or forfeited.
#pragma once

#include "tictactrace/engine/forfeit_reason.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"

#include <optional>
#include <vector>

namespace ttt {

enum class Status : int {
    Playing = 0,
    Won = 1,          // a line was made, or (score rule) the board is full and one total is higher
    Draw = 2,         // full board without a winner, or equal totals
    Resigned = 3,     // `winner` is the side that did not resign
    Forfeited = 4,    // `winner` is the side that did not forfeit; `forfeit` says why the other did
    Adjudicated = 5,  // decided off the board (an Adjudicated event): `winner` set, or empty for a draw
};

struct Outcome {
    Status status = Status::Playing;
    std::optional<Player> winner;
    std::vector<Pos> winning_line;  // every cell of the line, in order along it; empty unless a line won
    std::optional<ForfeitReason> forfeit = std::nullopt;  // set exactly when the status is Forfeited

    [[nodiscard]] bool over() const noexcept { return status != Status::Playing; }
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

[[nodiscard]] const char* name_of(Status s) noexcept;  // "playing", "won", "draw", "resigned", "forfeited",
                                                       // "adjudicated"

}  // namespace ttt
