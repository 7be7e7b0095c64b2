// The shapes a teacher draws on a step (engine/annotation.hpp), drawn over the board's marks with ImGui's
// draw list: arrows with heads, circles, squares, triangles, crosses and labels, in Lichess's four colours,
// sized by the cell and never thinner than a projector shows from the back of a room.
#pragma once

#include "render/board_palette.hpp"
#include "tictactrace/engine/annotation.hpp"

#include <imgui.h>

namespace ttt::app {

// Where the board is this frame: the draw list, a cell's size and the top-left corner of cell (0, 0).
struct ShapeFrame {
    ImDrawList* dl = nullptr;
    float cell = 0;
    float ox = 0;
    float oy = 0;
    float min_thick = 3;  // the thinnest line, in pixels (the ui scale's 3)
};

// The colour of a shape: strong, a little see-through, so the mark under it still shows.
[[nodiscard]] ImU32 shape_color(ShapeColour colour, float alpha = 1.0f);

void draw_shape(const ShapeFrame& frame, const Shape& shape, float alpha);

// The board's two signs of its own, centred on `c`, `r` from the centre to a corner (a third of a cell on
// the board; the legends draw them at text size): renju's forbidden point, a filled red triangle with a
// dark rim, and the built-in's hint, a filled violet diamond (board_palette.hpp's kForbiddenMark and
// kHintMark). Filled, so neither reads as a teacher's outlined shape.
void draw_forbidden_mark(ImDrawList* dl, ImVec2 c, float r);
void draw_hint_mark(ImDrawList* dl, ImVec2 c, float r);

}  // namespace ttt::app
