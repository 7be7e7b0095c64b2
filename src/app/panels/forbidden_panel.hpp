// "Forbidden point": why a point marked on the board is forbidden to Black in renju, in the teaching panels'
// style. The point the pointer is on, else the one last clicked: its kind, the sentence a refused move says,
// and each line it would make — a four and where it becomes five, a three and the points that make it a
// straight four, an overline — with that line lit on the board; a line that looks like a three but is none
// says which of its points are forbidden themselves (the rule is recursive), which is why it does not count.
#pragma once

#include "panels/panel.hpp"
#include "tictactrace/engine/forbidden.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class ForbiddenPanel final : public Panel {
public:
    ForbiddenPanel();
    void on_intent(const Intent& intent) override;
    void on(const FocusForbidden& focus) {
        m_pinned = focus.at;
        m_pinned_revision.reset();
    }
    void layout_json(base::JsonWriter& json) const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    // The words and lit cells of `f`, made once per point shown.
    void explain(const Forbidden& f);

    std::optional<Pos> m_pinned;  // the point last clicked on the board
    // The overlay's revision when the point was pinned: another position (a move, a step) lets it go, so
    // its lines are not lit over a board they no longer explain.
    std::optional<std::uint64_t> m_pinned_revision;
    // The legend's line: the board's two signs, drawn at text size, and where each was drawn (its centre,
    // window pixels) for the layout line.
    void draw_legend(const FrameContext& ctx);
    ImVec2 m_legend_forbidden{0, 0}, m_legend_hint{0, 0};
    std::vector<Pos> m_lit;       // the lines lit on the board, kept for their room
    // What the content shows, made again when the point or the overlay changes.
    std::optional<Pos> m_shown;
    std::uint64_t m_shown_revision = 0;
    std::string m_headline, m_sentence;
    struct Row {
        std::string shape;   // "three", "no three", ...
        std::string extent;  // "(8, 6)–(8, 9)"
        std::string detail;  // where it becomes five or a straight four, or why it does not count
        std::vector<Pos> cells;
        bool counts = true;  // false for a look-alike three
    };
    std::vector<Row> m_rows;
    std::string m_kind;  // for the layout line
    bool m_drawn = false;
};

}  // namespace ttt::app
