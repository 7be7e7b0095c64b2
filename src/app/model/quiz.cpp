// The quiz's questions, read from the engine's traces, and its tally.
#include "model/quiz.hpp"

#include <cassert>

namespace ttt::app {

namespace {

constexpr const char* kArrows[8] = {"up",   "up-right",  "right", "down-right",
                                    "down", "down-left", "left",  "up-left"};

std::string cells_text(const std::vector<Pos>& cells) {
    std::string s;
    for (const Pos p : cells) {
        if (!s.empty()) s += ' ';
        s += cell_label(p);
    }
    return s;
}

QuizQuestion yes_no(std::string text, bool truth, std::vector<Pos> cells) {
    return {std::move(text), AnswerKind::YesNo, truth, std::move(cells)};
}

}  // namespace

const char* name_of(AnswerKind kind) noexcept {
    switch (kind) {
    case AnswerKind::Number: return "number";
    case AnswerKind::YesNo: return "yes_no";
    case AnswerKind::Cell: return "cell";
    }
    return "";
}

bool QuizQuestion::is_right(const QuizAnswer& answer) const noexcept {
    return answer == truth;
}

std::string answer_text(const QuizAnswer& answer) {
    if (const auto* n = std::get_if<std::int64_t>(&answer)) return std::to_string(*n);
    if (const auto* yes = std::get_if<bool>(&answer)) return *yes ? "yes" : "no";
    return cell_label(std::get<Pos>(answer));
}

std::optional<QuizQuestion> quiz_question(const ScoreTrace& trace, ExplainerStep step) {
    if (step.phase != ExplainerPhase::Points && step.phase != ExplainerPhase::Total) return std::nullopt;
    const auto& rows = trace.directions[static_cast<std::size_t>(step.direction)].rows;
    if (step.row < 0 || step.row >= static_cast<int>(rows.size())) return std::nullopt;
    const TraceRow& row = rows[static_cast<std::size_t>(step.row)];
    if (step.phase == ExplainerPhase::Points)
        return QuizQuestion{"What does row " + std::to_string(row.index) + ", \"" + row.bits + "\", score?",
                            AnswerKind::Number, row.points, row.cells};
    // A row without a run leaves the totals as they were: nothing to predict.
    if (row.runs.empty()) return std::nullopt;
    return QuizQuestion{"Row " + std::to_string(row.index) + " gives " + std::to_string(row.points) +
                            ": what is the " + matrix_name_of(step.direction) + " total now?",
                        AnswerKind::Number, row.direction_total, row.cells};
}

std::optional<QuizQuestion> quiz_question(const WinTrace& trace, int index) {
    // The first step is on screen as soon as the explainer opens: nothing to predict.
    if (index <= 0 || index >= static_cast<int>(trace.steps.size())) return std::nullopt;
    const WinStep& step = trace.steps[static_cast<std::size_t>(index)];
    if (trace.algorithm != WinAlgorithm::Walk)
        return yes_no("Is " + cells_text(step.line) + " a win?", step.found, step.line);
    if (step.direction < 0) return std::nullopt;
    if (step.read.empty())  // the opposite directions added up
        return yes_no("lines[" + std::to_string(step.direction) + "] + lines[" +
                          std::to_string(step.direction + 4) + "] with the stone itself: is it a win?",
                      step.found, step.line);
    // A direction's first step asks for the last cell that direction reads.
    for (int i = 0; i < index; ++i)
        if (trace.steps[static_cast<std::size_t>(i)].direction == step.direction &&
            !trace.steps[static_cast<std::size_t>(i)].read.empty())
            return std::nullopt;
    Pos last = step.read.front();
    for (const WinStep& s : trace.steps)
        if (s.direction == step.direction && !s.read.empty()) last = s.read.front();
    const auto d = static_cast<std::size_t>(step.direction);
    return QuizQuestion{"Walking " + std::string(kArrows[d]) + " (lines[" + std::to_string(d) +
                            "]): which cell will the walk read last? Click it on the board.",
                        AnswerKind::Cell,
                        last,
                        {}};
}

bool take_quiz_flag(std::string& link) {
    constexpr std::string_view kFlag = "+quiz";
    if (!link.ends_with(kFlag)) return false;
    link.resize(link.size() - kFlag.size());
    return true;
}

void Quiz::set_on(bool on) noexcept {
    m_on = on;
    if (!on) drop();
}

bool Quiz::stop_before(int from, int to, std::optional<QuizQuestion> question) {
    if (!m_on || m_question || to <= from || !question) return false;
    m_question = std::move(question);
    m_reveals = to;
    ++m_tally.asked;
    return true;
}

bool Quiz::answer(const QuizAnswer& answer) {
    assert(m_question);
    const bool right = m_question->is_right(answer);
    ++(right ? m_tally.right : m_tally.wrong);
    m_last_right = right;
    m_last_question = m_question->text;
    m_last_truth = answer_text(m_question->truth);
    m_question.reset();
    return right;
}

void Quiz::drop() noexcept {
    if (m_question) --m_tally.asked;
    m_question.reset();
    m_reveals = -1;
}

}  // namespace ttt::app
