// The history timeline: a row per event with the move number, the player and the 1-based (row, col), the
// current step in bold, ascending or descending order, a click to jump, takebacks and forks named as
// such, and a last row that reviews the outcome. A studied game shows the line followed, the variations
// tried at each step in brackets under it, glyphs and marks, a menu to promote or set aside a line, and
// under the list the comment and glyph of the step shown.
#pragma once

#include "model/annotation_edit.hpp"
#include "model/study_history.hpp"
#include "panels/button_spots.hpp"
#include "panels/panel.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ttt::app {

class HistoryPanel final : public Panel {
public:
    HistoryPanel() : Panel("history", "History", true) {}
    [[nodiscard]] bool busy() const noexcept override { return m_open && m_waiting; }
    // "history":{"rows":[[step,node,variation,x,y],...],"menu":[[x,y],...],"comment":[x,y],
    // "shape_tools":{"tool":"circle","colour":"green","text":"","buttons":{"circle":[x,y],...,
    // "green":[x,y],...,"label_text":[x,y]}}}: a study's rows on screen, the open row menu's items, the
    // comment box and the shape toolbar, for the window tests.
    void layout_json(base::JsonWriter& json) const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void while_hidden(const FrameContext&, Intents&) override { m_waiting = false; }
    void draw_toolbar(const FrameContext& ctx, Intents& out);
    // A studied game's line and variations, all in memory (study_history.hpp).
    void draw_study_table(const FrameContext& ctx, Intents& out, float height);
    // The comment of the step shown, written as one event when the edit ends, and its glyph's buttons.
    void draw_note(const FrameContext& ctx, Intents& out);
    // What the board's right-click draws: a circle, square, triangle, cross or label, in which colour.
    void draw_shape_tools(const FrameContext& ctx, Intents& out);
    // The row's right-click menu: follow, promote or set aside its line.
    void row_menu(const FrameContext& ctx, const StudyRow& row, Intents& out);

    // A row's words, made once when the row is first shown and drawn from then on: a frame that changes
    // nothing makes no string. Kept until the session's rows change (rows_revision).
    struct RowWords {
        int step = -1;
        char id[24] = {};   // the row's selectable: the move's number (a move's only), then "##row"
        std::string cell;   // "(3, 4)" for a move or a take-back, else empty
        std::string event;  // the event column (its Label, engine/event_words.hpp)
    };
    static constexpr std::size_t kMaxWords = 512;  // more than any window shows at once
    const RowWords& words_of(const TimelineRow& row, const GameState& game);

    store::GameId m_game = -1;
    int m_scrolled_to = -1;  // the step the list last scrolled to, so it scrolls only when the step changes
    bool m_descending_seen = false;
    bool m_waiting = false;  // visible rows are not read yet
    int m_asked_first = -1;  // the rows asked for last frame
    int m_asked_last = -1;
    std::uint64_t m_headline_revision = 0;  // the position m_headline was made for
    std::string m_headline;                 // the outcome row's words
    std::uint64_t m_words_revision = 0;     // the session's rows the words were made for
    std::vector<RowWords> m_words;          // by step
    std::uint64_t m_study_revision = 0;     // the study's rows were made for this revision
    std::vector<StudyRow> m_study_rows;
    // The comment box: what is typed, for the node it was read from, kept while it is being edited.
    std::uint64_t m_note_revision = 0;
    std::int64_t m_note_node = -1;
    std::string m_comment;
    bool m_comment_active = false;  // the box had the keyboard last frame
    struct SeenRow {
        int step = 0;
        std::int64_t node = 0;
        bool variation = false;
        float x = 0, y = 0;
    };
    std::vector<SeenRow> m_rows_seen;              // this frame's study rows on screen
    std::vector<std::pair<float, float>> m_menu;   // the row menu's items, while it is open
    std::pair<float, float> m_comment_at{-1, -1};  // the comment box's middle
    // The shape toolbar's choice, handed to the board (ChooseShapeTool) whenever it changes.
    ShapeTool m_tool = ShapeTool::Circle;
    ShapeColour m_colour = ShapeColour::Green;
    std::string m_label;  // a label's text; empty: the next letter
    ButtonSpots m_tool_spots;
};

}  // namespace ttt::app
