// The live lesson's reads and writes, on the window's store connection and thread.
#include "model/live_session.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/clock.hpp"
#include "tictactrace/base/write_file.hpp"
#include "tictactrace/exchange/poll_answers_csv.hpp"

#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace ttt::app {

bool is_own_navigation(const Intent& intent) noexcept {
    return std::holds_alternative<JumpTo>(intent) || std::holds_alternative<StepBy>(intent) ||
           std::holds_alternative<JumpToStart>(intent) || std::holds_alternative<JumpToEnd>(intent) ||
           std::holds_alternative<ShowLine>(intent) || std::holds_alternative<SwitchVariation>(intent) ||
           std::holds_alternative<OpenGame>(intent) || std::holds_alternative<OpenGameAt>(intent) ||
           std::holds_alternative<PlayMove>(intent);
}

LiveSession::LiveSession(store::EventStore& store, Notices& notices)
    : m_store(&store), m_notices(&notices), m_live(store) {}

LiveSession::~LiveSession() {
    if (!m_state.presenting()) return;
    try {
        (void)m_live.stop_presenting();
    } catch (const store::StorageError&) {
        // Gone with the connection: the followers see the heartbeat lapse instead.
    }
}

bool LiveSession::on_file() const noexcept {
    return m_store->location().kind() == store::Location::Kind::File;
}

template <class Work>
bool LiveSession::guarded(std::string_view not_done, Work&& work) {
    try {
        std::forward<Work>(work)();
        m_failing = false;
        return true;
    } catch (const store::StorageError& e) {
        if (!m_failing) m_notices->say(Notice::Level::Error, storage_sentence(e, not_done), e.kind());
        m_failing = true;
        m_version.reset();
        return false;
    }
}

void LiveSession::refused(const store::Rejection& why) {
    m_notices->say(Notice::Level::Warning, "Not done: " + why.message + ".");
}

// [SECTION] Presenting

void LiveSession::present() {
    m_state.start_presenting();
    m_version.reset();
    m_look.reset();
    m_last_look.reset();
    // Said once the first view is written: on a server the store may refuse it (a student's login).
    m_announce = true;
}

void LiveSession::stop_presenting() {
    m_announce = false;
    if (!m_state.presenting()) return;
    m_state.stop();
    (void)guarded("the students were not told", [&] {
        if (auto stopped = m_live.stop_presenting(); !stopped) return refused(stopped.error());
        m_notices->say(Notice::Level::Info, "Stopped presenting.");
    });
}

bool LiveSession::offer(const store::PresentedView& view, std::int64_t now_ms) {
    if (!m_state.changed(view, now_ms)) return false;
    bool written = false;
    (void)guarded("the students do not see the change yet", [&] {
        const auto id = m_live.present(view);
        if (!id) {
            // Refused (a student's login on a server): presenting ends, and says why; nothing was written.
            m_state.stop();
            m_announce = false;
            m_notices->say(Notice::Level::Warning,
                           "Not presenting: the server refused (" + id.error().message +
                               "). Nothing was written; the class sees nothing of this "
                               "window.");
            return;
        }
        m_state.written(view, id.value(), now_ms);
        written = true;
        if (std::exchange(m_announce, false))
            m_notices->say(Notice::Level::Info,
                           "Presenting: the students' windows that follow show what this one shows. View > "
                           "Present again stops.");
    });
    return written;
}

// [SECTION] Following

void LiveSession::follow(std::string as) {
    m_state.start_following(std::move(as));
    m_version.reset();
    m_look.reset();
    m_last_look.reset();
}

void LiveSession::back_to_teacher() {
    m_state.back_to_teacher();
    m_last_look.reset();  // applied again: the student may have changed the layout meanwhile
    take_presented_look();
}

void LiveSession::take_presented_look() {
    const auto& p = m_state.presentation();
    if (!p || !p->view) return;
    auto look = parse_view_json(p->view->view);
    if (!look) return;  // a view this window cannot read: the game and the step are still followed
    if (m_last_look && *m_last_look == look.value()) return;
    if (!look.value().wrong.empty()) m_state.set_wrong_answers(look.value().wrong_poll, look.value().wrong);
    m_last_look = look.value();
    m_look = std::move(look).value();
}

void LiveSession::stop_following() {
    if (m_state.following()) m_state.stop();
}

// [SECTION] The poll

void LiveSession::open_poll(store::GameId game, store::Seq node, int step,
                            const exchange::FindTheMove* question) {
    if (!m_state.presenting()) {
        m_notices->say(Notice::Level::Warning,
                       "Present first (View > Present): the class answers at the position you present.");
        return;
    }
    (void)guarded("no poll was opened", [&] {
        const auto id = m_live.open_poll(game, node, step, question ? question->answers : std::vector<Pos>{});
        if (!id) return refused(id.error());
        if (question) m_state.set_wrong_answers(id.value(), question->wrong);
        m_notices->say(Notice::Level::Info,
                       question ? "Asked the class to find the move. Their answers show on the board; the "
                                  "accepted ones are framed in green."
                                : "Asked the class: \"Your move?\" Their answers show on the board.");
        read_poll();
    });
}

void LiveSession::answer(Pos cell) {
    const auto& poll = m_state.poll();
    if (!poll || !poll->poll.open()) return;
    const std::string& as = m_state.answering_as();
    if (on_file() && as.empty()) {
        m_notices->say(Notice::Level::Warning,
                       "Give a name to answer under: View > Follow the teacher asks for one (or --as NAME).");
        return;
    }
    const store::PollId id = poll->poll.id;
    (void)guarded("your answer was not saved", [&] {
        const auto done = m_live.answer(id, cell, on_file() ? std::string_view(as) : std::string_view());
        if (!done) return refused(done.error());
        m_state.answered(id, cell);
        read_poll();
    });
}

void LiveSession::close_poll() {
    const auto& poll = m_state.poll();
    if (!poll || !poll->poll.open()) return;
    const store::PollId id = poll->poll.id;
    (void)guarded("the poll was not closed", [&] {
        if (auto closed = m_live.close_poll(id); !closed) return refused(closed.error());
        read_poll();
    });
}

void LiveSession::save_answers(const std::filesystem::path& path) {
    const auto& poll = m_state.poll();
    if (!poll) {
        m_notices->say(Notice::Level::Warning, "No poll to save: Class > Ask the class opens one.");
        return;
    }
    const store::PollId id = poll->poll.id;
    (void)guarded("the answers were not saved", [&] {
        // Read again: the file holds the answers as they stand now, not as the last frame saw them.
        const std::string_view reader = on_file() && m_state.following() ? m_state.answering_as() : "";
        auto results = m_live.results(id, reader);
        if (!results) return refused(results.error());
        const store::PollResults& r = results.value();
        if (const auto written = base::write_file(path, exchange::poll_answers_csv(r)); !written) {
            m_notices->say(Notice::Level::Error, as_sentence(written.error().message));
            return;
        }
        const std::size_t n = r.answers.size();
        m_notices->say(Notice::Level::Info,
                       "Saved " + std::to_string(n) + (n == 1 ? " answer" : " answers") + " to " +
                           path.filename().string() +
                           (r.complete ? "." : " (only yours: the poll is still open)."));
    });
}

void LiveSession::read_poll() {
    const auto latest = m_live.latest_poll();
    if (!latest) {
        m_state.poll_seen(std::nullopt);
        return;
    }
    // A following window reads as its student (on a server the login is the student already).
    const std::string_view reader = on_file() && m_state.following() ? m_state.answering_as() : "";
    auto results = m_live.results(latest->id, reader);
    if (!results) return refused(results.error());
    m_state.poll_seen(std::move(results).value());
}

// [SECTION] Each frame

void LiveSession::roll_call(std::int64_t now_ms) {
    m_state.roll_called(now_ms);
    if (m_state.presenting()) {
        (void)guarded("the class is not counted", [&] { m_state.set_followers(m_live.followers()); });
        return;
    }
    // On a file a follower is counted under the name it answers as; one without a name is not counted.
    const std::string& as = m_state.answering_as();
    if (on_file() && as.empty()) return;
    (void)guarded("the teacher may not count you", [&] {
        try {
            m_live.still_following(on_file() ? std::string_view(as) : std::string_view());
        } catch (const std::invalid_argument& e) {
            // A name the store refuses: said once, and not counted (answering says it again).
            if (!m_uncounted)
                m_notices->say(Notice::Level::Warning,
                               "Not counted among the class: " + std::string(e.what()) + ".");
            m_uncounted = true;
        }
    });
}

void LiveSession::tick(std::int64_t now_ms) {
    if (m_state.role() == LiveRole::None) return;
    if (m_state.heartbeat_due(now_ms)) {
        m_state.beat(now_ms);
        (void)guarded("the students may think you left", [&] { m_live.still_presenting(); });
    }
    if (m_state.roll_call_due(now_ms)) roll_call(now_ms);
    const bool presenting = m_state.presenting();
    // A presenter reads only the poll's stream; a follower checks as often, and reads the presentation
    // again once a second whatever the version says (the presenter's "still here" is no row).
    if (presenting ? now_ms - m_last_check_ms < LiveLessonState::kFollowCheckMs : !m_state.check_due(now_ms))
        return;
    m_last_check_ms = now_ms;
    m_state.checked(now_ms);
    (void)guarded("the lesson is not up to date", [&] {
        const std::uint64_t version = m_live.version();
        const bool changed = m_version != version;
        m_version = version;
        if (!presenting && (changed || m_state.presence_read_due(now_ms))) {
            m_state.seen(m_live.presentation(), now_ms);
            if (!m_state.broken_away()) take_presented_look();
        }
        if (changed) read_poll();
    });
}

}  // namespace ttt::app

namespace ttt::app {

void LiveSession::write_json(base::JsonWriter& json) const {
    const auto cell = [&](Pos p) { json.begin_array().value(p.row).value(p.col).end_array(); };
    json.key("live").begin_object();
    const LiveRole role = m_state.role();
    json.key("role").value(role == LiveRole::Presenting  ? "presenting"
                           : role == LiveRole::Following ? "following"
                                                         : "none");
    if (m_state.following()) {
        json.key("banner").value(m_state.banner_text()).key("broken_away").value(m_state.broken_away());
        json.key("presented");
        if (const auto& p = m_state.presentation())
            json.value(p->id);
        else
            json.null();
    }
    if (const auto& r = m_state.poll()) {
        json.key("poll").begin_object();
        json.key("id").value(r->poll.id).key("open").value(r->poll.open());
        json.key("game").value(static_cast<std::int64_t>(r->poll.game)).key("step").value(r->poll.step);
        json.key("answered").value(r->answered).key("of").value(m_state.class_size());
        json.key("complete").value(r->complete);
        json.key("cells").begin_array();
        for (const store::PollCell& c : r->cells)
            json.begin_array().value(c.cell.row).value(c.cell.col).value(c.count).end_array();
        json.end_array();
        json.key("mine");
        if (const auto mine = m_state.my_answer())
            cell(*mine);
        else
            json.null();
        if (!r->poll.accepted.empty()) {
            json.key("accepted").begin_array();
            for (const Pos p : r->poll.accepted) cell(p);
            json.end_array();
            json.key("shows_accepted").value(m_state.shows_accepted()).key("found").value(m_state.found());
            const PollVerdict v = m_state.verdict();
            json.key("verdict").value(v == PollVerdict::Found     ? "found"
                                      : v == PollVerdict::Message ? "message"
                                      : v == PollVerdict::Missed  ? "missed"
                                                                  : "none");
            json.key("verdict_message");
            if (const std::string* m = m_state.verdict_message())
                json.value(*m);
            else
                json.null();
        }
        json.end_object();
    }
    if (m_last_look && m_last_look->best) {
        json.key("best");
        cell(*m_last_look->best);
        json.key("best_eval").value(m_last_look->best_eval);
    }
    json.end_object();
}

}  // namespace ttt::app
