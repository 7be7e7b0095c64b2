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
        d.question = m.question;
        m_moments.push_back(std::move(d));
    }
    m_hunts.resize(m_moments.size());
}

const exchange::MomentDraft& LessonTour::moment(int index) const {
    return m_moments.at(static_cast<std::size_t>(index));
}

bool LessonTour::go(int index) noexcept {
    if (index < 0 || index >= size()) return false;
    m_current = index;
    return true;
}

const MoveHunt& LessonTour::hunt(int index) const {
    return m_hunts.at(static_cast<std::size_t>(index));
}

bool LessonTour::try_cell(Pos cell) {
    const auto& question = m_moments.at(static_cast<std::size_t>(m_current)).question;
    MoveHunt& hunt = m_hunts[static_cast<std::size_t>(m_current)];
    if (!question || hunt.found) return false;
    ++hunt.tries;
    hunt.last = cell;
    const auto& answers = question->answers;
    if (std::find(answers.begin(), answers.end(), cell) != answers.end()) {
        hunt.found = true;
        hunt.reply = MoveHunt::Reply::Right;
        return true;
    }
    const auto& wrong = question->wrong;
    const bool foreseen = std::any_of(wrong.begin(), wrong.end(),
                                      [&](const exchange::WrongAnswer& w) { return w.cell == cell; });
    hunt.reply = foreseen ? MoveHunt::Reply::Message : MoveHunt::Reply::Wrong;
    // The hint comes by itself after the first miss.
    if (!question->hint.empty()) hunt.hint_shown = true;
    return true;
}

void LessonTour::show_hint() noexcept {
    m_hunts[static_cast<std::size_t>(m_current)].hint_shown = true;
}

std::string hunt_reply(const exchange::FindTheMove& question, const MoveHunt& hunt) {
    switch (hunt.reply) {
    case MoveHunt::Reply::None: return {};
    case MoveHunt::Reply::Right:
        return hunt.tries == 1 ? "Right! Found at the first try."
                               : "Right! Found in " + std::to_string(hunt.tries) + " tries.";
    case MoveHunt::Reply::Message:
        for (const exchange::WrongAnswer& w : question.wrong)
            if (w.cell == hunt.last) return w.message;
        break;
    case MoveHunt::Reply::Wrong: break;
    }
    return "Not this one \u2014 try again.";
}

std::string hunt_summary(const MoveHunt& hunt) {
    if (hunt.found)
        return hunt.tries == 1 ? "found at the first try"
                               : "found in " + std::to_string(hunt.tries) + " tries";
    if (hunt.tries == 0) return "not tried";
    return std::to_string(hunt.tries) + (hunt.tries == 1 ? " try so far" : " tries so far");
}

exchange::Format lesson_format_for(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext == ".xml") return exchange::Format::Xml;
    if (ext == ".bin") return exchange::Format::Binary;
    return exchange::Format::Json;
}

}  // namespace ttt::app
