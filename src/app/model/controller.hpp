// The one part of the app that talks to the store: it opens games into a session, carries out the intents
// that change games (moves, take-backs, forks, new games), feeds the browser's pages, the Class view's
// tiles, the history's rows and the score plot, and says what happened. What it reads is bounded by what is
// on screen, and a poll reads nothing at all unless the log changed. The open game and what is read of it
// are its ShownGame's; who plays it (the built-in, the engines, hints, the analysis, the clock) is its
// PlayDriver's; the lessons are its Lessons'; the imports wait in its ImportQueue (docs/architecture.md,
// "The app's model").
#pragma once

#include "model/analysis_shelf.hpp"
#include "model/classroom.hpp"
#include "model/event_log.hpp"
#include "model/game_list.hpp"
#include "model/game_session.hpp"
#include "model/import_queue.hpp"
#include "model/intent.hpp"
#include "model/lessons.hpp"
#include "model/live_session.hpp"
#include "model/notice.hpp"
#include "model/play_driver.hpp"
#include "model/positions_like.hpp"
#include "model/score_series.hpp"
#include "model/shown_game.hpp"
#include "model/store_log.hpp"
#include "tictactrace/base/clock.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::app {

class Controller : private PlayHost {
public:
    explicit Controller(store::EventStore store);

    // [SECTION] Reading.
    // Where the log is (a server's URI may hold a password: Location::shown() is for the window).
    [[nodiscard]] const store::Location& location() const noexcept { return m_store.location(); }
    [[nodiscard]] const GameSession* session() const noexcept { return m_game.session(); }
    // The browser's pages of the games table.
    [[nodiscard]] const GameList& game_list() const noexcept { return m_list; }
    // The Class view's tiles: every game being played, read only while the view is shown.
    [[nodiscard]] const Classroom& classroom() const noexcept { return m_class; }
    // "Positions like this": the position shown, looked for in the log's games while the panel is open.
    [[nodiscard]] const PositionsLike& positions_like() const noexcept { return m_positions; }
    // Both scores over the open game, as far as they are folded (the score plot asks for more).
    [[nodiscard]] const ScoreSeries& score_series() const noexcept { return m_game.score_series(); }
    // The open game's study (its tree and the line shown), when it has one; nullptr otherwise.
    [[nodiscard]] const StudyLine* study() const noexcept { return m_game.study(); }
    // The node of the step shown (the event that made it), and the log's last event: the Events panel
    // shows the log itself, whatever line the session follows.
    [[nodiscard]] NodeId node_shown() const noexcept { return m_game.node_shown(); }
    [[nodiscard]] store::Seq log_last_seq() const noexcept { return m_game.last_seq(); }
    // What the step shown carries (nothing written on it: an empty annotation).
    [[nodiscard]] const Annotation& note_shown() const noexcept;
    // Games forked from the open one that this window knows of.
    [[nodiscard]] const std::vector<ForkMark>& forks() const noexcept { return m_game.forks(); }
    [[nodiscard]] const StoreReads& reads() const noexcept { return m_reads; }
    // The Events panel's stored events (the rows it asked for), the rebuild running, and the last one's
    // verdict.
    [[nodiscard]] const EventRows& event_rows() const noexcept { return m_game.event_rows(); }
    [[nodiscard]] const Rebuild* rebuild() const noexcept { return m_game.rebuild(); }
    using RebuildResult = ShownGame::RebuildResult;
    [[nodiscard]] const std::optional<RebuildResult>& rebuilt() const noexcept { return m_game.rebuilt(); }
    [[nodiscard]] const std::optional<Notice>& notice() const noexcept { return m_notices.current(); }
    // Bumped whenever the shown position or the game changes, so views can cache what they derive from it.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_game.revision(); }
    // A game longer than this opens, and jumps far in it, with its state read in the background
    // (StateLoader): the window goes on drawing meanwhile.
    static constexpr int kBackgroundSteps = ShownGame::kBackgroundSteps;
    // Whether a state is being read in the background: a game opening (no session yet) or a far jump
    // (the step shown stays until it is ready). The window keeps drawing frames while it is.
    [[nodiscard]] bool loading() const noexcept { return m_game.loading(); }
    // The game being opened in the background, if one is.
    [[nodiscard]] std::optional<store::GameId> opening() const noexcept { return m_game.opening(); }
    // The step a far jump in the background will show, if one is pending.
    [[nodiscard]] std::optional<int> jumping_to() const noexcept { return m_game.jumping_to(); }
    // Waits for a background read to finish and takes it (tests; the window never waits).
    void finish_loading() { m_game.finish_loading(); }

    // [SECTION] Doing. Everything the user can get wrong comes back as a notice and writes nothing. A
    // storage failure (store::StorageError: another program holds the lock, a damaged or full disk)
    // becomes an error notice carrying its kind; what failed wrote nothing (each write is one
    // transaction), and the session is brought up to date with the log, so the app keeps running and the
    // user can try again. Only the constructor lets a StorageError through (main refuses to start).

    // Opens a game, showing step `at` (the end when nullopt). False (with a notice) when it cannot.
    bool open_game(store::GameId id, std::optional<int> at = std::nullopt);
    // Carries out the intents that concern games and the timeline (ControllerIntents); false for the others,
    // and for a StopAnalysis with no analysis running.
    bool apply(const Intent& intent);
    // Picks up changes other programs made (a move from the CLI, a new game) at most every `period_ms`:
    // a change check of one PRAGMA, and only when it says so, the open game's new events and the
    // browser's visible pages again. After a storage failure the next try waits five periods. Also takes
    // the pages the browser's reader finished; call it once a frame.
    void poll(std::int64_t now_ms, std::int64_t period_ms = 1000);
    // Grows each time poll() found the log changed by another program and read what changed: the window,
    // asleep otherwise, draws a frame for it.
    [[nodiscard]] std::uint64_t changes_read() const noexcept { return m_changes_read; }
    // Grows with those of the changes read that changed the game shown (its events, its forks): what a
    // window showing only its game draws for. A commit that changed neither (a live lesson's heartbeat on a
    // shared file, a move in another game) grows changes_read() alone.
    [[nodiscard]] std::uint64_t shown_game_changes() const noexcept { return m_shown_game_changes; }
    // The browser's pages are read again.
    void refresh_games();
    // Whether the log holds any game (one row read): a first run imports the samples into an empty one.
    [[nodiscard]] bool has_games();
    // The last step of game `id`, nullopt when the log holds no such game (one indexed read; a
    // StorageError goes through: main checks its command line with it before the window opens).
    [[nodiscard]] std::optional<store::Seq> last_step_of(store::GameId id) const;

    void set_notice(Notice::Level level, std::string text,
                    std::optional<store::StorageErrorKind> storage = std::nullopt);

    // Writes the open game (every event, as logged) to `path` through the exchange layer. A format that
    // cannot hold the game (SGF beyond 52x52, ...) or a path that cannot be written is a notice.
    bool export_game(ExportFormat format, const std::filesystem::path& path);
    // The step shown with its annotation as an SVG or PNG diagram (Game > Export diagram); false, with a
    // notice, when not written.
    bool export_diagram(const ExportDiagram& request);
    // Imports `request` in the background (inline for a log in memory); one at a time, the others wait in
    // line. The outcome arrives at a later poll(): the games are then listed, the first one opened, and a
    // notice says what came in (or why nothing did). CancelImport stops the running one (nothing of it is
    // written) and drops the waiting ones.
    void start_import(ImportRequest request);
    // The import running now, if any, for the progress bar.
    [[nodiscard]] const ImportJob* import_job() const noexcept { return m_imports.running(); }
    // Files waiting for the running import to end.
    [[nodiscard]] std::size_t imports_waiting() const noexcept { return m_imports.waiting(); }
    // What the last import that ended did (the import dialog shows its error and notes).
    [[nodiscard]] const std::optional<ImportOutcome>& last_import() const noexcept {
        return m_imports.last();
    }
    // Waits for the running and the waiting imports to end and takes their outcomes (tests).
    void finish_imports();

    // [SECTION] Lessons. A lesson file imported (Game > Import, a drop, --lesson) becomes the lesson
    // followed; its games the log already holds are not copied again. The app shows its moments.
    [[nodiscard]] const LessonState& lesson() const noexcept { return m_lessons.state(); }
    [[nodiscard]] Lessons& lessons() noexcept { return m_lessons; }
    // The lesson being written, saved as a lesson file (Lessons::save); a storage failure is a notice.
    bool save_lesson(std::string title, const std::filesystem::path& path);

    // Imports the sample games of `folder` when the log holds no game yet (a first run), all in one
    // transaction; returns how many arrived. A sample that does not import is named in a notice.
    int import_samples(const std::filesystem::path& folder);

    // [SECTION] The live lesson (LiveSession): presenting, following the teacher, the class's poll.
    [[nodiscard]] const LiveSession& live() const noexcept { return m_live; }
    [[nodiscard]] LiveSession& live() noexcept { return m_live; }

    // [SECTION] Who plays (PlayDriver): the built-in opponent, the engines, hints, the analysis, the clock.
    using Thinking = PlayDriver::Thinking;
    using Hint = PlayDriver::Hint;
    using AnalysisProgress = PlayDriver::AnalysisProgress;
    [[nodiscard]] const Sides& sides() const noexcept { return m_play.sides(); }
    [[nodiscard]] std::optional<Thinking> thinking() const { return m_play.thinking(); }
    [[nodiscard]] bool is_thinking() const { return m_play.is_thinking(); }
    [[nodiscard]] pid_t engine_group(Player side) const noexcept { return m_play.engine_group(side); }
    [[nodiscard]] const std::optional<Hint>& hint() const noexcept { return m_play.hint(); }
    [[nodiscard]] const EvaluationTrack& evaluations() const noexcept { return m_play.evaluations(); }
    [[nodiscard]] std::optional<AnalysisProgress> analysis() const { return m_play.analysis(); }
    // Game > Analyse with... and the analyses stored beside the open game (the shelf's game is checked
    // against the session's: it may still be the game before).
    [[nodiscard]] const AnalysisShelf& analyses() const noexcept { return m_shelf; }
    // Waits for Game > Analyse with... to end and takes its outcome (tests; the window never waits).
    void finish_stored_analysis();
    // Wait for the analysis, or the search running now, to end and take what it found (tests).
    void finish_analysis() { m_play.finish_analysis(); }
    void finish_thinking() { m_play.finish_thinking(); }
    [[nodiscard]] const GameClock* clock() const noexcept { return m_play.clock(); }
    void set_clock(const ClockSetting& setting) { m_play.set_clock(setting); }

    // The store, for tools that need more than the controller offers (the exchange layer's exports).
    [[nodiscard]] store::EventStore& store() noexcept { return m_store; }
    // The browser's list, for tests and the benchmark (which wait for its pages).
    [[nodiscard]] GameList& game_list() noexcept { return m_list; }
    // The Class view's tiles, for tests (which wait for its pages).
    [[nodiscard]] Classroom& classroom() noexcept { return m_class; }

private:
    template <class Work>
    bool guarded(std::string_view not_done, Work&& work);
    // Forks the open game at its shown step (then plays `then_play` in the same transaction) and opens the
    // fork; nullopt, with a notice, when the store refuses.
    std::optional<store::GameId> fork_and_open(std::optional<Pos> then_play);
    // After the log changed (here or elsewhere): the open game's new events, new forks of it, and the
    // browser's pages read again when shown; the change check's value is remembered.
    void read_changes();
    int import_samples_unguarded(const std::filesystem::path& folder);
    void poll_unguarded();
    // Takes the running import's outcome when it is done, and starts the next one in line.
    void take_import();
    // What an import that ended means here: its games listed and the first opened, or its lesson followed.
    void imported(ImportOutcome outcome);
    void browse(const BrowseGames& b);
    void watch_class(bool shown);
    // Looks for the position shown again when it, the box or the log changed (PositionsLike).
    void update_positions();
    // A game opened at a step of a line: a match of "Positions like this", or a move played there.
    void open_game_at(const OpenGameAt& o);
    // Takes the Class view's pages and brings its tiles up to date; a failure is a notice.
    void update_class(std::int64_t now);
    void play(Pos pos);
    // Where the game's own next move goes: its trunk's last event (engine/study_tree.hpp).
    [[nodiscard]] NodeId trunk_end() const noexcept;
    // The one way an event reaches the log, a click's, a program's, a take back, an ending: appended at the
    // end of the open game, the session following (showing its end first when `show_end`) and the log read
    // again; on a conflict (another program wrote first) the session catches up. What the store said comes
    // back, for the caller's sentence.
    store::AppendResult append_and_resync(const Event& event, bool show_end);
    void take_back();
    // One take-back of the last move: whose it was ("O's move at (2, 2)"), or nothing, with a notice, when
    // nothing was taken back.
    std::optional<std::string> take_back_one();
    void resign();
    void fork_here();
    // [SECTION] Stored analyses: Game > Analyse with..., the shelf kept to the open game, a line played out.
    void analyse_with(const AnalyseWith& a);
    void drive_shelf();
    void play_out_line(const PlayOutLine& p);
    // [SECTION] The study: one event each, written after the log's last, the tree then read again.
    void switch_variation(int delta);
    void write_study(const Event& event, std::string_view not_done, std::string done);
    void create(const CreateGame& c);
    void create_set_up(const CreateSetUpGame& c);
    // Opens a game the store just created and says so ("Started game #7" + `what`), or says why not.
    std::optional<store::GameId> started(const Result<store::GameId, store::Rejection>& created,
                                         const std::string& what);
    // The opening rule's choice that is due, made by whoever's it is, at the end of the game.
    void choose_opening(OpeningChoice choice);

    // StorageGuard: a StorageError becomes a notice saying that `not_done` ("your move was not saved"), and
    // the open game catches up with the log.
    bool guard(std::string_view not_done, WorkRef work) override;
    void storage_failed(const store::StorageError& e, std::string_view not_done) override;
    // PlayHost: what the play driver sees of the open game and how its moves and endings are written.
    [[nodiscard]] const GameSession* playing() const noexcept override { return m_game.session(); }
    [[nodiscard]] bool awaiting_load() const noexcept override { return m_game.loading(); }
    // A move appended at the end of the open game; false (with a notice) when the store refused it.
    bool append_move(const MovePlayed& move) override;
    // The event that ends the open game (a resignation, a forfeit); `refused` ends the notice when another
    // program changed the game first. False (with a notice) when it was not appended.
    bool append_ending(const Event& event, std::string_view refused, std::string_view cannot) override;
    void changed() noexcept override { m_game.touch(); }
    // The live lesson's intents (live_session.hpp): a poll's answer checked as a move would be first.
    void live_intent(const Intent& intent);
    // The step the teacher presents, shown in this following window.
    void show_presented(const store::PresentedView& view);

    store::EventStore m_store;
    Notices m_notices;
    StoreReads m_reads;
    GameList m_list;    // after m_store: it opens its own connection to the same log
    Classroom m_class;  // likewise, once the Class view is first shown
    ShownGame m_game;   // likewise, for its background loads
    ImportQueue m_imports;
    Lessons m_lessons;
    PositionsLike m_positions;
    LiveSession m_live;                           // on m_store's connection
    std::optional<std::uint64_t> m_data_version;  // the change check's value when the log was last read
    std::int64_t m_last_poll_ms = 0;
    std::uint64_t m_changes_read = 0;
    std::uint64_t m_shown_game_changes = 0;
    bool m_poll_failing = false;  // the last poll failed and said so
    AnalysisShelf m_shelf;        // its run uses no store: the store is handed in at each call
    PlayDriver m_play;            // last: its searches and brains stop before anything else goes
};

// Milliseconds since the Unix epoch, as the store records events.
using base::now_ms;

}  // namespace ttt::app
