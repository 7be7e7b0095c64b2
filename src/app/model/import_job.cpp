// An import from the window, on a thread of its own.
#include "model/import_job.hpp"

#include "model/describe.hpp"

#include "tictactrace/base/read_file.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/exchange/limits.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <string_view>
#include <utility>

namespace ttt::app {

namespace {

// Thrown from the store's progress callback when the user cancelled: it unwinds out of the import's
// transaction, whose destructor rolls back every game written so far.
struct Cancelled {};

// The exchange layer's message as the end of a sentence, word for word as the CLI prints it.
std::string ending(std::string text) {
    if (!text.empty() && text.back() != '.') text.push_back('.');
    return text;
}

}  // namespace

const char* name_of(ImportPhase phase) noexcept {
    switch (phase) {
    case ImportPhase::Reading: return "reading";
    case ImportPhase::Checking: return "checking";
    case ImportPhase::Writing: return "writing";
    case ImportPhase::Done: return "done";
    }
    return "?";
}

ImportOutcome run_import(store::EventStore& store, const ImportRequest& request,
                         const std::atomic<bool>& cancel, const ImportObserver& observe) {
    ImportOutcome out;
    out.file = request.file;
    const std::string shown = request.file.filename().string();
    const auto tell = [&](ImportPhase phase, std::size_t done, std::size_t total) {
        if (observe) observe(ImportProgressView{phase, done, total});
    };
    const auto cancelled = [&] {
        out.cancelled = true;
        out.ids.clear();
        return out;
    };

    tell(ImportPhase::Reading, 0, 0);
    exchange::GamesRead games;
    {
        // The bytes are let go once read, as the CLI does: the games are then held once, as records.
        auto bytes = base::read_file(request.file, static_cast<std::size_t>(exchange::kMaxImportBytes));
        if (!bytes) {
            out.error = as_sentence(bytes.error().message) + " Nothing was imported.";
            return out;
        }
        if (cancel) return cancelled();
        tell(ImportPhase::Checking, 0, 0);
        auto read = exchange::read_games(bytes.value(), request.options);
        if (!read) {
            const auto& error = read.error();
            out.error =
                "Rejected file: " + shown + ": " + ending(error.describe()) + " Nothing was imported.";
            return out;
        }
        games = std::move(read).value();
    }
    if (request.lesson && !games.lesson) {
        out.error = "Rejected file: " + shown + ": it holds games but no lesson (Game > Import reads it). " +
                    "Nothing was imported.";
        return out;
    }
    for (const exchange::ImportNote& note : games.notes)
        out.notes.push_back((note.warns() ? "Warning: " : "Note: ") + shown + ": " + ending(note.describe()));
    if (games.games.empty()) {
        out.notes.push_back("Note: " + shown + " holds no game; nothing was imported.");
        return out;
    }
    if (cancel) return cancelled();
    // A lesson's games the log already holds are taken from there; only the others are written.
    std::vector<std::optional<store::GameId>> stored(games.games.size());
    std::vector<exchange::GameRecord> fresh;
    try {
        if (games.lesson) {
            stored = exchange::find_stored_games(store, games.games);
            for (std::size_t g = 0; g < games.games.size(); ++g)
                if (!stored[g]) fresh.push_back(std::move(games.games[g]));
        } else {
            fresh = std::move(games.games);
        }
    } catch (const store::StorageError& e) {
        out.error = "Nothing was imported from " + shown + ": " + as_sentence(e.what());
        out.storage = e.kind();
        return out;
    }
    tell(ImportPhase::Writing, 0, fresh.size());
    try {
        auto imported = exchange::import_into_store(store, fresh, [&](std::size_t done, std::size_t total) {
            if (cancel) throw Cancelled{};
            tell(ImportPhase::Writing, done, total);
            // Read again after telling: a test cancels from its observer at an exact game.
            if (cancel) throw Cancelled{};
        });
        if (!imported) {
            const auto& error = imported.error();
            out.error =
                "Rejected file: " + shown + ": " + ending(error.describe()) + " Nothing was imported.";
            return out;
        }
        out.ids = std::move(imported).value();
    } catch (const Cancelled&) {
        return cancelled();
    } catch (const store::StorageError& e) {
        out.error = "Nothing was imported from " + shown + ": " + as_sentence(e.what());
        out.storage = e.kind();
        return out;
    }
    if (games.lesson) {
        std::size_t next = 0;
        for (const std::optional<store::GameId>& id : stored) {
            out.lesson_games.push_back(id ? *id : out.ids[next++]);
            if (id) ++out.reused;
        }
        out.lesson = std::move(games.lesson);
    }
    tell(ImportPhase::Done, out.ids.size(), out.ids.size());
    return out;
}

ImportJob::ImportJob(const store::EventStore& store, ImportRequest request, ImportObserver observe)
    : m_store(store), m_file(request.file), m_request(std::move(request)), m_observe(std::move(observe)),
      m_job([this](const std::atomic<bool>& cancel) { return run(cancel); }) {}

ImportOutcome ImportJob::run(const std::atomic<bool>& cancel) {
    ImportOutcome outcome;
    try {
        store::EventStore store = m_store.open_reader();
        outcome = run_import(store, m_request, cancel, [this](const ImportProgressView& p) {
            {
                const std::lock_guard lock(m_mutex);
                m_progress = p;
            }
            if (m_observe) m_observe(p);
        });
    } catch (const store::StorageError& e) {
        outcome.file = m_request.file;
        outcome.error = "Nothing was imported: " + as_sentence(e.what());
        outcome.storage = e.kind();
    } catch (const std::exception& e) {
        outcome.file = m_request.file;
        outcome.error = "Nothing was imported: " + as_sentence(e.what());
    }
    const std::lock_guard lock(m_mutex);
    m_progress.phase = ImportPhase::Done;
    return outcome;
}

ImportProgressView ImportJob::progress() const {
    const std::lock_guard lock(m_mutex);
    return m_progress;
}

}  // namespace ttt::app
