// "Proof": a forced win of the position shown proved by the engine's threat search and stepped through the
// way the score explainer steps through runs — the attacker's four with the point that completes it lit,
// the one defence, the next four, ... the five, each move a numbered ghost stone on the board; in renju, a
// block forbidden to Black marked with a cross and explained. VCF first, VCT as a choice; the search runs
// on a thread of its own with a budget, and Stop ends it. A second tab draws the engine's expected line
// (the built-in's report of the position shown) as numbered ghost stones, stepped with [ and ], hidden
// with G.
#pragma once

#include "model/ghost_line.hpp"
#include "model/proof_explainer_state.hpp"
#include "model/teaching_model.hpp"
#include "panels/panel.hpp"
#include "panels/teaching_widgets.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class ProofPanel final : public Panel {
public:
    explicit ProofPanel(std::shared_ptr<TeachingModel> model);

    void on_intent(const Intent& intent) override;
    [[nodiscard]] bool busy() const noexcept override {
        return m_open && (m_state.running() || m_state.playing() || m_line.playing());
    }
    void layout_json(base::JsonWriter& json) const override;
    [[nodiscard]] bool takes_arrow_keys() const noexcept override { return m_open && m_has_focus; }
    [[nodiscard]] std::string link_entry() const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void before_window(const FrameContext& ctx, Intents& out) override;
    void while_hidden(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void follow_position(const FrameContext& ctx);
    void read_keys();
    void draw_proof(const FrameContext& ctx, Intents& out);
    void draw_line(const FrameContext& ctx, Intents& out);

    std::shared_ptr<TeachingModel> m_model;  // read only to know whether the score explainer is on screen
    ProofExplainerState m_state;
    GhostLine m_line;
    std::uint64_t m_revision = ~std::uint64_t{0};  // the position the search and the line are of
    std::optional<ProofLink> m_pending;
    bool m_select_line = false;  // a link asked for the engine's line tab
    bool m_show_ghosts = true;   // the engine's line on the board (G)
    bool m_line_tab = false;     // the tab shown last frame
    double m_last_time = -1;
    double m_dt = 0;
    bool m_has_focus = false;
    int m_scrolled_to = -1;

    // What this frame shows on the board, held for the intents that point at it.
    std::vector<Pos> m_lit;
    std::vector<GhostStone> m_ghosts;
    std::vector<Pos> m_crosses;

    // For the layout line.
    bool m_shown = false;
    SpeedSpots m_speed;
};

}  // namespace ttt::app
