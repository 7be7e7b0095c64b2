// The lessons of the window: the one being followed (opened from a lesson file: its title and moments, and
// which is shown) and the one being written (the moments a teacher gathered with Lesson > Add this moment,
// saved as a lesson file). No GL or ImGui here; the app shows a moment by opening its game at its step and
// putting up its layout and panels, as a lesson link does.
#pragma once

#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ttt::app {

// A student's tries at a moment's "find the move", kept for the session while the lesson is followed.
struct MoveHunt {
    enum class Reply : std::uint8_t {
        None = 0,     // no try yet
        Right = 1,    // the last try was an accepted answer
        Message = 2,  // a wrong answer the teacher foresaw: their message is said
        Wrong = 3,    // another wrong cell: "Not this one — try again."
    };
    int tries = 0;
    bool found = false;
    bool hint_shown = false;  // asked for, or given after the first wrong try
    Reply reply = Reply::None;
    Pos last{};  // the cell of the last try
};

// What the Lesson window says after the last try of `hunt` at `question`: "Right! Found in 2 tries.", the
// teacher's message for the wrong answer chosen, or "Not this one — try again."; empty before any try.
[[nodiscard]] std::string hunt_reply(const exchange::FindTheMove& question, const MoveHunt& hunt);
// "found in 2 tries", "3 tries so far", "not tried": a moment's tries, as the list of moments says them.
[[nodiscard]] std::string hunt_summary(const MoveHunt& hunt);

class LessonTour {
public:
    // The lesson `plan` of a file whose games are `games` in this log (its games' ids, in the file's order).
    LessonTour(const exchange::LessonPlan& plan, std::span<const store::GameId> games, std::string file_name);

    [[nodiscard]] const std::string& title() const noexcept { return m_title; }
    [[nodiscard]] const std::string& file_name() const noexcept { return m_file_name; }
    [[nodiscard]] int size() const noexcept { return static_cast<int>(m_moments.size()); }
    [[nodiscard]] int current() const noexcept { return m_current; }
    [[nodiscard]] const exchange::MomentDraft& moment(int index) const;
    [[nodiscard]] const std::vector<exchange::MomentDraft>& moments() const noexcept { return m_moments; }
    // Makes `index` the moment shown; false (nothing changes) when there is no such moment.
    bool go(int index) noexcept;

    // The tries at moment `index`'s question (all zero for a moment that asks nothing).
    [[nodiscard]] const MoveHunt& hunt(int index) const;
    // A student's try at the question of the moment shown: counted until the move is found, after which
    // (and at a moment that asks nothing) a click changes nothing. Returns whether it was counted.
    bool try_cell(Pos cell);
    // The hint of the moment shown, on request.
    void show_hint() noexcept;

private:
    std::string m_title;
    std::string m_file_name;
    std::vector<exchange::MomentDraft> m_moments;
    std::vector<MoveHunt> m_hunts;  // one per moment
    int m_current = 0;
};

// What the last Save lesson came to, said in the Lesson window beside its button: "Saved lesson.json: 2
// moments on 1 game.", or why nothing was written.
struct LessonSaveReport {
    bool saved = false;
    std::string text;
    int number = 0;  // counts the saves tried, so that the window tells a new report from the last one
};

struct LessonState {
    std::optional<LessonTour> tour;  // the lesson being followed
    std::string draft_title;         // the lesson being written
    std::vector<exchange::MomentDraft> draft;
    // Until the draft changes: a report kept longer would speak of a lesson that is no longer the one shown.
    std::optional<LessonSaveReport> saved;
};

// The format of a lesson saved to `path`: ".xml" XML, ".bin" binary, anything else JSON.
[[nodiscard]] exchange::Format lesson_format_for(const std::filesystem::path& path);

}  // namespace ttt::app
