// The lessons of the window: the one being followed (opened from a lesson file: its title and moments, and
// which is shown) and the one being written (the moments a teacher gathered with Lesson > Add this moment,
// saved as a lesson file). No GL or ImGui here; the app shows a moment by opening its game at its step and
// putting up its layout and panels, as a lesson link does.
#pragma once

#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/store/game_id.hpp"

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ttt::app {

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

private:
    std::string m_title;
    std::string m_file_name;
    std::vector<exchange::MomentDraft> m_moments;
    int m_current = 0;
};

struct LessonState {
    std::optional<LessonTour> tour;  // the lesson being followed
    std::string draft_title;         // the lesson being written
    std::vector<exchange::MomentDraft> draft;
};

// The format of a lesson saved to `path`: ".xml" XML, ".bin" binary, anything else JSON.
[[nodiscard]] exchange::Format lesson_format_for(const std::filesystem::path& path);

}  // namespace ttt::app
