// One external engine playing one side in the window: one brain process, kept while that side is the
// engine's (move after move, through take backs, and into the next game it plays on that side), spoken to
// from a worker thread of its own so that the frame never waits for it. The frame asks for a move on a
// copy of the position and polls for the answer; the worker brings the brain's board to the position
// (brains::move_for: TURN, TAKEBACK or BOARD) and waits for its move within the time per move and the
// protocol's tolerance. The brains layer decides what is a forfeit; the answer carries it.
//
// The end never blocks the frame: retire() gives up on a move being thought about and lets the worker end
// the brain (END, a grace to exit, then the group killed and reaped) on its own thread; the destructor
// does the same and joins, so no process outlives the job.
#pragma once

#include "model/engine_entry.hpp"
#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/brains/wait_control.hpp"
#include "tictactrace/engine/position.hpp"

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ttt::app {

// What an engine is told of its time (INFO) and held to: milliseconds for each move and for the game.
struct EngineTiming {
    std::int64_t turn_ms = 5000;  // INFO timeout_turn
    std::int64_t match_ms = 0;    // INFO timeout_match; 0: none
    friend bool operator==(const EngineTiming&, const EngineTiming&) = default;
};

class EngineJob {
public:
    EngineJob(EngineEntry engine, EngineTiming timing, brains::Millis tolerance = brains::Millis(1000));
    ~EngineJob();
    EngineJob(const EngineJob&) = delete;
    EngineJob& operator=(const EngineJob&) = delete;

    [[nodiscard]] const EngineEntry& engine() const noexcept { return m_engine; }
    [[nodiscard]] const EngineTiming& timing() const noexcept { return m_timing; }

    // Asks for the move of the side to move of `position` (a game of five in a row that is not over);
    // `ticket` comes back with the answer. Only while !thinking(); the brain starts on the first ask, and
    // again after a forfeit or for other rules.
    void ask(Position position, std::uint64_t ticket);
    // The move being thought about is wanted now: YXSTOP, for an engine that takes it; else nothing.
    void stop() noexcept;
    // Asked and not answered yet (or its answer not taken yet).
    [[nodiscard]] bool thinking() const;

    struct Answer {
        std::uint64_t ticket = 0;
        brains::MoveReply reply;  // the move, a refusal (the engine cannot play this game), or a forfeit
    };
    // The answer, once it came (taken once).
    [[nodiscard]] std::optional<Answer> take();

    // While it thinks, for the Status window: since when, whether Stop was asked, the last two MESSAGE or
    // DEBUG lines the engine wrote (its current best line and evaluation, in its own words).
    struct Progress {
        std::int64_t since_ms = 0;
        bool stopping = false;
        std::vector<std::string> messages;
    };
    [[nodiscard]] Progress progress() const;
    // The brain's process group while it runs, else -1 (the layout line reports it, for the tests that look
    // for processes left behind).
    [[nodiscard]] pid_t process_group() const noexcept { return m_group.load(std::memory_order_acquire); }

    // Begins the end without waiting: a move being thought about is given up, and the worker ends the
    // brain and finishes. ended() says when it has.
    void retire() noexcept;
    [[nodiscard]] bool ended() const noexcept { return m_ended.load(std::memory_order_acquire); }
    // Blocks until the move asked for is answered (tests; the window never waits).
    void wait();

    // How many MESSAGE and DEBUG lines progress() keeps.
    static constexpr std::size_t kMessagesShown = 2;

private:
    // The worker: each request answered by the one brain, kept in step; the brain ended at the end.
    void work();
    [[nodiscard]] brains::BrainOptions options();

    const EngineEntry m_engine;
    const EngineTiming m_timing;
    const brains::Millis m_tolerance;
    brains::WaitControl m_control;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;      // a request or the end, for the worker
    std::condition_variable m_answered;  // an answer or the end, for wait()
    struct Request {
        Position position;
        std::uint64_t ticket = 0;
    };
    std::optional<Request> m_request;  // waiting for the worker
    std::optional<Answer> m_answer;    // waiting for the frame
    bool m_busy = false;               // asked, answer not taken
    bool m_retiring = false;
    std::int64_t m_since_ms = 0;
    bool m_stopping = false;
    std::deque<std::string> m_messages;
    std::atomic<pid_t> m_group{-1};
    std::atomic<bool> m_ended{false};
    std::thread m_thread;  // last: it starts once everything it uses exists
};

}  // namespace ttt::app
