// The lesson followed and the lesson written.
#include "model/lesson_state.hpp"

#include <algorithm>
#include <cctype>

namespace ttt::app {

LessonTour::LessonTour(const exchange::LessonPlan& plan, std::span<const store::GameId> games,
                       std::string file_name)
    : m_title(plan.title), m_file_name(std::move(file_name)) {
    m_moments.reserve(plan.moments.size());
    for (const exchange::LessonMoment& m : plan.moments) {
        exchange::MomentDraft d;
        // check_lesson_plan has held every moment to the file's games.
        d.link.game = games[static_cast<std::size_t>(m.game)];
        d.link.at = m.at;
        d.link.show = m.show;
        if (!m.layout.empty()) d.link.layout = m.layout;
        d.caption = m.caption;
        m_moments.push_back(std::move(d));
    }
}

const exchange::MomentDraft& LessonTour::moment(int index) const {
    return m_moments.at(static_cast<std::size_t>(index));
}

bool LessonTour::go(int index) noexcept {
    if (index < 0 || index >= size()) return false;
    m_current = index;
    return true;
}

exchange::Format lesson_format_for(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext == ".xml") return exchange::Format::Xml;
    if (ext == ".bin") return exchange::Format::Binary;
    return exchange::Format::Json;
}

}  // namespace ttt::app
