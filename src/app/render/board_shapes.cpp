// Drawing an annotation's shapes over the board.
#include "render/board_shapes.hpp"

#include "tictactrace/exchange/diagram_scene.hpp"

#include <algorithm>
#include <cmath>

namespace ttt::app {

ImU32 shape_color(ShapeColour colour, float alpha) {
    // The diagram's colours, so that a worksheet printed from a step shows what the board showed.
    const exchange::Paint p = exchange::shape_paint(colour);
    const int a = static_cast<int>(std::lround(static_cast<float>(p.alpha) * std::clamp(alpha, 0.0f, 1.0f)));
    return IM_COL32((p.rgb >> 16) & 0xff, (p.rgb >> 8) & 0xff, p.rgb & 0xff, a);
}

void draw_shape(const ShapeFrame& f, const Shape& shape, float alpha) {
    ImDrawList* dl = f.dl;
    const ImU32 color = shape_color(shape.colour, alpha);
    const auto centre = [&](Pos p) {
        return ImVec2(f.ox + (static_cast<float>(p.col) + 0.5f) * f.cell,
                      f.oy + (static_cast<float>(p.row) + 0.5f) * f.cell);
    };
    const ImVec2 c = centre(shape.at);
    const float thick = std::max(f.min_thick, f.cell * 0.12f);
    const float r = f.cell * 0.42f;
    switch (shape.kind) {
    case ShapeKind::Arrow: {
        if (!shape.to) return;
        const ImVec2 to = centre(*shape.to);
        const float dx = to.x - c.x, dy = to.y - c.y;
        const float len = std::sqrt(dx * dx + dy * dy);
        if (len < 1.0f) return;
        const float ux = dx / len, uy = dy / len;
        // The head: long and wide enough to read at any zoom, never longer than half the arrow.
        const float head = std::min(len * 0.5f, std::max(thick * 3.0f, f.cell * 0.45f));
        const float half = std::max(thick * 1.6f, head * 0.6f);
        const ImVec2 tip(to.x - ux * f.cell * 0.15f, to.y - uy * f.cell * 0.15f);
        const ImVec2 base(tip.x - ux * head, tip.y - uy * head);
        dl->AddLine(c, base, color, thick);
        dl->AddTriangleFilled(tip, ImVec2(base.x - uy * half, base.y + ux * half),
                              ImVec2(base.x + uy * half, base.y - ux * half), color);
        return;
    }
    case ShapeKind::Circle: dl->AddCircle(c, r, color, 0, thick); return;
    case ShapeKind::Square:
        dl->AddRect(ImVec2(c.x - r * 0.85f, c.y - r * 0.85f), ImVec2(c.x + r * 0.85f, c.y + r * 0.85f), color,
                    0, 0, thick);
        return;
    case ShapeKind::Triangle:
        dl->AddTriangle(ImVec2(c.x, c.y - r), ImVec2(c.x - r * 0.87f, c.y + r * 0.5f),
                        ImVec2(c.x + r * 0.87f, c.y + r * 0.5f), color, thick);
        return;
    case ShapeKind::Cross: {
        const float a = r * 0.7f;
        dl->AddLine(ImVec2(c.x - a, c.y - a), ImVec2(c.x + a, c.y + a), color, thick);
        dl->AddLine(ImVec2(c.x - a, c.y + a), ImVec2(c.x + a, c.y - a), color, thick);
        return;
    }
    case ShapeKind::Label: {
        // The text as large as the cell allows, on a dark disc so it reads over either mark.
        const float size = std::max(ImGui::GetFontSize(), f.cell * 0.55f);
        ImFont* font = ImGui::GetFont();
        const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.0f, shape.text.c_str());
        dl->AddCircleFilled(c, std::max(r, ts.x * 0.6f), IM_COL32(15, 18, 24, static_cast<int>(190 * alpha)));
        dl->AddText(font, size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), color, shape.text.c_str());
        return;
    }
    }
}

namespace {

ImU32 rgb(palette::Rgb c) {
    return IM_COL32(c.r, c.g, c.b, 255);
}

}  // namespace

void draw_forbidden_mark(ImDrawList* dl, ImVec2 c, float r) {
    const ImVec2 apex(c.x, c.y - r), left(c.x - r * 0.95f, c.y + r * 0.75f),
        right(c.x + r * 0.95f, c.y + r * 0.75f);
    dl->AddTriangleFilled(apex, right, left, rgb(palette::kForbiddenMark));
    dl->AddTriangle(apex, right, left, IM_COL32(90, 16, 16, 255), std::max(1.0f, r * 0.08f));
}

void draw_hint_mark(ImDrawList* dl, ImVec2 c, float r) {
    const ImVec2 top(c.x, c.y - r), right(c.x + r, c.y), bottom(c.x, c.y + r), left(c.x - r, c.y);
    dl->AddQuadFilled(top, right, bottom, left, rgb(palette::kHintMark));
    dl->AddQuad(top, right, bottom, left, IM_COL32(40, 16, 72, 255), std::max(1.0f, r * 0.1f));
}

}  // namespace ttt::app
