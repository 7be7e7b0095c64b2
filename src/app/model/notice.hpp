// The one sentence for the user about the last thing that happened (or could not happen), said by every
// part of the model: the controller, the open game, the play driver, the lessons, the imports; and what a
// storage failure means for them (StorageGuard).
#pragma once

#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace ttt::app {

struct Notice {
    enum class Level : int { Info = 0, Warning = 1, Error = 2 };
    Level level = Level::Info;
    std::string text;
    std::int64_t serial = 0;  // grows with every notice, so views can tell a new one from an old one
    std::optional<store::StorageErrorKind> storage;  // set when the store failed (locked, corrupt, ...)
};

// The notice shown now: a new one replaces it.
class Notices {
public:
    // A sentence begins with a capital, also one that begins with a game's name ("Game #7 starts ...").
    void say(Notice::Level level, std::string text,
             std::optional<store::StorageErrorKind> storage = std::nullopt);
    void clear() noexcept { m_notice.reset(); }
    [[nodiscard]] const std::optional<Notice>& current() const noexcept { return m_notice; }

private:
    std::optional<Notice> m_notice;
    std::int64_t m_serial = 0;
};

// "game #7", as the notices name a game.
[[nodiscard]] std::string game_name(store::GameId id);
// One sentence for a storage failure: what went wrong (by kind), what was not done, what to do.
[[nodiscard]] std::string storage_sentence(const store::StorageError& e, std::string_view not_done);

// Work run by a guard, not owned: it lives as long as the call that is given it (no allocation).
class WorkRef {
public:
    template <class Work>
    requires(!std::is_same_v<std::remove_cvref_t<Work>, WorkRef>) WorkRef(Work&& work)
    noexcept  // NOLINT: made from any callable, as a function parameter
        : m_work(const_cast<void*>(static_cast<const void*>(&work))),
          m_call([](void* w) { (*static_cast<std::remove_reference_t<Work>*>(w))(); }) {}
    void operator()() const { m_call(m_work); }

private:
    void* m_work;
    void (*m_call)(void*);
};

// What a storage failure (store::StorageError: another program holds the lock, a damaged or full disk)
// does in the window: an error notice carrying its kind says what was not done, and the open game is
// brought up to date with the log, so the app keeps running and the user can try again.
class StorageGuard {
public:
    // Runs `work`; a StorageError becomes a notice saying that `not_done` ("your move was not saved"), and
    // the open game catches up with the log. False when it failed so.
    virtual bool guard(std::string_view not_done, WorkRef work) = 0;
    virtual void storage_failed(const store::StorageError& e, std::string_view not_done) = 0;

protected:
    ~StorageGuard() = default;
};

}  // namespace ttt::app
