// Why a brain loses a game without playing it out, and the words that say so. The four reasons are the
// ones the event log's `forfeited` event records, by the same names.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::brains {

enum class ForfeitReason : int {
    Crash = 0,        // the process ended, or closed its output, before it answered
    Timeout = 1,      // no answer within the limit and its tolerance, or it stopped reading its input
    Garbage = 2,      // an answer that is not what the command asks for (or a line without end)
    IllegalMove = 3,  // a move off the board or on a taken cell
};

// "crash", "timeout", "garbage", "illegal_move".
[[nodiscard]] const char* name_of(ForfeitReason reason) noexcept;
[[nodiscard]] std::optional<ForfeitReason> forfeit_reason_from_name(std::string_view name) noexcept;

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

}  // namespace ttt::brains
