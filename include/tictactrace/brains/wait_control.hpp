// What another thread may ask of a client while that client's thread waits for a brain's answer: stop,
// so that a brain taking YXSTOP (BrainOptions::yxstop) is sent it and answers its best move now; or give
// up, so that the call returns at once (Refused) and the brain is ended, since what it is in the middle of
// can no longer be trusted. The client looks at it every few milliseconds while it waits, on its own
// thread: the other thread only sets a flag, and never touches the process.
#pragma once

#include <atomic>

namespace ttt::brains {

class WaitControl {
public:
    // The move being waited for now is wanted at once (YXSTOP, for a brain that takes it).
    void request_stop() noexcept { m_stop.store(true, std::memory_order_release); }
    // Before the next move: a stop asked for the last one is not carried over to it.
    void clear_stop() noexcept { m_stop.store(false, std::memory_order_release); }
    // No answer is wanted any more, not even a late one: the waiting call returns and the brain is ended.
    void give_up() noexcept { m_give_up.store(true, std::memory_order_release); }

    [[nodiscard]] bool stop_requested() const noexcept { return m_stop.load(std::memory_order_acquire); }
    [[nodiscard]] bool given_up() const noexcept { return m_give_up.load(std::memory_order_acquire); }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_give_up{false};
};

}  // namespace ttt::brains
