// The hash chain of a game's log: each event's hash covers the hash of the event before it and every
// stored field of its own, so a changed byte anywhere in an event, or an event moved, removed or put
// in, breaks the chain from that event on.
#pragma once

#include "sha256.hpp"

#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace ttt::store::detail {

// What event 0 of every game chains to.
inline constexpr Digest kChainStart{};

// SHA-256 over a fixed tag, the previous hash, and this event's sequence number, type, type version,
// payload and time; each variable-length field is preceded by its length, so no two different events
// feed the same bytes.
[[nodiscard]] Digest chain_hash(const Digest& previous, Seq seq, std::string_view type, int version,
                                std::string_view payload, std::int64_t recorded_ms) noexcept;

// A stored hash read back: nullopt unless it is exactly 32 bytes.
[[nodiscard]] std::optional<Digest> digest_of(std::span<const std::uint8_t> blob) noexcept;

// The first bytes of a hash as hex, for messages.
[[nodiscard]] std::string short_hex(const Digest& digest);

}  // namespace ttt::store::detail
