// Carrying out what the user asked, through the store; every refusal becomes a notice and writes nothing.
#include "model/controller.hpp"

#include "model/describe.hpp"
#include "model/game_export.hpp"
#include "tictactrace/engine/overloaded.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sample_games.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

Controller::Controller(store::EventStore store)
    : m_store(std::move(store)), m_list(m_store), m_class(m_store),
      m_game(m_store, m_reads, m_notices, *this), m_imports(m_store), m_lessons(m_notices),
      m_live(m_store, m_notices), m_play(*this, m_notices, m_store) {
    // A database that cannot even be checked stops the app in main.
    m_data_version = m_store.data_version();
    ++m_reads.checks;
}

void Controller::set_notice(Notice::Level level, std::string text,
                            std::optional<store::StorageErrorKind> storage) {
    m_notices.say(level, std::move(text), storage);
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

bool Controller::guard(std::string_view not_done, WorkRef work) {
    return guarded(not_done, work);
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

std::optional<store::Seq> Controller::last_step_of(store::GameId id) const {
    return m_store.last_seq(id);
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
    (void)guarded(game_name(id) + " was not opened", [&] { opened = m_game.open(id, at); });
    return opened;
}

bool Controller::apply(const Intent& intent) {
    // A following student's own step, click or game: their window stops following until they go back.
    if (is_own_navigation(intent)) m_live.break_away();
    return std::visit(
        Overloaded{
            [&](const JumpTo& j) { return m_game.seek(j.step), true; },
            [&](const StepBy& s) {
                return session() ? (m_game.seek(session()->cursor() + s.delta), true) : true;
            },
            [&](const JumpToStart&) { return m_game.seek(0), true; },
            [&](const JumpToEnd&) { return session() ? (m_game.seek(session()->last_step()), true) : true; },
            [&](const ShowLine& l) { return m_game.show_line(l.node), true; },
            [&](const SwitchVariation& v) { return switch_variation(v.delta), true; },
            [&](const PromoteLine& p) {
                return write_study(LinePromoted{p.node}, "the line was not promoted",
                                   "This line is now the main line; the log keeps how it was."),
                       true;
            },
            [&](const SetLineAside& a) {
                return write_study(LineSetAside{a.node}, "the line was not set aside",
                                   "The variation is set aside: no view shows it, the log keeps it."),
                       true;
            },
            [&](const Annotate& a) {
                return write_study(Annotated{a.node, a.note}, "the annotation was not saved", ""), true;
            },
            [&](const ShowHistoryRows& r) { return m_game.read_history_rows(r.first, r.last), true; },
            [&](const FoldScores&) { return m_game.fold_scores(), true; },
            [&](const ShowEventRows& r) { return m_game.read_event_rows(r.first, r.last), true; },
            [&](const RebuildFromLog&) { return m_game.start_rebuild(), true; },
            [&](const BrowseGames& b) { return browse(b), true; },
            [&](const WatchClass& w) { return watch_class(w.shown), true; },
            [&](const FindPositions& f) {
                m_positions.show(f.shown, f.symmetric);
                return update_positions(), true;
            },
            [&](const PlayMove& p) { return guarded("your move was not saved", [&] { play(p.pos); }), true; },
            [&](const TakeBack&) { return guarded("nothing was taken back", [&] { take_back(); }), true; },
            [&](const Resign&) { return guarded("nobody resigned", [&] { resign(); }), true; },
            [&](const ForkHere&) { return guarded("no fork was made", [&] { fork_here(); }), true; },
            [&](const OpenGame& o) { return open_game(o.id), true; },
            [&](const OpenGameAt& o) { return open_game_at(o), true; },
            [&](const CreateGame& c) {
                return guarded("the new game was not started", [&] { create(c); }), true;
            },
            [&](const RefreshGames&) { return refresh_games(), true; },
            [&](const CreateSetUpGame& c) {
                return guarded("the new game was not started", [&] { create_set_up(c); }), true;
            },
            [&](const ExportGame& e) { return export_game(e.format, e.path), true; },
            [&](const ExportDiagram& e) { return export_diagram(e), true; },
            [&](const ImportFile& i) {
                ImportRequest request;
                request.file = i.path;
                request.options.now_ms = now_ms();
                if (i.format) request.options.format = static_cast<exchange::Format>(*i.format);
                if (i.rules) request.options.rules = exchange::RulesChoice{*i.rules, 0, false};
                return start_import(std::move(request)), true;
            },
            [&](const CancelImport&) { return m_imports.cancel(), true; },
            [&](const StopThinking&) { return m_play.stop_thinking(), true; },
            [&](const AskHint&) { return m_play.ask_hint(), true; },
            [&](const AnalyseGame&) { return m_play.start_analysis(), true; },
            [&](const ChooseOpening& c) { return choose_opening(c.choice), true; },
            [&](const StopAnalysis&) {
        const bool stored_run = m_shelf.running();
        m_shelf.stop();
        return m_play.stop_analysis() || stored_run;
            },
            [&](const AnalyseWith& a) {
        return analyse_with(a), true; },
            [&](const ChooseAnalysis& c) {
        return m_shelf.choose(c.id), true; },
            [&](const PlayOutLine& p) {
        return guarded("the line was not played out", [&] { play_out_line(p); }), true;
            },
            [&](const SetSide& s) {
        return m_play.set_side(s), true; },
            [&]<class T>(const T&) requires kLiveIntent<T> { return live_intent(intent), true;
}
,
    // The app's and the views' intents, by their lists (intent.hpp): one of ControllerIntents without
    // a handler above matches nothing here, and does not compile.
    []<class T>(const T&) requires(!kControllerIntent<T>) {
    return false;
}
,
        },
        intent);
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

void Controller::update_positions() {
    // Not while a game or a far step loads: the position shown is about to change.
    if (loading()) return;
    const GameSession* s = session();
    m_positions.update(m_store, s ? &s->shown().position : nullptr, s ? s->id() : 0, node_shown(),
                       revision());
}

void Controller::open_game_at(const OpenGameAt& o) {
    if (session() && session()->id() == o.id && !loading()) {
        // The open game: its line followed and the step shown, nothing read again.
        if (study())
            m_game.show_line(o.line.value_or(0), o.line ? std::nullopt : std::optional<int>(o.step));
        else
            m_game.seek(o.step);
        return;
    }
    if (!o.line) {
        (void)open_game(o.id, o.step);
        return;
    }
    // A variation is only in a studied game, which opens at once, whole: its line is then followed.
    if (open_game(o.id) && session() && session()->id() == o.id) m_game.show_line(*o.line);
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
    if (!session()) {
        set_notice(Notice::Level::Warning,
                   "Open or start a game first (Game > New game, or the game browser).");
        return;
    }
    if (m_play.program_to_move()) {
        // A program's turn: a click would play its move for it.
        const Player side = session()->end().to_move;
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
    const GameState& shown = session()->shown();
    if (auto checked = shown.position.check(pos); !checked) {
        set_notice(Notice::Level::Warning, explain_rejected_move(pos, checked.error()));
        return;
    }
    const MovePlayed move{shown.position.to_move(), pos};
    // Playing from an earlier step never rewrites history: the move starts a variation there (append_move).
    const int at = session()->cursor();
    const bool branches = m_game.node_shown() != trunk_end();
    if (append_move(move) && branches)
        set_notice(Notice::Level::Info, "A variation from step " + std::to_string(at) +
                                            ": the game's own moves stay as they were. Promote it from "
                                            "the History panel's menu to make it the main line.");
}

NodeId Controller::trunk_end() const noexcept {
    // Where the game's own next move goes: the last event of its trunk (every event, without a study).
    const StudyLine* s = m_game.study();
    return s ? s->tree().trunk_end() : (session() ? session()->last_step() : 0);
}

store::AppendResult Controller::append_and_resync(const Event& event, bool show_end) {
    auto result = m_store.append(session()->id(), m_game.last_seq(), event);
    if (result) {
        m_game.appended(result->seq, event, show_end);
        read_changes();
    } else if (failed_with<store::Conflict>(result)) {
        m_game.catch_up();
    }
    return result;
}

bool Controller::append_move(const MovePlayed& move) {
    // A move from any step but the trunk's end is a variation from it, whoever plays it.
    const NodeId from = m_game.node_shown();
    const Event event =
        from == trunk_end() ? Event{move} : Event{VariationPlayed{from, move.player, move.pos}};
    const auto result = append_and_resync(event, false);
    if (result) {
        if (notice() && notice()->level != Notice::Level::Info) m_notices.clear();
        return true;
    }
    if (const auto* conflict = std::get_if<store::Conflict>(&result.error())) {
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first (" + store::describe(*conflict) +
                       "). The move was not played; the board shows the game as it is now.");
    } else {
        const auto& no = std::get<store::Rejection>(result.error());
        set_notice(Notice::Level::Warning,
                   explain_rejected_move(
                       move.pos, no.move_error.value_or(MoveError{MoveErrorKind::NotAllowed, no.message})));
    }
    return false;
}

void Controller::take_back() {
    if (!session()) return;
    if (const StudyLine* s = m_game.study(); s && s->line().nodes.back() != s->tree().trunk_end()) {
        set_notice(Notice::Level::Warning,
                   "A take-back takes back the game's own last move: show the line it goes on with (the "
                   "History panel) first. A variation's move is put away with Set aside instead.");
        return;
    }
    // A search on the position about to change is of no use any more.
    m_play.drop_search();
    const auto first = take_back_one();
    if (!first) return;
    // Against the built-in or an engine its reply goes too, so that it is the person's move again rather
    // than the program's, which would play the same reply at once.
    const GameEnd& end = session()->end();
    const Sides& s = sides();
    if (s.of(end.to_move).program() && !s.of(other(end.to_move)).program() && end.last_move) {
        const auto second = take_back_one();
        if (!second) return;
        set_notice(Notice::Level::Info, "Took back " + *first + " and " + *second +
                                            ": your move again. The history keeps them all.");
        return;
    }
    set_notice(Notice::Level::Info, "Took back " + *first + ". The history keeps both.");
}

std::optional<std::string> Controller::take_back_one() {
    const GameEnd& end = session()->end();
    if (!end.last_move) {
        set_notice(Notice::Level::Warning, "There is no move to take back.");
        return std::nullopt;
    }
    // Moves alternate, so the last one is by the player not to move (a resigned game refuses below).
    const MoveTakenBack event{other(end.to_move), *end.last_move};
    const auto result = append_and_resync(event, true);
    if (result) {
        return std::string(1, to_upper_char(event.player)) + "'s move at " + cell_label(event.pos);
    }
    if (failed_with<store::Conflict>(result)) {
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first; nothing was taken back.");
    } else {
        set_notice(Notice::Level::Warning,
                   "Cannot take back: " + std::get<store::Rejection>(result.error()).message + ".");
    }
    return std::nullopt;
}

void Controller::resign() {
    if (!session()) return;
    const GameEnd& end = session()->end();
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
    const auto result = append_and_resync(event, true);
    if (result) return true;
    if (failed_with<store::Conflict>(result)) {
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first; " + std::string(refused) + ".");
    } else {
        set_notice(Notice::Level::Warning,
                   std::string(cannot) + ": " + std::get<store::Rejection>(result.error()).message + ".");
    }
    return false;
}

std::optional<store::GameId> Controller::fork_and_open(std::optional<Pos> then_play) {
    const store::GameId source = session()->id();
    // The store forks the log after an event of it: the node shown, which must be one of the game's own.
    const NodeId at = m_game.node_shown();
    if (const StudyLine* s = m_game.study(); s && s->tree().is_variation(at)) {
        set_notice(Notice::Level::Warning, "A fork starts from a step of the game's own moves, not from a "
                                           "variation's: fork from the step it branches at.");
        return std::nullopt;
    }
    const auto forked = m_store.fork(source, at, then_play);
    if (!forked) {
        set_notice(Notice::Level::Error, "Cannot fork " + game_name(source) + ": " + forked.error().message);
        return std::nullopt;
    }
    const store::GameId fork = forked.value();
    // A fork is played by whoever played its source here.
    const Sides carried = sides();
    m_game.open(fork, std::nullopt);
    m_play.give_sides(fork, carried);
    read_changes();
    return fork;
}

void Controller::fork_here() {
    if (!session()) return;
    const store::GameId source = session()->id();
    const int at = session()->cursor();
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
    m_play.give_sides(*id, c.sides);
    if (c.clock.on()) m_play.set_clock(c.clock);
}

void Controller::create_set_up(const CreateSetUpGame& c) {
    const GameSetUp event{c.rules, c.x_name, c.o_name, GameSetUp::Start{c.setup, std::nullopt, 0}};
    started(m_store.create_game(event), " from a set-up (" + describe(c.setup) + "): " + describe(c.rules));
}

std::optional<store::GameId> Controller::started(const Result<store::GameId, store::Rejection>& created,
                                                 const std::string& what) {
    if (!created) {
        set_notice(Notice::Level::Error, "Cannot start the game: " + created.error().message);
        return std::nullopt;
    }
    const store::GameId id = created.value();
    m_game.open(id, std::nullopt);
    read_changes();
    set_notice(Notice::Level::Info, "Started " + game_name(id) + what + ".");
    return id;
}

// [SECTION] The opening rule's choices

void Controller::choose_opening(OpeningChoice choice) {
    if (!session()) return;
    m_game.show_end();
    const GameState& end = session()->shown();
    const auto due = opening_step(end);
    const Opener by = due && due->kind == OpeningStep::Kind::Choose ? due->who : Opener::Second;
    const std::string said = describe_choice(choice, by, end.opening);
    if (append_ending(OpeningChosen{by, choice}, "the choice was not made", "Cannot make that choice"))
        set_notice(Notice::Level::Info, said + ".");
}

// [SECTION] Reading what changed

void Controller::read_changes() {
    // The value first: a commit that lands while we read is seen by the next check.
    const std::uint64_t version = m_store.data_version();
    ++m_reads.checks;
    m_game.find_forks();
    m_game.catch_up();
    m_list.invalidate();   // read again only when the browser shows it, and only its visible pages
    m_class.invalidate();  // likewise the Class view's tiles; an unchanged game's board is not read again
    m_positions.invalidate();  // a game that reached the position shown may have come or gone
    m_data_version = version;
}

void Controller::poll(std::int64_t now, std::int64_t period_ms) {
    m_game.take_loaded();
    m_live.tick(now);
    if (auto presented = m_live.take_to_show()) show_presented(*presented);
    m_play.drive(now);
    drive_shelf();
    m_game.advance_rebuild();
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
    update_positions();
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
    const std::uint64_t revision = m_game.revision();
    const std::vector<ForkMark> forks = m_game.forks();
    read_changes();
    ++m_changes_read;
    const auto same_fork = [](const ForkMark& a, const ForkMark& b) { return a.at == b.at && a.id == b.id; };
    if (m_game.revision() != revision ||
        !std::equal(forks.begin(), forks.end(), m_game.forks().begin(), m_game.forks().end(), same_fork))
        ++m_shown_game_changes;
}

bool Controller::export_game(ExportFormat format, const std::filesystem::path& path) {
    bool written = false;
    (void)guarded("nothing was exported", [&] {
        written = session() && app::export_game(m_store, session()->id(), format, path, m_notices);
    });
    return written;
}

bool Controller::export_diagram(const ExportDiagram& request) {
    return session() && app::export_diagram(session()->shown().position, note_shown(), request, m_notices);
}

int Controller::import_samples(const std::filesystem::path& folder) {
    int imported = 0;
    (void)guarded("the sample games were not imported", [&] { imported = import_samples_unguarded(folder); });
    return imported;
}

int Controller::import_samples_unguarded(const std::filesystem::path& folder) {
    const auto result = exchange::import_samples_if_empty(m_store, folder, now_ms());
    if (!result) {
        set_notice(Notice::Level::Warning,
                   "The sample games were not imported: " + result.error().describe());
        return 0;
    }
    const auto imported = static_cast<int>(result.value().size());
    read_changes();
    if (imported > 0)
        set_notice(Notice::Level::Info,
                   "Imported " + std::to_string(imported) + " sample games into the new database.");
    return imported;
}

// [SECTION] Imports

void Controller::start_import(ImportRequest request) {
    if (auto here = m_imports.start(std::move(request))) imported(std::move(*here));
}

void Controller::take_import() {
    while (auto outcome = m_imports.take()) {
        imported(std::move(*outcome));
        if (auto here = m_imports.start_next()) {
            imported(std::move(*here));
            return;
        }
    }
}

void Controller::finish_imports() {
    while (m_imports.running()) {
        m_imports.wait();
        take_import();
    }
}

void Controller::imported(ImportOutcome outcome) {
    const bool in = !outcome.cancelled && !outcome.error && !outcome.ids.empty();
    if (in) (void)guarded("the imported games are not listed yet", [&] { read_changes(); });
    if (outcome.lesson && !outcome.cancelled && !outcome.error) {
        m_lessons.follow(outcome);
    } else {
        Notice said = notice_of(outcome);
        // The first new game is opened, so what came in is in front of the user at once.
        if (!in || open_game(outcome.ids.front())) set_notice(said.level, std::move(said.text), said.storage);
    }
    m_imports.keep_last(std::move(outcome));
}

// [SECTION] Lessons

bool Controller::save_lesson(std::string title, const std::filesystem::path& path) {
    bool written = false;
    const bool ran = guarded("the lesson was not saved",
                             [&] { written = m_lessons.save(m_store, std::move(title), path); });
    // A storage failure is said as a notice; the Lesson window says it beside its button too.
    if (!ran && m_notices.current()) m_lessons.not_saved(m_notices.current()->text);
    return written;
}

}  // namespace ttt::app

namespace ttt::app {

// [SECTION] The study

const Annotation& Controller::note_shown() const noexcept {
    static const Annotation nothing;
    const StudyLine* s = m_game.study();
    return s ? s->tree().annotation(m_game.node_shown()) : nothing;
}

void Controller::switch_variation(int delta) {
    const StudyLine* s = m_game.study();
    if (!s || !session() || delta == 0) return;
    // The branch of the move shown, else the one of the move after it: where ↑ and ↓ have a choice.
    int step = session()->cursor();
    StudyLine::Branch branch = s->branch_at(step);
    if (branch.nodes.empty()) branch = s->branch_at(++step);
    if (branch.nodes.empty()) return;
    const int n = static_cast<int>(branch.nodes.size());
    const int chosen = ((branch.chosen + delta) % n + n) % n;
    m_game.show_line(branch.nodes[static_cast<std::size_t>(chosen)], session()->cursor());
}

void Controller::write_study(const Event& event, std::string_view not_done, std::string done) {
    (void)guarded(not_done, [&] {
        if (!session()) return;
        const auto result = append_and_resync(event, false);
        if (result) {
            if (!done.empty()) set_notice(Notice::Level::Info, std::move(done));
            return;
        }
        if (failed_with<store::Conflict>(result))
            set_notice(Notice::Level::Warning,
                       "Another program changed this game first; " + std::string(not_done) + ".");
        else
            set_notice(Notice::Level::Warning,
                       "Cannot do that: " + std::get<store::Rejection>(result.error()).message + ".");
    });
}

}  // namespace ttt::app

namespace ttt::app {

// [SECTION] Stored analyses

void Controller::analyse_with(const AnalyseWith& a) {
    if (!session()) {
        set_notice(Notice::Level::Warning,
                   "Open or start a game first: the analysis is of a game's positions.");
        return;
    }
    AnalysisRequest request;
    request.engine_command = a.engine_command;
    request.level = a.level;
    request.limits.time_ms = a.time_ms;
    request.limits.nodes = a.nodes;
    request.limits.nbest = a.nbest;
    (void)guarded("the analysis did not start", [&] {
        std::string why;
        if (!m_shelf.start(m_store, session()->id(), request, why))
            set_notice(Notice::Level::Warning, why);
        else
            m_game.touch();
    });
}

void Controller::drive_shelf() {
    (void)guarded("the stored analyses were not read", [&] {
        // Another game opened: its analyses are read, a run for the game before is stopped (nothing stored).
        if (!loading()) m_shelf.keep_to(m_store, session() ? session()->id() : 0);
        if (auto finished = m_shelf.poll(m_store)) {
            set_notice(finished->stored ? Notice::Level::Info : Notice::Level::Warning, finished->text);
            m_game.touch();
        }
    });
}

void Controller::finish_stored_analysis() {
    m_shelf.wait();
    drive_shelf();
}

void Controller::play_out_line(const PlayOutLine& p) {
    if (!session() || p.moves.empty()) return;
    // Every move a variation from the one before, starting at the position shown: never the game's own.
    NodeId from = m_game.node_shown();
    Position walk = session()->shown().position;
    int played = 0;
    for (const Pos pos : p.moves) {
        if (walk.outcome().over() || !walk.check(pos)) break;
        const Player by = walk.to_move();
        const auto result = append_and_resync(Event{VariationPlayed{from, by, pos}}, false);
        if (!result) {
            set_notice(Notice::Level::Warning, "The line was played out as far as move " +
                                                   std::to_string(played) + ": the log refused " +
                                                   cell_label(pos) + ".");
            return;
        }
        from = result->seq;
        (void)walk.play(pos);
        ++played;
    }
    set_notice(Notice::Level::Info,
               "The engine's line is a variation now: " + std::to_string(played) +
                   " moves from the step shown. The game's own moves stay as they were.");
}

}  // namespace ttt::app
