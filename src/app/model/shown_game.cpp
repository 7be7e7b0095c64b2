// The game open in the window, read from the store.
#include "model/shown_game.hpp"

#include "tictactrace/base/clock.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <variant>

namespace ttt::app {

namespace {

// More new events than this and the session starts again from the end instead of adding them one by one.
constexpr int kCatchUpEvents = GameSession::kChunkRows;
// The history rows read with a game, either side of the step shown: more than a tall window shows.
constexpr int kFirstRows = 60;

}  // namespace

ShownGame::ShownGame(const store::EventStore& store, StoreReads& reads, Notices& notices, StorageGuard& guard)
    : m_store(store), m_reads(reads), m_notices(notices), m_guard(guard), m_loader(StateLoader::open(store)) {
}

// [SECTION] Opening

int ShownGame::marks_at(store::GameId game, store::Seq step) {
    // Without takebacks every step after the first places a mark, but a resignation (always the last
    // step); the projection tells, and only a game with takebacks needs its state folded.
    const auto summary = m_store.summary(game);
    ++m_reads.summaries;
    if (!summary) return 0;
    const int resigned = summary->status == Status::Resigned || summary->status == Status::Forfeited ||
                                 summary->status == Status::Adjudicated
                             ? 1
                             : 0;
    if (summary->moves == summary->last_seq - resigned)
        return static_cast<int>(std::min<store::Seq>(step, summary->moves));
    const auto source = m_store.load(game, step);
    ++m_reads.states;
    return source ? source->state.position.move_count() : 0;
}

bool ShownGame::open(store::GameId id, std::optional<int> at) {
    ++m_reads.last_seqs;
    const auto last = m_store.last_seq(id);
    if (!last) {
        m_notices.say(Notice::Level::Error,
                      "There is no " + game_name(id) + " in " + m_store.location().short_name() + ".");
        return false;
    }
    // A notice belongs to the game it is about: another game opens without the last one's.
    if (m_notices.current() && (!m_session || m_session->id() != id)) m_notices.clear();
    // One game's states in memory at a time: the one open goes before the next is loaded (a state of the
    // largest game holds a 4 MB board and four bytes per mark).
    m_session.reset();
    m_study.reset();
    m_series = ScoreSeries{};
    m_pending.reset();
    ++m_revision;
    // A studied game is read whole, once, to build its tree (store/event_store.hpp, studied()).
    if (m_store.studied(id) && open_study(id, 0, at)) return true;
    if (m_loader && *last > kBackgroundSteps) {
        // Half a second for the largest game: read in the background, the window drawing on meanwhile.
        m_pending = PendingLoad{m_loader->ask(id, std::nullopt), id, at, true};
        ++m_reads.states;
        m_notices.say(Notice::Level::Info, "Opening " + game_name(id) + ", " + std::to_string(*last) +
                                               " steps long: its board appears in a moment.");
        return true;
    }
    // The end first, from the store in one call: the window shows the latest position at once, however
    // long the game, and reads its history only as it is shown.
    auto loaded = m_store.load(id);
    ++m_reads.states;
    if (!loaded) {
        m_notices.say(Notice::Level::Error, "Cannot open " + game_name(id) + ": " + loaded.error().message);
        return false;
    }
    install_opened(id, std::move(loaded).value(), at);
    return true;
}

void ShownGame::install_opened(store::GameId id, store::Snapshot snap, std::optional<int> at) {
    // A fork starts with copies of its source's moves; the history marks them, so count them.
    const int inherited =
        snap.state.forked_from ? marks_at(*snap.state.forked_from, snap.state.forked_at) : 0;
    const auto last = static_cast<int>(snap.last_seq);
    m_session.emplace(id, std::move(snap.state), last, inherited);
    find_forks();
    StoreLog log = log_of(id);
    if (at) {
        if (*at > m_session->last_step())
            m_notices.say(Notice::Level::Warning,
                          game_name(id) + " has " + std::to_string(m_session->last_step()) +
                              " steps; showing the last one instead of step " + std::to_string(*at) + ".");
        seek(*at);
    }
    // The rows around the step shown, so the history has them in its first frame.
    m_session->read_rows(m_session->cursor() - kFirstRows, m_session->cursor() + kFirstRows, log);
    ++m_revision;
}

bool ShownGame::open_study(store::GameId id, NodeId through, std::optional<int> step) {
    auto log = m_store.events(id);
    m_reads.events += static_cast<std::int64_t>(log.size());
    auto built = StudyLine::build(std::move(log), through);
    if (!built) {
        // The store checks every study event as it is written, so this is a log damaged since: show its
        // events as they stand rather than nothing.
        m_notices.say(Notice::Level::Warning,
                      game_name(id) + "'s variations cannot be shown: " + built.error());
        return false;
    }
    m_study.emplace(std::move(built).value());
    m_series = ScoreSeries{};  // the score plot folds the line shown, from its start
    const GameState end = m_study->end_state();
    const int inherited = end.forked_from ? marks_at(*end.forked_from, end.forked_at) : 0;
    const int last = m_study->line().steps();
    m_session.emplace(id, end, last, inherited);
    find_forks();
    if (step && *step < last) m_session->seek(std::max(0, *step), *m_study);
    m_session->read_rows(m_session->cursor() - kFirstRows, m_session->cursor() + kFirstRows, *m_study);
    ++m_revision;
    return true;
}

void ShownGame::restudy(std::optional<NodeId> show) {
    const store::GameId id = m_session->id();
    const NodeId through = show.value_or(m_study ? m_study->through() : 0);
    const NodeId at = show ? *show : node_shown();
    const int cursor = m_session->cursor();
    const bool was_study = m_study.has_value();
    m_study.reset();
    if (!open_study(id, through, std::nullopt)) {
        // Shown as the log stands: the session of its end.
        auto loaded = m_store.load(id);
        ++m_reads.states;
        if (loaded) install_opened(id, std::move(loaded).value(), cursor);
        return;
    }
    const int step = m_study->line().step_of(at);
    if (step >= 0)
        m_session->seek(step, *m_study);
    else if (was_study)
        m_session->seek(std::min(cursor, m_session->last_step()), *m_study);
}

void ShownGame::show_line(NodeId node, std::optional<int> step) {
    if (!m_study || !m_session || !m_study->tree().visible(node)) return;
    const int cursor = m_session->cursor();
    const store::GameId id = m_session->id();
    m_study->show_line(node);
    m_series = ScoreSeries{};
    const GameState end = m_study->end_state();
    m_session.emplace(id, end, m_study->line().steps(), m_session->inherited_moves());
    const int target = step.value_or(m_study->line().step_of(node));
    m_session->seek(target < 0 ? cursor : target, *m_study);
    m_session->read_rows(m_session->cursor() - kFirstRows, m_session->cursor() + kFirstRows, *m_study);
    ++m_revision;
}

store::Seq ShownGame::last_seq() const noexcept {
    if (m_study) return m_study->last_seq();
    return m_session ? m_session->last_step() : 0;
}

NodeId ShownGame::node_shown() const noexcept {
    if (!m_session) return 0;
    return m_study ? m_study->node_at(m_session->cursor()) : m_session->cursor();
}

template <class Work>
void ShownGame::with_session_log(Work&& work) {
    if (m_study) {
        work(static_cast<GameLog&>(*m_study));
        return;
    }
    StoreLog log = log_of(m_session->id());
    work(static_cast<GameLog&>(log));
}

void ShownGame::take_loaded() {
    if (!m_pending || !m_loader) return;
    auto result = m_loader->take();
    if (!result || result->ticket != m_pending->ticket) return;
    const PendingLoad pending = *m_pending;
    m_pending.reset();
    const std::string what = pending.opening
                                 ? game_name(pending.game) + " was not opened"
                                 : "step " + std::to_string(pending.at.value_or(0)) + " was not shown";
    if (!result->outcome) {
        if (auto* failed = std::get_if<StateLoader::StorageFailure>(&result->outcome.error()))
            m_guard.storage_failed(failed->error(), what);
        else
            m_notices.say(Notice::Level::Error, "Cannot show " + game_name(pending.game) + ": " +
                                                    std::get<store::Rejection>(result->outcome.error()).message);
        return;
    }
    auto& snap = result->outcome.value();
    if (pending.opening) {
        (void)m_guard.guard(what, [&] { install_opened(pending.game, std::move(snap), pending.at); });
        const auto& said = m_notices.current();
        if (said && said->level == Notice::Level::Info && said->text.starts_with("Opening "))
            m_notices.say(Notice::Level::Info, "Opened " + game_name(pending.game) + ".");
        return;
    }
    if (!m_session || m_session->id() != pending.game) return;
    m_session->show_state(static_cast<int>(snap.at), std::move(snap.state));
    (void)m_guard.guard("the history was not read", [&] {
        StoreLog log = log_of(pending.game);
        m_session->read_rows(m_session->cursor() - kFirstRows, m_session->cursor() + kFirstRows, log);
    });
    ++m_revision;
}

void ShownGame::finish_loading() {
    if (!m_loader) return;
    m_loader->wait();
    take_loaded();
}

// [SECTION] Reading what is shown

void ShownGame::seek(int step) {
    if (!m_session) return;
    step = std::clamp(step, 0, m_session->last_step());
    const int before = m_session->cursor();
    if (m_loader && !m_study && m_session->last_step() > kBackgroundSteps &&
        std::abs(step - before) > GameSession::kWalkLimit) {
        // A far jump in a long game: the step shown stays until the one asked for is read, in the
        // background; a later ask replaces it.
        m_pending = PendingLoad{m_loader->ask(m_session->id(), step), m_session->id(), step, false};
        ++m_reads.states;
        return;
    }
    if (m_pending && !m_pending->opening)
        m_pending.reset();  // a step from where the board is: the jump is off
    (void)m_guard.guard("the step was not shown",
                        [&] { with_session_log([&](GameLog& log) { m_session->seek(step, log); }); });
    if (m_session && m_session->lost()) {
        m_session.reset();  // neither that step nor the one shown could be read: nothing left to show
        ++m_revision;
        return;
    }
    if (m_session && m_session->cursor() != before) ++m_revision;
}

void ShownGame::show_end() {
    if (!m_session || m_session->at_end()) return;
    with_session_log([&](GameLog& log) { m_session->seek(m_session->last_step(), log); });
}

void ShownGame::read_history_rows(int first, int last) {
    if (!m_session) return;
    (void)m_guard.guard("the history was not read", [&] {
        with_session_log([&](GameLog& log) { m_session->read_rows(first, last, log); });
    });
}

void ShownGame::fold_scores() {
    if (!m_session) return;
    (void)m_guard.guard("the score plot was not read", [&] {
        with_session_log(
            [&](GameLog& log) { m_series.advance(m_session->id(), m_session->last_step(), log); });
    });
}

void ShownGame::read_event_rows(int first, int last) {
    if (!m_session) return;
    (void)m_guard.guard("the events were not read", [&] {
        StoreLog log = log_of(m_session->id());
        m_event_rows.read(m_session->id(), first, last, log);
    });
}

void ShownGame::start_rebuild() {
    // The log itself, every event of it: the study's events fold as steps that change no position.
    if (m_session) m_rebuild.emplace(m_session->id(), static_cast<int>(last_seq()));
    m_rebuilt.reset();
    advance_rebuild();
}

void ShownGame::advance_rebuild() {
    if (!m_rebuild) return;
    const bool read = m_guard.guard("the game was not rebuilt", [&] {
        StoreLog log = log_of(m_rebuild->game());
        m_rebuild->advance(log);
        if (!m_rebuild->done()) return;
        const auto stored = m_store.summary(m_rebuild->game());
        const bool same = stored && m_rebuild->compare(*stored).empty();
        m_rebuilt = RebuildResult{m_rebuild->game(), same, m_rebuild->verdict(stored)};
        m_notices.say(same ? Notice::Level::Info : Notice::Level::Warning, m_rebuilt->text);
    });
    if (!read || m_rebuild->done()) m_rebuild.reset();
}

// [SECTION] Following the log

void ShownGame::appended(store::Seq seq, const Event& event, bool show_end) {
    if (m_study || is_study(event)) {
        // The tree is read again; a new move (a variation's or the trunk's) is shown on its line.
        const bool moves = std::holds_alternative<VariationPlayed>(event) || !is_study(event);
        restudy(moves ? std::optional<NodeId>(seq) : std::nullopt);
        return;
    }
    StoreLog log = log_of(m_session->id());
    if (show_end) m_session->seek(m_session->last_step(), log);
    (void)m_session->append(store::StoredEvent{seq, event, base::now_ms()}, log);
    ++m_revision;
}

void ShownGame::catch_up() {
    if (!m_session) return;
    const store::GameId id = m_session->id();
    const auto last = m_store.last_seq(id);
    ++m_reads.last_seqs;
    if (!last || *last <= last_seq()) return;
    if (m_study || m_store.studied(id)) {
        // Someone else wrote (a variation, a comment, a move): the tree again, the line and step kept.
        restudy(std::nullopt);
        return;
    }
    StoreLog log = log_of(id);
    if (*last - m_session->last_step() > kCatchUpEvents) {
        // Much more than a screenful arrived at once (an import into this game's log cannot happen, but
        // another window may have played for hours): start again from the end, keeping the step shown.
        const bool at_end = m_session->at_end();
        const int cursor = m_session->cursor();
        GameState end = log.state_at(*last);
        m_session.emplace(id, std::move(end), static_cast<int>(*last), m_session->inherited_moves());
        if (!at_end) m_session->seek(cursor, log);
    } else {
        const auto events = log.events(m_session->last_step() + 1, *last);
        (void)m_session->append(events, log);  // a log that no longer folds: keep what we have
    }
    ++m_revision;
}

void ShownGame::find_forks() {
    m_forks.clear();
    if (!m_session) return;
    // One indexed read of the games forked from this one, however many games the log holds.
    for (const store::EventStore::ForkRef& f : m_store.forks_of(m_session->id()))
        m_forks.push_back({static_cast<int>(f.at), f.id});
    m_reads.summaries += static_cast<std::int64_t>(m_forks.size()) + 1;
}

}  // namespace ttt::app
