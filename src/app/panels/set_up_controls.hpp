// The controls of set-up mode, drawn in the Status window while a position is being set up (it is in
// every layout, beside the board): the tool (place X, place O, erase), Clear, Paste a text board from the
// clipboard, who moves next, the marks and scores so far, the rules' verdict, and Start from here / Cancel.
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
    void draw(const FrameContext& ctx, const SetUpDraft& draft, Intents& out);
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
