// The flag Ctrl+C raises while a long command runs.
#include "cli/interrupt_guard.hpp"

#include <atomic>

namespace ttt::cli {

namespace {

// Lock-free, so the handler may set it and worker threads may read it.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void on_interrupt(int) {
    g_interrupted.store(true);
}

}  // namespace

InterruptGuard::InterruptGuard() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;  // a second Ctrl+C ends the program as usual
    g_interrupted.store(false);
    ::sigaction(SIGINT, &action, &m_before);
}

InterruptGuard::~InterruptGuard() {
    ::sigaction(SIGINT, &m_before, nullptr);
}

bool InterruptGuard::interrupted() noexcept {
    return g_interrupted.load();
}

}  // namespace ttt::cli
