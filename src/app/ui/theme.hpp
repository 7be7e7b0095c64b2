// The look of the window: colours, spacing and fonts sized for a projector, not just a laptop screen, at any
// ui scale, in the standard palette or the high-contrast one.
#pragma once

#include "render/board_palette.hpp"
#include "ui/fonts.hpp"

#include <imgui.h>

namespace ttt::app {

// Sets ImGui's style for `scale` (every size at 100 % times it) and the palette: a dark slate frame that
// lets the light board stand out, or black with white text and bright edges. The colour functions below
// follow it.
void apply_theme(float scale, bool high_contrast);

// Loads DejaVu Sans (regular, bold, large) and DejaVu Sans Mono at `scale` times their sizes when the
// system has them, else ImGui's built-in font for all four, into a cleared atlas. Runs outside a frame.
[[nodiscard]] Fonts load_fonts(float scale);

// Colours the panels share, so a player's colour means the same everywhere.
[[nodiscard]] ImVec4 player_color(bool x);
[[nodiscard]] ImVec4 muted_text_color();
[[nodiscard]] ImVec4 accent_color();
[[nodiscard]] ImVec4 warning_color();
[[nodiscard]] ImVec4 error_color();
[[nodiscard]] ImVec4 win_color();
// The built-in's evaluation line on the score plot: neither player's colour, nor the step marker's.
[[nodiscard]] ImVec4 eval_color();
// Plain text in a colour of its own (a headline, a number that matters): the style's text colour.
[[nodiscard]] ImVec4 strong_text_color();
// The board's colours in the palette in force.
[[nodiscard]] const palette::BoardColors& board_colors();

}  // namespace ttt::app
