// An engine's worker thread and its one brain.
#include "model/engine_job.hpp"

#include "tictactrace/base/clock.hpp"
#include "tictactrace/brains/game_sync.hpp"

#include <utility>

namespace ttt::app {

EngineJob::EngineJob(EngineEntry engine, EngineTiming timing, brains::Millis tolerance)
    : m_engine(std::move(engine)), m_timing(timing), m_tolerance(tolerance), m_thread([this] { work(); }) {}

EngineJob::~EngineJob() {
    retire();
    if (m_thread.joinable()) m_thread.join();
}

brains::BrainOptions EngineJob::options() {
    brains::BrainOptions o;
    o.command = m_engine.command;
    o.limits.timeout_turn = brains::Millis(m_timing.turn_ms);
    o.limits.timeout_match = brains::Millis(m_timing.match_ms);
    o.limits.tolerance = m_tolerance;
    o.control = &m_control;
    o.yxstop = m_engine.yxstop;
    // Called on the worker as the lines come: kept for the Status window, the last few only.
    o.on_message = [this](const brains::BrainMessage& m) {
        const std::lock_guard lock(m_mutex);
        m_messages.push_back(m.text);
        while (m_messages.size() > kMessagesShown) m_messages.pop_front();
    };
    return o;
}

void EngineJob::work() {
    std::optional<brains::BrainClient> brain;
    bool started = false;  // the brain runs, started for these rules:
    Rules started_for;
    for (;;) {
        Request request;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_request || m_retiring; });
            if (m_retiring) break;
            request = std::move(*m_request);
            m_request.reset();
        }
        brains::MoveReply reply = brains::Refused{};
        const Rules& rules = request.position.rules();
        // One process for the game and the next: started again only after a forfeit (its process is gone)
        // or for other rules (START says the board).
        if (!started || !brain->running() || brain->forfeit() || started_for != rules) {
            brain.reset();
            brain.emplace(options());
            const brains::Reply start = brain->start(rules);
            m_group.store(brain->process_group(), std::memory_order_release);
            started = std::holds_alternative<brains::Ok>(start);
            started_for = rules;
            if (const auto* refused = std::get_if<brains::Refused>(&start)) reply = *refused;
            if (const brains::Forfeit* lost = brains::forfeit_of(start)) reply = *lost;
        }
        if (started) reply = brains::move_for(*brain, request.position);
        m_group.store(brain->process_group(), std::memory_order_release);
        {
            const std::lock_guard lock(m_mutex);
            m_answer = Answer{request.ticket, std::move(reply)};
        }
        m_answered.notify_all();
    }
    // END, a grace to exit, then the group killed and reaped: here, not on the frame's thread.
    if (brain) brain->end();
    m_group.store(-1, std::memory_order_release);
    {
        const std::lock_guard lock(m_mutex);
        m_ended.store(true, std::memory_order_release);
    }
    m_answered.notify_all();
}

void EngineJob::ask(Position position, std::uint64_t ticket) {
    {
        const std::lock_guard lock(m_mutex);
        if (m_busy || m_retiring) return;
        m_request = Request{std::move(position), ticket};
        // A stop asked for the last move is not this one's.
        m_control.clear_stop();
        m_busy = true;
        m_stopping = false;
        m_since_ms = base::now_ms();
        m_messages.clear();
    }
    m_wake.notify_one();
}

void EngineJob::stop() noexcept {
    const std::lock_guard lock(m_mutex);
    if (!m_busy || !m_engine.yxstop) return;
    m_stopping = true;
    m_control.request_stop();
}

bool EngineJob::thinking() const {
    const std::lock_guard lock(m_mutex);
    return m_busy;
}

std::optional<EngineJob::Answer> EngineJob::take() {
    const std::lock_guard lock(m_mutex);
    if (!m_answer) return std::nullopt;
    m_busy = false;
    return std::exchange(m_answer, std::nullopt);
}

EngineJob::Progress EngineJob::progress() const {
    const std::lock_guard lock(m_mutex);
    return Progress{m_since_ms, m_stopping, {m_messages.begin(), m_messages.end()}};
}

void EngineJob::retire() noexcept {
    {
        const std::lock_guard lock(m_mutex);
        m_retiring = true;
    }
    m_control.give_up();
    m_wake.notify_one();
}

void EngineJob::wait() {
    std::unique_lock lock(m_mutex);
    m_answered.wait(lock, [&] { return !m_busy || m_answer || m_ended.load(); });
}

}  // namespace ttt::app
