// A diagram's scene spelled out as SVG. Every length is written with at most one decimal, rounded by
// integer arithmetic, so the text is the same on every machine; the viewBox lets a printer scale it
// without losing detail.
#include "tictactrace/exchange/diagram.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace ttt::exchange {

namespace {

// Text in the scene is already showable (no control character, valid UTF-8); escaped here so it can never
// end an element or start one.
std::string xml_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += c;
        }
    }
    return out;
}

// 12, 12.5, -3.2: tenths at most, and no "-0".
std::string number(double v) {
    const long long tenths = std::llround(v * 10);
    const long long whole = std::llabs(tenths) / 10;
    const long long tenth = std::llabs(tenths) % 10;
    std::string out = tenths < 0 ? "-" : "";
    out += std::to_string(whole);
    if (tenth != 0) {
        out += '.';
        out += static_cast<char>('0' + tenth);
    }
    return out;
}

std::string colour(Paint p) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%06x", static_cast<unsigned>(p.rgb & 0xffffffu));
    return hex;
}

// An alpha of 0..255 as 0.xx, rounded to hundredths.
std::string opacity(std::uint8_t alpha) {
    const int hundredths = (alpha * 100 + 127) / 255;
    if (hundredths >= 100) return "1";
    std::string out = "0.";
    out += static_cast<char>('0' + hundredths / 10);
    if (hundredths % 10 != 0) out += static_cast<char>('0' + hundredths % 10);
    return out;
}

std::string attribute(const char* name, const std::string& value) {
    return std::string(" ") + name + "=\"" + value + "\"";
}

std::string paint_attributes(const SceneItem& item) {
    std::string out;
    if (item.fill) {
        out += attribute("fill", colour(*item.fill));
        if (item.fill->alpha != 255) out += attribute("fill-opacity", opacity(item.fill->alpha));
    } else if (item.kind != SceneKind::Line && item.kind != SceneKind::Polyline) {
        out += attribute("fill", "none");
    }
    if (item.stroke) {
        const Stroke& s = *item.stroke;
        out += attribute("stroke", colour(s.paint)) + attribute("stroke-width", number(s.width));
        if (s.round) out += attribute("stroke-linecap", "round") + attribute("stroke-linejoin", "round");
        if (s.paint.alpha != 255) out += attribute("stroke-opacity", opacity(s.paint.alpha));
    }
    return out;
}

std::string points_attribute(const std::vector<ScenePoint>& points) {
    std::string out;
    for (const ScenePoint& p : points) {
        if (!out.empty()) out += ' ';
        out += number(p.x) + "," + number(p.y);
    }
    return attribute("points", out);
}

void write_item(std::string& out, const SceneItem& item) {
    const std::string cls = item.cls.empty() ? "" : attribute("class", item.cls);
    const auto& pts = item.points;
    switch (item.kind) {
    case SceneKind::Rect:
        out += "<rect" + cls + attribute("x", number(pts[0].x)) + attribute("y", number(pts[0].y)) +
               attribute("width", number(pts[1].x - pts[0].x)) +
               attribute("height", number(pts[1].y - pts[0].y)) + paint_attributes(item) + "/>\n";
        return;
    case SceneKind::Circle:
        out += "<circle" + cls + attribute("cx", number(pts[0].x)) + attribute("cy", number(pts[0].y)) +
               attribute("r", number(item.radius)) + paint_attributes(item) + "/>\n";
        return;
    case SceneKind::Line:
        out += "<line" + cls + attribute("x1", number(pts[0].x)) + attribute("y1", number(pts[0].y)) +
               attribute("x2", number(pts[1].x)) + attribute("y2", number(pts[1].y)) +
               paint_attributes(item) + "/>\n";
        return;
    case SceneKind::Polyline:
        out += "<polyline" + cls + points_attribute(pts) + paint_attributes(item) + "/>\n";
        return;
    case SceneKind::Polygon:
        out += "<polygon" + cls + points_attribute(pts) + paint_attributes(item) + "/>\n";
        return;
    case SceneKind::Text: {
        const char* anchor = item.anchor == TextAnchor::Start ? "start"
                             : item.anchor == TextAnchor::End ? "end"
                                                              : "middle";
        out += "<text" + cls + attribute("x", number(pts[0].x)) + attribute("y", number(pts[0].y)) +
               attribute("font-family", std::string(kDiagramFont) + ", sans-serif") +
               attribute("font-size", number(item.font_size)) +
               (item.bold ? attribute("font-weight", "bold") : std::string()) +
               attribute("text-anchor", anchor) + paint_attributes(item) + ">" + xml_escaped(item.text) +
               "</text>\n";
        return;
    }
    case SceneKind::Group:
        out += "<g" + cls + ">\n";
        for (const SceneItem& child : item.children) write_item(out, child);
        out += "</g>\n";
        return;
    }
}

}  // namespace

std::string diagram_svg(const Position& position, const DiagramOptions& options) {
    const Scene scene = diagram_scene(position, options);
    // Whole millimetres when the page is, as it is unless a note adds lines under the board.
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"" +
           attribute("width", number(static_cast<double>(scene.width) / kDiagramUnitsPerMm) + "mm") +
           attribute("height", number(static_cast<double>(scene.height) / kDiagramUnitsPerMm) + "mm") +
           attribute("viewBox", "0 0 " + std::to_string(scene.width) + " " + std::to_string(scene.height)) +
           ">\n";
    if (!scene.title.empty()) out += "<title>" + xml_escaped(scene.title) + "</title>\n";
    for (const SceneItem& item : scene.items) write_item(out, item);
    out += "</svg>\n";
    return out;
}

std::optional<DiagramFormat> diagram_format_of(const std::string& file_name) {
    if (file_name.size() <= 4) return std::nullopt;
    std::string ending = file_name.substr(file_name.size() - 4);
    for (char& c : ending) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ending == ".svg") return DiagramFormat::Svg;
    if (ending == ".png") return DiagramFormat::Png;
    return std::nullopt;
}

}  // namespace ttt::exchange
