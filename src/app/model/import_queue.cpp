// The window's imports in line.
#include "model/import_queue.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <system_error>
#include <utility>

namespace ttt::app {

Notice notice_of(const ImportOutcome& outcome) {
    const std::string file = outcome.file.filename().string();
    if (outcome.cancelled)
        return {
            Notice::Level::Info, "The import of " + file + " was cancelled; nothing was imported.", 0, {}};
    if (outcome.error) return {Notice::Level::Error, *outcome.error, 0, outcome.storage};
    if (outcome.ids.empty())
        return {Notice::Level::Info,
                outcome.notes.empty() ? file + " holds no game; nothing was imported." : outcome.notes.back(),
                0,
                {}};
    const store::GameId first = outcome.ids.front();
    const std::size_t n = outcome.ids.size();
    std::string text = n == 1
                           ? "Imported game #" + std::to_string(first) + " from " + file
                           : "Imported " + std::to_string(n) + " games from " + file + " (#" +
                                 std::to_string(first) + " to #" + std::to_string(outcome.ids.back()) + ")";
    const auto warnings = std::count_if(outcome.notes.begin(), outcome.notes.end(),
                                        [](const std::string& note) { return note.starts_with("Warning"); });
    if (warnings > 0)
        text += "; " + std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings") +
                " (Game > Import shows them)";
    return {warnings > 0 ? Notice::Level::Warning : Notice::Level::Info, text + ".", 0, {}};
}

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
