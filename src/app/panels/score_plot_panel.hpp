// Both players' scores after every step of the open game, as two lines, with the position shown marked;
// beside them, where the built-in judged positions (its moves, hints, Game > Analyse), its evaluation from
// X's side on an axis of its own. Pointing at the plot names the step, both scores and the evaluation; a
// click jumps there.
#pragma once

#include "model/controller.hpp"
#include "model/ghost_line.hpp"
#include "model/score_series.hpp"
#include "panels/panel.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

class ScorePlotPanel final : public Panel {
public:
    ScorePlotPanel();
    void layout_json(base::JsonWriter& json) const override;
    // While the series is being folded, frames keep coming so that it arrives.
    [[nodiscard]] bool busy() const noexcept override { return m_waiting; }

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    }

    std::vector<ImVec2> m_line;  // reused every frame: an idle frame allocates nothing
    // Every word drawn in the plot this frame (values, steps, the flags' legend, the axis's ends), with its
    // rectangle: a word that would touch one already there is left out when it can be, and the layout line
    // reports them so that a test can see that none overlap.
    struct PlotLabel {
        std::array<char, 32> text{};
        ImVec2 lo{0, 0}, hi{0, 0};
    };
    std::vector<PlotLabel> m_labels;
    bool m_scored = true;  // the rules keep a score: the plot shows both scores, the evaluation beside them
    // Draws `text` at `at` and notes its rectangle; an `optional` one that would overlap a word already
    // drawn is left out (false).
    bool put_label(ImDrawList* dl, ImVec2 at, const char* text, ImU32 color, bool optional);
    const std::vector<ScorePoint> m_no_points;
    bool m_waiting = false;
    // The data area (window pixels) and the steps it spans, for the layout line.
    bool m_shown = false;
    ImVec2 m_area_pos{0, 0};
    ImVec2 m_area_size{0, 0};
    int m_steps = 0;
    bool m_show_eval = true;    // the evaluation line, when there is one
    int m_evaluations = 0;      // of the open game, this frame
    bool m_eval_drawn = false;  // drawn this frame
    std::optional<double> m_eval_at_cursor;
    std::optional<Controller::AnalysisProgress> m_analysis;
    ImVec2 m_button_at{0, 0};  // the centre of Analyse (or of Stop while it runs), for the layout line
    // Game > Analyse with...: the engine (0 the built-in, n the n-th of Game > Engines), the limit per
    // position (nodes for the built-in, milliseconds for a brain).
    void draw_analyse_with(const FrameContext& ctx, Intents& out);
    // The stored analysis's mistakes, a row each; a click jumps there. Below it the line of the step shown.
    void draw_mistakes(const FrameContext& ctx, Intents& out);
    int m_engine = 0;
    bool m_list_room = false;                        // the mistakes list fits below the plot this frame
    std::string m_engine_label;                      // the combo's words for m_engine
    std::pair<int, std::size_t> m_label_for{-1, 0};  // the choice and the list's size they were made for
    int m_limit = 20000;
    int m_nbest = 5;  // the built-in's candidates a position (Game > Analyse with...)
    // For the layout line: the centre of Analyse with's button (or of its Stop while it runs), the run's
    // progress, and the analyses stored of the open game with the one shown.
    ImVec2 m_with_button_at{0, 0};
    std::optional<std::pair<int, int>> m_with_progress;
    int m_stored = 0;
    std::int64_t m_stored_shown = 0;
    std::vector<GhostStone> m_ghosts;  // the stored line of the step shown, for ShowGhostStones
    // The engine's words and line at the step shown, made again only when the analysis or the step
    // changes, so that a frame that changes nothing allocates nothing.
    std::pair<std::int64_t, std::int64_t> m_here_for{-1, -1};  // (analysis, node)
    bool m_here_known = false;                                 // the analysis has that node
    std::string m_here_text;
    std::vector<GhostStone> m_here_ghosts;
    std::int64_t m_choice_for = -1;  // the analysis the choice box's words were made for
    std::string m_choice_label;
    std::vector<Pos> m_no_crosses;
    struct Marker {
        ImVec2 at;
        MoveFlag flag = MoveFlag::None;
        int step = 0;
    };
    std::vector<Marker> m_markers;  // this frame's flag markers, for the layout line and the clicks
};

}  // namespace ttt::app
