// Following and writing lessons.
#include "model/lessons.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/write_file.hpp"
#include "tictactrace/exchange/lesson_store.hpp"

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
}

void Lessons::remove_moment(int index) {
    if (index >= 0 && static_cast<std::size_t>(index) < m_state.draft.size())
        m_state.draft.erase(m_state.draft.begin() + index);
}

void Lessons::copy_to_draft() {
    if (!m_state.tour) return;
    m_state.draft = m_state.tour->moments();
    m_state.draft_title = m_state.tour->title();
}

bool Lessons::save(const store::EventStore& store, std::string title, const std::filesystem::path& path) {
    m_state.draft_title = title;
    if (m_state.draft.empty()) {
        m_notices.say(Notice::Level::Warning,
                      "The lesson has no moment yet: add one with \"Add this moment\".");
        return false;
    }
    auto lesson = exchange::lesson_from_store(store, m_state.draft, std::move(title));
    if (!lesson) {
        m_notices.say(Notice::Level::Error,
                      "The lesson was not saved: " + as_sentence(lesson.error().message));
        return false;
    }
    const auto& file = lesson.value();
    const exchange::Format format = lesson_format_for(path);
    if (const auto written = base::write_file(path, exchange::write_lesson(file.games, file.plan, format));
        !written) {
        m_notices.say(Notice::Level::Error, as_sentence(written.error().message));
        return false;
    }
    const std::size_t n = file.plan.moments.size();
    m_notices.say(Notice::Level::Info,
                  "Saved the lesson (" + std::to_string(n) + (n == 1 ? " moment" : " moments") + " on " +
                      std::to_string(file.games.size()) + (file.games.size() == 1 ? " game" : " games") +
                      ") as " + exchange::name_of(format) + " to " + path.string() + ".");
    return true;
}

}  // namespace ttt::app
