// The one part of the app that talks to the store: it opens games into a session, carries out the intents
// that change games (moves, take-backs, forks, new games), feeds the browser's pages, the Class view's
// tiles, the history's rows and the score plot, and says what happened. What it reads is bounded by what is
// on screen, and a poll reads nothing at all unless the log changed.
#pragma once

#include "model/analysis_job.hpp"
#include "model/classroom.hpp"
#include "model/engine_job.hpp"
#include "model/evaluation_track.hpp"
#include "model/event_log.hpp"
#include "model/game_clock.hpp"
#include "model/game_list.hpp"
#include "model/game_session.hpp"
#include "model/import_job.hpp"
#include "model/intent.hpp"
#include "model/lesson_state.hpp"
#include "model/opponent_job.hpp"
#include "model/score_series.hpp"
#include "model/sides.hpp"
#include "model/state_loader.hpp"
#include "tictactrace/base/clock.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <array>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::app {

// A sentence for the user about the last thing that happened (or could not happen).
struct Notice {
    enum class Level : int { Info = 0, Warning = 1, Error = 2 };
    Level level = Level::Info;
    std::string text;
    std::int64_t serial = 0;  // grows with every notice, so views can tell a new one from an old one
    std::optional<store::StorageErrorKind> storage;  // set when the store failed (locked, corrupt, ...)
};

// How long a write made while the window runs waits for another program's write lock before the click is
// refused. A move commits in milliseconds, so half a second rides out any ordinary writer; the store's 5 s
// would freeze the window that long (docs/app.md, "When the database is busy").
inline constexpr int kInteractiveBusyTimeoutMs = 500;

// A game forked from the open one, and the step of the open game it starts from (the history marks it).
struct ForkMark {
    int at = 0;
    store::GameId id = 0;
};

// What the controller has read from the store, for tests and the benchmark: a poll that found nothing
// new adds one change check and nothing else. The browser's pages are counted by GameList::reads().
struct StoreReads {
    std::int64_t checks = 0;     // change checks (one PRAGMA each)
    std::int64_t last_seqs = 0;  // the open game's last step (one indexed read each)
    std::int64_t events = 0;     // events read: new ones, history rows, the score plot's folding
    std::int64_t states = 0;     // states loaded: opening, jumps
    std::int64_t summaries = 0;  // projection rows read finding the forks of the open game (one query)
};

class Controller {
public:
    explicit Controller(store::EventStore store);

    // [SECTION] Reading.
    // Where the log is (a server's URI may hold a password: Location::shown() is for the window).
    [[nodiscard]] const store::Location& location() const noexcept { return m_store.location(); }
    [[nodiscard]] const GameSession* session() const noexcept { return m_session ? &*m_session : nullptr; }
    // The browser's pages of the games table.
    [[nodiscard]] const GameList& game_list() const noexcept { return m_list; }
    // The Class view's tiles: every game being played, read only while the view is shown.
    [[nodiscard]] const Classroom& classroom() const noexcept { return m_class; }
    // Both scores over the open game, as far as they are folded (the score plot asks for more).
    [[nodiscard]] const ScoreSeries& score_series() const noexcept { return m_series; }
    // Games forked from the open one that this window knows of.
    [[nodiscard]] const std::vector<ForkMark>& forks() const noexcept { return m_forks; }
    [[nodiscard]] const StoreReads& reads() const noexcept { return m_reads; }
    // The Events panel's stored events (the rows it asked for), the rebuild running, and the last one's
    // verdict.
    [[nodiscard]] const EventRows& event_rows() const noexcept { return m_event_rows; }
    [[nodiscard]] const Rebuild* rebuild() const noexcept { return m_rebuild ? &*m_rebuild : nullptr; }
    struct RebuildResult {
        store::GameId game = 0;
        bool same = false;  // the fold equals the stored projection
        std::string text;
    };
    [[nodiscard]] const std::optional<RebuildResult>& rebuilt() const noexcept { return m_rebuilt; }
    [[nodiscard]] const std::optional<Notice>& notice() const noexcept { return m_notice; }
    // Bumped whenever the shown position or the game changes, so views can cache what they derive from it.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }
    // A game longer than this opens, and jumps far in it, with its state read in the background
    // (StateLoader): the window goes on drawing meanwhile.
    static constexpr int kBackgroundSteps = 20'000;
    // Whether a state is being read in the background: a game opening (no session yet) or a far jump
    // (the step shown stays until it is ready). The window keeps drawing frames while it is.
    [[nodiscard]] bool loading() const noexcept { return m_pending.has_value(); }
    // The game being opened in the background, if one is.
    [[nodiscard]] std::optional<store::GameId> opening() const noexcept {
        return m_pending && m_pending->opening ? std::optional<store::GameId>(m_pending->game) : std::nullopt;
    }
    // The step a far jump in the background will show, if one is pending.
    [[nodiscard]] std::optional<int> jumping_to() const noexcept {
        return m_pending && !m_pending->opening ? m_pending->at : std::nullopt;
    }
    // Waits for a background read to finish and takes it (tests; the window never waits).
    void finish_loading();

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
    // The browser's pages are read again.
    void refresh_games();
    // Whether the log holds any game (one row read): a first run imports the samples into an empty one.
    [[nodiscard]] bool has_games();

    void set_notice(Notice::Level level, std::string text,
                    std::optional<store::StorageErrorKind> storage = std::nullopt);

    // Writes the open game (every event, as logged) to `path` through the exchange layer. A format that
    // cannot hold the game (SGF beyond 52x52, ...) or a path that cannot be written is a notice.
    bool export_game(ExportFormat format, const std::filesystem::path& path);
    // Imports `request` in the background (inline for a log in memory); one at a time, the others wait in
    // line. The outcome arrives at a later poll(): the games are then listed, the first one opened, and a
    // notice says what came in (or why nothing did).
    void start_import(ImportRequest request);
    // Stops the running import (nothing of it is written) and drops the waiting ones.
    void cancel_import();
    // The import running now, if any, for the progress bar.
    [[nodiscard]] const ImportJob* import_job() const noexcept { return m_import.get(); }
    // Files waiting for the running import to end.
    [[nodiscard]] std::size_t imports_waiting() const noexcept { return m_import_queue.size(); }
    // What the last import that ended did (the import dialog shows its error and notes).
    [[nodiscard]] const std::optional<ImportOutcome>& last_import() const noexcept { return m_last_import; }
    // Waits for the running and the waiting imports to end and takes their outcomes (tests).
    void finish_imports();

    // [SECTION] Lessons. A lesson file imported (Game > Import, a drop, --lesson) becomes the lesson
    // followed; its games the log already holds are not copied again. The app shows its moments.
    [[nodiscard]] const LessonState& lesson() const noexcept { return m_lesson; }
    // The moment the app is to show next (a lesson just opened shows its first), taken once.
    [[nodiscard]] std::optional<int> take_moment_request() noexcept;
    // Makes moment `index` of the followed lesson the one shown and asks the app to show it.
    void go_to_moment(int index);
    // Says what the lesson just opened holds, once the app has opened its first moment's game.
    void announce_lesson();
    void close_lesson();
    // The lesson being written: moments added (the link of what the window shows, with a caption),
    // removed, or copied from the lesson followed; saved as a lesson file (the format by the file's
    // extension: .xml, .bin, else JSON) with each game once. A failure is a notice and leaves the file as
    // it was.
    void add_lesson_moment(exchange::MomentDraft moment);
    void remove_lesson_moment(int index);
    void copy_lesson_to_draft();
    bool save_lesson(std::string title, const std::filesystem::path& path);

    // Imports the sample games of `folder` when the log holds no game yet (a first run), all in one
    // transaction; returns how many arrived. A sample that does not import is named in a notice.
    int import_samples(const std::filesystem::path& folder);

    // [SECTION] The built-in opponent and engines. When the side to move at the end of the open game is
    // the built-in's and the game is on, poll() starts a search on a copy of the position (OpponentJob)
    // and, at a later poll, appends its move as a click would; a hint is the same search for a person,
    // shown, not played. A side played by an external engine has a brain process of its own (EngineJob)
    // for as long as the side is the engine's, asked for its moves the same way; a brain that fails
    // forfeits the game, which is appended as a forfeited event.

    // Who plays each side of the open game (both people for a game opened from the browser).
    [[nodiscard]] const Sides& sides() const noexcept;
    // What the search running now is about, and its best move so far.
    struct Thinking {
        Player side = Player::X;           // whose move it looks for
        bool hint = false;                 // a hint for a person, not a move to play
        bool stopping = false;             // Stop was asked: its move comes at the next poll
        std::optional<SearchReport> best;  // the last completed iteration's
        std::int64_t since_ms = 0;
        std::string engine;                 // the engine's label when an engine thinks, else empty
        std::vector<std::string> messages;  // an engine's last MESSAGE and DEBUG lines (its own best line)
        bool can_stop = true;               // Stop asks for the move now: an engine only when it takes YXSTOP
        std::int64_t within_ms = 0;         // an engine's time for the move (the tolerance comes on top)
    };
    [[nodiscard]] std::optional<Thinking> thinking() const;
    // The built-in searches, or an engine thinks about a move (one that is still wanted, or being let go).
    [[nodiscard]] bool is_thinking() const;
    // The process group of the brain playing `side` while it runs, else -1.
    [[nodiscard]] pid_t engine_group(Player side) const noexcept;
    // The hint found for the position shown; gone when that position changes.
    struct Hint {
        store::GameId game = 0;
        int step = 0;
        int last_step = 0;
        Player side = Player::X;
        SearchReport report;
    };
    [[nodiscard]] const std::optional<Hint>& hint() const noexcept { return m_hint; }
    // What the built-in thought of the open game's positions (its moves, hints, Game > Analyse); it may
    // still be another game's, until the open game's first evaluation: check game().
    [[nodiscard]] const EvaluationTrack& evaluations() const noexcept { return m_evaluations; }
    // Game > Analyse under way on the open game: positions looked at of all its steps.
    struct AnalysisProgress {
        int looked_at = 0;
        int steps = 0;
    };
    [[nodiscard]] std::optional<AnalysisProgress> analysis() const;
    // Waits for the analysis to end and takes what it found (tests; the window never waits).
    void finish_analysis();
    // Waits for the search running now and takes what it found (tests; the window never waits).
    void finish_thinking();

    // [SECTION] The clock. Like the sides it is the session's, not the log's: set when a game is started
    // in the window (or by --clock for the game opened at start), it runs in poll() for the side to move
    // while the game is on and shown at its end. When the side to move's time is used up, its flag falls:
    // a forfeited event (timeout) is appended for it and a search running then is dropped.
    // The open game's clock, nullptr when it has none.
    [[nodiscard]] const GameClock* clock() const noexcept;
    // Gives the open game a clock, full for both sides (no clock when `setting` has no limit).
    void set_clock(const ClockSetting& setting);

    // The store, for tools that need more than the controller offers (the exchange layer's exports).
    [[nodiscard]] store::EventStore& store() noexcept { return m_store; }
    // The browser's list, for tests and the benchmark (which wait for its pages).
    [[nodiscard]] GameList& game_list() noexcept { return m_list; }
    // The Class view's tiles, for tests (which wait for its pages).
    [[nodiscard]] Classroom& classroom() noexcept { return m_class; }

private:
    // Runs `work`; a StorageError becomes a notice saying that `not_done` ("your move was not saved"), and
    // the session catches up with the log. False when it failed so.
    template <class Work>
    bool guarded(std::string_view not_done, Work&& work);
    void storage_failed(const store::StorageError& e, std::string_view not_done);
    bool open_game_unguarded(store::GameId id, std::optional<int> at);
    // Makes the session of game `id` from the state after its last event, then shows step `at`.
    void install_opened(store::GameId id, store::Snapshot snap, std::optional<int> at);
    // Takes what the background read finished, if anything: the game opened, or the jump's step shown.
    void take_loaded();
    // Forks the open game at its shown step (then plays `then_play` in the same transaction) and opens the
    // fork; nullopt, with a notice, when the store refuses.
    std::optional<store::GameId> fork_and_open(std::optional<Pos> then_play);
    // After the log changed (here or elsewhere): the open game's new events, new forks of it, and the
    // browser's pages read again when shown; the change check's value is remembered.
    void read_changes();
    // The games forked from the open one (one indexed query).
    void find_forks();
    // The marks on `game`'s board after `step`, folding only when the game had takebacks.
    int marks_at(store::GameId game, store::Seq step);
    bool export_game_unguarded(ExportFormat format, const std::filesystem::path& path);
    int import_samples_unguarded(const std::filesystem::path& folder);
    void poll_unguarded();
    // Takes the running import's outcome when it is done, and starts the next one in line.
    void take_import();
    void imported(ImportOutcome outcome);
    void opened_lesson(const ImportOutcome& outcome);
    bool save_lesson_unguarded(std::string title, const std::filesystem::path& path);

    void seek(int step);
    void read_history_rows(int first, int last);
    void fold_scores();
    void read_event_rows(int first, int last);
    // One chunk of the running rebuild (poll() calls it every frame); the verdict when it is done.
    void advance_rebuild();
    void browse(const BrowseGames& b);
    void watch_class(bool shown);
    // Takes the Class view's pages and brings its tiles up to date; a failure is a notice.
    void update_class(std::int64_t now);
    void play(Pos pos);
    // The one way a move reaches the log, a click's and the built-in's: appended at the end of the open
    // game, the session following. False (with a notice) when the store refused it.
    bool append_move(const MovePlayed& move);
    void take_back();
    // One take-back of the last move; `what` says whose it was ("O's move at (2, 2)"). False, with a
    // notice, when nothing was taken back.
    bool take_back_one(std::string* what);
    void resign();
    void fork_here();
    void create(const CreateGame& c);
    void create_set_up(const CreateSetUpGame& c);
    // Opens a game the store just created and says so ("Started game #7" + `what`), or says why not.
    std::optional<store::GameId> started(const std::variant<store::GameId, store::Rejection>& created,
                                         const std::string& what);
    // Reads events the session has not seen yet (appended by someone else) into it.
    void catch_up();

    // What a search is for: the game, the step shown and the last step when it started, whose move.
    struct JobFor {
        store::GameId game = 0;
        int step = 0;
        int last_step = 0;
        Player side = Player::X;
        bool hint = false;
        friend bool operator==(const JobFor&, const JobFor&) = default;
    };
    // Once a poll: drops a search or a hint whose position is gone, takes a finished search, starts the
    // built-in's when it is to move.
    void drive_opponent();
    [[nodiscard]] bool job_wanted(const JobFor& job) const;
    void take_job();
    void start_job(const JobFor& job, const Position& position, const OpponentSettings& settings);
    // Whether the open game is on, shown at its end, and the side to move is the built-in's (a program's:
    // the built-in's or an engine's).
    [[nodiscard]] bool built_in_to_move() const;
    [[nodiscard]] bool program_to_move() const;
    // Once a poll: ends the engines no side plays any more, takes their answers (a move appended, a
    // forfeit recorded), lets go of a move whose position has gone, and asks the engine to move.
    void drive_engines();
    void take_engine_answer(Player side, EngineJob::Answer answer);
    [[nodiscard]] bool engine_wanted(const JobFor& job) const;
    [[nodiscard]] EngineTiming timing_of(const Side& side) const;
    // The brain of `side` is ended on its own thread, and joined once it has.
    void retire_engine(Player side);
    void engine_forfeited(Player side, const brains::Forfeit& lost);
    void ask_hint();
    void stop_thinking();
    void start_analysis();
    // The opening rule's choice that is due, made by whoever's it is, at the end of the game.
    void choose_opening(OpeningChoice choice);
    // Once a poll: notes what the analysis found, ends it when its game is no longer the open one.
    void drive_analysis();
    void set_side(const SetSide& s);
    // Charges the time to the side to move, or pauses the clock; a flag fall ends the game.
    void drive_clock(std::int64_t now);
    void forfeit_on_time(Player who);
    // Appends the event that ends the open game (a resignation, a forfeit); `refused` ends the notice
    // when another program changed the game first. False (with a notice) when it was not appended.
    bool append_ending(const Event& event, std::string_view refused, std::string_view cannot);

    store::EventStore m_store;
    std::optional<GameSession> m_session;
    StoreReads m_reads;
    GameList m_list;    // after m_store: it opens its own connection to the same log
    Classroom m_class;  // likewise, once the Class view is first shown
    std::unique_ptr<StateLoader> m_loader;  // likewise; nullptr for a log in memory
    struct PendingLoad {
        std::uint64_t ticket = 0;
        store::GameId game = 0;
        std::optional<int> at;
        bool opening = false;  // opening the game, else a jump within the open one
    };
    std::optional<PendingLoad> m_pending;
    std::unique_ptr<ImportJob> m_import;       // the import running now
    std::deque<ImportRequest> m_import_queue;  // the ones waiting for it
    std::optional<ImportOutcome> m_last_import;
    LessonState m_lesson;
    std::optional<int> m_moment_request;
    std::optional<std::string> m_lesson_notice;  // what opened, said once its first game is open
    ScoreSeries m_series;
    EventRows m_event_rows;
    std::optional<Rebuild> m_rebuild;
    std::optional<RebuildResult> m_rebuilt;
    std::vector<ForkMark> m_forks;
    std::optional<std::uint64_t> m_data_version;  // the change check's value when the log was last read
    std::optional<Notice> m_notice;
    std::int64_t m_notice_serial = 0;
    std::uint64_t m_revision = 1;
    std::int64_t m_last_poll_ms = 0;
    bool m_poll_failing = false;  // the last poll failed and said so
    Sides m_sides;                // who plays game m_sides_game; any other game is played by people
    store::GameId m_sides_game = 0;
    GameClock m_clock;  // game m_clock_game's; any other game has none
    store::GameId m_clock_game = 0;
    int m_clock_step = -1;  // the last step the clock saw: a new one is a move made
    std::optional<Hint> m_hint;
    std::optional<JobFor> m_stalled;  // the built-in's move there failed: not asked again until it changes
    std::optional<JobFor> m_job_for;
    std::int64_t m_job_since = 0;
    // X's and O's engines, what each was asked about (and the ticket it was asked with), and where its
    // answer failed (not asked again until the game moves on); brains being ended on their own threads.
    std::array<std::unique_ptr<EngineJob>, 2> m_engines;
    std::array<std::optional<JobFor>, 2> m_engine_for;
    std::array<std::uint64_t, 2> m_engine_ticket{};
    std::array<std::optional<JobFor>, 2> m_engine_stalled;
    std::uint64_t m_tickets = 0;
    std::vector<std::unique_ptr<EngineJob>> m_retired;
    EvaluationTrack m_evaluations;
    std::unique_ptr<AnalysisJob> m_analysis;
    store::GameId m_analysis_game = 0;
    std::unique_ptr<OpponentJob> m_job;  // last: stopped and joined before anything else goes
};

// Milliseconds since the Unix epoch, as the store records events.
using base::now_ms;

}  // namespace ttt::app
