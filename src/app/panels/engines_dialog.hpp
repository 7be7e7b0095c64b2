// Game > Engines...: the external Gomocup engines that can play a side. Each is listed by what it said of
// itself (ABOUT), with its command line and whether Stop can hurry it (YXSTOP); Remove takes one off the
// list. A command line typed or pasted in and Add (or Enter) has the engine checked on a worker thread —
// started, told a 15x15 board, asked ABOUT — and listed only once it answered; otherwise the dialog says in
// a sentence what went wrong. The frame never waits for it.
#pragma once

#include "panels/button_spots.hpp"
#include "panels/dialog.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ttt::app {

class EnginesDialog final : public Dialog {
public:
    EnginesDialog() : Dialog("engines", "Engines", false) {}
    // "engines":{"command":"...","command_active":true,"checking":false,"listed":["fake brain 1.2"],
    // "outcome":"Added ...","added":true,"buttons":{"add":[cx,cy],"command":[cx,cy],"remove_1":[cx,cy],...}}
    // while it is up.
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void draw_list(Intents& out);
    [[nodiscard]] float width() const noexcept override { return 860; }

    std::string m_command;          // the command line being typed
    bool m_shown = false;           // drawn this frame
    bool m_command_active = false;  // the command field takes the keys: Enter adds
    bool m_checking = false;
    bool m_refocus = false;               // the field takes the keys at the next draw
    std::int64_t m_outcome_seen = 0;      // the roster's outcome the field was last cleared for
    std::vector<EngineEntry> m_names_of;  // the list m_listed names
    std::vector<std::string> m_listed;    // each engine's label
    std::string m_outcome;
    bool m_added = false;
    ButtonSpots m_spots;
};

}  // namespace ttt::app
