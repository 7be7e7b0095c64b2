// One piece of work on a thread of its own, for the window that must never wait: started with the job, its
// result taken once when done() (the frame polls), wait() for tests. cancel() sets the flag the work is
// handed (and runs the owner's hook: a search's stop, a brain's give-up) so that the work can end early;
// destroying the job cancels it the same way and joins, so the work never outlives its owner.
//
// The jobs that run once are built on it (the built-in's search, a game's analysis, an import, an engine's
// check). Workers that serve many asks keep their own loop (an engine's brain, the state loader, the
// browser's reader): they wait for the next ask, which is not this shape.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

namespace ttt::app {

template <class T>
class BackgroundJob {
public:
    using CancelHook = std::function<void()>;

    // Runs `work` on a new thread: `work(cancel)` with the cancellation flag, or `work()`. What it returns
    // is the result. `on_cancel` is called by cancel() (and by the destructor), on the caller's thread.
    // Everything `work` uses must exist before the job does: an owner declares its job last.
    template <class Work>
    explicit BackgroundJob(Work work, CancelHook on_cancel = {})
        : m_on_cancel(std::move(on_cancel)), m_thread([this, work = std::move(work)]() mutable {
              if constexpr (std::is_invocable_v<Work&, const std::atomic<bool>&>)
                  m_result.emplace(work(std::as_const(m_cancel)));
              else
                  m_result.emplace(work());
              m_done.store(true, std::memory_order_release);
          }) {}

    ~BackgroundJob() {
        cancel();
        if (m_thread.joinable()) m_thread.join();
    }
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;

    // The work has returned (its result may have been taken since).
    [[nodiscard]] bool done() const noexcept { return m_done.load(std::memory_order_acquire); }
    // Once done(): the result, taken once; nullopt before, and after.
    [[nodiscard]] std::optional<T> take() {
        if (!done()) return std::nullopt;
        return std::exchange(m_result, std::nullopt);
    }
    // Once done(): the result not taken yet, left in place; nullptr otherwise.
    [[nodiscard]] const T* result() const noexcept { return done() && m_result ? &*m_result : nullptr; }
    // Blocks until done() (tests; the window never waits).
    void wait() {
        if (m_thread.joinable()) m_thread.join();
    }
    // Any time, any number of times: the flag is set and the hook runs; the work ends when it reads them.
    void cancel() noexcept {
        m_cancel.store(true, std::memory_order_release);
        if (m_on_cancel) m_on_cancel();
    }
    [[nodiscard]] bool cancelled() const noexcept { return m_cancel.load(std::memory_order_acquire); }

private:
    CancelHook m_on_cancel;
    std::atomic<bool> m_cancel{false};
    std::optional<T> m_result;  // written by the thread before m_done, read by the owner after it
    std::atomic<bool> m_done{false};
    std::thread m_thread;  // last: it starts once everything above exists
};

}  // namespace ttt::app
