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

// SHA-256 over the previous hash, this event's sequence number, time and type version (big-endian), then
// its type and its payload, each after its length (2 and 4 bytes), so no two different events feed the
// same bytes. On a server the login that wrote the event follows, after its length (2 bytes), so the
// writer is part of what the chain proves; an event with no writer (every event of a file) hashes as
// before. docs/event-log.md spells the layout out for anyone who checks a log with other tools.
[[nodiscard]] Digest chain_hash(const Digest& previous, Seq seq, std::string_view type, int version,
                                std::string_view payload, std::int64_t recorded_ms,
                                std::string_view writer = {}) noexcept;

// A stored hash read back: nullopt unless it is exactly 32 bytes.
[[nodiscard]] std::optional<Digest> digest_of(std::span<const std::uint8_t> blob) noexcept;

// The first bytes of a hash as hex, for messages.
[[nodiscard]] std::string short_hex(const Digest& digest);

}  // namespace ttt::store::detail
