// Colours of the teaching views (matrices, the rotation, the explainer's row), in one place: the shaders get
// them as uniforms, the panels draw with them, and the window tests look for them. They extend the board's
// palette, so paper, ink and the lit mint mean the same things everywhere.
#pragma once

#include "render/board_palette.hpp"

namespace ttt::app::palette {

inline constexpr Rgb kZeroInk{0xa8, 0x96, 0x7a};    // the digit of a 0 cell, quiet on the paper
inline constexpr Rgb kOneInk{0xfb, 0xf6, 0xea};     // the digit of a 1 cell, on the player's ink
inline constexpr Rgb kRowBand{0xff, 0xcc, 0x33};    // the explainer's current row (the win gold)
inline constexpr Rgb kRowTint{0xf7, 0xe0, 0x98};    // a 0 cell on the current row
inline constexpr Rgb kKept{0xff, 0xb0, 0x20};       // a 1 cell of a run the scorer kept
inline constexpr Rgb kHoverRing{0x14, 0x18, 0x1e};  // the ring around the cell under the pointer

}  // namespace ttt::app::palette
