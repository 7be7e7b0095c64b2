// The new game dialog: the rule set (classic, fullline, gomoku, mnk with R, C, K and exact, score), the board
// size chosen before starting (the scoring article's promise), and the players' names.
#pragma once

#include "panels/panel.hpp"

#include <string>

namespace ttt::app {

class NewGameDialog final : public Panel {
public:
    NewGameDialog() : Panel("new_game", "New game", false) {}
    [[nodiscard]] bool listed() const noexcept override { return false; }
    void draw(const FrameContext& ctx, Intents& out) override;
    void on_intent(const Intent& intent) override;

private:
    // The rules as the form stands, or why they are not playable.
    [[nodiscard]] std::optional<Rules> rules(std::string* error) const;

    bool m_request_open = false;
    int m_kind = static_cast<int>(RuleKind::Gomoku);
    int m_rows = 15;
    int m_cols = 15;
    int m_k = 5;
    bool m_exact = false;
    int m_min_run = 3;
    int m_points = 100;
    std::string m_x_name = "X";
    std::string m_o_name = "O";
};

}  // namespace ttt::app
