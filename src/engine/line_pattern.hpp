// What a stone makes along one line of five in a row, as gomoku engines classify it: a five, an open
// four (two points that complete a five), a four (one), an open three (a point that makes an open four),
// a three (a point that makes a four), an open two (a point that makes an open three), a two (a point
// that makes a three), or nothing. A line is seen through nine cells: the cell to be played and the four
// on each side of it, each empty, X, O or off the board. Everything counted goes through that cell, so a
// pattern the line already had without it is not the cell's.
//
// The classes are looked up: a line's nine cells are a 16-bit key (two bits for each neighbour), and a
// table per side and rule holds every key's class, built once.
#pragma once

#include "tictactrace/engine/player.hpp"

#include <cstdint>
#include <string_view>

namespace ttt::detail {

enum class LinePattern : std::uint8_t {
    None = 0,
    Two = 1,
    OpenTwo = 2,
    Three = 3,
    OpenThree = 4,
    Four = 5,
    OpenFour = 6,  // two completing points on one line (a straight four, or x.xxx.x's double four)
    Five = 7,
};

// "five", "open four", "four", "open three", "three", "open two", "two", "none".
[[nodiscard]] const char* name_of(LinePattern p) noexcept;

// A neighbour's two bits in a line key.
inline constexpr std::uint16_t kLineEmpty = 0;
inline constexpr std::uint16_t kLineX = 1;
inline constexpr std::uint16_t kLineO = 2;
inline constexpr std::uint16_t kLineEdge = 3;

// The slot in a line key of the neighbour `offset` cells along the line (-4..-1, 1..4).
[[nodiscard]] constexpr int line_slot(int offset) noexcept {
    return offset < 0 ? offset + 4 : offset + 3;
}

// The key of a line written as nine characters, the played cell in the middle: '.' empty, 'x' X, 'o' O,
// '#' off the board; the middle character is not read. For tests and for describing lines.
[[nodiscard]] std::uint16_t line_key(std::string_view nine) noexcept;

// What a stone of `who` on the middle cell makes of the line `key`. `exact`: only exactly five wins
// (renju's Black, the exact-five rule), so a longer run is no five and a point that would make one is not
// a completing point; cells past the nine are taken as not `who`'s.
[[nodiscard]] LinePattern line_pattern(std::uint16_t key, Player who, bool exact) noexcept;
// The same as a table indexed by the key: what a search's hot loop reads.
[[nodiscard]] const std::uint8_t* line_pattern_table(Player who, bool exact) noexcept;

}  // namespace ttt::detail
