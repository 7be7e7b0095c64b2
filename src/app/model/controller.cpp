// Carrying out what the user asked, through the store; every refusal becomes a notice and writes nothing.
#include "model/controller.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/write_file.hpp"
#include "tictactrace/engine/overloaded.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sample_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <iterator>
#include <type_traits>
#include <utility>

namespace ttt::app {

namespace {

// X's and O's places in the per-side arrays.
constexpr std::size_t slot_of(Player p) noexcept {
    return static_cast<std::size_t>(index_of(p));
}

// The open game's log as the session reads it: windows of events and states, counted.
class StoreLog final : public GameLog {
public:
    StoreLog(const store::EventStore& store, store::GameId game, StoreReads& reads)
        : m_store(store), m_game(game), m_reads(reads) {}

    std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) override {
        auto out = m_store.events(m_game, from, to);
        m_reads.events += static_cast<std::int64_t>(out.size());
        return out;
    }

    GameState state_at(store::Seq step) override {
        auto loaded = m_store.load(m_game, step);
        ++m_reads.states;
        if (auto* no = std::get_if<store::Rejection>(&loaded))
            throw store::StorageError(store::StorageErrorKind::Other, 0, no->message);  // the game is gone
        return std::move(std::get<store::Snapshot>(loaded).state);
    }

private:
    const store::EventStore& m_store;
    store::GameId m_game;
    StoreReads& m_reads;
};

// More new events than this and the session starts again from the end instead of adding them one by one.
constexpr int kCatchUpEvents = GameSession::kChunkRows;
// The history rows read with a game, either side of the step shown: more than a tall window shows.
constexpr int kFirstRows = 60;

std::string game_name(store::GameId id) {
    return "game #" + std::to_string(id);
}

// One sentence for a storage failure: what went wrong (by kind), what was not done, what to do.
std::string storage_sentence(const store::StorageError& e, std::string_view not_done) {
    const std::string what(not_done);
    switch (e.kind()) {
    case store::StorageErrorKind::Locked:
        return "The database is locked by another program; " + what + " \u2014 try again.";
    case store::StorageErrorKind::Full:
        return "The disk is full; " + what + ". Free some space, then try again.";
    case store::StorageErrorKind::Corrupt:
        return "The database looks damaged (" + std::string(e.what()) + "); " + what +
               ". `tictactrace verify` checks it.";
    case store::StorageErrorKind::NewerSchema:
        return "The database was changed by a newer tictactrace; " + what + ".";
    case store::StorageErrorKind::Tampered:
        return "The database holds something tictactrace never writes (" + std::string(e.what()) + "); " +
               what + ".";
    case store::StorageErrorKind::Unavailable:
        return "The database server cannot be reached (" + std::string(e.what()) + "); " + what +
               ". The window reconnects by itself.";
    case store::StorageErrorKind::Denied:
        return "The database server refused (" + std::string(e.what()) + "); " + what + ".";
    case store::StorageErrorKind::Interrupted:  // a reader's own stop, never a write's: said as any other
    case store::StorageErrorKind::Io:
    case store::StorageErrorKind::Other: break;
    }
    return "The database could not be used (" + std::string(store::name_of(e.kind())) + ": " + e.what() +
           "); " + what + ".";
}

}  // namespace

Controller::Controller(store::EventStore store)
    : m_store(std::move(store)), m_list(m_store), m_class(m_store), m_loader(StateLoader::open(m_store)) {
    // A database that cannot even be checked stops the app in main.
    m_data_version = m_store.data_version();
    ++m_reads.checks;
}

void Controller::set_notice(Notice::Level level, std::string text,
                            std::optional<store::StorageErrorKind> storage) {
    // A sentence begins with a capital, also one that begins with a game's name ("Game #7 starts ...").
    m_notice = Notice{level, as_sentence(std::move(text), false), ++m_notice_serial, storage};
}

// [SECTION] Storage failures

template <class Work>
bool Controller::guarded(std::string_view not_done, Work&& work) {
    try {
        std::forward<Work>(work)();
        return true;
    } catch (const store::StorageError& e) {
        storage_failed(e, not_done);
        return false;
    }
}

void Controller::storage_failed(const store::StorageError& e, std::string_view not_done) {
    set_notice(Notice::Level::Error, storage_sentence(e, not_done), e.kind());
    // The session only ever takes what the log acknowledged, so it is never ahead of the log; but a commit
    // that failed late (an I/O error at COMMIT) may have landed, and another program may have written.
    // Read the log again; when even that fails, keep what is shown and let the next poll retry.
    try {
        read_changes();
    } catch (const store::StorageError&) {
        m_data_version.reset();  // the next poll reads again, whatever the change check says
    }
}

void Controller::refresh_games() {
    m_list.invalidate();
}

bool Controller::has_games() {
    bool any = false;
    (void)guarded("the game list was not read", [&] {
        store::GameQuery one;
        one.limit = 1;
        any = !m_store.list_games(one).empty();
    });
    return any;
}

// [SECTION] Opening

bool Controller::open_game(store::GameId id, std::optional<int> at) {
    bool opened = false;
    (void)guarded(game_name(id) + " was not opened", [&] { opened = open_game_unguarded(id, at); });
    return opened;
}

int Controller::marks_at(store::GameId game, store::Seq step) {
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
    const auto* snap = std::get_if<store::Snapshot>(&source);
    return snap ? snap->state.position.move_count() : 0;
}

bool Controller::open_game_unguarded(store::GameId id, std::optional<int> at) {
    ++m_reads.last_seqs;
    const auto last = m_store.last_seq(id);
    if (!last) {
        set_notice(Notice::Level::Error,
                   "There is no " + game_name(id) + " in " + m_store.location().short_name() + ".");
        return false;
    }
    // A notice belongs to the game it is about: another game opens without the last one's.
    if (m_notice && (!m_session || m_session->id() != id)) m_notice.reset();
    // One game's states in memory at a time: the one open goes before the next is loaded (a state of the
    // largest game holds a 4 MB board and four bytes per mark).
    m_session.reset();
    m_series = ScoreSeries{};
    m_pending.reset();
    ++m_revision;
    if (m_loader && *last > kBackgroundSteps) {
        // Half a second for the largest game: read in the background, the window drawing on meanwhile.
        m_pending = PendingLoad{m_loader->ask(id, std::nullopt), id, at, true};
        ++m_reads.states;
        set_notice(Notice::Level::Info, "Opening " + game_name(id) + ", " + std::to_string(*last) +
                                            " steps long: its board appears in a moment.");
        return true;
    }
    // The end first, from the store in one call: the window shows the latest position at once, however
    // long the game, and reads its history only as it is shown.
    auto loaded = m_store.load(id);
    ++m_reads.states;
    auto* snap = std::get_if<store::Snapshot>(&loaded);
    if (!snap) {
        set_notice(Notice::Level::Error,
                   "Cannot open " + game_name(id) + ": " + std::get<store::Rejection>(loaded).message);
        return false;
    }
    install_opened(id, std::move(*snap), at);
    return true;
}

void Controller::install_opened(store::GameId id, store::Snapshot snap, std::optional<int> at) {
    // A fork starts with copies of its source's moves; the history marks them, so count them.
    const int inherited =
        snap.state.forked_from ? marks_at(*snap.state.forked_from, snap.state.forked_at) : 0;
    const auto last = static_cast<int>(snap.last_seq);
    m_session.emplace(id, std::move(snap.state), last, inherited);
    find_forks();
    StoreLog log(m_store, id, m_reads);
    if (at) {
        if (*at > m_session->last_step())
            set_notice(Notice::Level::Warning,
                       game_name(id) + " has " + std::to_string(m_session->last_step()) +
                           " steps; showing the last one instead of step " + std::to_string(*at) + ".");
        seek(*at);
    }
    // The rows around the step shown, so the history has them in its first frame.
    m_session->read_rows(m_session->cursor() - kFirstRows, m_session->cursor() + kFirstRows, log);
    ++m_revision;
}

void Controller::take_loaded() {
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
            storage_failed(failed->error(), what);
        else
            set_notice(Notice::Level::Error, "Cannot show " + game_name(pending.game) + ": " +
                                                 std::get<store::Rejection>(result->outcome.error()).message);
        return;
    }
    auto& snap = result->outcome.value();
    if (pending.opening) {
        (void)guarded(what, [&] { install_opened(pending.game, std::move(snap), pending.at); });
        if (m_notice && m_notice->level == Notice::Level::Info && m_notice->text.starts_with("Opening "))
            set_notice(Notice::Level::Info, "Opened " + game_name(pending.game) + ".");
        return;
    }
    if (!m_session || m_session->id() != pending.game) return;
    m_session->show_state(static_cast<int>(snap.at), std::move(snap.state));
    (void)guarded("the history was not read", [&] {
        StoreLog log(m_store, pending.game, m_reads);
        m_session->read_rows(m_session->cursor() - kFirstRows, m_session->cursor() + kFirstRows, log);
    });
    ++m_revision;
}

void Controller::finish_loading() {
    if (!m_loader) return;
    m_loader->wait();
    take_loaded();
}

bool Controller::apply(const Intent& intent) {
    return std::visit(
        Overloaded{
            [&](const JumpTo& j) { return seek(j.step), true; },
            [&](const StepBy& s) { return m_session ? (seek(m_session->cursor() + s.delta), true) : true; },
            [&](const JumpToStart&) { return seek(0), true; },
            [&](const JumpToEnd&) { return m_session ? (seek(m_session->last_step()), true) : true; },
            [&](const ShowHistoryRows& r) { return read_history_rows(r.first, r.last), true; },
            [&](const FoldScores&) { return fold_scores(), true; },
            [&](const ShowEventRows& r) { return read_event_rows(r.first, r.last), true; },
            [&](const RebuildFromLog&) {
                if (m_session) m_rebuild.emplace(m_session->id(), m_session->last_step());
                m_rebuilt.reset();
                return advance_rebuild(), true;
            },
            [&](const BrowseGames& b) { return browse(b), true; },
            [&](const WatchClass& w) { return watch_class(w.shown), true; },
            [&](const PlayMove& p) { return guarded("your move was not saved", [&] { play(p.pos); }), true; },
            [&](const TakeBack&) { return guarded("nothing was taken back", [&] { take_back(); }), true; },
            [&](const Resign&) { return guarded("nobody resigned", [&] { resign(); }), true; },
            [&](const ForkHere&) { return guarded("no fork was made", [&] { fork_here(); }), true; },
            [&](const OpenGame& o) { return open_game(o.id), true; },
            [&](const CreateGame& c) {
                return guarded("the new game was not started", [&] { create(c); }), true;
            },
            [&](const RefreshGames&) { return refresh_games(), true; },
            [&](const CreateSetUpGame& c) {
                return guarded("the new game was not started", [&] { create_set_up(c); }), true;
            },
            [&](const ExportGame& e) { return export_game(e.format, e.path), true; },
            [&](const ImportFile& i) {
                ImportRequest request;
                request.file = i.path;
                request.options.now_ms = now_ms();
                if (i.format) request.options.format = static_cast<exchange::Format>(*i.format);
                if (i.rules) request.options.rules = exchange::RulesChoice{*i.rules, 0, false};
                return start_import(std::move(request)), true;
            },
            [&](const CancelImport&) { return cancel_import(), true; },
            [&](const StopThinking&) { return stop_thinking(), true; },
            [&](const AskHint&) { return ask_hint(), true; },
            [&](const AnalyseGame&) { return start_analysis(), true; },
            [&](const ChooseOpening& c) { return choose_opening(c.choice), true; },
            [&](const StopAnalysis&) { return m_analysis ? (m_analysis->stop(), true) : false; },
            [&](const SetSide& s) { return set_side(s), true; },
            // The app's and the views' intents, by their lists (intent.hpp): one of ControllerIntents without
            // a handler above matches nothing here, and does not compile.
            []<class T>(const T&) requires(!kControllerIntent<T>) { return false; },
        },
        intent);
}

void Controller::seek(int step) {
    if (!m_session) return;
    step = std::clamp(step, 0, m_session->last_step());
    const int before = m_session->cursor();
    if (m_loader && m_session->last_step() > kBackgroundSteps &&
        std::abs(step - before) > GameSession::kWalkLimit) {
        // A far jump in a long game: the step shown stays until the one asked for is read, in the
        // background; a later ask replaces it.
        m_pending = PendingLoad{m_loader->ask(m_session->id(), step), m_session->id(), step, false};
        ++m_reads.states;
        return;
    }
    if (m_pending && !m_pending->opening)
        m_pending.reset();  // a step from where the board is: the jump is off
    (void)guarded("the step was not shown", [&] {
        StoreLog log(m_store, m_session->id(), m_reads);
        m_session->seek(step, log);
    });
    if (m_session && m_session->lost()) {
        m_session.reset();  // neither that step nor the one shown could be read: nothing left to show
        ++m_revision;
        return;
    }
    if (m_session && m_session->cursor() != before) ++m_revision;
}

void Controller::read_history_rows(int first, int last) {
    if (!m_session) return;
    (void)guarded("the history was not read", [&] {
        StoreLog log(m_store, m_session->id(), m_reads);
        m_session->read_rows(first, last, log);
    });
}

void Controller::fold_scores() {
    if (!m_session) return;
    (void)guarded("the score plot was not read", [&] {
        StoreLog log(m_store, m_session->id(), m_reads);
        m_series.advance(m_session->id(), m_session->last_step(), log);
    });
}

void Controller::read_event_rows(int first, int last) {
    if (!m_session) return;
    (void)guarded("the events were not read", [&] {
        StoreLog log(m_store, m_session->id(), m_reads);
        m_event_rows.read(m_session->id(), first, last, log);
    });
}

void Controller::advance_rebuild() {
    if (!m_rebuild) return;
    const bool read = guarded("the game was not rebuilt", [&] {
        StoreLog log(m_store, m_rebuild->game(), m_reads);
        m_rebuild->advance(log);
        if (!m_rebuild->done()) return;
        const auto stored = m_store.summary(m_rebuild->game());
        const bool same = stored && m_rebuild->compare(*stored).empty();
        m_rebuilt = RebuildResult{m_rebuild->game(), same, m_rebuild->verdict(stored)};
        set_notice(same ? Notice::Level::Info : Notice::Level::Warning, m_rebuilt->text);
    });
    if (!read || m_rebuild->done()) m_rebuild.reset();
}

void Controller::browse(const BrowseGames& b) {
    if (b.shown)
        m_list.show(b.query, b.first, b.count);
    else
        m_list.hide();
    // Inline reads happen here, in the frame that asked; a reader thread's arrive at a later poll.
    (void)guarded("the game list was not read", [&] { m_list.update(); });
}

void Controller::watch_class(bool shown) {
    m_class.show(shown);
    // Inline reads happen here, in the frame that opened it; a reader thread's arrive at a later poll.
    update_class(now_ms());
}

void Controller::update_class(std::int64_t now) {
    try {
        m_class.update(now);
        if (auto failed = m_class.take_failure())
            set_notice(Notice::Level::Error, storage_sentence(*failed, "the Class view is not up to date"),
                       failed->kind());
    } catch (const store::StorageError& e) {
        set_notice(Notice::Level::Error, storage_sentence(e, "the Class view is not up to date"), e.kind());
    }
}

// [SECTION] Writing

void Controller::play(Pos pos) {
    if (!m_session) {
        set_notice(Notice::Level::Warning,
                   "Open or start a game first (Game > New game, or the game browser).");
        return;
    }
    if (program_to_move()) {
        // A program's turn: a click would play its move for it.
        const Player side = m_session->end().to_move;
        const auto busy = thinking();
        const char* wait = !busy ? ". Game > Opponent gives the side back to you."
                           : busy->can_stop
                               ? ", thinking now: wait for its move, or Stop (Enter) to have it move at once."
                               : ", thinking now: wait for its move.";
        set_notice(Notice::Level::Warning, std::string("It is ") + to_upper_char(side) + "'s move, and " +
                                               to_upper_char(side) + " is played by " +
                                               describe(sides().of(side)) + wait);
        return;
    }
    const GameState& shown = m_session->shown();
    if (auto err = shown.position.check(pos)) {
        set_notice(Notice::Level::Warning, explain_rejected_move(pos, *err));
        return;
    }
    const MovePlayed move{shown.position.to_move(), pos};

    if (!m_session->at_end()) {
        // Playing from an earlier position never rewrites history: it starts a new game there.
        const store::GameId source = m_session->id();
        const int at = m_session->cursor();
        // The fork and the move are one transaction: both are written, or neither is.
        const auto fork = fork_and_open(move.pos);
        if (!fork) return;
        set_notice(Notice::Level::Info, "You played from step " + std::to_string(at) + " of " +
                                            game_name(source) + ", so this move starts " + game_name(*fork) +
                                            ", a fork. " + game_name(source) + " stays as it was.");
        return;
    }

    (void)append_move(move);
}

bool Controller::append_move(const MovePlayed& move) {
    const auto result = m_store.append(m_session->id(), m_session->last_step(), move);
    if (const auto* ok = std::get_if<store::Appended>(&result)) {
        StoreLog log(m_store, m_session->id(), m_reads);
        (void)m_session->append(store::StoredEvent{ok->seq, move, now_ms()}, log);
        ++m_revision;
        read_changes();
        if (m_notice && m_notice->level != Notice::Level::Info) m_notice.reset();
        return true;
    }
    if (const auto* conflict = std::get_if<store::Conflict>(&result)) {
        catch_up();
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first (" + store::describe(*conflict) +
                       "). The move was not played; the board shows the game as it is now.");
    } else {
        const auto& no = std::get<store::Rejection>(result);
        set_notice(Notice::Level::Warning,
                   explain_rejected_move(
                       move.pos, no.move_error.value_or(MoveError{MoveErrorKind::NotAllowed, no.message})));
    }
    return false;
}

void Controller::take_back() {
    if (!m_session) return;
    // A search on the position about to change is of no use any more.
    m_job.reset();
    m_job_for.reset();
    m_stalled.reset();
    std::string first;
    if (!take_back_one(&first)) return;
    // Against the built-in or an engine its reply goes too, so that it is the person's move again rather
    // than the program's, which would play the same reply at once.
    const GameEnd& end = m_session->end();
    const Sides& s = sides();
    if (s.of(end.to_move).program() && !s.of(other(end.to_move)).program() && end.last_move) {
        std::string second;
        if (!take_back_one(&second)) return;
        set_notice(Notice::Level::Info, "Took back " + first + " and " + second +
                                            ": your move again. The history keeps them all.");
        return;
    }
    set_notice(Notice::Level::Info, "Took back " + first + ". The history keeps both.");
}

bool Controller::take_back_one(std::string* what) {
    const GameEnd& end = m_session->end();
    if (!end.last_move) {
        set_notice(Notice::Level::Warning, "There is no move to take back.");
        return false;
    }
    // Moves alternate, so the last one is by the player not to move (a resigned game refuses below).
    const MoveTakenBack event{other(end.to_move), *end.last_move};
    const auto result = m_store.append(m_session->id(), m_session->last_step(), event);
    if (const auto* ok = std::get_if<store::Appended>(&result)) {
        StoreLog log(m_store, m_session->id(), m_reads);
        m_session->seek(m_session->last_step(), log);
        (void)m_session->append(store::StoredEvent{ok->seq, event, now_ms()}, log);
        ++m_revision;
        read_changes();
        *what = std::string(1, to_upper_char(event.player)) + "'s move at " + cell_label(event.pos);
        return true;
    }
    if (std::holds_alternative<store::Conflict>(result)) {
        catch_up();
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first; nothing was taken back.");
    } else {
        set_notice(Notice::Level::Warning,
                   "Cannot take back: " + std::get<store::Rejection>(result).message + ".");
    }
    return false;
}

void Controller::resign() {
    if (!m_session) return;
    const GameEnd& end = m_session->end();
    if (end.outcome.over()) {
        set_notice(Notice::Level::Warning, "The game is already over.");
        return;
    }
    // Against the built-in or an engine, Resign is the person's, whoever is to move.
    Player who = end.to_move;
    if (sides().of(who).program() && !sides().of(other(who)).program()) who = other(who);
    const Resigned event{who};
    if (append_ending(event, "nobody resigned", "Cannot resign"))
        set_notice(Notice::Level::Info, std::string(1, to_upper_char(event.player)) + " resigned.");
}

bool Controller::append_ending(const Event& event, std::string_view refused, std::string_view cannot) {
    const auto result = m_store.append(m_session->id(), m_session->last_step(), event);
    if (const auto* ok = std::get_if<store::Appended>(&result)) {
        StoreLog log(m_store, m_session->id(), m_reads);
        m_session->seek(m_session->last_step(), log);
        (void)m_session->append(store::StoredEvent{ok->seq, event, now_ms()}, log);
        ++m_revision;
        read_changes();
        return true;
    }
    if (std::holds_alternative<store::Conflict>(result)) {
        catch_up();
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first; " + std::string(refused) + ".");
    } else {
        set_notice(Notice::Level::Warning,
                   std::string(cannot) + ": " + std::get<store::Rejection>(result).message + ".");
    }
    return false;
}

std::optional<store::GameId> Controller::fork_and_open(std::optional<Pos> then_play) {
    const store::GameId source = m_session->id();
    const int at = m_session->cursor();
    const auto forked = m_store.fork(source, at, then_play);
    if (const auto* no = std::get_if<store::Rejection>(&forked)) {
        set_notice(Notice::Level::Error, "Cannot fork " + game_name(source) + ": " + no->message);
        return std::nullopt;
    }
    const store::GameId fork = std::get<store::GameId>(forked);
    // A fork is played by whoever played its source here.
    const Sides carried = sides();
    open_game_unguarded(fork, std::nullopt);
    m_sides = carried;
    m_sides_game = fork;
    read_changes();
    return fork;
}

void Controller::fork_here() {
    if (!m_session) return;
    const store::GameId source = m_session->id();
    const int at = m_session->cursor();
    const auto fork = fork_and_open(std::nullopt);
    if (!fork) return;
    set_notice(Notice::Level::Info, game_name(*fork) + " starts from step " + std::to_string(at) + " of " +
                                        game_name(source) + ", which stays as it was.");
}

void Controller::create(const CreateGame& c) {
    std::string what = ": " + describe(c.rules);
    for (Player p : {Player::X, Player::O})
        if (c.sides.of(p).program())
            what += std::string("; ") + to_upper_char(p) + " is played by " + describe(c.sides.of(p));
    if (c.opening != OpeningRule::None)
        what += std::string("; ") + name_of(c.opening) + " opening: " + c.x_name + " places the first stones";
    const auto id = started(m_store.create_game(GameCreated{c.rules, c.x_name, c.o_name, c.opening}), what);
    if (!id) return;
    m_sides = c.sides;
    m_sides_game = *id;
    if (c.clock.on()) set_clock(c.clock);
}

void Controller::create_set_up(const CreateSetUpGame& c) {
    const GameSetUp event{c.rules, c.x_name, c.o_name, GameSetUp::Start{c.setup, std::nullopt, 0}};
    started(m_store.create_game(event), " from a set-up (" + describe(c.setup) + "): " + describe(c.rules));
}

std::optional<store::GameId> Controller::started(const std::variant<store::GameId, store::Rejection>& created,
                                                 const std::string& what) {
    if (const auto* no = std::get_if<store::Rejection>(&created)) {
        set_notice(Notice::Level::Error, "Cannot start the game: " + no->message);
        return std::nullopt;
    }
    const store::GameId id = std::get<store::GameId>(created);
    open_game_unguarded(id, std::nullopt);
    read_changes();
    set_notice(Notice::Level::Info, "Started " + game_name(id) + what + ".");
    return id;
}

// [SECTION] The built-in opponent

namespace {

// The same game at the same step gets the same move from the same level, run after run.
std::uint64_t seed_of(store::GameId game, int step) {
    return static_cast<std::uint64_t>(game) * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(step);
}

}  // namespace

const Sides& Controller::sides() const noexcept {
    static const Sides people;
    return m_session && m_session->id() == m_sides_game ? m_sides : people;
}

std::optional<Controller::Thinking> Controller::thinking() const {
    if (m_job && m_job_for)
        return Thinking{m_job_for->side,
                        m_job_for->hint,
                        m_job->stopping(),
                        m_job->best_so_far(),
                        m_job_since,
                        {},
                        {},
                        true,
                        0};
    // An engine's move still wanted (one being let go is not shown as thinking).
    for (Player p : {Player::X, Player::O}) {
        const std::size_t i = slot_of(p);
        const EngineJob* job = m_engines[i].get();
        if (!job || !job->thinking() || !m_engine_for[i] || !engine_wanted(*m_engine_for[i])) continue;
        EngineJob::Progress progress = job->progress();
        return Thinking{p,
                        false,
                        progress.stopping,
                        std::nullopt,
                        progress.since_ms,
                        job->engine().label(),
                        std::move(progress.messages),
                        job->engine().yxstop,
                        job->timing().turn_ms};
    }
    return std::nullopt;
}

bool Controller::is_thinking() const {
    if (m_job) return true;
    return std::any_of(m_engines.begin(), m_engines.end(),
                       [](const auto& job) { return job && job->thinking(); });
}

pid_t Controller::engine_group(Player side) const noexcept {
    const EngineJob* job = m_engines[slot_of(side)].get();
    return job ? job->process_group() : -1;
}

bool Controller::built_in_to_move() const {
    return program_to_move() && sides().of(m_session->end().to_move).built_in();
}

bool Controller::program_to_move() const {
    if (!m_session || m_pending || !m_session->at_end()) return false;
    const GameEnd& end = m_session->end();
    // An opening rule's stones and choices are the players' own: a program plays once it is over.
    if (opening_step(m_session->shown())) return false;
    return !end.outcome.over() && sides().of(end.to_move).program();
}

void Controller::choose_opening(OpeningChoice choice) {
    if (!m_session) return;
    StoreLog log(m_store, m_session->id(), m_reads);
    if (!m_session->at_end()) m_session->seek(m_session->last_step(), log);
    const GameState& end = m_session->shown();
    const auto due = opening_step(end);
    const Opener by = due && due->kind == OpeningStep::Kind::Choose ? due->who : Opener::Second;
    const std::string said = describe_choice(choice, by, end.opening);
    if (append_ending(OpeningChosen{by, choice}, "the choice was not made", "Cannot make that choice"))
        set_notice(Notice::Level::Info, said + ".");
}

bool Controller::job_wanted(const JobFor& job) const {
    if (!m_session || m_pending || m_session->id() != job.game || m_session->last_step() != job.last_step)
        return false;
    // A hint is for the position shown; the built-in's move is for the end, whatever is shown meanwhile.
    return job.hint ? m_session->cursor() == job.step : sides().of(job.side).built_in();
}

void Controller::drive_opponent() {
    if (m_hint && !(m_session && m_session->id() == m_hint->game && m_session->cursor() == m_hint->step &&
                    m_session->last_step() == m_hint->last_step)) {
        m_hint.reset();
        ++m_revision;
    }
    if (m_job) {
        if (!job_wanted(*m_job_for)) {
            m_job.reset();  // stops the search and joins it: within about a thousand nodes
            m_job_for.reset();
        } else if (m_job->done()) {
            take_job();
        } else {
            return;
        }
    }
    if (m_job || !built_in_to_move()) return;
    const GameEnd& end = m_session->end();
    const JobFor job{m_session->id(), m_session->cursor(), m_session->last_step(), end.to_move, false};
    if (m_stalled == job) return;
    const Side& side = sides().of(end.to_move);
    if (auto fits = check_level(end.rules, side.level); !fits) {
        set_notice(Notice::Level::Warning, fits.error());
        m_stalled = job;
        return;
    }
    start_job(job, m_session->shown().position, settings_of(side, seed_of(job.game, job.last_step)));
}

void Controller::start_job(const JobFor& job, const Position& position, const OpponentSettings& settings) {
    m_job_for = job;
    m_job_since = now_ms();
    m_job = std::make_unique<OpponentJob>(position, settings);
}

void Controller::take_job() {
    auto result = m_job->take();
    const JobFor job = *m_job_for;
    m_job.reset();
    m_job_for.reset();
    if (!result) return;
    if (!result->report) {
        set_notice(Notice::Level::Error, "The built-in opponent could not search: " + result->error + ".");
        if (!job.hint) m_stalled = job;
        return;
    }
    const SearchReport& report = *result->report;
    if (m_session && m_session->id() == job.game)
        m_evaluations.note(job.game, job.step, job.side, m_session->shown().position.rules(), report);
    if (job.hint) {
        if (!report.move) return;
        m_hint = Hint{job.game, job.step, job.last_step, job.side, report};
        ++m_revision;
        set_notice(Notice::Level::Info, std::string("Hint for ") + to_upper_char(job.side) + ": " +
                                            cell_label(*report.move) + ", " + describe(report.evaluation) +
                                            " (lit on the board; not played).");
        return;
    }
    if (!report.move) {
        m_stalled = job;
        return;
    }
    bool played = false;
    (void)guarded("the built-in's move was not saved", [&] {
        played = append_move(MovePlayed{job.side, *report.move});
    });
    if (!played) m_stalled = job;
}

std::optional<Controller::AnalysisProgress> Controller::analysis() const {
    if (!m_analysis) return std::nullopt;
    return AnalysisProgress{m_analysis->looked_at(), m_analysis->steps()};
}

void Controller::start_analysis() {
    // Longer games would take minutes at the budget below; their evaluations can still be had a position
    // at a time with hints.
    constexpr int kMostSteps = 2000;
    constexpr std::int64_t kMsPerPosition = 150;
    if (!m_session) {
        set_notice(Notice::Level::Warning,
                   "Open or start a game first: the analysis is of a game's positions.");
        return;
    }
    if (m_analysis) return;  // under way
    const int last = m_session->last_step();
    if (last > kMostSteps) {
        set_notice(Notice::Level::Warning,
                   "This game has " + std::to_string(last) + " steps; Analyse looks at games of up to " +
                       std::to_string(kMostSteps) + " (ask for a hint at the steps you want judged).");
        return;
    }
    const store::GameId game = m_session->id();
    (void)guarded("the game could not be read for the analysis", [&] {
        auto loaded = m_store.load(game, 0);
        if (auto* no = std::get_if<store::Rejection>(&loaded)) {
            set_notice(Notice::Level::Error, "Cannot analyse the game: " + no->message);
            return;
        }
        std::vector<Event> events;
        events.reserve(static_cast<std::size_t>(last));
        if (last > 0)
            for (store::StoredEvent& e : m_store.events(game, 1, last)) events.push_back(std::move(e.event));
        OpponentSettings settings;
        settings.level = Level::Strong;
        settings.limits.time_ms = kMsPerPosition;
        settings.seed = seed_of(game, 0);
        m_analysis = std::make_unique<AnalysisJob>(std::move(std::get<store::Snapshot>(loaded).state),
                                                   std::move(events), settings);
        m_analysis_game = game;
        m_evaluations.keep_to(game);
        ++m_revision;
    });
}

void Controller::drive_analysis() {
    if (!m_analysis) return;
    const bool ours = m_session && m_session->id() == m_analysis_game;
    if (ours) {
        const Rules& rules = m_session->shown().position.rules();
        for (const AnalysisJob::Found& f : m_analysis->take_found())
            m_evaluations.note(m_analysis_game, f.step, f.to_move, rules, f.report);
    }
    if (!ours || m_analysis->done()) {
        const int looked = m_analysis->looked_at();
        const int steps = m_analysis->steps();
        const std::string error = m_analysis->error();
        m_analysis.reset();  // stops it, when it still runs, and joins it
        ++m_revision;
        if (!ours) return;
        if (!error.empty())
            set_notice(Notice::Level::Error,
                       "The analysis stopped at step " + std::to_string(looked) + ": " + error + ".");
        else if (looked < steps)
            set_notice(Notice::Level::Info, "Analysis stopped after " + std::to_string(looked) + " of " +
                                                std::to_string(steps) + " steps.");
        else
            set_notice(Notice::Level::Info, "Analysed every position of the game: " +
                                                std::to_string(m_evaluations.steps().size()) +
                                                " evaluations on the score plot.");
    }
}

void Controller::finish_analysis() {
    if (m_analysis) m_analysis->wait();
    drive_analysis();
}

void Controller::finish_thinking() {
    if (m_job) {
        m_job->wait();
        drive_opponent();
        return;
    }
    for (auto& job : m_engines)
        if (job && job->thinking()) {
            job->wait();
            drive_engines();
            return;
        }
}

void Controller::stop_thinking() {
    if (m_job) m_job->stop();
    const auto busy = thinking();
    if (!busy || busy->engine.empty()) return;
    if (busy->can_stop) {
        m_engines[slot_of(busy->side)]->stop();
        return;
    }
    // The Gomocup protocol has no "move now"; an engine that does not take YXSTOP cannot be hurried.
    set_notice(Notice::Level::Info, "The engine " + busy->engine +
                                        " cannot be asked to move now (it does not take YXSTOP): it "
                                        "answers within its time, " +
                                        per_move_words(busy->within_ms) + ".");
}

const GameClock* Controller::clock() const noexcept {
    return m_session && m_session->id() == m_clock_game && m_clock.on() ? &m_clock : nullptr;
}

void Controller::set_clock(const ClockSetting& setting) {
    if (!m_session) return;
    m_clock = GameClock(setting);
    m_clock_game = m_session->id();
    m_clock_step = -1;
    ++m_revision;
}

void Controller::drive_clock(std::int64_t now) {
    if (!clock()) {
        // Its game is not the one shown: it waits, paused, for that game to come back.
        if (m_clock.running()) m_clock.update(now, m_clock.to_move(), false);
        return;
    }
    const GameEnd& end = m_session->end();
    const bool moved = m_session->last_step() != m_clock_step;
    m_clock_step = m_session->last_step();
    // Looking back at an earlier step, or waiting for a far one to load, is no one's time.
    const bool run = !m_pending && m_session->at_end() && !end.outcome.over();
    m_clock.update(now, end.to_move, run, moved);
    if (!run) return;
    const auto who = m_clock.flag_fell();
    if (!who || !guarded("the time forfeit was not saved", [&] { forfeit_on_time(*who); })) return;
    // Stopped at once, so that nothing shows the clock of a game that is over still running.
    if (m_session->end().outcome.over()) m_clock.update(now, *who, false);
}

void Controller::forfeit_on_time(Player who) {
    // A search for the side whose flag fell is of no use: its move would come after the game ended.
    m_job.reset();
    m_job_for.reset();
    const std::string detail = m_clock.flag_fall_detail(who);
    if (append_ending(Forfeited{who, ForfeitReason::Timeout, detail}, "nobody forfeited on time",
                      "Cannot end the game on time"))
        set_notice(Notice::Level::Info,
                   detail + "; " + std::string(1, to_upper_char(other(who))) + " wins on time.");
}

void Controller::ask_hint() {
    if (!m_session) {
        set_notice(Notice::Level::Warning, "Open or start a game first: a hint is for a game's position.");
        return;
    }
    const Position& position = m_session->shown().position;
    if (position.outcome().over()) {
        set_notice(Notice::Level::Warning, "The game is over here: there is no move to hint.");
        return;
    }
    const JobFor job{m_session->id(), m_session->cursor(), m_session->last_step(), position.to_move(), true};
    if (m_hint && m_hint->game == job.game && m_hint->step == job.step && m_hint->last_step == job.last_step)
        return;  // shown already
    if (m_job) {
        if (!m_job_for->hint)
            set_notice(Notice::Level::Warning,
                       "The built-in is thinking about its own move; ask for a hint on your turn.");
        return;
    }
    if (const auto busy = thinking()) {
        set_notice(Notice::Level::Warning,
                   std::string(1, to_upper_char(busy->side)) + " (" + busy->engine +
                       ") is thinking about its own move; ask for a hint on your turn.");
        return;
    }
    // The strong level within its own second: the exact solver on small boards.
    OpponentSettings settings;
    settings.level = Level::Strong;
    settings.seed = seed_of(job.game, job.step);
    start_job(job, position, settings);
}

void Controller::set_side(const SetSide& s) {
    if (!m_session) {
        set_notice(Notice::Level::Warning, "Open or start a game first: the sides are a game's.");
        return;
    }
    if (s.side.built_in())
        if (auto fits = check_level(m_session->end().rules, s.side.level); !fits) {
            set_notice(Notice::Level::Warning, fits.error());
            return;
        }
    if (s.side.is_engine())
        if (auto plays = brains::check_gomocup_rules(m_session->end().rules); !plays) {
            set_notice(Notice::Level::Warning, "The engine " + s.side.engine.label() +
                                                   " cannot play this game: " + plays.error() + ".");
            return;
        }
    if (m_sides_game != m_session->id()) m_sides = Sides{};
    m_sides_game = m_session->id();
    m_sides.of(s.player) = s.side;
    m_stalled.reset();
    m_engine_stalled = {};
    ++m_revision;
    set_notice(Notice::Level::Info, std::string(1, to_upper_char(s.player)) + " is played by " +
                                        describe(s.side) + " from now on.");
}

// [SECTION] Engines

EngineTiming Controller::timing_of(const Side& side) const {
    EngineTiming timing{engine_turn_ms(side), 0};
    // A clock's limits are the engine's: its move time replaces the side's, its game time is the match's.
    if (const GameClock* c = clock()) {
        if (c->setting().move_ms) timing.turn_ms = *c->setting().move_ms;
        if (c->setting().game_ms) timing.match_ms = *c->setting().game_ms;
    }
    return timing;
}

bool Controller::engine_wanted(const JobFor& job) const {
    return m_session && m_session->id() == job.game && m_session->last_step() == job.last_step &&
           sides().of(job.side).is_engine();
}

void Controller::retire_engine(Player side) {
    const std::size_t i = slot_of(side);
    if (!m_engines[i]) return;
    m_engines[i]->retire();
    m_retired.push_back(std::move(m_engines[i]));
    m_engine_for[i].reset();
}

void Controller::drive_engines() {
    // Brains being ended: joined once their worker is done, which then costs nothing.
    std::erase_if(m_retired, [](const auto& job) { return job->ended(); });
    for (Player p : {Player::X, Player::O}) {
        const std::size_t i = slot_of(p);
        const Side& side = sides().of(p);
        const bool played = m_session && side.is_engine();
        if (m_engines[i] &&
            (!played || m_engines[i]->engine() != side.engine || m_engines[i]->timing() != timing_of(side)))
            retire_engine(p);
        if (!played) continue;
        if (!m_engines[i]) m_engines[i] = std::make_unique<EngineJob>(side.engine, timing_of(side));
        if (auto answer = m_engines[i]->take()) take_engine_answer(p, std::move(*answer));
        EngineJob& job = *m_engines[i];
        if (job.thinking()) {
            // Its move is for a position that has gone (a take back, a flag fall): an engine that takes
            // YXSTOP is asked for it now and it is dropped; any other is ended, and a new brain answers next.
            if (m_engine_for[i] && !engine_wanted(*m_engine_for[i])) {
                if (job.engine().yxstop)
                    job.stop();
                else
                    retire_engine(p);
            }
            continue;
        }
        if (!program_to_move() || m_session->end().to_move != p) continue;
        const JobFor asked{m_session->id(), m_session->cursor(), m_session->last_step(), p, false};
        if (m_engine_stalled[i] == asked) continue;
        if (auto plays = brains::check_gomocup_rules(m_session->end().rules); !plays) {
            set_notice(Notice::Level::Warning, "The engine " + job.engine().label() +
                                                   " cannot play this game: " + plays.error() + ".");
            m_engine_stalled[i] = asked;
            continue;
        }
        m_engine_for[i] = asked;
        m_engine_ticket[i] = ++m_tickets;
        job.ask(m_session->shown().position, m_engine_ticket[i]);
    }
}

void Controller::take_engine_answer(Player side, EngineJob::Answer answer) {
    const std::size_t i = slot_of(side);
    const auto asked = std::exchange(m_engine_for[i], std::nullopt);
    // An answer for a position that has gone is dropped: the game has moved on without it.
    if (!asked || answer.ticket != m_engine_ticket[i] || !engine_wanted(*asked)) return;
    const std::string label = m_engines[i]->engine().label();
    if (const auto* move = std::get_if<Pos>(&answer.reply)) {
        bool played = false;
        (void)guarded("the engine's move was not saved", [&] {
            played = append_move(MovePlayed{side, *move});
        });
        if (!played) m_engine_stalled[i] = asked;
        return;
    }
    if (const brains::Forfeit* lost = brains::forfeit_of(answer.reply)) {
        (void)guarded("the forfeit was not saved", [&] { engine_forfeited(side, *lost); });
        return;
    }
    // It cannot play this game (its program has gone, it answered ERROR to the board's size): said, and
    // not asked again until the game moves on or the side is given again.
    m_engine_stalled[i] = asked;
    set_notice(Notice::Level::Warning, std::string(1, to_upper_char(side)) + "'s engine " + label +
                                           " cannot play: " + std::get<brains::Refused>(answer.reply).detail +
                                           ".");
}

void Controller::engine_forfeited(Player side, const brains::Forfeit& lost) {
    const std::string label = m_engines[slot_of(side)]->engine().label();
    if (append_ending(brains::forfeit_event(side, lost), "the forfeit was not recorded",
                      "Cannot record the forfeit"))
        set_notice(Notice::Level::Warning, std::string(1, to_upper_char(side)) + " (" + label +
                                               ") forfeits: " + lost.detail + "; " +
                                               std::string(1, to_upper_char(other(side))) + " wins.");
}

// [SECTION] Reading what changed

void Controller::catch_up() {
    if (!m_session) return;
    const store::GameId id = m_session->id();
    const auto last = m_store.last_seq(id);
    ++m_reads.last_seqs;
    if (!last || *last <= m_session->last_step()) return;
    StoreLog log(m_store, id, m_reads);
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

void Controller::find_forks() {
    m_forks.clear();
    if (!m_session) return;
    // One indexed read of the games forked from this one, however many games the log holds.
    for (const store::EventStore::ForkRef& f : m_store.forks_of(m_session->id()))
        m_forks.push_back({static_cast<int>(f.at), f.id});
    m_reads.summaries += static_cast<std::int64_t>(m_forks.size()) + 1;
}

void Controller::read_changes() {
    // The value first: a commit that lands while we read is seen by the next check.
    const std::uint64_t version = m_store.data_version();
    ++m_reads.checks;
    find_forks();
    catch_up();
    m_list.invalidate();   // read again only when the browser shows it, and only its visible pages
    m_class.invalidate();  // likewise the Class view's tiles; an unchanged game's board is not read again
    m_data_version = version;
}

void Controller::poll(std::int64_t now, std::int64_t period_ms) {
    take_loaded();
    // Before the built-in's move is taken: a move found after the flag fell comes too late.
    drive_clock(now);
    drive_opponent();
    drive_engines();
    drive_analysis();
    advance_rebuild();
    take_import();
    try {
        m_list.update();
        if (auto failed = m_list.take_failure())
            set_notice(Notice::Level::Error, storage_sentence(*failed, "the game list is not up to date"),
                       failed->kind());
    } catch (const store::StorageError& e) {
        set_notice(Notice::Level::Error, storage_sentence(e, "the game list is not up to date"), e.kind());
    }
    update_class(now);
    if (now - m_last_poll_ms < period_ms) return;
    m_last_poll_ms = now;
    try {
        poll_unguarded();
        m_poll_failing = false;
        // The server's notifications sent while the connection was down are gone: the poll above read
        // the log forward from what the window saw (a reconnection counts as a change), so say so.
        if (m_store.take_reconnections() > 0)
            set_notice(Notice::Level::Info,
                       "Reconnected to the database server; the moves made meanwhile are shown.");
    } catch (const store::StorageError& e) {
        // Said once, not at every poll while the trouble lasts; the next poll retries.
        if (!m_poll_failing)
            set_notice(Notice::Level::Error, storage_sentence(e, "changes made elsewhere are not shown yet"),
                       e.kind());
        m_poll_failing = true;
        m_data_version.reset();
        // A lock that shut readers out too would cost the window the busy timeout at every poll: wait
        // a few periods before the next try.
        m_last_poll_ms = now + 4 * period_ms;
    }
}

void Controller::poll_unguarded() {
    // One PRAGMA: when nothing was committed since the last read, nothing else is read.
    const std::uint64_t version = m_store.data_version();
    ++m_reads.checks;
    if (m_data_version == version) return;
    read_changes();
}

namespace {

// The intent's formats are the exchange layer's, value for value: the cast below relies on it.
constexpr bool same_formats() {
    using F = exchange::Format;
    using E = ExportFormat;
    return static_cast<int>(E::Json) == static_cast<int>(F::Json) &&
           static_cast<int>(E::Xml) == static_cast<int>(F::Xml) &&
           static_cast<int>(E::Binary) == static_cast<int>(F::Binary) &&
           static_cast<int>(E::Sgf) == static_cast<int>(F::Sgf) &&
           static_cast<int>(E::Psq) == static_cast<int>(F::Psq);
}
static_assert(same_formats());

}  // namespace

bool Controller::export_game(ExportFormat format, const std::filesystem::path& path) {
    bool written = false;
    (void)guarded(std::string("nothing was exported"),
                  [&] { written = export_game_unguarded(format, path); });
    return written;
}

bool Controller::export_game_unguarded(ExportFormat format, const std::filesystem::path& path) {
    if (!m_session) return false;
    const auto record = exchange::export_from_store(m_store, m_session->id());
    if (!record) {
        set_notice(Notice::Level::Error,
                   "There is no " + game_name(m_session->id()) + " to export any more.");
        return false;
    }
    const auto bytes = exchange::write_games(std::span(&*record, 1), static_cast<exchange::Format>(format));
    if (const auto* no = std::get_if<exchange::ExchangeError>(&bytes)) {
        set_notice(Notice::Level::Error,
                   std::string("Cannot export as ") + name_of(format) + ": " + no->describe() + ".");
        return false;
    }
    // The one file write: a failure leaves the old file as it was, and the notice says why ("cannot
    // write game.json: No space left on device").
    if (const auto error = base::write_file(path, std::get<std::string>(bytes))) {
        std::string sentence = error->message;
        sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
        set_notice(Notice::Level::Error, sentence + ".");
        return false;
    }
    set_notice(Notice::Level::Info, "Wrote " + game_name(m_session->id()) + " as " + name_of(format) +
                                        " to " + path.string() + ".");
    return true;
}

int Controller::import_samples(const std::filesystem::path& folder) {
    int imported = 0;
    (void)guarded("the sample games were not imported", [&] { imported = import_samples_unguarded(folder); });
    return imported;
}

int Controller::import_samples_unguarded(const std::filesystem::path& folder) {
    const auto result = exchange::import_samples_if_empty(m_store, folder, now_ms());
    if (const auto* no = std::get_if<exchange::ExchangeError>(&result)) {
        set_notice(Notice::Level::Warning, "The sample games were not imported: " + no->describe());
        return 0;
    }
    const auto imported = static_cast<int>(std::get<std::vector<store::GameId>>(result).size());
    read_changes();
    if (imported > 0)
        set_notice(Notice::Level::Info,
                   "Imported " + std::to_string(imported) + " sample games into the new database.");
    return imported;
}

// [SECTION] Imports

void Controller::start_import(ImportRequest request) {
    if (m_import) {
        m_import_queue.push_back(std::move(request));
        return;
    }
    // A file's import runs on a thread with a connection of its own; a log in memory has no second
    // connection, and a server's import runs here, in the frame that asked, as it always has.
    std::error_code ec;
    if (m_store.location().kind() == store::Location::Kind::File &&
        std::filesystem::is_regular_file(m_store.location().path(), ec)) {
        m_import = std::make_unique<ImportJob>(m_store, std::move(request));
        return;
    }
    const std::atomic<bool> never{false};
    imported(run_import(m_store, request, never));
}

void Controller::cancel_import() {
    m_import_queue.clear();
    if (m_import) m_import->cancel();
}

void Controller::take_import() {
    while (m_import) {
        auto outcome = m_import->take();
        if (!outcome) return;
        m_import.reset();
        imported(std::move(*outcome));
        if (!m_import_queue.empty()) {
            ImportRequest next = std::move(m_import_queue.front());
            m_import_queue.pop_front();
            start_import(std::move(next));
        }
    }
}

void Controller::finish_imports() {
    while (m_import) {
        m_import->wait();
        take_import();
    }
}

void Controller::imported(ImportOutcome outcome) {
    const std::string file = outcome.file.filename().string();
    if (outcome.lesson && !outcome.cancelled && !outcome.error) {
        opened_lesson(outcome);
    } else if (outcome.cancelled) {
        set_notice(Notice::Level::Info, "The import of " + file + " was cancelled; nothing was imported.");
    } else if (outcome.error) {
        set_notice(Notice::Level::Error, *outcome.error, outcome.storage);
    } else if (outcome.ids.empty()) {
        set_notice(Notice::Level::Info, outcome.notes.empty() ? file + " holds no game; nothing was imported."
                                                              : outcome.notes.back());
    } else {
        (void)guarded("the imported games are not listed yet", [&] { read_changes(); });
        const store::GameId first = outcome.ids.front();
        const std::size_t n = outcome.ids.size();
        std::string text = n == 1 ? "Imported game #" + std::to_string(first) + " from " + file
                                  : "Imported " + std::to_string(n) + " games from " + file + " (#" +
                                        std::to_string(first) + " to #" + std::to_string(outcome.ids.back()) +
                                        ")";
        const auto warnings =
            std::count_if(outcome.notes.begin(), outcome.notes.end(),
                          [](const std::string& note) { return note.starts_with("Warning"); });
        if (warnings > 0)
            text += "; " + std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings") +
                    " (Game > Import shows them)";
        text += ".";
        // The first new game is opened, so what came in is in front of the user at once.
        const bool opened = open_game(first);
        if (opened) set_notice(warnings > 0 ? Notice::Level::Warning : Notice::Level::Info, std::move(text));
    }
    m_last_import = std::move(outcome);
}

// [SECTION] Lessons

void Controller::opened_lesson(const ImportOutcome& outcome) {
    if (!outcome.ids.empty()) (void)guarded("the imported games are not listed yet", [&] { read_changes(); });
    m_lesson.tour.emplace(*outcome.lesson, outcome.lesson_games, outcome.file.filename().string());
    const LessonTour& tour = *m_lesson.tour;
    const int moments = tour.size();
    std::string text =
        "Opened the lesson " + (tour.title().empty() ? std::string() : "\"" + tour.title() + "\" ") +
        "from " + tour.file_name() + ": " + std::to_string(moments) +
        (moments == 1 ? " moment" : " moments") + " on " + std::to_string(outcome.lesson_games.size()) +
        (outcome.lesson_games.size() == 1 ? " game" : " games");
    if (outcome.reused > 0)
        text += " (" + std::to_string(outcome.reused) + " already in the log, not copied again)";
    // Said once its first moment's game is open: opening a game puts away the notices of the one before.
    m_lesson_notice = text + ".";
    m_moment_request = 0;
}

void Controller::announce_lesson() {
    if (m_lesson_notice) set_notice(Notice::Level::Info, std::move(*m_lesson_notice));
    m_lesson_notice.reset();
}

std::optional<int> Controller::take_moment_request() noexcept {
    return std::exchange(m_moment_request, std::nullopt);
}

void Controller::go_to_moment(int index) {
    if (m_lesson.tour && m_lesson.tour->go(index)) m_moment_request = index;
}

void Controller::close_lesson() {
    m_lesson.tour.reset();
    m_moment_request.reset();
}

void Controller::add_lesson_moment(exchange::MomentDraft moment) {
    if (m_lesson.draft.size() >= exchange::kMaxLessonMoments) {
        set_notice(Notice::Level::Warning, "A lesson holds at most " +
                                               std::to_string(exchange::kMaxLessonMoments) +
                                               " moments; this one was not added.");
        return;
    }
    m_lesson.draft.push_back(std::move(moment));
}

void Controller::remove_lesson_moment(int index) {
    if (index >= 0 && static_cast<std::size_t>(index) < m_lesson.draft.size())
        m_lesson.draft.erase(m_lesson.draft.begin() + index);
}

void Controller::copy_lesson_to_draft() {
    if (!m_lesson.tour) return;
    m_lesson.draft = m_lesson.tour->moments();
    m_lesson.draft_title = m_lesson.tour->title();
}

bool Controller::save_lesson(std::string title, const std::filesystem::path& path) {
    bool written = false;
    (void)guarded("the lesson was not saved",
                  [&] { written = save_lesson_unguarded(std::move(title), path); });
    return written;
}

bool Controller::save_lesson_unguarded(std::string title, const std::filesystem::path& path) {
    m_lesson.draft_title = title;
    if (m_lesson.draft.empty()) {
        set_notice(Notice::Level::Warning, "The lesson has no moment yet: add one with \"Add this moment\".");
        return false;
    }
    auto lesson = exchange::lesson_from_store(m_store, m_lesson.draft, std::move(title));
    if (const auto* refused = std::get_if<exchange::LessonRefusal>(&lesson)) {
        set_notice(Notice::Level::Error, "The lesson was not saved: " + as_sentence(refused->message));
        return false;
    }
    const auto& file = std::get<exchange::LessonFile>(lesson);
    const exchange::Format format = lesson_format_for(path);
    if (const auto error = base::write_file(path, exchange::write_lesson(file.games, file.plan, format))) {
        set_notice(Notice::Level::Error, as_sentence(error->message));
        return false;
    }
    const std::size_t n = file.plan.moments.size();
    set_notice(Notice::Level::Info,
               "Saved the lesson (" + std::to_string(n) + (n == 1 ? " moment" : " moments") + " on " +
                   std::to_string(file.games.size()) + (file.games.size() == 1 ? " game" : " games") +
                   ") as " + exchange::name_of(format) + " to " + path.string() + ".");
    return true;
}

}  // namespace ttt::app
