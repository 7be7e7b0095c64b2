// A position drawn as an SVG picture for a worksheet: vector, so it prints crisply at any size.
#pragma once

#include "tictactrace/engine/position.hpp"

#include <string>

namespace ttt::exchange {

struct DiagramOptions {
    bool numbers = false;  // each move's number on its mark, 1 for the first move; set-up marks have none
    std::string
        title;  // a line above the board (any text: shown as a terminal shows it, escaped); empty for none
};

// The whole SVG 1.1 document: the board with its grid, the rows and columns numbered from 1 as `move`
// takes them, the marks (black and white stones for five in a row, X and O glyphs on smaller games), the
// last move ringed and a winning line struck through. The same position and options give the same bytes.
// Drawn elements carry a class ("mark", "move-number", "last-move", "winning-line", ...) that a style
// sheet or a test can find them by.
[[nodiscard]] std::string diagram_svg(const Position& position, const DiagramOptions& options = {});

}  // namespace ttt::exchange
