// Toolbars that flow: an item that no longer fits on the line starts the next one, so a narrow window or
// a large ui scale wraps a row of buttons instead of cutting it off at the window's edge.
#pragma once

#include <imgui.h>

namespace ttt::app {

// Before an item `width` pixels wide that follows another: on the same line when it fits before the
// window's right edge (`gap` pixels after the last item; the style's spacing when negative), else on the
// next line.
void flow(float width, float gap = -1.0f);
// The width of a button, a checkbox or a radio button with this label (the part before "##").
[[nodiscard]] float button_width(const char* label);
[[nodiscard]] float checkbox_width(const char* label);
// How many lines buttons of these widths take, flowing in `width` pixels.
[[nodiscard]] int flowed_lines(const float* widths, int count, float width);

}  // namespace ttt::app
