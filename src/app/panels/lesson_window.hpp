// The Lesson window: the lesson being followed (its title, "Moment 2 of 5", the teacher's words, a moment's
// "find the move" answered by clicks on the board, Previous and Next, every moment in a list with its tries)
// and the lesson being written (a caption, "Ask: find the move" set by clicks, Add this moment, the moments
// so far with Up, Down and Remove, the file to save it to, and what Save lesson came to). Board clicks reach
// it as they reach the explainers' quiz (QuizWantsCell).
// It is docked: the layout plan puts it in the column beside the board, below that column's panels, so it
// never covers a cell the lesson asks for, and a click on the board cannot put it behind anything. The
// layouts neither open nor close it (panel_registry.hpp: opened_by_hand): a moment's layout comes up around
// it.
#pragma once

#include "panels/button_spots.hpp"
#include "panels/panel.hpp"
#include "tictactrace/exchange/lesson.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class LessonWindow final : public Panel {
public:
    LessonWindow() : Panel("lesson", "Lesson", false) {}
    // Not in View > Panels, nor opened with every panel: View > Lesson... and a lesson's moments open it.
    [[nodiscard]] bool listed() const noexcept override { return false; }
    void on_intent(const Intent& intent) override;
    // A moment was shown: its words come above its panels.
    void on(const MomentShown&);
    // A board click while the window asked for one: a student's try, or a cell of the question being set.
    void on(const QuizCellClick& click);
    // "lesson":{"title":..,"moment":1,"moments":5,"caption":..,"find":{"tries":..,"found":..,"reply":..,
    //           "hint":..},"tries":[each moment's summary],"draft":[captions],"asks":[each draft moment's
    //           question summary],"asking":{"answers":[[r,c],..],"wrong":[[r,c],..]},"path":..,
    //           "every":[the followed lesson's captions, in its order],
    //           "saved":{"ok":true,"text":"Saved lesson.json: 2 moments on 1 game.","rect":[x0,y0,x1,y1]},
    //           "buttons":{"next":[cx,cy],...}} while it is shown (cells 1-based; "saved" after Save lesson,
    //           until the draft changes; its rectangle where the window drew it).
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse;
    }
    void draw_followed(const FrameContext& ctx, Intents& out);
    void draw_writing(const FrameContext& ctx, Intents& out);
    void draw_hunt(const FrameContext& ctx, const exchange::FindTheMove& question, Intents& out);
    void draw_asking(const FrameContext& ctx);
    void draw_draft_list(const LessonState& lesson, Intents& out);
    void draw_save_report(const LessonState& lesson);
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
    int m_report_seen = 0;            // the save whose report was last brought into view
    std::optional<Rect> m_report_at;  // where this frame drew that report
    ButtonSpots m_buttons;
    // The controller's lessons, as drawn this frame: layout_json reads them there rather than from copies
    // made every frame.
    const LessonState* m_lesson = nullptr;
};

}  // namespace ttt::app
