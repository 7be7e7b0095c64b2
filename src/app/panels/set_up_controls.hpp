// The controls of set-up mode, drawn in the Status window while a position is being set up (it is in
// every layout, beside the board): the tool (place X, place O, erase), Clear, Paste a text board from the
// clipboard, who moves next, the marks and scores so far, the rules' verdict, and under them, always in
// sight, Start from here / Cancel.
#pragma once

#include "panels/button_spots.hpp"

#include "model/set_up_draft.hpp"
#include "panels/view.hpp"

#include <map>
#include <optional>
#include <string>

namespace ttt::app {

class SetUpControls {
public:
    // The body: the tool, who moves next, where it stands; it scrolls in the Status window when small.
    void draw(const FrameContext& ctx, const SetUpDraft& draft, Intents& out);
    // Start from here and Cancel, on one line that the Status window keeps in sight under the body.
    void draw_buttons(const FrameContext& ctx, const SetUpDraft& draft, Intents& out);
    // The height draw_buttons takes in a window `width` pixels wide, its spacing above included.
    [[nodiscard]] static float buttons_height(const FrameContext& ctx, float width);
    // "setup":{"marks":[x,o],"to_move":"x","scores":[x,o],"problem":...,"buttons":{"start":[cx,cy],...}},
    // from what the last draw showed; nothing when it did not draw.
    void layout_json(base::JsonWriter& json) const;
    void forget() noexcept { m_shown.reset(); }

private:
    // The centre of a control just drawn, by name, for the window tests to click.
    void remember(const char* name);
    // What the layout line reports, copied at draw time (the draft may end before the line is written).
    struct Shown {
        std::size_t x_marks = 0, o_marks = 0;
        char to_move = 'x';
        std::int64_t x_score = 0, o_score = 0;
        std::optional<std::string> problem;
        ButtonSpots buttons;
    };
    std::optional<Shown> m_shown;
};

}  // namespace ttt::app
