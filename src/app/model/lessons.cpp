// Following and writing lessons.
#include "model/lessons.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/write_file.hpp"
#include "tictactrace/exchange/lesson_store.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

void Lessons::follow(const ImportOutcome& outcome) {
    m_state.tour.emplace(*outcome.lesson, outcome.lesson_games, outcome.file.filename().string());
    const LessonTour& tour = *m_state.tour;
    const int moments = tour.size();
    std::string text =
        "Opened the lesson " + (tour.title().empty() ? std::string() : "\"" + tour.title() + "\" ") +
        "from " + tour.file_name() + ": " + std::to_string(moments) +
        (moments == 1 ? " moment" : " moments") + " on " + std::to_string(outcome.lesson_games.size()) +
        (outcome.lesson_games.size() == 1 ? " game" : " games");
    if (outcome.reused > 0)
        text += " (" + std::to_string(outcome.reused) + " already in the log, not copied again)";
    // Said once its first moment's game is open: opening a game puts away the notices of the one before.
    m_notice = text + ".";
    m_moment_request = 0;
}

void Lessons::announce() {
    if (m_notice) m_notices.say(Notice::Level::Info, std::move(*m_notice));
    m_notice.reset();
}

std::optional<int> Lessons::take_moment_request() noexcept {
    return std::exchange(m_moment_request, std::nullopt);
}

void Lessons::go_to_moment(int index) {
    if (m_state.tour && m_state.tour->go(index)) m_moment_request = index;
}

void Lessons::try_cell(Pos cell) {
    if (m_state.tour) (void)m_state.tour->try_cell(cell);
}

void Lessons::show_hint() noexcept {
    if (m_state.tour) m_state.tour->show_hint();
}

void Lessons::close() {
    m_state.tour.reset();
    m_moment_request.reset();
}

void Lessons::add_moment(exchange::MomentDraft moment) {
    if (m_state.draft.size() >= exchange::kMaxLessonMoments) {
        m_notices.say(Notice::Level::Warning, "A lesson holds at most " +
                                                  std::to_string(exchange::kMaxLessonMoments) +
                                                  " moments; this one was not added.");
        return;
    }
    m_state.draft.push_back(std::move(moment));
    m_state.saved.reset();
}

void Lessons::remove_moment(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= m_state.draft.size()) return;
    m_state.draft.erase(m_state.draft.begin() + index);
    m_state.saved.reset();
}

void Lessons::move_moment(int from, int to) {
    const auto n = static_cast<int>(m_state.draft.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to) return;
    const auto first = m_state.draft.begin();
    // A rotation of the stretch between the two places: the moment lands at `to`, the others keep their
    // order.
    if (from < to)
        std::rotate(first + from, first + from + 1, first + to + 1);
    else
        std::rotate(first + to, first + from, first + from + 1);
    m_state.saved.reset();
}

void Lessons::copy_to_draft() {
    if (!m_state.tour) return;
    m_state.draft = m_state.tour->moments();
    m_state.draft_title = m_state.tour->title();
    m_state.saved.reset();
}

bool Lessons::save(const store::EventStore& store, std::string title, const std::filesystem::path& path) {
    m_state.draft_title = title;
    m_state.saved.reset();
    if (m_state.draft.empty()) {
        const std::string why = "The lesson has no moment yet: add one with \"Add this moment\".";
        m_notices.say(Notice::Level::Warning, why);
        not_saved(why);
        return false;
    }
    auto lesson = exchange::lesson_from_store(store, m_state.draft, std::move(title));
    if (!lesson) {
        const std::string why = as_sentence(lesson.error().message);
        m_notices.say(Notice::Level::Error, "The lesson was not saved: " + why);
        not_saved(why);
        return false;
    }
    const auto& file = lesson.value();
    const exchange::Format format = lesson_format_for(path);
    if (const auto written = base::write_file(path, exchange::write_lesson(file.games, file.plan, format));
        !written) {
        const std::string why = as_sentence(written.error().message);
        m_notices.say(Notice::Level::Error, why);
        not_saved(why);
        return false;
    }
    const std::size_t n = file.plan.moments.size();
    const std::string counts = std::to_string(n) + (n == 1 ? " moment" : " moments") + " on " +
                               std::to_string(file.games.size()) +
                               (file.games.size() == 1 ? " game" : " games");
    m_notices.say(Notice::Level::Info, "Saved the lesson (" + counts + ") as " + exchange::name_of(format) +
                                           " to " + path.string() + ".");
    // In the window, beside the button: the file's name is what the teacher typed last, the folder is above.
    m_state.saved =
        LessonSaveReport{true, "Saved " + path.filename().string() + ": " + counts + ".", ++m_saves};
    return true;
}

void Lessons::not_saved(std::string why) {
    m_state.saved = LessonSaveReport{false, "Not saved: " + std::move(why), ++m_saves};
}

}  // namespace ttt::app
