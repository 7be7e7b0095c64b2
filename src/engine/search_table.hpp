// The searches' transposition tables: an entry per slot, what a value found under an alpha-beta window
// means, and the proven wins and losses kept relative to the node they belong to, so that a position
// reached at different depths shares its entry and a win still counts its own plies.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

namespace ttt::detail {

enum class Bound : std::uint8_t { None = 0, Exact = 1, Lower = 2, Upper = 3 };

struct TableEntry {
    std::uint64_t key = 0;  // the position's key, or a second one when the first chose the slot
    std::int64_t value = 0;
    std::int32_t move = -1;
    std::int16_t depth = -1;  // plies searched below; the exact solver searches to the end
    Bound bound = Bound::None;
};

// What a stored value `v` (already from_table) of a matching entry searched deep enough does to a node's
// window: an exact value, or a bound that closes the window, settles the node; another bound narrows it.
[[nodiscard]] inline std::optional<std::int64_t> settle(const TableEntry& entry, std::int64_t v,
                                                        std::int64_t& alpha, std::int64_t& beta) noexcept {
    if (entry.bound == Bound::Exact) return v;
    if (entry.bound == Bound::Lower) alpha = std::max(alpha, v);
    if (entry.bound == Bound::Upper) beta = std::min(beta, v);
    if (alpha >= beta) return v;
    return std::nullopt;
}

// What `best`, found with the window (alpha, beta) the node was entered with, says of the true value.
[[nodiscard]] constexpr Bound bound_of(std::int64_t best, std::int64_t alpha, std::int64_t beta) noexcept {
    return best <= alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Exact;
}

// Values beyond win / 2 either way are proven: `win` less the plies to the end, from the root. The table
// keeps them from the node instead.
[[nodiscard]] constexpr bool is_mate(std::int64_t v, std::int64_t win) noexcept {
    return v > win / 2 || v < -win / 2;
}
[[nodiscard]] constexpr std::int64_t to_table(std::int64_t v, int ply, std::int64_t win) noexcept {
    if (!is_mate(v, win)) return v;
    return v > 0 ? v + ply : v - ply;
}
[[nodiscard]] constexpr std::int64_t from_table(std::int64_t v, int ply, std::int64_t win) noexcept {
    if (!is_mate(v, win)) return v;
    return v > 0 ? v - ply : v + ply;
}

}  // namespace ttt::detail
