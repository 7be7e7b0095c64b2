// Playing, taking back and resigning, with the outcome and both scores kept current incrementally.
#include "tictactrace/engine/position.hpp"

#include "tictactrace/engine/win_check.hpp"

#include <string>

namespace ttt {

namespace {

std::string over_message(const Outcome& o) {
    switch (o.status) {
    case Status::Won: return std::string("the game is over: ") + to_upper_char(*o.winner) + " has won";
    case Status::Draw: return "the game is over: it is a draw";
    case Status::Resigned:
        return std::string("the game is over: ") + to_upper_char(other(*o.winner)) + " resigned";
    case Status::Playing: break;
    }
    return "the game is over";
}

}  // namespace

Position::Position(const Rules& rules) : m_rules(rules), m_board(rules.rows, rules.cols) {}

std::optional<Pos> Position::last_move() const noexcept {
    if (m_history.empty()) return std::nullopt;
    return m_history.back().pos;
}

std::vector<Pos> Position::moves() const {
    std::vector<Pos> out;
    out.reserve(m_history.size());
    for (const Undo& u : m_history) out.push_back(u.pos);
    return out;
}

Pos Position::move_at(int i) const noexcept {
    return m_history[static_cast<std::size_t>(i)].pos;
}

std::optional<MoveError> Position::check(Pos p) const {
    if (m_outcome.over()) return MoveError{MoveErrorKind::GameOver, over_message(m_outcome)};
    if (!m_board.contains(p))
        return MoveError{MoveErrorKind::OffBoard, cell_label(p) + " is off the " +
                                                      std::to_string(m_board.rows()) + "x" +
                                                      std::to_string(m_board.cols()) + " board"};
    if (const auto owner = player_of(m_board.at(p)))
        return MoveError{MoveErrorKind::CellTaken,
                         "cell " + cell_label(p) + " is already taken by " + to_upper_char(*owner)};
    return std::nullopt;
}

std::optional<MoveError> Position::play(Pos p) {
    if (auto err = check(p)) return err;
    const Player mover = m_to_move;
    const PlayerScore delta = score_delta_of_move(m_board, p, mover, score_params(m_rules));
    m_history.push_back({p, m_scores});
    m_board.place(p, cell_of(mover));
    PlayerScore& mine = m_scores.of(mover);
    for (int k = 0; k < kDirectionCount; ++k) mine.by_direction[k] += delta.by_direction[k];
    m_to_move = other(mover);
    settle_outcome(p);
    return std::nullopt;
}

void Position::settle_outcome(Pos last) {
    const Player mover = other(m_to_move);
    if (auto line = winning_line_through(m_board, m_rules, last); !line.empty()) {
        m_outcome = Outcome{Status::Won, mover, std::move(line)};
        return;
    }
    if (!m_board.full()) return;
    if (m_rules.kind == RuleKind::Score) {
        const auto x = m_scores.of(Player::X).total();
        const auto o = m_scores.of(Player::O).total();
        if (x != o) {
            m_outcome = Outcome{Status::Won, x > o ? Player::X : Player::O, {}};
            return;
        }
    }
    m_outcome = Outcome{Status::Draw, std::nullopt, {}};
}

std::optional<MoveError> Position::take_back() {
    if (m_outcome.status == Status::Resigned)
        return MoveError{MoveErrorKind::NotAllowed, "a resigned game cannot take a move back"};
    if (m_history.empty())
        return MoveError{MoveErrorKind::NothingToTakeBack, "there is no move to take back"};
    const Undo u = m_history.back();
    m_history.pop_back();
    const auto owner = player_of(m_board.at(u.pos));
    m_board.clear(u.pos);
    m_scores = u.scores_before;
    m_to_move = owner.value_or(Player::X);
    // Moves are only ever played while the game is on, so before the last one it was on.
    m_outcome = Outcome{};
    return std::nullopt;
}

std::optional<MoveError> Position::resign(Player who) {
    if (m_outcome.over()) return MoveError{MoveErrorKind::GameOver, over_message(m_outcome)};
    m_outcome = Outcome{Status::Resigned, other(who), {}};
    return std::nullopt;
}

}  // namespace ttt
