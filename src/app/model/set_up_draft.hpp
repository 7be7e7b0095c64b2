// A position being set up in the window before its game exists: the board of the chosen rules with the
// marks a teacher placed (X, O, erase, clear, a text board pasted), who moves next, and whether the rules
// accept it as a start, in the engine's own sentence. "Start from here" turns it into a game_set_up
// event; until then nothing is written.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

enum class SetUpTool : int { X = 0, O = 1, Erase = 2 };

class SetUpDraft {
public:
    SetUpDraft(const Rules& rules, std::string x_name, std::string o_name);

    [[nodiscard]] const Rules& rules() const noexcept { return m_rules; }
    [[nodiscard]] const Board& board() const noexcept { return m_board; }
    [[nodiscard]] const std::string& x_name() const noexcept { return m_x_name; }
    [[nodiscard]] const std::string& o_name() const noexcept { return m_o_name; }
    [[nodiscard]] SetUpTool tool() const noexcept { return m_tool; }
    // Who the user said moves next; nullopt: the default (O when X has more marks, else X).
    [[nodiscard]] const std::optional<Player>& chosen_to_move() const noexcept { return m_to_move; }
    [[nodiscard]] Player to_move() const noexcept { return m_set_up.to_move; }
    // Grows with every change, so a view redraws only when the draft changed.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }

    void set_tool(SetUpTool tool) noexcept { m_tool = tool; }
    void set_to_move(std::optional<Player> who) noexcept;
    // A click with the tool: X or O places that mark (replacing the other one), a second click on the same
    // mark takes it away again; Erase empties the cell. Cells off the board are ignored.
    void click(Pos p);
    void clear();
    // A text board (as `tictactrace score` reads it) replaces the marks. A board of another size takes the
    // rules to that size when they can be played there; otherwise it is refused with a sentence and the
    // draft is unchanged.
    [[nodiscard]] Result<void, std::string> paste(std::string_view text);

    // The set-up the game would start from (made once per change: the controls show it every frame).
    [[nodiscard]] const SetUp& set_up() const noexcept { return m_set_up; }
    // Why the rules cannot start from it (a line already won), as the engine says it; nullopt when they can.
    [[nodiscard]] const std::optional<std::string>& problem() const noexcept { return m_problem; }
    // The line that already wins, lit on the board while it stands in the way.
    [[nodiscard]] const std::vector<Pos>& winning_line() const noexcept { return m_winning_line; }
    // The scores the set-up starts with (score rules), X's and O's.
    [[nodiscard]] std::int64_t score(Player who) const noexcept {
        return who == Player::X ? m_scores[0] : m_scores[1];
    }

private:
    void changed();

    Rules m_rules;
    std::string m_x_name;
    std::string m_o_name;
    Board m_board;
    SetUpTool m_tool = SetUpTool::X;
    std::optional<Player> m_to_move;
    SetUp m_set_up;  // the board's marks and who moves next, as of the last change
    std::uint64_t m_revision = 1;
    std::optional<std::string> m_problem;
    std::vector<Pos> m_winning_line;
    std::int64_t m_scores[2] = {0, 0};
};

}  // namespace ttt::app
