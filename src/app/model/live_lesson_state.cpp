// The live lesson's decisions: when a presenter writes, what a follower shows, what its banner says.
#include "model/live_lesson_state.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

// [SECTION] Presenting

void LiveLessonState::start_presenting() {
    stop();
    m_role = LiveRole::Presenting;
}

void LiveLessonState::stop() {
    *this = LiveLessonState{};
}

bool LiveLessonState::compose_due(std::int64_t now_ms) const noexcept {
    return presenting() && now_ms - m_last_compose_ms >= kCoalesceMs;
}

bool LiveLessonState::changed(const store::PresentedView& view, std::int64_t now_ms) {
    m_last_compose_ms = now_ms;
    return !m_written || !(*m_written == view);
}

void LiveLessonState::written(const store::PresentedView& view, std::int64_t id, std::int64_t now_ms) {
    m_written = view;
    m_shown_id = id;
    m_last_beat_ms = now_ms;
}

bool LiveLessonState::heartbeat_due(std::int64_t now_ms) const noexcept {
    return presenting() && now_ms - m_last_beat_ms >= kHeartbeatMs;
}

// [SECTION] Following

void LiveLessonState::start_following(std::string as) {
    stop();
    m_role = LiveRole::Following;
    m_as = std::move(as);
}

bool LiveLessonState::check_due(std::int64_t now_ms) const noexcept {
    return following() && now_ms - m_last_check_ms >= kFollowCheckMs;
}

bool LiveLessonState::presence_read_due(std::int64_t now_ms) const noexcept {
    return following() && now_ms - m_last_read_ms >= kPresenceReadMs;
}

void LiveLessonState::seen(std::optional<store::Presentation> presentation, std::int64_t now_ms) {
    m_last_read_ms = now_ms;
    m_presentation = std::move(presentation);
    if (!m_presentation || !m_presentation->view) return;
    // A late joiner's first read is a row not shown yet too: it sees the current state at once.
    if (m_presentation->id != m_shown_id && !m_broken_away) {
        m_shown_id = m_presentation->id;
        m_to_show = m_presentation->view;
    }
}

std::optional<store::PresentedView> LiveLessonState::take_to_show() {
    return std::exchange(m_to_show, std::nullopt);
}

void LiveLessonState::break_away() noexcept {
    if (!following() || !m_presentation || !m_presentation->view) return;
    m_broken_away = true;
    m_to_show.reset();
}

void LiveLessonState::back_to_teacher() {
    if (!following()) return;
    m_broken_away = false;
    if (m_presentation && m_presentation->view) {
        m_shown_id = m_presentation->id;
        m_to_show = m_presentation->view;
    }
}

FollowBanner LiveLessonState::banner() const noexcept {
    if (!m_presentation) return FollowBanner::Waiting;
    if (!m_presentation->view) return FollowBanner::Stopped;
    if (!m_presentation->presenter_here) return FollowBanner::Gone;
    return m_broken_away ? FollowBanner::BrokenAway : FollowBanner::Following;
}

std::string LiveLessonState::banner_text() const {
    const std::string who = m_presentation && !m_presentation->presenter.empty() ? m_presentation->presenter
                                                                                 : std::string("the teacher");
    switch (banner()) {
    case FollowBanner::Waiting: return "Waiting for the teacher to present";
    case FollowBanner::Following: return "Following " + who;
    case FollowBanner::BrokenAway: return "On your own: Back to the teacher (F)";
    case FollowBanner::Gone: return "The teacher is gone: this is the last they showed";
    case FollowBanner::Stopped: return "The teacher stopped presenting";
    }
    return {};
}

// [SECTION] The poll

void LiveLessonState::poll_seen(std::optional<store::PollResults> results) {
    if (results) {
        for (const store::PollAnswer& a : results->answers) m_students.insert(a.student);
        // A new poll: the best move of the last one is not this one's.
        if (!m_poll || m_poll->poll.id != results->poll.id) m_want_best = false;
    }
    m_poll = std::move(results);
}

void LiveLessonState::answered(store::PollId id, Pos cell) {
    m_mine = std::pair{id, cell};
}

std::optional<Pos> LiveLessonState::my_answer() const noexcept {
    if (!m_mine || !m_poll || m_poll->poll.id != m_mine->first) return std::nullopt;
    return m_mine->second;
}

// [SECTION] A lesson's "find the move"

void LiveLessonState::set_wrong_answers(store::PollId id, std::vector<exchange::WrongAnswer> wrong) {
    m_wrong_poll = id;
    m_wrong = std::move(wrong);
}

bool LiveLessonState::shows_accepted() const noexcept {
    return m_poll && !m_poll->poll.accepted.empty() && (presenting() || !m_poll->poll.open());
}

int LiveLessonState::found() const noexcept {
    if (!m_poll) return 0;
    const auto& accepted = m_poll->poll.accepted;
    int n = 0;
    for (const store::PollCell& c : m_poll->cells)
        if (std::find(accepted.begin(), accepted.end(), c.cell) != accepted.end()) n += c.count;
    return n;
}

PollVerdict LiveLessonState::verdict() const noexcept {
    const auto mine = my_answer();
    if (!mine || m_poll->poll.open() || m_poll->poll.accepted.empty()) return PollVerdict::None;
    const auto& accepted = m_poll->poll.accepted;
    if (std::find(accepted.begin(), accepted.end(), *mine) != accepted.end()) return PollVerdict::Found;
    return verdict_message() ? PollVerdict::Message : PollVerdict::Missed;
}

const std::string* LiveLessonState::verdict_message() const noexcept {
    const auto mine = my_answer();
    if (!mine || m_poll->poll.open() || m_wrong_poll != m_poll->poll.id) return nullptr;
    for (const exchange::WrongAnswer& w : m_wrong)
        if (w.cell == *mine) return &w.message;
    return nullptr;
}

int LiveLessonState::class_size() const noexcept {
    const int answered = m_poll ? m_poll->answered : 0;
    const int known = m_followers > 0 ? m_followers : static_cast<int>(m_students.size());
    return std::max(answered, known);
}

bool LiveLessonState::roll_call_due(std::int64_t now_ms) const noexcept {
    return m_role != LiveRole::None && now_ms - m_last_roll_ms >= kHeartbeatMs;
}

}  // namespace ttt::app
