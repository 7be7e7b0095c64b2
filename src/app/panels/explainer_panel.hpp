// The run-splitting explainer: the scoring article's scorer walked one step at a time for the chosen player
// and the position shown. The current row is banded in its matrix and lit on the board; the step reads as a
// line of the scoring article's table; the row's 0/1 string is drawn cut at every '0'; the running totals and
// the table so far sit below. First/previous/next/last, play and pause with a speed, a jump to each
// orientation, a skip over rows with no run, and keys for all of them.
#pragma once

#include "gfx/framebuffer.hpp"
#include "model/teaching_model.hpp"
#include "panels/panel.hpp"
#include "panels/quiz_widgets.hpp"
#include "panels/teaching_widgets.hpp"
#include "render/matrix_renderer.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class ExplainerPanel final : public Panel {
public:
    explicit ExplainerPanel(std::shared_ptr<TeachingModel> model);

    // `--show explainer@-45/9/points` (or @o:rows/5/keep, @summary) opens the explainer at that step.
    void on_intent(const Intent& intent) override;
    [[nodiscard]] bool busy() const noexcept override { return m_open && m_model->explainer.playing(); }
    void layout_json(base::JsonWriter& json) const override;
    [[nodiscard]] std::string link_entry() const override;
    [[nodiscard]] bool takes_arrow_keys() const noexcept override { return m_open && m_has_focus; }

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void read_keys();
    void follow_quiz(const ScoreTrace& trace);
    void draw_controls(const FrameContext& ctx);
    void draw_matrix(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step, ImVec2 size);
    void draw_step(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step);
    void draw_row_strip(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step);
    void draw_totals(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step);
    void draw_totals_column(const FrameContext& ctx, ExplainerStep step);
    void draw_table(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step);

    struct Key {
        std::uint64_t revision = 0;
        Player player = Player::X;
        ExplainerStep step;
        std::vector<Pos> lit;
        float cell = 0;
        int width = 0, height = 0;
        const palette::BoardColors* colors = nullptr;
        friend bool operator==(const Key&, const Key&) = default;
    };

    std::shared_ptr<TeachingModel> m_model;
    MatrixRenderer m_renderer;
    gfx::Framebuffer m_target;
    std::optional<Key> m_drawn;
    Key m_key;  // this frame's, made in place
    std::vector<std::uint8_t> m_bytes;
    std::uint64_t m_shape_revision = 0;  // the trace whose shape the stepper has
    Player m_shape_player = Player::X;
    double m_last_time = -1;
    double m_dt = 0;                         // seconds since the last frame, for playing
    int m_scrolled_to = -1;                  // the step the table last scrolled to
    std::optional<ExplainerStep> m_pending;  // a linked step, taken once the trace is known

    // The step's words, and what they were made for.
    struct WordsOf {
        ExplainerStep step;
        std::uint64_t revision = 0;
        Player player = Player::X;
    };
    std::optional<WordsOf> m_words_of;
    std::string m_line;
    std::string m_caption;
    ShownTotals m_totals;
    bool m_has_focus = false;  // the window has the keyboard's focus: the arrows are the explainer's

    // "Predict, then see", for this session: the quiz, its number field, and the step shown last frame
    // (a move forward from it onto a step with a question stops and asks).
    Quiz m_quiz;
    QuizField m_quiz_field;
    int m_seen = -1;
    bool m_pending_quiz = false;  // the link ended in "+quiz"
    bool m_total_asked = false;   // the question is a running total: the totals it changes show "?"

    // For the layout line.
    bool m_shown = false;
    SpeedSpots m_speed;
    float m_matrix_x = 0, m_matrix_y = 0, m_matrix_cell = 0;
    int m_matrix_rows = 0, m_matrix_cols = 0;
    std::vector<Pos> m_row_cells;
};

}  // namespace ttt::app
