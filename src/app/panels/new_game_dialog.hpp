// The new game dialog: the rule set (classic, fullline, gomoku, mnk with R, C, K and exact, score), the board
// size chosen before starting (the scoring article's promise), the players' names, and who plays each side:
// a person, the built-in opponent at one of its levels, or an engine of Game > Engines, with a time per
// move, and the clock.
#pragma once

#include "model/game_clock.hpp"
#include "model/sides.hpp"
#include "panels/dialog.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

class NewGameDialog final : public Dialog {
public:
    NewGameDialog() : Dialog("new_game", "New game", false) {}
    void on_intent(const Intent& intent) override;
    void on(const ShowNewGameDialog&) { request_open(); }
    // "new_game":{"score":[cx,cy],"setup":[cx,cy],...}: the centres of the rule choices and the buttons drawn
    // in the last frame, for the window tests to click.
    void layout_json(base::JsonWriter& json) const override;

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
    // Wide enough for a side's row of choices, the engine's list included, on one line.
    [[nodiscard]] float width() const noexcept override { return 920; }
    // The rules as the form stands, or why they are not playable.
    [[nodiscard]] Result<Rules, std::string> rules() const;
    // One side's choice: a person, a level of the built-in or an engine of the list (those the rules
    // cannot take disabled).
    void draw_side(const FrameContext& ctx, Player player, const Result<Rules, std::string>& rules);
    [[nodiscard]] Sides sides() const;

    int m_kind = static_cast<int>(RuleKind::Gomoku);
    int m_rows = 15;
    int m_cols = 15;
    int m_k = 5;
    bool m_exact = false;
    int m_five = 0;  // under Gomoku: 0 five or more, 1 exactly five, 2 renju, 3 caro
    int m_min_run = 3;
    int m_points = 100;
    std::string m_x_name = "X";
    std::string m_o_name = "O";
    Side m_x_side;
    Side m_o_side;
    std::int64_t m_think_ms = 0;                 // both program sides' time per move: 0 for their own
    std::array<std::size_t, 2> m_engine_pick{};  // X's and O's engine in their lists, from 0
    std::size_t m_clock = 0;                     // kClockChoices', "no clock" first
    OpeningRule m_opening = OpeningRule::None;   // for five in a row only
    std::vector<std::pair<std::string, ImVec2>> m_targets;  // this frame's, by name
};

}  // namespace ttt::app
