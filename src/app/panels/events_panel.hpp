// The event log, taught: the open game's events as stored (step, type, payload, recorded time), the step
// shown lit and a click to jump (History follows, both show the cursor); under them what `apply` changed
// at the step shown, and "Rebuild from the log", which re-folds the game a chunk a frame and says whether
// the result equals the stored projection.
#pragma once

#include "model/event_log.hpp"
#include "panels/panel.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

class EventsPanel final : public Panel {
public:
    EventsPanel() : Panel("events", "Events", false) {}
    [[nodiscard]] bool busy() const noexcept override { return m_open && (m_waiting || m_rebuilding); }
    void layout_json(base::JsonWriter& json) const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void before_window(const FrameContext&, Intents&) override { m_drawn = false; }
    void while_hidden(const FrameContext&, Intents&) override { m_waiting = false; }
    void draw_rebuild(const FrameContext& ctx, Intents& out);
    void draw_fold(const FrameContext& ctx);
    void draw_table(const FrameContext& ctx, Intents& out);

    bool m_drawn = false;
    bool m_waiting = false;     // rows on screen are not read yet
    bool m_rebuilding = false;  // a rebuild runs: frames keep coming until it is done
    int m_asked_first = -1;
    int m_asked_last = -1;
    int m_scrolled_to = -1;
    int m_scroll_tries = 0;  // frames left to bring the step shown into view
    store::GameId m_game = -1;
    // What the step shown changed, made once per step.
    std::uint64_t m_fold_revision = 0;
    int m_fold_step = -1;
    std::optional<FoldChange> m_fold;
    std::string m_fold_after;  // the position after it, in words
    // For the layout line: the rows on screen (step and the row's middle), the lit one, the button.
    std::vector<std::pair<int, float>> m_rows_seen;
    float m_row_x = 0;
    std::optional<int> m_lit;
    std::pair<float, float> m_rebuild_button{0, 0};
    std::string m_lit_type;
    const char* m_verdict = "";  // the last rebuild of this game: "same", "differs", or none yet
};

}  // namespace ttt::app
