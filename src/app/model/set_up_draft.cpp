// A position being set up in the window.
#include "model/set_up_draft.hpp"

#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/win_check.hpp"

#include <utility>

namespace ttt::app {

SetUpDraft::SetUpDraft(const Rules& rules, std::string x_name, std::string o_name)
    : m_rules(rules), m_x_name(std::move(x_name)), m_o_name(std::move(o_name)),
      m_board(rules.rows, rules.cols) {
    changed();
}

void SetUpDraft::set_to_move(std::optional<Player> who) noexcept {
    m_to_move = who;
    // Who moves next changes neither the marks, nor the rules' verdict, nor the scores.
    m_set_up.to_move = who.value_or(default_to_move(m_set_up.x.size(), m_set_up.o.size()));
    ++m_revision;
}

void SetUpDraft::click(Pos p) {
    if (!m_board.contains(p)) return;
    const Cell there = m_board.at(p);
    Cell wanted = Cell::Empty;
    if (m_tool == SetUpTool::X) wanted = there == Cell::X ? Cell::Empty : Cell::X;
    if (m_tool == SetUpTool::O) wanted = there == Cell::O ? Cell::Empty : Cell::O;
    if (wanted == there) return;
    // A cell changes hands through empty, so the filled count stays right.
    if (there != Cell::Empty) m_board.clear(p);
    if (wanted != Cell::Empty) m_board.place(p, wanted);
    changed();
}

void SetUpDraft::clear() {
    m_board = Board(m_rules.rows, m_rules.cols);
    changed();
}

Result<void, std::string> SetUpDraft::paste(std::string_view text) {
    auto parsed = parse_board_text(text);
    if (!parsed) {
        const auto& error = parsed.error();
        return fail("The pasted text is not a board: line " + std::to_string(error.line) + ": " +
                    error.message + ".");
    }
    Board board = std::move(parsed).value();
    if (board.rows() != m_rules.rows || board.cols() != m_rules.cols) {
        Rules resized = m_rules;
        resized.rows = board.rows();
        resized.cols = board.cols();
        const auto valid = resized.validate();
        if (m_rules.kind == RuleKind::Classic || !valid)
            return fail("The pasted board is " + std::to_string(board.rows()) + "x" +
                        std::to_string(board.cols()) + ", and " + describe(m_rules) +
                        " cannot be played on it" + (!valid ? ": " + valid.error() : std::string()) + ".");
        m_rules = resized;
    }
    m_board = std::move(board);
    changed();
    return {};
}

void SetUpDraft::changed() {
    ++m_revision;
    m_set_up = set_up_of(m_board, m_to_move);
    Position position(m_rules);
    const auto placed = position.set_up(m_set_up);
    const bool refused = !placed;
    m_problem = refused ? std::optional<std::string>(placed.error().message) : std::nullopt;
    m_winning_line = refused ? winning_line_on(m_board, m_rules) : std::vector<Pos>{};
    m_scores[0] = refused ? 0 : position.scores().of(Player::X).total();
    m_scores[1] = refused ? 0 : position.scores().of(Player::O).total();
}

}  // namespace ttt::app
