// The state loader's thread: one ask at a time, the latest winning.
#include "model/state_loader.hpp"

#include <system_error>
#include <utility>

namespace ttt::app {

std::unique_ptr<StateLoader> StateLoader::open(const store::EventStore& store) {
    try {
        return std::unique_ptr<StateLoader>(new StateLoader(store.open_reader()));
    } catch (const store::StorageError&) {
        return nullptr;  // a second connection refused: the window loads inline, as for a small game
    }
}

StateLoader::StateLoader(store::EventStore store) : m_store(std::move(store)), m_thread([this] { run(); }) {}

StateLoader::~StateLoader() {
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

std::uint64_t StateLoader::ask(store::GameId game, std::optional<store::Seq> at) {
    std::uint64_t ticket = 0;
    {
        const std::lock_guard lock(m_mutex);
        ticket = ++m_ticket;
        m_asked = Result{ticket, game, at, store::Snapshot()};
        m_ready.reset();
    }
    m_wake.notify_all();
    return ticket;
}

std::optional<StateLoader::Result> StateLoader::take() {
    const std::lock_guard lock(m_mutex);
    if (!m_ready || m_ready->ticket != m_ticket) return std::nullopt;
    std::optional<Result> out = std::move(m_ready);
    m_ready.reset();
    return out;
}

void StateLoader::wait() {
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [&] { return m_stop || (!m_asked && !m_working); });
}

void StateLoader::run() {
    for (;;) {
        Result job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || m_asked; });
            if (m_stop) return;
            job = std::move(*m_asked);
            m_asked.reset();
            m_working = true;
        }
        try {
            auto loaded = m_store.load(job.game, job.at);
            if (loaded)
                job.outcome = std::move(loaded).value();
            else
                job.outcome = fail(LoadFailure{std::move(loaded).error()});
        } catch (const store::StorageError& e) {
            job.outcome = fail(LoadFailure{StorageFailure{e.kind(), e.code(), e.what()}});
        }
        {
            const std::lock_guard lock(m_mutex);
            m_working = false;
            // A result nobody asks for any more is dropped here: only the latest ask's is kept.
            if (job.ticket == m_ticket) m_ready = std::move(job);
        }
        m_done.notify_all();
    }
}

}  // namespace ttt::app
