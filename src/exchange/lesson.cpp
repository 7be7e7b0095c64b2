// Checking a lesson against its games. Reading and writing a lesson file is the archive's (archive.cpp).
#include "tictactrace/exchange/lesson.hpp"

#include "tictactrace/base/utf8.hpp"
#include "tictactrace/engine/game_state.hpp"

#include <algorithm>
#include <map>

namespace ttt::exchange {

Result<void, std::string> check_lesson_format(Format format) {
    if (format == Format::Json || format == Format::Xml || format == Format::Binary) return {};
    return fail("a lesson is a cereal archive: --format wants json, xml or binary");
}

namespace {

// Why `text` cannot be shown as the lesson's words, or empty. Line breaks are allowed where `lines`.
std::string text_problem(std::string_view text, std::size_t max_bytes, bool lines) {
    if (text.size() > max_bytes)
        return "is " + std::to_string(text.size()) + " bytes long; at most " + std::to_string(max_bytes) +
               " are kept";
    if (!base::is_valid_utf8(text)) return "is not UTF-8 text";
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && !(lines && c == '\n')) || u == 0x7f) return "holds a control character";
    }
    return {};
}

bool plain(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' ||
           c == '/' || c == ':' || c == '.' || c == '_' || c == '+' || c == '-';
}

// Why `word` is no panel entry or layout name, or empty.
std::string word_problem(std::string_view word) {
    if (word.empty()) return "is empty";
    if (word.size() > kMaxMomentPanelBytes)
        return "is " + std::to_string(word.size()) + " bytes long; at most " +
               std::to_string(kMaxMomentPanelBytes) + " are read";
    for (const char c : word)
        if (!plain(c)) return "holds a character no panel name or state has";
    return {};
}

// Text from a file, shortened and made printable for a message.
std::string quoted(std::string_view word) {
    std::string out = "\"";
    for (const char c : word.substr(0, 32)) out += plain(c) ? c : '?';
    if (word.size() > 32) out += "...";
    return out + "\"";
}

// Why `question` cannot be asked, or empty: what holds without the position (counts, words, cells given
// twice, a wrong answer that is an answer).
std::string question_problem(const FindTheMove& question) {
    if (question.answers.empty()) return "the question \"find the move\" accepts no answer";
    if (question.answers.size() > kMaxQuestionAnswers)
        return "the question accepts " + std::to_string(question.answers.size()) + " answers; at most " +
               std::to_string(kMaxQuestionAnswers) + " are read";
    if (question.wrong.size() > kMaxWrongAnswers)
        return "the question has " + std::to_string(question.wrong.size()) +
               " messages for wrong answers; at most " + std::to_string(kMaxWrongAnswers) + " are read";
    for (std::size_t i = 0; i < question.answers.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (question.answers[i] == question.answers[j])
                return "the answer " + cell_label(question.answers[i]) + " is given twice";
    if (const std::string why = text_problem(question.hint, kMaxLessonCaptionBytes, true); !why.empty())
        return "the hint " + why;
    for (std::size_t i = 0; i < question.wrong.size(); ++i) {
        const WrongAnswer& w = question.wrong[i];
        const std::string cell = cell_label(w.cell);
        if (std::find(question.answers.begin(), question.answers.end(), w.cell) != question.answers.end())
            return "the message for " + cell + " is for a wrong answer, but " + cell + " is an answer";
        for (std::size_t j = 0; j < i; ++j)
            if (question.wrong[j].cell == w.cell) return "the wrong answer " + cell + " has two messages";
        if (w.message.empty()) return "the message for the wrong answer " + cell + " is empty";
        if (const std::string why = text_problem(w.message, kMaxLessonCaptionBytes, true); !why.empty())
            return "the message for the wrong answer " + cell + " " + why;
    }
    return {};
}

// Why `question` cannot be asked at `state`, the position of its moment, or empty: every answer is a move the
// side to move may make there, every wrong answer an empty cell of the board.
std::string position_problem(const FindTheMove& question, const GameState& state) {
    const Position& position = state.position;
    for (const Pos p : question.answers)
        if (auto allowed = position.check(p); !allowed)
            return "the answer " + cell_label(p) + " cannot be played there: " + allowed.error().message;
    const Board& board = position.board();
    for (const WrongAnswer& w : question.wrong) {
        if (!board.contains(w.cell))
            return "the wrong answer " + cell_label(w.cell) + " is off the " + std::to_string(board.rows()) +
                   "x" + std::to_string(board.cols()) + " board";
        if (board.at(w.cell) != Cell::Empty)
            return "the wrong answer " + cell_label(w.cell) + " is a cell already taken";
    }
    return {};
}

// Checks every question against its moment's position. Each game with questions is folded once, its
// questions met in the order of their steps, so a lesson of many questions on a long game costs one fold.
Result<void, std::string> check_questions(const LessonPlan& plan, std::span<const GameRecord> games) {
    // game -> (step, moment) of each moment that asks, step -1 for the game's end.
    std::map<int, std::vector<std::pair<std::size_t, std::size_t>>> asked;
    for (std::size_t m = 0; m < plan.moments.size(); ++m) {
        const LessonMoment& moment = plan.moments[m];
        if (!moment.question) continue;
        const std::size_t steps = games[static_cast<std::size_t>(moment.game)].events.size();
        asked[moment.game].emplace_back(moment.at ? static_cast<std::size_t>(*moment.at) : steps, m);
    }
    for (auto& [g, moments] : asked) {
        std::sort(moments.begin(), moments.end());
        const std::vector<Event> events = to_events(games[static_cast<std::size_t>(g)]);
        auto start = fold(events, 0);
        if (!start)
            return fail("moment " + std::to_string(moments.front().second + 1) + ": game " +
                        std::to_string(g + 1) + " cannot be replayed: " + start.error().error.message);
        GameState state = std::move(start).value();
        std::size_t applied = 0;
        for (const auto& [step, m] : moments) {
            while (applied < step) {
                if (auto done = apply(state, events[applied + 1]); !done)
                    return fail("moment " + std::to_string(m + 1) + ": game " + std::to_string(g + 1) +
                                " cannot be replayed to step " + std::to_string(step) + ": " +
                                done.error().message);
                ++applied;
            }
            if (const std::string why = position_problem(*plan.moments[m].question, state); !why.empty())
                return fail("moment " + std::to_string(m + 1) + ": " + why);
        }
    }
    return {};
}

}  // namespace

std::string question_summary(const FindTheMove& question) {
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string out = "find the move: " + count(question.answers.size(), "answer", "answers");
    if (!question.hint.empty()) out += ", a hint";
    if (!question.wrong.empty()) out += ", " + count(question.wrong.size(), "message", "messages");
    return out;
}

Result<void, std::string> check_lesson_plan(const LessonPlan& plan, std::span<const GameRecord> games) {
    if (const std::string why = text_problem(plan.title, kMaxLessonTitleBytes, false); !why.empty())
        return fail("the lesson's title " + why);
    if (plan.moments.empty()) return fail("the lesson has no moment to show");
    if (plan.moments.size() > kMaxLessonMoments)
        return fail("the lesson has " + std::to_string(plan.moments.size()) + " moments; at most " +
                    std::to_string(kMaxLessonMoments) + " are read");
    for (std::size_t m = 0; m < plan.moments.size(); ++m) {
        const LessonMoment& moment = plan.moments[m];
        const std::string where = "moment " + std::to_string(m + 1) + ": ";
        if (moment.game < 0 || static_cast<std::size_t>(moment.game) >= games.size())
            return fail(where + "game " + std::to_string(std::int64_t{moment.game} + 1) +
                        " is not in the file; it holds " + std::to_string(games.size()));
        const std::size_t steps = games[static_cast<std::size_t>(moment.game)].events.size();
        if (moment.at && (*moment.at < 0 || static_cast<std::size_t>(*moment.at) > steps))
            return fail(where + "step " + std::to_string(*moment.at) + " is past the end of game " +
                        std::to_string(moment.game + 1) + ", which has " + std::to_string(steps));
        if (moment.show.size() > kMaxMomentPanels)
            return fail(where + "it opens " + std::to_string(moment.show.size()) + " panels; at most " +
                        std::to_string(kMaxMomentPanels) + " are read");
        for (const std::string& entry : moment.show)
            if (const std::string why = word_problem(entry); !why.empty())
                return fail(where + "the panel " + quoted(entry) + " " + why);
        if (!moment.layout.empty())
            if (const std::string why = word_problem(moment.layout); !why.empty())
                return fail(where + "the layout " + quoted(moment.layout) + " " + why);
        if (const std::string why = text_problem(moment.caption, kMaxLessonCaptionBytes, true); !why.empty())
            return fail(where + "the caption " + why);
        if (moment.question)
            if (const std::string why = question_problem(*moment.question); !why.empty())
                return fail(where + why);
    }
    return check_questions(plan, games);
}

}  // namespace ttt::exchange
