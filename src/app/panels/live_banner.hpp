// The live lesson on the board (model/live_session.hpp): the banner at the top of the board panel
// ("Following tess", "Back to the teacher", "The teacher is gone"; "Presenting" for the teacher), the
// poll's line under it ("Your move?", "2 of 3 answered", Close the poll, Show the best move), and over the
// cells the class's answers (a count on each cell, tinted by its share), the student's own answer and
// the built-in's best move.
#pragma once

#include "panels/view.hpp"

#include <optional>

namespace ttt::app {

// Where the banner's buttons were drawn in the last frame (their middles, window pixels): the layout
// line's "live_buttons", for the window tests' clicks.
struct LiveButtons {
    std::optional<ImVec2> ask, close, best, back;
    void reset() noexcept { *this = LiveButtons{}; }
    void write_json(base::JsonWriter& json) const;
};

// The banner and the poll's line (kept while no question is open, so that a poll leaves every board where
// it was), above the board; nothing when the window neither presents nor follows.
void draw_live_banner(const FrameContext& ctx, Intents& out, LiveButtons& buttons);

// Over the board whose cell (0, 0) has its top-left corner at (ox, oy), cells `cell` pixels wide: the
// poll's marks, drawn only on the poll's game at its step.
void draw_poll_overlay(const FrameContext& ctx, float ox, float oy, float cell);

// The tint of a cell chosen by `share` (0..1) of the answers: a test finds it in a screenshot.
[[nodiscard]] ImU32 poll_tint(float share);

}  // namespace ttt::app
