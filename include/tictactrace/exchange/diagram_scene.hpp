// A diagram as a list of things to draw — rectangles, circles, lines, polygons, text — in the units of the
// page. The geometry of a diagram is worked out here once; the SVG writer only spells the list out and the
// PNG writer only paints it, so the two pictures of a position cannot drift apart.
#pragma once

#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/engine/position.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ttt::exchange {

struct ScenePoint {
    double x = 0;
    double y = 0;
};

// A colour, 0xRRGGBB, and how opaque it is (255: solid).
struct Paint {
    std::uint32_t rgb = 0x000000;
    std::uint8_t alpha = 255;
    friend bool operator==(const Paint&, const Paint&) = default;
};

struct Stroke {
    Paint paint;
    double width = 1;
    bool round = false;  // round ends and joins, as a pen draws; square otherwise
};

enum class SceneKind : std::uint8_t {
    Rect,      // points: the top-left and the bottom-right corners
    Circle,    // points: the centre; radius
    Line,      // points: the two ends
    Polyline,  // points: each corner, open
    Polygon,   // points: each corner, closed
    Text,      // points: where the baseline starts, or its middle or end by `anchor`
    Group,     // children, drawn in order; only its class is its own
};

enum class TextAnchor : std::uint8_t { Start, Middle, End };

struct SceneItem {
    SceneKind kind = SceneKind::Rect;
    std::string cls;  // the SVG class ("mark mark-x", "arrow", "comment"...) a style sheet or a test finds
    std::vector<ScenePoint> points;
    double radius = 0;
    std::optional<Paint> fill;
    std::optional<Stroke> stroke;
    // Text: showable UTF-8 (no control character), not yet escaped for any format.
    std::string text;
    double font_size = 14;
    bool bold = false;
    TextAnchor anchor = TextAnchor::Middle;
    std::vector<SceneItem> children;
};

struct Scene {
    int width = 0;   // in units of a quarter millimetre
    int height = 0;  // the same
    std::string title;
    std::vector<SceneItem> items;  // in the order they are painted, the first underneath
};

// The family every text of a diagram is set in, on paper and in the PNG alike (the window's font too).
inline constexpr const char* kDiagramFont = "DejaVu Sans";
// How many units make a millimetre on paper.
inline constexpr int kDiagramUnitsPerMm = 4;

// The colour of a teacher's shape, the same on the board in the window, on paper and in a PNG: Lichess's
// brushes, a little see-through so the mark under them still shows.
[[nodiscard]] Paint shape_paint(ShapeColour colour) noexcept;

}  // namespace ttt::exchange
