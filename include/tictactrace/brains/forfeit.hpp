// Why a brain loses a game without playing it out, and the words that say so. The four reasons are the
// ones the event log's `forfeited` event records, by the same names.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/forfeit_reason.hpp"
#include "tictactrace/engine/player.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::brains {

// The reasons (and their names) are the engine's: the log records what this layer decides.
using ttt::forfeit_reason_from_name;
using ttt::ForfeitReason;
using ttt::name_of;

struct Forfeit {
    ForfeitReason reason = ForfeitReason::Crash;
    std::string detail;  // one sentence for a user, quoting what the brain said (made safe and short)

    friend bool operator==(const Forfeit&, const Forfeit&) = default;
};

// How many bytes of what a brain said a sentence quotes.
inline constexpr std::size_t kQuoteBytes = 80;

// What a brain said, in double quotes, safe to print (terminal_safe) and cut after `max_bytes` bytes at
// a character boundary with "..." after it: a brain's words go into our sentences only this way.
[[nodiscard]] std::string quote_brain(std::string_view said, std::size_t max_bytes = kQuoteBytes);

// The event that records `who`'s forfeit in the log: the reason as decided here, and the sentence made to
// follow the rule of the event's detail (a player's name's: valid UTF-8, no control characters, at most
// 200 bytes), so that every program that runs brains writes the same event for the same failure.
[[nodiscard]] Forfeited forfeit_event(Player who, const Forfeit& lost);

}  // namespace ttt::brains
