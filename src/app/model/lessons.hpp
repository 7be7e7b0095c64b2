// The lessons in the window: the one followed (a lesson file imported becomes it, its moments shown one at a
// time at the app's request) and the one being written (moments added, removed, copied from the one
// followed, reordered, saved as a lesson file). What each does is said as a notice.
#pragma once

#include "model/import_job.hpp"
#include "model/lesson_state.hpp"
#include "model/notice.hpp"
#include "tictactrace/store/event_store.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace ttt::app {

class Lessons {
public:
    explicit Lessons(Notices& notices) : m_notices(notices) {}

    [[nodiscard]] const LessonState& state() const noexcept { return m_state; }
    // The lesson of an import that brought one becomes the one followed; its first moment is asked for.
    void follow(const ImportOutcome& outcome);
    // The moment the app is to show next (a lesson just opened shows its first), taken once.
    [[nodiscard]] std::optional<int> take_moment_request() noexcept;
    // Makes moment `index` of the followed lesson the one shown and asks the app to show it.
    void go_to_moment(int index);
    // A student's try at the "find the move" of the moment shown, and its hint asked for (LessonTour).
    void try_cell(Pos cell);
    void show_hint() noexcept;
    // Says what the lesson just opened holds, once the app has opened its first moment's game.
    void announce();
    void close();

    // The lesson being written. A lesson holds at most exchange::kMaxLessonMoments moments: one more is
    // refused with a notice.
    void add_moment(exchange::MomentDraft moment);
    void remove_moment(int index);
    // Moment `from` taken out and put back at `to` (both from 0), the others keeping their order: Up and
    // Down in the list. Either out of range: nothing changes.
    void move_moment(int from, int to);
    void copy_to_draft();
    // Saved to `path` (the format by the file's extension: .xml, .bin, else JSON) with each game once, read
    // from `store`. A refusal is a notice and leaves the file as it was; a StorageError goes through. Either
    // way the outcome is also kept for the Lesson window (LessonState::saved).
    bool save(const store::EventStore& store, std::string title, const std::filesystem::path& path);
    // Why a save that threw (a storage failure, said as a notice by the controller) wrote nothing.
    void not_saved(std::string why);

private:
    Notices& m_notices;
    LessonState m_state;
    std::optional<int> m_moment_request;
    std::optional<std::string> m_notice;  // what opened, said once its first game is open
    int m_saves = 0;                      // saves tried: LessonSaveReport::number
};

}  // namespace ttt::app
