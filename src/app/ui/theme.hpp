// The look of the window: colours, spacing and fonts sized for a projector, not just a laptop screen.
#pragma once

#include "ui/fonts.hpp"

#include <imgui.h>

namespace ttt::app {

// Sets ImGui's style: a dark slate frame that lets the light board stand out, rounded corners, roomy padding.
void apply_theme();

// Loads DejaVu Sans (regular, bold, large) and DejaVu Sans Mono when the system has them, else ImGui's
// built-in font for all four. Must run before the first frame.
[[nodiscard]] Fonts load_fonts();

// Colours the panels share, so a player's colour means the same everywhere.
[[nodiscard]] ImVec4 player_color(bool x);
[[nodiscard]] ImVec4 muted_text_color();
[[nodiscard]] ImVec4 accent_color();
[[nodiscard]] ImVec4 warning_color();
[[nodiscard]] ImVec4 error_color();
[[nodiscard]] ImVec4 win_color();

}  // namespace ttt::app
