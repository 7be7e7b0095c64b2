// A diagram's scene painted by cairo into a PNG: the same items the SVG writer spells out, scaled so the
// longer side has the pixels asked for.
#include "tictactrace/exchange/diagram.hpp"

#include "cairo_api.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

namespace ttt::exchange {

namespace {

struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const noexcept { cairo().cairo_surface_destroy(s); }
};
struct ContextDeleter {
    void operator()(cairo_t* c) const noexcept { cairo().cairo_destroy(c); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

void set_paint(cairo_t* cr, Paint p) {
    cairo().cairo_set_source_rgba(cr, ((p.rgb >> 16) & 0xff) / 255.0, ((p.rgb >> 8) & 0xff) / 255.0,
                          (p.rgb & 0xff) / 255.0, p.alpha / 255.0);
}

// Fills and strokes the path just made, as the SVG item says: the fill first, the stroke over it.
void finish_path(cairo_t* cr, const SceneItem& item) {
    if (item.fill) {
        set_paint(cr, *item.fill);
        if (item.stroke)
            cairo().cairo_fill_preserve(cr);
        else
            cairo().cairo_fill(cr);
    }
    if (item.stroke) {
        const Stroke& s = *item.stroke;
        set_paint(cr, s.paint);
        cairo().cairo_set_line_width(cr, s.width);
        cairo().cairo_set_line_cap(cr, s.round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
        cairo().cairo_set_line_join(cr, s.round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER);
        cairo().cairo_stroke(cr);
    }
    cairo().cairo_new_path(cr);
}

void paint_item(cairo_t* cr, const SceneItem& item) {
    const auto& pts = item.points;
    switch (item.kind) {
    case SceneKind::Rect:
        cairo().cairo_rectangle(cr, pts[0].x, pts[0].y, pts[1].x - pts[0].x, pts[1].y - pts[0].y);
        finish_path(cr, item);
        return;
    case SceneKind::Circle:
        cairo().cairo_new_sub_path(cr);
        cairo().cairo_arc(cr, pts[0].x, pts[0].y, item.radius, 0, 2 * std::numbers::pi);
        finish_path(cr, item);
        return;
    case SceneKind::Line:
    case SceneKind::Polyline:
    case SceneKind::Polygon:
        for (std::size_t i = 0; i < pts.size(); ++i)
            (i == 0 ? cairo().cairo_move_to : cairo().cairo_line_to)(cr, pts[i].x, pts[i].y);
        if (item.kind == SceneKind::Polygon) cairo().cairo_close_path(cr);
        finish_path(cr, item);
        return;
    case SceneKind::Text: {
        // The toy text API asks fontconfig for the family: DejaVu Sans, the window's font.
        cairo().cairo_select_font_face(cr, kDiagramFont, CAIRO_FONT_SLANT_NORMAL,
                               item.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
        cairo().cairo_set_font_size(cr, item.font_size);
        cairo_text_extents_t extents;
        cairo().cairo_text_extents(cr, item.text.c_str(), &extents);
        const double shift = item.anchor == TextAnchor::Start ? 0
                             : item.anchor == TextAnchor::End ? extents.x_advance
                                                              : extents.x_advance / 2;
        cairo().cairo_move_to(cr, pts[0].x - shift, pts[0].y);
        set_paint(cr, item.fill.value_or(Paint{}));
        cairo().cairo_show_text(cr, item.text.c_str());
        cairo().cairo_new_path(cr);
        return;
    }
    case SceneKind::Group:
        for (const SceneItem& child : item.children) paint_item(cr, child);
        return;
    }
}

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

Result<std::string, std::string> diagram_png(const Position& position, const DiagramOptions& options,
                                             int pixels) {
    if (pixels < kMinDiagramPixels || pixels > kMaxDiagramPixels)
        return fail("a diagram's picture is " + std::to_string(kMinDiagramPixels) + " to " +
                    std::to_string(kMaxDiagramPixels) + " pixels on its longer side, not " +
                    std::to_string(pixels));
    if (const auto& library = cairo_library(); !library) return fail(library.error());
    const Scene scene = diagram_scene(position, options);
    const double scale = static_cast<double>(pixels) / std::max(scene.width, scene.height);
    const int w = std::max(1, static_cast<int>(std::lround(scene.width * scale)));
    const int h = std::max(1, static_cast<int>(std::lround(scene.height * scale)));

    Surface surface(cairo().cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h));
    if (cairo().cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        return fail("cannot make a " + std::to_string(w) + "x" + std::to_string(h) +
                    " picture: " + cairo().cairo_status_to_string(cairo().cairo_surface_status(surface.get())));
    Context cr(cairo().cairo_create(surface.get()));
    cairo().cairo_scale(cr.get(), scale, scale);
    for (const SceneItem& item : scene.items) paint_item(cr.get(), item);
    if (cairo().cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
        return fail(std::string("cannot draw the diagram: ") +
                    cairo().cairo_status_to_string(cairo().cairo_status(cr.get())));
    cairo().cairo_surface_flush(surface.get());

    std::string png;
    if (const auto status = cairo().cairo_surface_write_to_png_stream(surface.get(), append_bytes, &png);
        status != CAIRO_STATUS_SUCCESS)
        return fail(std::string("cannot encode the diagram as PNG: ") + cairo().cairo_status_to_string(status));
    return png;
}

namespace {

// Every text of a scene, depth first.
void texts_of(const SceneItem& item, std::vector<const SceneItem*>& out) {
    if (item.kind == SceneKind::Text) out.push_back(&item);
    for (const SceneItem& child : item.children) texts_of(child, out);
}

// The length in bytes of the UTF-8 character that starts with `lead` (1 for a stray byte).
std::size_t utf8_length(unsigned char lead) {
    return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
}

}  // namespace

std::string diagram_png_missing_glyphs(const Position& position, const DiagramOptions& options) {
    if (!cairo_library()) return {};
    const Scene scene = diagram_scene(position, options);
    std::vector<const SceneItem*> texts;
    for (const SceneItem& item : scene.items) texts_of(item, texts);
    const Surface surface(cairo().cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1));
    const Context cr(cairo().cairo_create(surface.get()));
    std::string missing;
    for (const bool bold : {false, true}) {
        cairo().cairo_select_font_face(cr.get(), kDiagramFont, CAIRO_FONT_SLANT_NORMAL,
                                       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
        cairo().cairo_set_font_size(cr.get(), 12);
        cairo_scaled_font_t* font = cairo().cairo_get_scaled_font(cr.get());
        for (const SceneItem* text : texts) {
            if (text->bold != bold) continue;
            const std::string& t = text->text;
            for (std::size_t i = 0; i < t.size();) {
                const std::size_t n = std::min(utf8_length(static_cast<unsigned char>(t[i])), t.size() - i);
                const std::string one = t.substr(i, n);
                i += n;
                if (n == 1 || missing.find(one) != std::string::npos) continue;  // ASCII: DejaVu has it
                cairo_glyph_t* glyphs = nullptr;
                int count = 0;
                const cairo_status_t status = cairo().cairo_scaled_font_text_to_glyphs(
                    font, 0, 0, one.c_str(), static_cast<int>(one.size()), &glyphs, &count, nullptr, nullptr,
                    nullptr);
                // Glyph 0 is the font's "no glyph" box.
                if (status == CAIRO_STATUS_SUCCESS && count == 1 && glyphs[0].index == 0) missing += one;
                cairo().cairo_glyph_free(glyphs);
            }
        }
    }
    return missing;
}

}  // namespace ttt::exchange
