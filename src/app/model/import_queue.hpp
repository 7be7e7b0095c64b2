// The window's imports, one at a time: the one running (on a thread of its own, with a connection of its
// own, when the log is a file), the files waiting in line behind it, and what the last one that ended did.
// What an outcome means for the window (games listed and opened, a lesson followed, a notice) is the
// controller's.
#pragma once

#include "model/import_job.hpp"
#include "model/notice.hpp"
#include "tictactrace/store/event_store.hpp"

#include <cstddef>
#include <deque>
#include <memory>
#include <optional>

namespace ttt::app {

// What the window says of an import that ended without a lesson: what came in (its first game is then
// opened), or why nothing did.
[[nodiscard]] Notice notice_of(const ImportOutcome& outcome);

class ImportQueue {
public:
    // `store` outlives the queue.
    explicit ImportQueue(store::EventStore& store) : m_store(store) {}

    // Starts `request`, or puts it in line when one is running. A log that has no second connection (in
    // memory, a server) imports here, in the frame that asked: its outcome is returned at once.
    [[nodiscard]] std::optional<ImportOutcome> start(ImportRequest request);
    // Stops the running import (nothing of it is written) and drops the waiting ones.
    void cancel();
    // The running import's outcome once it has ended (taken once); nullopt while it runs, or when none
    // does. The next in line starts with start_next().
    [[nodiscard]] std::optional<ImportOutcome> take();
    // Starts the first import waiting, when none runs; its outcome when it ran here.
    [[nodiscard]] std::optional<ImportOutcome> start_next();
    // Waits for the running import to end (tests; the window never waits).
    void wait();

    // The import running now, if any, for the progress bar.
    [[nodiscard]] const ImportJob* running() const noexcept { return m_running.get(); }
    // Files waiting for the running import to end.
    [[nodiscard]] std::size_t waiting() const noexcept { return m_waiting.size(); }
    // What the last import that ended did (the import dialog shows its error and notes).
    [[nodiscard]] const std::optional<ImportOutcome>& last() const noexcept { return m_last; }
    void keep_last(ImportOutcome outcome) { m_last = std::move(outcome); }

private:
    store::EventStore& m_store;
    std::unique_ptr<ImportJob> m_running;
    std::deque<ImportRequest> m_waiting;
    std::optional<ImportOutcome> m_last;
};

}  // namespace ttt::app
