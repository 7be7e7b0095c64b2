// The window's side of a live lesson (store/live_lesson.hpp), without the store: whether this window
// presents, follows or neither; when a presenter's changed view is written (coalesced) and when it says it
// is still there; what a follower shows next, whether its user broke away, and the banner's words; and the
// class's poll as this window sees it. The store's reads and writes are LiveSession's
// (model/live_session.hpp); everything here is decided from what it read, so it is tested without a database.
#pragma once

#include "tictactrace/engine/pos.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/store/live_lesson.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ttt::app {

enum class LiveRole : std::uint8_t { None, Presenting, Following };

// How this window's answer to a closed poll with accepted answers (a lesson's "find the move") fared.
enum class PollVerdict : std::uint8_t {
    None,     // no accepted answers, still open, or this window did not answer
    Found,    // one of the accepted answers
    Message,  // a wrong answer the teacher foresaw: their message is said
    Missed,   // another cell
};

// What the banner at the top of a following window says.
enum class FollowBanner : std::uint8_t {
    Waiting,     // nobody presents on this log yet
    Following,   // "Following tess": the window shows what the teacher shows
    BrokenAway,  // the student looks around on their own: "Back to the teacher" (F)
    Gone,        // the teacher's window stopped saying it is there: the last view stays
    Stopped,     // the teacher stopped presenting
};

class LiveLessonState {
public:
    // A changed view is written at most this often: a drag through the history is a few rows, not one a
    // frame. "Still here" goes out about once a second (the store calls a presenter gone after 5 s).
    static constexpr std::int64_t kCoalesceMs = 100;
    static constexpr std::int64_t kHeartbeatMs = 1000;
    // A follower checks the streams' version this often, and reads the presentation again at least this
    // often even when nothing was written (the presenter's "still here" is no row).
    static constexpr std::int64_t kFollowCheckMs = 100;
    static constexpr std::int64_t kPresenceReadMs = 1000;

    [[nodiscard]] LiveRole role() const noexcept { return m_role; }
    [[nodiscard]] bool presenting() const noexcept { return m_role == LiveRole::Presenting; }
    [[nodiscard]] bool following() const noexcept { return m_role == LiveRole::Following; }

    // [SECTION] Presenting.
    void start_presenting();
    // Neither presenting nor following any more (the last view and the poll are forgotten).
    void stop();
    // Whether the view is due to be composed again (at most every kCoalesceMs while presenting).
    [[nodiscard]] bool compose_due(std::int64_t now_ms) const noexcept;
    // The view composed at `now_ms`: true when it differs from the one last written, so it is to be written.
    [[nodiscard]] bool changed(const store::PresentedView& view, std::int64_t now_ms);
    // The view was written (its row is `id`), which also says the presenter is there.
    void written(const store::PresentedView& view, std::int64_t id, std::int64_t now_ms);
    [[nodiscard]] bool heartbeat_due(std::int64_t now_ms) const noexcept;
    void beat(std::int64_t now_ms) noexcept { m_last_beat_ms = now_ms; }
    [[nodiscard]] const std::optional<store::PresentedView>& last_written() const noexcept {
        return m_written;
    }

    // [SECTION] Following.
    // `as`: the name this window answers polls under on a file (empty on a server: the login answers).
    void start_following(std::string as);
    [[nodiscard]] const std::string& answering_as() const noexcept { return m_as; }
    [[nodiscard]] bool check_due(std::int64_t now_ms) const noexcept;
    [[nodiscard]] bool presence_read_due(std::int64_t now_ms) const noexcept;
    void checked(std::int64_t now_ms) noexcept { m_last_check_ms = now_ms; }
    // The presentation stream's newest row as just read (nullopt: nobody ever presented). A row not shown
    // yet becomes the view to show, unless the student broke away.
    void seen(std::optional<store::Presentation> presentation, std::int64_t now_ms);
    // The presented view the window is to show now, once; nullopt when it shows it already.
    [[nodiscard]] std::optional<store::PresentedView> take_to_show();
    // The student navigated on their own (a step, a click in the history, another game): the window keeps
    // what they chose until they go back. Nothing to break away from while nothing is presented.
    void break_away() noexcept;
    // "Back to the teacher": the presented view is shown again, and followed from now on.
    void back_to_teacher();
    [[nodiscard]] bool broken_away() const noexcept { return m_broken_away; }
    [[nodiscard]] const std::optional<store::Presentation>& presentation() const noexcept {
        return m_presentation;
    }
    [[nodiscard]] FollowBanner banner() const noexcept;
    // The banner's sentence: "Following tess", "The teacher is gone", ...
    [[nodiscard]] std::string banner_text() const;

    // [SECTION] The class's poll, as this window may see it.
    // The newest poll and what this reader may see of it, as just read (nullopt: none yet).
    void poll_seen(std::optional<store::PollResults> results);
    [[nodiscard]] const std::optional<store::PollResults>& poll() const noexcept { return m_poll; }
    [[nodiscard]] bool poll_open() const noexcept { return m_poll && m_poll->poll.open(); }
    // Whether a click on the board answers the poll rather than playing: a following student's window,
    // with a poll open, showing the teacher's view.
    [[nodiscard]] bool wants_answer() const noexcept { return following() && poll_open() && !m_broken_away; }
    // This window's answer to poll `id`, kept when the store took it (drawn on the student's board).
    void answered(store::PollId id, Pos cell);
    [[nodiscard]] std::optional<Pos> my_answer() const noexcept;
    // How many may answer ("N of M answered"): the students whose windows follow now (the store's roll
    // call); before the first count, or when nobody follows (answers typed at a terminal), those who
    // answered this poll or an earlier one this window saw. Never fewer than the answers now.
    [[nodiscard]] int class_size() const noexcept;

    // [SECTION] The roll call: a follower says "still following" about once a second, and the presenter
    // counts those who said it within the store's 5 s.
    [[nodiscard]] bool roll_call_due(std::int64_t now_ms) const noexcept;
    void roll_called(std::int64_t now_ms) noexcept { m_last_roll_ms = now_ms; }
    void set_followers(int n) noexcept { m_followers = n; }
    [[nodiscard]] int followers() const noexcept { return m_followers; }
    // The teacher asked for the best move at the poll's position (Show the best move).
    void want_best(bool on) noexcept { m_want_best = on; }
    [[nodiscard]] bool best_wanted() const noexcept { return m_want_best; }

    // [SECTION] A lesson's "find the move" asked as the poll.
    // The wrong answers the teacher foresaw for poll `id`, with their messages: the presenter's when it
    // opened the poll, a follower's from the presented view once the poll is closed.
    void set_wrong_answers(store::PollId id, std::vector<exchange::WrongAnswer> wrong);
    // Those of poll `id`, or null when none were set for it.
    [[nodiscard]] const std::vector<exchange::WrongAnswer>*
    wrong_answers_of(store::PollId id) const noexcept {
        return id == m_wrong_poll && !m_wrong.empty() ? &m_wrong : nullptr;
    }
    // Whether the accepted answers are marked on this window's board: the presenter's always, everyone's
    // once the poll is closed.
    [[nodiscard]] bool shows_accepted() const noexcept;
    // How many answers are on accepted cells ("N of M found it": M is poll()->answered).
    [[nodiscard]] int found() const noexcept;
    [[nodiscard]] PollVerdict verdict() const noexcept;
    // The teacher's message for this window's wrong answer (verdict() == Message), or null.
    [[nodiscard]] const std::string* verdict_message() const noexcept;

private:
    LiveRole m_role = LiveRole::None;
    // Presenting.
    std::optional<store::PresentedView> m_written;
    std::int64_t m_last_compose_ms = INT64_MIN / 2;
    std::int64_t m_last_beat_ms = INT64_MIN / 2;
    // Following.
    std::string m_as;
    std::int64_t m_last_check_ms = INT64_MIN / 2;
    std::int64_t m_last_read_ms = INT64_MIN / 2;
    std::optional<store::Presentation> m_presentation;
    std::int64_t m_shown_id = 0;  // the presentation row shown (0: none)
    std::optional<store::PresentedView> m_to_show;
    bool m_broken_away = false;
    // The poll.
    std::optional<store::PollResults> m_poll;
    std::optional<std::pair<store::PollId, Pos>> m_mine;
    std::set<std::string> m_students;
    int m_followers = 0;
    std::int64_t m_last_roll_ms = INT64_MIN / 2;
    bool m_want_best = false;
    store::PollId m_wrong_poll = 0;
    std::vector<exchange::WrongAnswer> m_wrong;
};

}  // namespace ttt::app
