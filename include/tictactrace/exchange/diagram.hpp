// A position drawn for a worksheet, with what a teacher wrote on its step: as SVG (vector, so it prints
// crisply at any size) or as a PNG picture of a chosen size.
#pragma once

#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/exchange/diagram_scene.hpp"

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ttt::exchange {

struct DiagramOptions {
    bool numbers = false;  // each move's number on its mark, 1 for the first move; set-up marks have none
    std::string
        title;  // a line above the board (any text: shown as a terminal shows it, escaped); empty for none
    Annotation note;  // what is written on the step drawn: its shapes, glyph, judgement and comment
};

// The diagram as things to draw: the board with its grid, the rows and columns numbered from 1 as `move`
// takes them, the marks (black and white stones for five in a row, X and O glyphs on smaller games), the
// last move ringed, a winning line struck through, then the note's shapes over the marks as the window
// draws them, its glyph beside the last move, and under the board its judgement and its comment, wrapped.
[[nodiscard]] Scene diagram_scene(const Position& position, const DiagramOptions& options = {});

// The whole SVG 1.1 document of diagram_scene. The same position and options give the same bytes. Drawn
// elements carry a class ("mark", "move-number", "last-move", "winning-line", "arrow", "circle", "square",
// "triangle", "cross", "label", "glyph", "judgement", "comment", ...) that a style sheet or a test can find
// them by.
[[nodiscard]] std::string diagram_svg(const Position& position, const DiagramOptions& options = {});

// The PNG picture's longer side may be this many pixels, from the least to the most.
inline constexpr int kMinDiagramPixels = 64;
inline constexpr int kMaxDiagramPixels = 8192;

// The PNG file's bytes of diagram_scene, `pixels` wide or tall, whichever side is longer (the other in
// proportion), painted by cairo in DejaVu Sans. A size out of range, or a picture cairo cannot make (no
// memory), is a sentence saying so.
[[nodiscard]] Result<std::string, std::string> diagram_png(const Position& position,
                                                           const DiagramOptions& options, int pixels);

// The characters of the diagram's words (its labels, comment, title) that the PNG's font has no glyph for,
// each once in the order met: a Chinese renju book's comments, say, which the PNG would draw as empty
// boxes and the SVG leaves to its viewer's fonts. Empty when every character is drawn, or when cairo is
// missing (diagram_png then says so).
[[nodiscard]] std::string diagram_png_missing_glyphs(const Position& position, const DiagramOptions& options);

// The two formats by a file's name ending (.svg, .png, in any case); nullopt for any other name.
enum class DiagramFormat : std::uint8_t { Svg, Png };
[[nodiscard]] std::optional<DiagramFormat> diagram_format_of(const std::string& file_name);

}  // namespace ttt::exchange
