// What one gesture does to a step's annotation in the window: a glyph chosen again is taken off, a shape
// drawn again is rubbed out (in another colour it changes colour), the comment replaced; and the colour a
// modifier picks, as Lichess draws. The window then writes the whole annotation as one event.
#pragma once

#include "tictactrace/engine/annotation.hpp"

#include <string>
#include <string_view>

namespace ttt::app {

// None: green; Shift: red; Alt: blue; both: yellow.
[[nodiscard]] ShapeColour shape_colour(bool shift, bool alt) noexcept;

// What a right-click on a cell draws (the shape toolbar's choice; a right-drag always draws an arrow).
enum class ShapeTool : std::uint8_t { Circle, Square, Triangle, Cross, Label };
inline constexpr ShapeTool kShapeTools[] = {ShapeTool::Circle, ShapeTool::Square, ShapeTool::Triangle,
                                            ShapeTool::Cross, ShapeTool::Label};
[[nodiscard]] ShapeKind kind_of(ShapeTool tool) noexcept;
// "circle", "square", "triangle", "cross", "label": the layout line's names.
[[nodiscard]] const char* name_of(ShapeTool tool) noexcept;

// The shape a right-click with `tool` on `at` adds to (or takes off) `note`. A label says `text`, or when
// that is empty the first capital letter no label of the step says yet (A, B, C... as Sabaki numbers them);
// on a cell that has a label already it is that label, so that the click rubs it out (in another colour:
// recolours it) as a circle clicked again does.
[[nodiscard]] Shape clicked_shape(const Annotation& note, ShapeTool tool, Pos at, ShapeColour colour,
                                  std::string_view text = {});
// The first of A to Z, then a to z, that no label of `note` says; "?" when all are taken.
[[nodiscard]] std::string next_label(const Annotation& note);

[[nodiscard]] Annotation with_glyph(Annotation note, Glyph glyph);
[[nodiscard]] Annotation with_shape(Annotation note, const Shape& shape);
[[nodiscard]] Annotation with_comment(Annotation note, std::string comment);

}  // namespace ttt::app
