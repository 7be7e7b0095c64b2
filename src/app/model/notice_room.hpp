// Where the notice of the last action and the history banner go on the Board window: never over a cell, the
// numbers around the board or the zoom hint. A notice often speaks of a cell ("Can't play there: cell (7,
// 7)...") and on a projector the class reads the board while the teacher reads the notice. The banner of an
// earlier step ("Step 10 of 14. A move here starts a variation...") takes no room from the board either: a
// step back must leave every cell where it was, under the pointer. Pure arithmetic, so every board size,
// zoom, pan and ui scale can be checked without a window.
#pragma once

#include "model/board_view.hpp"
#include "model/window_layout.hpp"

#include <functional>
#include <optional>

namespace ttt::app {

// The board's area and what is drawn in it, in window pixels.
struct NoticeGround {
    Rect area;              // the board's area (the view)
    Rect cells;             // the board's cells as drawn, clipped to the area
    float row_numbers = 0;  // the width of the row numbers' strip left of the cells, their gap included
    float col_numbers = 0;  // the height of the column numbers' strip above the cells, its gap included
    float overhang = 0;     // how far the last row's number hangs below the cells (a font taller than a cell)
    float hint = 0;         // the zoom hint's strip along the area's bottom, 0 when none is shown
    float px = 1;           // one pixel at 100 %: the ui scale
    Rect taken;             // a box already placed there (the history banner), kept clear of; w 0: none
};

// The board's cells as `view` draws them in its area at (x, y), clipped to that area: a zoomed board's
// cells fill it.
[[nodiscard]] Rect cells_shown(const BoardView& view, float x, float y) noexcept;

enum class NoticeRoom { Below, Right, Left, Above };
[[nodiscard]] const char* name_of(NoticeRoom room) noexcept;  // "below", "right", "left", "above"

struct NoticeSpot {
    NoticeRoom room = NoticeRoom::Below;
    Rect box;     // the notice's box, its padding included
    float x = 0;  // where its text starts
    float y = 0;
    float wrap = 0;  // the width the text is wrapped at
};

// The text's size when wrapped at a width (ImGui::CalcTextSize in the app).
struct TextSize {
    float w = 0;
    float h = 0;
};
using MeasureText = std::function<TextSize(float wrap)>;

// The first room around the cells that holds the notice whole: under the board (above the zoom hint),
// right of it level with its last row, left of the row numbers, above the column numbers. nullopt when
// none does (a board that fills its area, or one zoomed in): the app then uses the title bar.
// A room the taken box lies in keeps its part above or below that box, the taller.
[[nodiscard]] std::optional<NoticeSpot> place_notice(const NoticeGround& ground, const MeasureText& measure);

// The history banner's place: the same rooms, in the order the eye looks for it on stepping back: above the
// column numbers, then beside the board level with its first row, then under it. nullopt when none holds
// it: the app then puts it on one line in the title bar.
[[nodiscard]] std::optional<NoticeSpot> place_banner(const NoticeGround& ground, const MeasureText& measure);

}  // namespace ttt::app
