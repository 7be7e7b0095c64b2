// "How the win is found": the source articles' ways of finding a win walked one step at a time on the
// position shown, from the engine's own traces — the enumeration of every line, the full-line checks, the
// walk from the last move. Each step lights on the board the cells it reads and says what it concluded in
// the article's words; the work (cells read, lines tested) counts up as the steps go. A second tab puts
// the three side by side with a table of how the work grows with the board.
#pragma once

#include "model/expression_wrap.hpp"
#include "model/teaching_model.hpp"
#include "model/win_explainer_state.hpp"
#include "panels/panel.hpp"
#include "panels/quiz_widgets.hpp"
#include "panels/teaching_widgets.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class WinExplainerPanel final : public Panel {
public:
    explicit WinExplainerPanel(std::shared_ptr<TeachingModel> model);

    // `--show win_explainer@walk/5` opens it at the walk's fifth step; `@compare` on the comparison.
    void on_intent(const Intent& intent) override;
    // A quiz answer clicked on the board: revealed when this walk asked for a cell.
    void on(const QuizCellClick& click);
    [[nodiscard]] bool busy() const noexcept override { return m_open && m_state.playing(); }
    void layout_json(base::JsonWriter& json) const override;
    [[nodiscard]] bool takes_arrow_keys() const noexcept override { return m_open && m_has_focus; }
    // "win_explainer@walk/5", "win_explainer@compare", with "+quiz" while the quiz is on.
    [[nodiscard]] std::string link_entry() const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void follow_position(const FrameContext& ctx);
    void read_keys();
    void follow_quiz();
    void reveal(const QuizAnswer& answer);
    void draw_controls(const FrameContext& ctx);
    void draw_step(const FrameContext& ctx);
    void draw_compare(const FrameContext& ctx);

    std::shared_ptr<TeachingModel> m_model;  // read only to know whether the score explainer is on screen
    WinExplainerState m_state;
    Rules m_rules;
    std::uint64_t m_revision = 0;  // the position the traces are of
    std::optional<WinLink> m_pending;
    bool m_select_compare = false;  // a link asked for the comparison tab
    double m_last_time = -1;
    double m_dt = 0;
    bool m_has_focus = false;
    std::vector<GrowthRow> m_growth;
    int m_scrolled_to = -1;

    // "Predict, then see", for this session: the quiz, its number field, and the algorithm and step shown
    // last frame (a move forward from it onto a step with a question stops and asks).
    Quiz m_quiz;
    QuizField m_quiz_field;
    int m_seen = -1;
    bool m_pending_quiz = false;  // the link ended in "+quiz"
    WinAlgorithm m_seen_algorithm = WinAlgorithm::Enumerate;

    // For the layout line.
    bool m_shown = false;
    bool m_compare_shown = false;
    SpeedSpots m_speed;
    // The step's words as drawn, line by line (their room kept from frame to frame).
    std::vector<TextSpan> m_text_lines;
    std::vector<std::size_t> m_breaks;
};

}  // namespace ttt::app
