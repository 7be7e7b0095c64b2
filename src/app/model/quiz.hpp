// "Predict, then see": the explainers' quiz, with no GL or ImGui in it. Before a step is revealed the
// learner predicts what it will show — the points a row string scores, what the running total will be
// once the row is added, whether a line is a win, the cell where a walk direction stops — the answer is
// checked against the trace, and a tally is kept for the session. Questions come only at steps whose
// answer is not yet on screen.
#pragma once

#include "model/explainer_state.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/score_trace.hpp"
#include "tictactrace/engine/win_trace.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ttt::app {

enum class AnswerKind : std::uint8_t {
    Number = 0,  // typed into a field: the points of a row string, a running total
    YesNo = 1,   // two buttons: is this line a win?
    Cell = 2,    // a click on the board: where a walk direction stops
};
[[nodiscard]] const char* name_of(AnswerKind kind) noexcept;  // "number", "yes_no", "cell"

using QuizAnswer = std::variant<std::int64_t, bool, Pos>;

struct QuizQuestion {
    std::string text;  // `What does row 3, "1110111", score?`
    AnswerKind kind = AnswerKind::Number;
    QuizAnswer truth;        // what the step will show
    std::vector<Pos> cells;  // the cells the question is about, lit on the board while it is asked

    // An answer of another kind is wrong.
    [[nodiscard]] bool is_right(const QuizAnswer& answer) const noexcept;
};

// "600", "yes", "(3, 4)": an answer as the panels print it (cells 1-based, as the traces print them).
[[nodiscard]] std::string answer_text(const QuizAnswer& answer);

// The question the run-splitting explainer asks before `step` is revealed: a row's Points step asks what
// its string scores, and the Total step of a row with a run asks for its matrix's running total once the
// row is added (totals_at adds it only at that step; the panel shows "?" for it while asked). No other
// step hides an answer: the summary only adds the four totals already on screen.
[[nodiscard]] std::optional<QuizQuestion> quiz_question(const ScoreTrace& trace, ExplainerStep step);

// The question the win explainer asks before step `index` of `trace` is revealed: a line tested by the
// enumeration or the full-line checks, and the walk's opposite directions added up, ask whether it is a
// win; a walk direction's first step asks for the last cell that direction will read.
[[nodiscard]] std::optional<QuizQuestion> quiz_question(const WinTrace& trace, int index);

// A link's "+quiz" ending (`--show explainer@rows/0/keep+quiz`, `win_explainer@walk+quiz`) opens the
// explainer with the quiz on: removes it from `link` and says whether it was there.
[[nodiscard]] bool take_quiz_flag(std::string& link);

struct QuizTally {
    int asked = 0;
    int right = 0;
    int wrong = 0;
    friend bool operator==(const QuizTally&, const QuizTally&) = default;
};

class Quiz {
public:
    [[nodiscard]] bool on() const noexcept { return m_on; }
    // Turning the quiz off drops the question being asked; the tally stays for the session.
    void set_on(bool on) noexcept;

    // The panels' rule for Next: moving forward from step `from` to step `to` that has a question stops
    // before it and asks. Returns whether it asked (the panel then stays at `from`).
    bool stop_before(int from, int to, std::optional<QuizQuestion> question);

    // The panels' rule each frame: the stepper moved from `seen` (the step shown last frame; -1: none) to
    // `now`. While a question is asked a move forward is held back (Next waits for the answer) and a move
    // back drops it; else a move forward onto a step with a question (`question_at_now()`, called only
    // then) stops before it and asks. Returns the step to show.
    template <class QuestionAtNow>
    int follow(int seen, int now, QuestionAtNow&& question_at_now) {
        if (seen < 0 || now == seen) return now;
        if (m_question) {
            if (now > seen) return seen;
            drop();
            return now;
        }
        if (m_on && now > seen && stop_before(seen, now, question_at_now())) return seen;
        return now;
    }

    // The question being asked, and the step its answer reveals.
    [[nodiscard]] const std::optional<QuizQuestion>& question() const noexcept { return m_question; }
    [[nodiscard]] int reveals() const noexcept { return m_reveals; }
    [[nodiscard]] bool asks_cell() const noexcept {
        return m_question && m_question->kind == AnswerKind::Cell;
    }

    // Checks the answer to the question being asked (there must be one), tallies it and ends the question.
    // Returns whether it was right.
    bool answer(const QuizAnswer& answer);
    // The question goes away unanswered and untallied as wrong (the position changed under it).
    void drop() noexcept;

    // The last answer: right or wrong, the question and the true answer; nullopt before the first.
    [[nodiscard]] std::optional<bool> last_right() const noexcept { return m_last_right; }
    [[nodiscard]] const std::string& last_question() const noexcept { return m_last_question; }
    [[nodiscard]] const std::string& last_truth() const noexcept { return m_last_truth; }
    [[nodiscard]] const QuizTally& tally() const noexcept { return m_tally; }

private:
    bool m_on = false;
    std::optional<QuizQuestion> m_question;
    int m_reveals = -1;
    std::optional<bool> m_last_right;
    std::string m_last_question;
    std::string m_last_truth;
    QuizTally m_tally;
};

}  // namespace ttt::app
