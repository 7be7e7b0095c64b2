// The two sides and what a board cell holds. X always moves first.
#pragma once

#include <cstdint>
#include <optional>

namespace ttt {

enum class Player : std::uint8_t {
    X = 0,  // moves first (black in SGF and PSQ)
    O = 1,  // moves second (white)
};

enum class Cell : std::uint8_t {
    Empty = 0,
    X = 1,
    O = 2,
};

[[nodiscard]] constexpr Player other(Player p) noexcept {
    return p == Player::X ? Player::O : Player::X;
}
[[nodiscard]] constexpr Cell cell_of(Player p) noexcept {
    return p == Player::X ? Cell::X : Cell::O;
}
[[nodiscard]] constexpr int index_of(Player p) noexcept {
    return static_cast<int>(p);
}
[[nodiscard]] constexpr char to_char(Player p) noexcept {
    return p == Player::X ? 'x' : 'o';
}
[[nodiscard]] constexpr char to_upper_char(Player p) noexcept {
    return p == Player::X ? 'X' : 'O';
}
[[nodiscard]] constexpr char to_char(Cell c) noexcept {
    return c == Cell::X ? 'x' : c == Cell::O ? 'o' : '.';
}

[[nodiscard]] constexpr std::optional<Player> player_of(Cell c) noexcept {
    if (c == Cell::X) return Player::X;
    if (c == Cell::O) return Player::O;
    return std::nullopt;
}

}  // namespace ttt
