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
