// Ctrl+C asks a long command (`match`, `tournament`) to stop at its next step instead of ending the program:
// while an InterruptGuard lives, SIGINT only raises a flag the command reads; a second Ctrl+C ends the
// program as usual. The disposition before it is put back when it goes.
#pragma once

#include <csignal>

namespace ttt::cli {

class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // Whether Ctrl+C came since the guard was made; safe to ask from any thread.
    [[nodiscard]] static bool interrupted() noexcept;

private:
    struct sigaction m_before {};
};

}  // namespace ttt::cli
