// The Lesson window: the lesson being followed (its title, "Moment 2 of 5", the teacher's words, a moment's
// "find the move" answered by clicks on the board, Previous and Next, every moment in a list with its tries)
// and the lesson being written (a caption, "Ask: find the move" set by clicks, Add this moment, the moments
// so far, the file to save it to). Board clicks reach it as they reach the explainers' quiz (QuizWantsCell).
// It floats in the bottom left corner of the work area, so that it never covers the teaching panels on the
// right; the user may move it.
#pragma once

#include "panels/button_spots.hpp"
#include "panels/panel.hpp"
#include "tictactrace/exchange/lesson.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

class LessonWindow final : public Panel {
public:
    LessonWindow() : Panel("lesson", "Lesson", false) {}
    // Not docked: the Lesson menu and a lesson's moments open it, not the View menu.
    [[nodiscard]] bool listed() const noexcept override { return false; }
    void on_intent(const Intent& intent) override;
    // A moment was shown: its words come above its panels.
    void on(const MomentShown&);
    // A board click while the window asked for one: a student's try, or a cell of the question being set.
    void on(const QuizCellClick& click);
    // "lesson":{"title":..,"moment":1,"moments":5,"caption":..,"find":{"tries":..,"found":..,"reply":..,
    //           "hint":..},"tries":[each moment's summary],"draft":[captions],"asks":[each draft moment's
    //           question summary],"asking":{"answers":[[r,c],..],"wrong":[[r,c],..]},"path":..,
    //           "buttons":{"next":[cx,cy],...}} while it is shown (cells 1-based).
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void place_floating(const FrameContext& ctx) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
               ImGuiWindowFlags_NoCollapse;
    }
    void draw_followed(const FrameContext& ctx, Intents& out);
    void draw_writing(const FrameContext& ctx, Intents& out);
    void draw_hunt(const FrameContext& ctx, const exchange::FindTheMove& question, Intents& out);
    void draw_asking(const FrameContext& ctx);
    // The question being set takes the click: an accepted answer toggled, or a wrong answer's message.
    void mark_cell(Pos cell);

    std::string m_caption;           // the caption for the next moment added
    std::string m_title;             // the title the lesson written is saved with
    std::string m_path;              // where it is saved
    bool m_asking = false;           // "Ask: find the move" is on for the next moment added
    bool m_marking_wrong = false;    // clicks add wrong answers (with m_wrong_text), else accepted ones
    exchange::FindTheMove m_question;  // the question for the next moment added
    std::string m_wrong_text;          // the message a wrong answer clicked gets
    std::optional<Pos> m_try;          // a student's click, carried out next frame
    bool m_title_from_draft = true;  // take the title from the model (a copied lesson's) until typed over
    bool m_shown = false;
    bool m_place = true;   // put the window at its place next frame (opened, or the layout reset)
    bool m_raise = false;  // bring it to the front next frame
    std::pair<std::int64_t, bool> m_poll_seen{0, false};  // the class's poll (its id, open) last frame
    ButtonSpots m_buttons;
    // The controller's lessons, as drawn this frame: layout_json reads them there rather than from copies
    // made every frame.
    const LessonState* m_lesson = nullptr;
};

}  // namespace ttt::app
