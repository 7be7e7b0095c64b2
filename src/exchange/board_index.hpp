// Rows and columns as files count them (from 1) to the engine's 0-based indices.
#pragma once

#include <cstdint>
#include <optional>

namespace ttt::exchange::detail {

// nullopt for a value beyond every board, so that the caller reports the file's own number (a clamped
// one would name a cell the file never held); the rest convert without overflow, and the engine says
// whether they are on this game's board.
[[nodiscard]] constexpr std::optional<int> index_from_one_based(std::int64_t one_based) noexcept {
    constexpr std::int64_t kFar = std::int64_t{1} << 24;
    if (one_based < -kFar || one_based > kFar) return std::nullopt;
    return static_cast<int>(one_based - 1);
}

}  // namespace ttt::exchange::detail
