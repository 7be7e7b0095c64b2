// The board's colours, in one place: the shader gets them as uniforms and the screenshot tests look for them.
// Chosen to survive a washed-out projector: warm paper, dark ink, saturated blue X and red O, gold wins.
#pragma once

#include <cstdint>

namespace ttt::app::palette {

struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
};

inline constexpr Rgb kTable{0x2a, 0x30, 0x3a};      // around the board (the panel's background)
inline constexpr Rgb kBoard{0xf4, 0xea, 0xd5};      // an empty cell
inline constexpr Rgb kGrid{0x9c, 0x8a, 0x6e};       // lines between cells
inline constexpr Rgb kBorder{0x4a, 0x3b, 0x2a};     // the frame around the board
inline constexpr Rgb kX{0x1f, 0x5f, 0xc8};          // X's marks
inline constexpr Rgb kO{0xd2, 0x3c, 0x2e};          // O's marks
inline constexpr Rgb kWin{0xff, 0xcc, 0x33};        // the cells of the winning line
inline constexpr Rgb kLastTint{0xe6, 0xd3, 0xa6};   // behind the last move
inline constexpr Rgb kLastDot{0xe0, 0x7a, 0x10};    // the dot on the last move
inline constexpr Rgb kHoverTint{0xfb, 0xf6, 0xea};  // under the pointer
inline constexpr Rgb kLit{0x9f, 0xe0, 0xcc};        // cells another view points at
// Drawn over the picture, not by the shader: the built-in's hint (a violet diamond, a colour no mark, line
// or lit cell uses) and renju's forbidden point (a small red triangle, the renju books' sign, unlike any
// mark), each the same in both colour sets.
inline constexpr Rgb kHintMark{0x9a, 0x4d, 0xf0};
inline constexpr Rgb kForbiddenMark{0xe0, 0x30, 0x30};

// The colours one picture is drawn in: the ones above, or the high-contrast set for a projector that
// washes out the paper and the greys (View > High contrast): white paper, black lines, deeper inks.
struct BoardColors {
    Rgb table, board, grid, border, x, o, win, last_tint, last_dot, hover_tint, lit;
};
inline constexpr BoardColors kStandard{kTable, kBoard,    kGrid,    kBorder,    kX,  kO,
                                       kWin,   kLastTint, kLastDot, kHoverTint, kLit};
inline constexpr BoardColors kHighContrast{{0x00, 0x00, 0x00}, {0xff, 0xff, 0xff}, {0x00, 0x00, 0x00},
                                           {0x00, 0x00, 0x00}, {0x00, 0x2e, 0xd0}, {0xc8, 0x00, 0x00},
                                           {0xff, 0xd4, 0x00}, {0xff, 0xe7, 0x9a}, {0xff, 0x66, 0x00},
                                           {0xdd, 0xee, 0xff}, {0x5c, 0xe6, 0xbe}};
[[nodiscard]] constexpr const BoardColors& board_colors(bool high_contrast) noexcept {
    return high_contrast ? kHighContrast : kStandard;
}

}  // namespace ttt::app::palette
