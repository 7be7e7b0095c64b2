#include "model/notice_room.hpp"

#include <algorithm>
#include <cmath>

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

std::optional<NoticeSpot> place_notice(const NoticeGround& g, const MeasureText& measure) {
    const float px = g.px;
    const float pad_x = 12 * px;
    const float pad_y = 7 * px;
    const float edge = 6 * px;
    const float gap = 10 * px;
    const Rect& a = g.area;
    const Rect& c = g.cells;
    const float bottom = a.bottom() - g.hint - edge;
    struct Room {
        NoticeRoom room;
        float x0, y0, x1, y1;
    };
    const Room rooms[] = {
        {NoticeRoom::Below, a.x + edge, c.bottom() + std::max(edge, g.overhang + gap), a.right() - edge,
         bottom},
        {NoticeRoom::Right, c.right() + gap, a.y + edge, a.right() - edge, bottom},
        {NoticeRoom::Left, a.x + edge, a.y + edge, c.x - g.row_numbers - gap, bottom},
        {NoticeRoom::Above, a.x + edge, a.y + edge, a.right() - edge, c.y - g.col_numbers - gap},
    };
    for (const Room& r : rooms) {
        const float room_w = r.x1 - r.x0 - 2 * pad_x;
        // A column of two words a line reads worse than the title bar's one line.
        if (room_w < 150 * px) continue;
        const float wrap = std::min(room_w, 720 * px);
        const TextSize ts = measure(wrap);
        if (ts.h + 2 * pad_y > r.y1 - r.y0 || ts.w > room_w) continue;
        // Next to the board: under it at its edge, above it at the numbers, beside it level with its last
        // row (or as low as the room goes).
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
            y = std::max(r.y0 + pad_y, std::min(c.bottom(), r.y1) - pad_y - ts.h);
            break;
        }
        x = std::floor(x);
        y = std::floor(y);
        return NoticeSpot{r.room, Rect{x - pad_x, y - pad_y, ts.w + 2 * pad_x, ts.h + 2 * pad_y}, x, y, wrap};
    }
    return std::nullopt;
}

}  // namespace ttt::app
