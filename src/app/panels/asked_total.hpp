// A total the explainer's quiz is asking for, wherever a panel would print it: "?" in the accent colour,
// as the explainer itself shows it, until the question is answered (FrameContext::total_asked says when).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string>

namespace ttt::app {

// "1300", or "?" while it is asked; right-aligned in at least `width` characters (a column of numbers).
[[nodiscard]] std::string total_text(std::int64_t total, bool asked, int width = 0);

// Draws the total in `color` (right-aligned in `width` characters), or "?" in the accent colour while it
// is asked. Allocates nothing.
void draw_total(const ImVec4& color, std::int64_t total, bool asked, int width = 0);

}  // namespace ttt::app
