// The window's imports in line.
#include "model/import_queue.hpp"

#include <atomic>
#include <filesystem>
#include <system_error>
#include <utility>

namespace ttt::app {

std::optional<ImportOutcome> ImportQueue::start(ImportRequest request) {
    if (m_running) {
        m_waiting.push_back(std::move(request));
        return std::nullopt;
    }
    // A file's import runs on a thread with a connection of its own; a log in memory has no second
    // connection, and a server's import runs here, in the frame that asked, as it always has.
    std::error_code ec;
    if (m_store.location().kind() == store::Location::Kind::File &&
        std::filesystem::is_regular_file(m_store.location().path(), ec)) {
        m_running = std::make_unique<ImportJob>(m_store, std::move(request));
        return std::nullopt;
    }
    const std::atomic<bool> never{false};
    return run_import(m_store, request, never);
}

void ImportQueue::cancel() {
    m_waiting.clear();
    if (m_running) m_running->cancel();
}

std::optional<ImportOutcome> ImportQueue::take() {
    if (!m_running) return std::nullopt;
    auto outcome = m_running->take();
    if (outcome) m_running.reset();
    return outcome;
}

std::optional<ImportOutcome> ImportQueue::start_next() {
    if (m_running || m_waiting.empty()) return std::nullopt;
    ImportRequest next = std::move(m_waiting.front());
    m_waiting.pop_front();
    return start(std::move(next));
}

void ImportQueue::wait() {
    if (m_running) m_running->wait();
}

}  // namespace ttt::app
