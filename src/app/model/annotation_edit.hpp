// What one gesture does to a step's annotation in the window: a glyph chosen again is taken off, a shape
// drawn again is rubbed out (in another colour it changes colour), the comment replaced; and the colour a
// modifier picks, as Lichess draws. The window then writes the whole annotation as one event.
#pragma once

#include "tictactrace/engine/annotation.hpp"

#include <string>

namespace ttt::app {

// None: green; Shift: red; Alt: blue; both: yellow.
[[nodiscard]] ShapeColour shape_colour(bool shift, bool alt) noexcept;

[[nodiscard]] Annotation with_glyph(Annotation note, Glyph glyph);
[[nodiscard]] Annotation with_shape(Annotation note, const Shape& shape);
[[nodiscard]] Annotation with_comment(Annotation note, std::string comment);

}  // namespace ttt::app
