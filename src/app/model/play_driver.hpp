// Who plays the open game and what the programs are doing about it: the sides, the built-in opponent's
// searches and the hints (OpponentJob), the external engines (one EngineJob a side, kept while the side is
// the engine's), Game > Analyse (AnalysisJob) and what it and the built-in thought (EvaluationTrack), and
// the clock. drive() runs once a poll: a program to move is asked, its move appended as a click's is, a
// flag that fell ends the game. The game itself, and every write, are the controller's (PlayHost).
//
// When the side to move at the end of the open game is the built-in's and the game is on, a search starts on
// a copy of the position and, at a later poll, its move is appended; a hint is the same search for a person,
// shown, not played. A side played by an external engine has a brain process of its own for as long as the
// side is the engine's, asked for its moves the same way; a brain that fails forfeits the game, which is
// appended as a forfeited event. Like the sides, the clock is the session's, not the log's: set when a game
// is started in the window (or by --clock), it runs for the side to move while the game is on and shown at
// its end; when that side's time is used up a forfeited event (timeout) is appended for it and a search
// running then is dropped.
#pragma once

#include "model/analysis_job.hpp"
#include "model/engine_job.hpp"
#include "model/evaluation_track.hpp"
#include "model/game_clock.hpp"
#include "model/game_session.hpp"
#include "model/intent.hpp"
#include "model/notice.hpp"
#include "model/opponent_job.hpp"
#include "model/sides.hpp"
#include "tictactrace/store/event_store.hpp"

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

// What the play driver needs of the one who holds the open game (the controller): the game, its writes,
// and the guard that says a storage failure.
class PlayHost : public StorageGuard {
public:
    // The open game, nullptr when none is.
    [[nodiscard]] virtual const GameSession* playing() const noexcept = 0;
    // A state is being read in the background (the game opening, a far jump): nobody's turn meanwhile.
    [[nodiscard]] virtual bool awaiting_load() const noexcept = 0;
    // Appends at the end of the open game, as a click's move is; false (with a notice) when refused.
    virtual bool append_move(const MovePlayed& move) = 0;
    // Appends the event that ends the open game; false (with a notice ending in `refused` or starting with
    // `cannot`) when refused.
    virtual bool append_ending(const Event& event, std::string_view refused, std::string_view cannot) = 0;
    // What is shown changed: views derive it again.
    virtual void changed() noexcept = 0;

protected:
    ~PlayHost() = default;
};

class PlayDriver {
public:
    // `host`, `notices` and `store` outlive the driver.
    PlayDriver(PlayHost& host, Notices& notices, const store::EventStore& store);

    // Once a poll: the clock charged (before a program's move is taken: a move found after the flag fell
    // comes too late), the built-in's search, the engines, the analysis.
    void drive(std::int64_t now);

    // Who plays each side of the open game (both people for a game opened from the browser).
    [[nodiscard]] const Sides& sides() const noexcept;
    // Game `game` is played by `sides` (a new game, a fork played as its source was).
    void give_sides(store::GameId game, const Sides& sides);
    void set_side(const SetSide& s);
    // Whether the open game is on, shown at its end, and the side to move is a program's.
    [[nodiscard]] bool program_to_move() const;

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
    // Stop: the built-in or an engine that takes YXSTOP moves now; any other engine cannot be hurried.
    void stop_thinking();
    // The position is about to change under the built-in (a take back): its search is dropped, and a move
    // that failed there may be asked again.
    void drop_search();
    // Waits for the search running now and takes what it found (tests; the window never waits).
    void finish_thinking();
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
    void ask_hint();

    // What the built-in thought of the open game's positions (its moves, hints, Game > Analyse); it may
    // still be another game's, until the open game's first evaluation: check game().
    [[nodiscard]] const EvaluationTrack& evaluations() const noexcept { return m_evaluations; }
    // Game > Analyse under way on the open game: positions looked at of all its steps.
    struct AnalysisProgress {
        int looked_at = 0;
        int steps = 0;
    };
    [[nodiscard]] std::optional<AnalysisProgress> analysis() const;
    void start_analysis();
    // False when no analysis runs.
    bool stop_analysis();
    // Waits for the analysis to end and takes what it found (tests; the window never waits).
    void finish_analysis();

    // The open game's clock, nullptr when it has none.
    [[nodiscard]] const GameClock* clock() const noexcept;
    // Gives the open game a clock, full for both sides (no clock when `setting` has no limit).
    void set_clock(const ClockSetting& setting);

private:
    // What a search is for: the game, the step shown and the last step when it started, whose move.
    struct JobFor {
        store::GameId game = 0;
        int step = 0;
        int last_step = 0;
        Player side = Player::X;
        bool hint = false;
        friend bool operator==(const JobFor&, const JobFor&) = default;
    };
    // One side's engine: its brain, what it was asked about (and the ticket it was asked with), and where
    // its answer failed (not asked again until the game moves on).
    struct Seat {
        std::unique_ptr<EngineJob> job;
        std::optional<JobFor> asked;
        std::uint64_t ticket = 0;
        std::optional<JobFor> stalled;
    };
    [[nodiscard]] Seat& seat(Player side) noexcept {
        return m_seats[static_cast<std::size_t>(index_of(side))];
    }
    [[nodiscard]] const Seat& seat(Player side) const noexcept {
        return m_seats[static_cast<std::size_t>(index_of(side))];
    }

    // Drops a search or a hint whose position is gone, takes a finished search, starts the built-in's when
    // it is to move.
    void drive_opponent();
    [[nodiscard]] bool job_wanted(const JobFor& job) const;
    void take_job();
    void start_job(const JobFor& job, const Position& position, const OpponentSettings& settings);
    [[nodiscard]] bool built_in_to_move() const;
    // Ends the engines no side plays any more, takes their answers (a move appended, a forfeit recorded),
    // lets go of a move whose position has gone, and asks the engine to move.
    void drive_engines();
    void take_engine_answer(Player side, EngineJob::Answer answer);
    [[nodiscard]] bool engine_wanted(const JobFor& job) const;
    [[nodiscard]] EngineTiming timing_of(const Side& side) const;
    // The brain of `side` is ended on its own thread, and joined once it has.
    void retire_engine(Player side);
    void engine_forfeited(Player side, const brains::Forfeit& lost);
    // Notes what the analysis found, ends it when its game is no longer the open one.
    void drive_analysis();
    // Charges the time to the side to move, or pauses the clock; a flag fall ends the game.
    void drive_clock(std::int64_t now);
    void forfeit_on_time(Player who);

    PlayHost& m_host;
    Notices& m_notices;
    const store::EventStore& m_store;
    Sides m_sides;  // who plays game m_sides_game; any other game is played by people
    store::GameId m_sides_game = 0;
    GameClock m_clock;  // game m_clock_game's; any other game has none
    store::GameId m_clock_game = 0;
    int m_clock_step = -1;  // the last step the clock saw: a new one is a move made
    std::optional<Hint> m_hint;
    std::optional<JobFor> m_stalled;  // the built-in's move there failed: not asked again until it changes
    std::optional<JobFor> m_job_for;
    std::int64_t m_job_since = 0;
    std::array<Seat, 2> m_seats;  // X's and O's
    std::uint64_t m_tickets = 0;
    std::vector<std::unique_ptr<EngineJob>> m_retired;  // brains being ended on their own threads
    EvaluationTrack m_evaluations;
    std::unique_ptr<AnalysisJob> m_analysis;
    store::GameId m_analysis_game = 0;
    std::unique_ptr<OpponentJob> m_job;  // last: stopped and joined before anything else goes
};

}  // namespace ttt::app
