#include "model/notice_room.hpp"

#include <algorithm>
#include <cmath>
#include <span>

namespace ttt::app {

const char* name_of(NoticeRoom room) noexcept {
    switch (room) {
    case NoticeRoom::Below: return "below";
    case NoticeRoom::Right: return "right";
    case NoticeRoom::Left: return "left";
    case NoticeRoom::Above: return "above";
    }
    return "below";
}

Rect cells_shown(const BoardView& view, float x, float y) noexcept {
    const float x0 = std::max(x, x + view.origin_x());
    const float y0 = std::max(y, y + view.origin_y());
    const float x1 = std::min(x + view.viewport_width(),
                              x + view.origin_x() + view.cell_size() * static_cast<float>(view.cols()));
    const float y1 = std::min(y + view.viewport_height(),
                              y + view.origin_y() + view.cell_size() * static_cast<float>(view.rows()));
    return Rect{x0, y0, std::max(0.0f, x1 - x0), std::max(0.0f, y1 - y0)};
}

namespace {

struct Room {
    NoticeRoom room;
    float x0, y0, x1, y1;
};

// The rooms in `order` that hold the text whole, the first taken: under or above the board centred at its
// edge; beside it level with its last row (`bottom_first`) or its first.
std::optional<NoticeSpot> place_in(const NoticeGround& g, std::span<const NoticeRoom> order,
                                   bool bottom_first, const MeasureText& measure) {
    const float px = g.px;
    const float pad_x = 12 * px;
    const float pad_y = 7 * px;
    const float edge = 6 * px;
    const float gap = 10 * px;
    const Rect& a = g.area;
    const Rect& c = g.cells;
    const float bottom = a.bottom() - g.hint - edge;
    const auto room_of = [&](NoticeRoom room) {
        switch (room) {
        case NoticeRoom::Below:
            return Room{room, a.x + edge, c.bottom() + std::max(edge, g.overhang + gap), a.right() - edge,
                        bottom};
        case NoticeRoom::Right: return Room{room, c.right() + gap, a.y + edge, a.right() - edge, bottom};
        case NoticeRoom::Left: return Room{room, a.x + edge, a.y + edge, c.x - g.row_numbers - gap, bottom};
        case NoticeRoom::Above:
            return Room{room, a.x + edge, a.y + edge, a.right() - edge, c.y - g.col_numbers - gap};
        }
        return Room{room, 0, 0, 0, 0};
    };
    for (const NoticeRoom which : order) {
        Room r = room_of(which);
        const Rect& t = g.taken;
        if (t.w > 0 && t.h > 0 && t.overlaps(Rect{r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0})) {
            const float above = t.y - gap - r.y0;
            const float below = r.y1 - (t.bottom() + gap);
            if (above >= below)
                r.y1 = t.y - gap;
            else
                r.y0 = t.bottom() + gap;
        }
        const float room_w = r.x1 - r.x0 - 2 * pad_x;
        // A column of two words a line reads worse than the title bar's one line.
        if (room_w < 150 * px) continue;
        const float wrap = std::min(room_w, 720 * px);
        const TextSize ts = measure(wrap);
        if (ts.h + 2 * pad_y > r.y1 - r.y0 || ts.w > room_w) continue;
        // Next to the board: under it at its edge, above it at the numbers, beside it level with its last
        // (or first) row, or as near as the room goes.
        float x = 0;
        float y = 0;
        switch (r.room) {
        case NoticeRoom::Below:
            x = (r.x0 + r.x1 - ts.w) * 0.5f;
            y = r.y0 + pad_y;
            break;
        case NoticeRoom::Above:
            x = (r.x0 + r.x1 - ts.w) * 0.5f;
            y = r.y1 - pad_y - ts.h;
            break;
        case NoticeRoom::Right:
        case NoticeRoom::Left:
            x = r.room == NoticeRoom::Right ? r.x0 + pad_x : r.x1 - pad_x - ts.w;
            y = bottom_first ? std::max(r.y0 + pad_y, std::min(c.bottom(), r.y1) - pad_y - ts.h)
                             : std::min(r.y1 - pad_y - ts.h, std::max(c.y, r.y0) + pad_y);
            break;
        }
        x = std::floor(x);
        y = std::floor(y);
        return NoticeSpot{r.room, Rect{x - pad_x, y - pad_y, ts.w + 2 * pad_x, ts.h + 2 * pad_y}, x, y, wrap};
    }
    return std::nullopt;
}

}  // namespace

std::optional<NoticeSpot> place_notice(const NoticeGround& g, const MeasureText& measure) {
    static constexpr NoticeRoom kOrder[] = {NoticeRoom::Below, NoticeRoom::Right, NoticeRoom::Left,
                                            NoticeRoom::Above};
    return place_in(g, kOrder, true, measure);
}

std::optional<NoticeSpot> place_banner(const NoticeGround& g, const MeasureText& measure) {
    static constexpr NoticeRoom kOrder[] = {NoticeRoom::Above, NoticeRoom::Right, NoticeRoom::Left,
                                            NoticeRoom::Below};
    return place_in(g, kOrder, false, measure);
}

}  // namespace ttt::app
