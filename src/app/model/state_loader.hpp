// States of a long game read by a thread with a connection of its own: opening a game of millions of moves,
// or jumping far in one, costs the store's load (half a second for the largest: the chain of snapshots read,
// four million marks replayed), and that must never hold a frame. The window keeps drawing what it shows
// and takes the new state when it is ready.
#pragma once

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>

namespace ttt::app {

class StateLoader {
public:
    // A storage failure met on the loader's thread, as data (the exception stays on that thread): the
    // StorageError's kind, SQLite code and sentence; error() makes it again for whoever reports it.
    struct StorageFailure {
        store::StorageErrorKind kind = store::StorageErrorKind::Other;
        int code = 0;
        std::string message;
        [[nodiscard]] store::StorageError error() const { return {kind, code, message}; }
    };
    // Why a load gave no state: the store refused it (no such game or step), or the log failed.
    using LoadFailure = std::variant<store::Rejection, StorageFailure>;

    struct Result {
        std::uint64_t ticket = 0;  // what ask() returned
        store::GameId game = 0;
        std::optional<store::Seq> at;
        ttt::Result<store::Snapshot, LoadFailure> outcome = store::Snapshot();
    };

    // A loader with a connection of its own to `store`'s log, or nullptr when the log has no second
    // connection (in memory) or refuses one: loads are then made inline by the caller.
    [[nodiscard]] static std::unique_ptr<StateLoader> open(const store::EventStore& store);
    ~StateLoader();
    StateLoader(const StateLoader&) = delete;
    StateLoader& operator=(const StateLoader&) = delete;

    // Asks for the state of `game` after step `at` (the end when nullopt); replaces any earlier ask, whose
    // result is then never given. Returns the ticket its result will carry.
    std::uint64_t ask(store::GameId game, std::optional<store::Seq> at);
    // The result of the latest ask once it is ready; nothing before that, and nothing twice.
    [[nodiscard]] std::optional<Result> take();
    // Waits until the latest ask is done (tests; the window never waits).
    void wait();

private:
    explicit StateLoader(store::EventStore store);
    void run();

    store::EventStore m_store;  // used by the thread only
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    std::optional<Result> m_asked;  // the ask in hand, not yet taken by the thread
    std::optional<Result> m_ready;  // the latest result, not yet taken
    std::uint64_t m_ticket = 0;     // the latest ask's
    bool m_working = false;
    bool m_stop = false;
    std::thread m_thread;  // last: it starts once everything above exists
};

}  // namespace ttt::app
