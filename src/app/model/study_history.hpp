// The History panel's rows of a studied game: the line shown, a row a step, and under each step where
// other moves were tried, a row per variation in brackets, its first moves written out. Glyphs stand beside
// the moves; a step with a comment or shapes is marked. Made once per change of the study, never per frame.
#pragma once

#include "model/study_line.hpp"
#include "tictactrace/engine/player.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

struct StudyRow {
    int step = 0;            // the line's step of the row, or of the move a variation is played instead of
    NodeId node = 0;         // the line's node at the step, or the variation's first move
    bool variation = false;  // another move than the line's at `step`, drawn indented and in brackets
    int move_number = 0;     // the marks on the board after a move's step
    std::optional<Player> player;  // whose event it names
    std::string cell;              // "(3, 4)" for a move or a take-back
    std::string words;             // the event's label and its glyph; a variation's moves in brackets
    bool marked = false;           // its step carries a comment or shapes
    bool main_line = false;        // on the game's main line
};

// How many moves of a variation its row writes out before "…".
inline constexpr int kVariationMovesShown = 4;

[[nodiscard]] std::vector<StudyRow> study_rows(const StudyLine& study);

}  // namespace ttt::app
