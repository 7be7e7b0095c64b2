// A total the explainer's quiz is asking for, wherever a panel would print it: "?" in the accent colour,
// as the explainer itself shows it, until the question is answered (FrameContext::total_asked says when).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string_view>

namespace ttt::app {

// A total's text in a buffer of its own: printed every frame, made without the heap.
struct TotalText {
    char text[32] = {};
    [[nodiscard]] const char* c_str() const noexcept { return text; }
    operator std::string_view() const noexcept { return text; }
};

// "1300", or "?" while it is asked; right-aligned in at least `width` characters (a column of numbers).
[[nodiscard]] TotalText total_text(std::int64_t total, bool asked, int width = 0);

// Draws the total in `color` (right-aligned in `width` characters), or "?" in the accent colour while it
// is asked. Allocates nothing.
void draw_total(const ImVec4& color, std::int64_t total, bool asked, int width = 0);

}  // namespace ttt::app
