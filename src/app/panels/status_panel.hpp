// Where the game stands: the status line ("Next player: X", "Winner: O", a draw) in large type, both
// players (and for the score rules both scores), the rules, the open game's notice, and the buttons that
// change the game, which nothing pushes out of sight.
#pragma once

#include "panels/panel.hpp"
#include "panels/set_up_controls.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

// One player's score as the Status panel shows it: the total, then the four matrices (rows, columns, '/'
// and '\' lines), each with whether the explainer's quiz asks for it (shown as "?").
struct ShownScore {
    std::array<std::int64_t, 5> value{};
    std::array<bool, 5> asked{};
};

class StatusPanel final : public Panel {
public:
    StatusPanel() : Panel("status", "Status", true) {}
    // "status_buttons":[x,y,w,h]: where the buttons were (Stop, Take back, Resign, Fork from here), while
    // shown; "stop_button":[cx,cy] while the built-in thinks; and for the score rules
    // "status_scores":{"x":[total,rows,cols,"/","\\"],"o":[...]}, the texts shown
    // ("1600", or "?" while the quiz asks for it).
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void draw_state(const FrameContext& ctx, const GameSession& session);
    void draw_buttons(const FrameContext& ctx, const GameSession& session, Intents& out);
    // Who plays which side, and while the built-in thinks its best move so far and its evaluation (Stop
    // leads the buttons); else the hint, when one was asked for.
    void draw_opponent(const FrameContext& ctx);
    void draw_clock(const FrameContext& ctx);
    // An opening rule under way: whose stones or choice it is, and the choice's buttons.
    void draw_opening(const FrameContext& ctx, const GameSession& session, Intents& out);
    // The line the search expects after its move, when it knows a reply: "expected line: (8, 8) (7, 9) …".
    void draw_line(const std::vector<Pos>& line);

    std::uint64_t m_words_revision = 0;  // the position the words below describe
    std::string m_status, m_review, m_rules, m_where;
    bool m_scored = false;               // this frame showed scores, these:
    std::array<ShownScore, 2> m_scores;  // X's, then O's
    std::optional<Rect> m_buttons;       // the three buttons' bounds this frame, when drawn
    std::optional<Rect> m_table;         // the players table's bounds with the body scrolled to its top
    std::optional<Rect> m_body;          // the body's part of the window (it scrolls beyond)
    std::optional<ImVec2> m_stop;        // the Stop button's centre this frame, when drawn
    // describe() of the evaluation last shown, made again only when it changes.
    std::optional<Evaluation> m_eval_of;
    std::string m_eval_text;
    std::vector<Pos> m_line_of;  // the line last shown, and its words
    std::string m_line_text;
    std::vector<std::pair<const char*, ImVec2>> m_opening_buttons;  // this frame's, for the layout line
    SetUpControls m_set_up;  // shown instead of the game while a position is being set up
};

}  // namespace ttt::app
