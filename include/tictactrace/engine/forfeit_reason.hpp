// Why a side lost by forfeit: what the program playing for it did wrong. The engine only records it;
// the manager of external programs (the brains layer) is the one that decides a forfeit.
#pragma once

#include <optional>
#include <string_view>

namespace ttt {

enum class ForfeitReason : int {
    Crash = 0,        // the program ended, or closed its output, before it answered
    Timeout = 1,      // no answer within the time for a move and its tolerance
    Garbage = 2,      // an answer that is neither a move nor anything the protocol allows there
    IllegalMove = 3,  // a move off the board or onto a taken cell
    Foul = 4,         // renju: Black played a forbidden point (a record that says so; we refuse such moves)
};

// The stable names of the log and the exports: "crash", "timeout", "garbage", "illegal_move", "foul".
[[nodiscard]] const char* name_of(ForfeitReason reason) noexcept;
[[nodiscard]] std::optional<ForfeitReason> forfeit_reason_from_name(std::string_view name) noexcept;

// For people: "crashed", "ran out of time", "answered garbage", "played an illegal move", "played a
// forbidden move".
[[nodiscard]] const char* describe(ForfeitReason reason) noexcept;

}  // namespace ttt
