// A step's annotation after one gesture of the window's.
#include "model/annotation_edit.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

ShapeColour shape_colour(bool shift, bool alt) noexcept {
    if (shift && alt) return ShapeColour::Yellow;
    if (shift) return ShapeColour::Red;
    if (alt) return ShapeColour::Blue;
    return ShapeColour::Green;
}

ShapeKind kind_of(ShapeTool tool) noexcept {
    switch (tool) {
    case ShapeTool::Circle: return ShapeKind::Circle;
    case ShapeTool::Square: return ShapeKind::Square;
    case ShapeTool::Triangle: return ShapeKind::Triangle;
    case ShapeTool::Cross: return ShapeKind::Cross;
    case ShapeTool::Label: return ShapeKind::Label;
    }
    return ShapeKind::Circle;
}

const char* name_of(ShapeTool tool) noexcept {
    return ttt::name_of(kind_of(tool));
}

std::string next_label(const Annotation& note) {
    const auto taken = [&](char c) {
        return std::any_of(note.shapes.begin(), note.shapes.end(), [&](const Shape& s) {
            return s.kind == ShapeKind::Label && s.text.size() == 1 && s.text[0] == c;
        });
    };
    for (const char first : {'A', 'a'})
        for (char c = first; c < first + 26; ++c)
            if (!taken(c)) return std::string(1, c);
    return "?";
}

Shape clicked_shape(const Annotation& note, ShapeTool tool, Pos at, ShapeColour colour,
                    std::string_view text) {
    Shape shape;
    shape.kind = kind_of(tool);
    shape.at = at;
    shape.colour = colour;
    if (tool != ShapeTool::Label) return shape;
    const auto here = std::find_if(note.shapes.begin(), note.shapes.end(),
                                   [&](const Shape& s) { return s.kind == ShapeKind::Label && s.at == at; });
    if (here != note.shapes.end())
        shape.text = here->text;
    else
        shape.text = text.empty() ? next_label(note) : std::string(text);
    return shape;
}

Annotation with_glyph(Annotation note, Glyph glyph) {
    note.glyph = note.glyph == glyph ? std::nullopt : std::optional<Glyph>(glyph);
    return note;
}

Annotation with_shape(Annotation note, const Shape& shape) {
    // The same shape on the same cells is the same mark whatever its colour: one of it at a time.
    const auto same_place = [&](const Shape& s) {
        return s.kind == shape.kind && s.at == shape.at && s.to == shape.to;
    };
    const auto at = std::find_if(note.shapes.begin(), note.shapes.end(), same_place);
    if (at == note.shapes.end())
        note.shapes.push_back(shape);
    else if (at->colour == shape.colour && at->text == shape.text)
        note.shapes.erase(at);
    else
        *at = shape;
    return note;
}

Annotation with_comment(Annotation note, std::string comment) {
    note.comment = std::move(comment);
    return note;
}

}  // namespace ttt::app
