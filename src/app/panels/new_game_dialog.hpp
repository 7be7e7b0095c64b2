// The new game dialog: the rule set (classic, fullline, gomoku, mnk with R, C, K and exact, score), the board
// size chosen before starting (the scoring article's promise), and the players' names.
#pragma once

#include "panels/dialog.hpp"

#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

class NewGameDialog final : public Dialog {
public:
    NewGameDialog() : Dialog("new_game", "New game", false) {}
    void on_intent(const Intent& intent) override;
    // "new_game":{"score":[cx,cy],"setup":[cx,cy],...}: the centres of the rule choices and the buttons drawn
    // in the last frame, for the window tests to click.
    void layout_json(base::JsonWriter& json) const override;

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] float width() const noexcept override { return 760; }
    // The rules as the form stands, or why they are not playable.
    [[nodiscard]] std::optional<Rules> rules(std::string* error) const;

    int m_kind = static_cast<int>(RuleKind::Gomoku);
    int m_rows = 15;
    int m_cols = 15;
    int m_k = 5;
    bool m_exact = false;
    int m_min_run = 3;
    int m_points = 100;
    std::string m_x_name = "X";
    std::string m_o_name = "O";
    std::vector<std::pair<std::string, ImVec2>> m_targets;  // this frame's, by name
};

}  // namespace ttt::app
