// The live lesson on the store (store/live_lesson.hpp) for one window: presenting (the view written when it
// changed, coalesced, and "still here" once a second), following (the streams' version checked every
// 100 ms, the presentation read when it changed and once a second for the presenter's presence), the
// class's poll (opened, answered, closed, its results read when the version changed), and the decisions
// of LiveLessonState. Every refusal and storage failure becomes a notice; nothing throws out of it.
#pragma once

#include "model/intent.hpp"
#include "model/live_lesson_state.hpp"
#include "model/notice.hpp"
#include "model/presented_view.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/live_lesson.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace ttt::app {

// The intents the live session carries out (through Controller::apply).
using LiveIntents = IntentList<Present, FollowTeacher, BackToTeacher, AskClass, ClosePoll, ShowBestMove,
                               AnswerPoll, SavePollAnswers>;
template <class T>
inline constexpr bool kLiveIntent = kListed<T, LiveIntents>;

// Whether `intent` is the user's own navigation (a step key, a click in the history, another game, a move
// played): a following window breaks away from the teacher on it.
[[nodiscard]] bool is_own_navigation(const Intent& intent) noexcept;

class LiveSession {
public:
    LiveSession(store::EventStore& store, Notices& notices);
    // A presenting window that closes says it stopped (best effort: a lost server is as good as gone).
    ~LiveSession();
    LiveSession(const LiveSession&) = delete;
    LiveSession& operator=(const LiveSession&) = delete;

    [[nodiscard]] const LiveLessonState& state() const noexcept { return m_state; }
    // Where presenting and polls are the store's to refuse (a student on a server); a file has no logins.
    [[nodiscard]] bool on_file() const noexcept;

    // [SECTION] Presenting.
    void present();
    void stop_presenting();
    [[nodiscard]] bool compose_due(std::int64_t now_ms) const noexcept { return m_state.compose_due(now_ms); }
    // The view the window shows now, composed when compose_due() said so: written when it changed.
    // Whether it was written (it had changed since the last written, and the store took it).
    bool offer(const store::PresentedView& view, std::int64_t now_ms);

    // [SECTION] Following. `as`: the name to answer polls under on a file (required there to answer).
    void follow(std::string as);
    void stop_following();
    void break_away() noexcept { m_state.break_away(); }
    void back_to_teacher();
    // The presented step to show now (the controller opens it), once.
    [[nodiscard]] std::optional<store::PresentedView> take_to_show() { return m_state.take_to_show(); }
    // The presented look (layout, panels, text size, best move) to apply now (the app does), once.
    [[nodiscard]] std::optional<ViewLook> take_look() { return std::exchange(m_look, std::nullopt); }
    // The best move the teacher showed with the view followed (cleared with a new poll).
    [[nodiscard]] const std::optional<ViewLook>& look() const noexcept { return m_last_look; }

    // [SECTION] The poll.
    // Opens one at the step presented; the presenting teacher's. `question`: a lesson's "find the move",
    // whose accepted answers go with the poll and whose wrong answers' messages the students get after
    // the close.
    void open_poll(store::GameId game, store::Seq node, int step,
                   const exchange::FindTheMove* question = nullptr);
    // This window's answer; the cell was checked against the position shown by the caller.
    void answer(Pos cell);
    void close_poll();
    void want_best(bool on) noexcept { m_state.want_best(on); }
    // The newest poll's answers as the teacher's spreadsheet (exchange/poll_answers_csv.hpp: what `poll
    // results --csv` prints), read again now and written whole or not at all; a notice says which.
    void save_answers(const std::filesystem::path& path);

    // Once a frame: the presenter's heartbeat, the follower's checks; a poll's results when the streams
    // changed. An unchanged log costs one version check every 100 ms and allocates nothing.
    void tick(std::int64_t now_ms);

    // The layout line's "live" member: the role, the banner, the poll as this window sees it.
    void write_json(base::JsonWriter& json) const;

private:
    template <class Work>
    bool guarded(std::string_view not_done, Work&& work);
    void read_poll();
    // A follower's "still following", or the presenter's count of those who said it.
    void roll_call(std::int64_t now_ms);
    void refused(const store::Rejection& why);
    // The look of the presentation read last, for the app, when it differs from the one applied.
    void take_presented_look();

    store::EventStore* m_store;
    Notices* m_notices;
    store::LiveLesson m_live;
    LiveLessonState m_state;
    std::optional<std::uint64_t> m_version;
    std::int64_t m_last_check_ms = INT64_MIN / 2;
    std::optional<ViewLook> m_look, m_last_look;
    bool m_failing = false;   // a storage failure was said: not again until a read succeeds
    bool m_announce = false;  // "Presenting" is said once the first view is written
    bool m_uncounted = false;  // a follower's name the store refused for the roll call was said
};

}  // namespace ttt::app
