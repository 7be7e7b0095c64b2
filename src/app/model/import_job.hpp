// An import from the window: a file read, checked and written by a thread with a connection of its own, so
// the frame never waits for it, with the phase and the games written so far for a progress bar, and a
// Cancel that leaves nothing written (the games go in one transaction, rolled back when cancelled). The
// checks and the messages are the CLI's: the exchange layer's read_games and import_into_store.
#pragma once

#include "model/background_job.hpp"
#include "tictactrace/exchange/import_options.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

struct ImportRequest {
    std::filesystem::path file;
    exchange::ImportOptions options;  // format (nullopt: recognised), rules for files without rules
    bool lesson = false;              // the file must be a lesson (--lesson): games alone are refused
};

// What an import did: the new games, or why nothing was written.
struct ImportOutcome {
    std::filesystem::path file;
    std::vector<store::GameId> ids;  // in the file's order; empty when nothing was imported
    std::vector<std::string> notes;  // "Warning: ..." / "Note: ...", one sentence each, as the CLI says them
    std::optional<std::string> error;  // "Rejected file: NAME: what is wrong." (nothing was imported)
    std::optional<store::StorageErrorKind> storage;  // set when the store failed (locked, full, ...)
    bool cancelled = false;                          // the user cancelled; nothing was imported
    // A lesson file's lesson, and its games in this log in the file's order: the ones imported now and
    // the ones the log already held (`reused` of them; opening a lesson twice copies nothing twice).
    std::optional<exchange::LessonPlan> lesson;
    std::vector<store::GameId> lesson_games;
    int reused = 0;
};

enum class ImportPhase : int { Reading = 0, Checking = 1, Writing = 2, Done = 3 };
[[nodiscard]] const char* name_of(ImportPhase phase) noexcept;  // "reading", "checking", ...

// Where an import is, for the progress bar: read from any thread.
struct ImportProgressView {
    ImportPhase phase = ImportPhase::Reading;
    std::size_t done = 0;   // games written (Writing)
    std::size_t total = 0;  // games in the file, once checked
};

// Called by the worker as it goes (tests cancel from here at an exact point).
using ImportObserver = std::function<void(const ImportProgressView&)>;

// Runs one import on `store` on the calling thread. `cancel` is read between the phases and after every
// game written; once it is set, nothing is written (or what was is rolled back) and the outcome says
// cancelled. A StorageError becomes the outcome's error and kind.
[[nodiscard]] ImportOutcome run_import(store::EventStore& store, const ImportRequest& request,
                                       const std::atomic<bool>& cancel, const ImportObserver& observe = {});

class ImportJob {
public:
    // Starts the import on a thread with its own connection to `store`'s log (store.open_reader(), made
    // on that thread: it reads only where the log is and how it was opened). `store` outlives the job.
    ImportJob(const store::EventStore& store, ImportRequest request, ImportObserver observe = {});
    // Destroying the job cancels it and waits for the thread: closing the window mid-import writes nothing.

    [[nodiscard]] const std::filesystem::path& file() const noexcept { return m_file; }
    [[nodiscard]] ImportProgressView progress() const;
    // Asks the thread to stop; the outcome then says cancelled unless the import had already committed.
    void cancel() noexcept { m_job.cancel(); }
    [[nodiscard]] bool cancelling() const noexcept { return m_job.cancelled(); }
    // The outcome once the thread is done; nothing before, and nothing twice.
    [[nodiscard]] std::optional<ImportOutcome> take() { return m_job.take(); }
    // Waits for the thread (tests; the window never waits).
    void wait() { m_job.wait(); }

private:
    // The import on the job's thread, through a connection of its own.
    [[nodiscard]] ImportOutcome run(const std::atomic<bool>& cancel);

    const store::EventStore& m_store;
    std::filesystem::path m_file;
    ImportRequest m_request;
    ImportObserver m_observe;
    mutable std::mutex m_mutex;
    ImportProgressView m_progress;
    BackgroundJob<ImportOutcome> m_job;  // last: it starts once everything above exists
};

}  // namespace ttt::app
