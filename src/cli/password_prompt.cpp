// The password prompt: termios for the echo, ppoll for a read that a signal can end without a race.
#include "cli/password_prompt.hpp"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace ttt::cli {

namespace {

// The signals that end a waiting prompt: each would otherwise kill the process with the echo still off.
constexpr std::array<int, 4> kEndingSignals{SIGINT, SIGTERM, SIGHUP, SIGQUIT};

volatile std::sig_atomic_t g_caught = 0;

extern "C" void on_ending_signal(int signal) {
    g_caught = signal;
}

// The terminal's settings, with the echo off until this is destroyed. ECHONL stays on, so the user's
// Enter still moves to the next line.
class EchoOff {
public:
    explicit EchoOff(int fd) : m_fd(fd) {
        if (::tcgetattr(fd, &m_saved) != 0) return;
        termios quiet = m_saved;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        quiet.c_lflag |= ECHONL;
        // TCSAFLUSH: what was typed before now may have been shown; it is dropped, not taken as the
        // password's start.
        m_active = ::tcsetattr(fd, TCSAFLUSH, &quiet) == 0;
    }
    EchoOff(const EchoOff&) = delete;
    EchoOff& operator=(const EchoOff&) = delete;
    ~EchoOff() {
        if (m_active) ::tcsetattr(m_fd, TCSANOW, &m_saved);
    }
    [[nodiscard]] bool active() const noexcept { return m_active; }

private:
    int m_fd;
    termios m_saved{};
    bool m_active = false;
};

// The ending signals caught (and blocked, but for the wait itself) until this is destroyed; the old
// handlers and mask come back then. A signal that came meanwhile is in g_caught.
class SignalsCaught {
public:
    SignalsCaught() {
        g_caught = 0;
        sigset_t block;
        sigemptyset(&block);
        for (const int s : kEndingSignals) sigaddset(&block, s);
        // Blocked from here: one that comes before the wait is delivered inside ppoll, never lost
        // between a check of g_caught and the read.
        ::sigprocmask(SIG_BLOCK, &block, &m_mask);
        struct sigaction action {};
        action.sa_handler = on_ending_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;  // no SA_RESTART: the wait returns with EINTR
        for (std::size_t i = 0; i < kEndingSignals.size(); ++i)
            ::sigaction(kEndingSignals[i], &action, &m_old[i]);
    }
    SignalsCaught(const SignalsCaught&) = delete;
    SignalsCaught& operator=(const SignalsCaught&) = delete;
    ~SignalsCaught() {
        for (std::size_t i = 0; i < kEndingSignals.size(); ++i)
            ::sigaction(kEndingSignals[i], &m_old[i], nullptr);
        ::sigprocmask(SIG_SETMASK, &m_mask, nullptr);
    }
    // The mask to wait under: the one before, so the ending signals get through during the wait only.
    [[nodiscard]] const sigset_t& waiting_mask() const noexcept { return m_mask; }

private:
    sigset_t m_mask{};
    std::array<struct sigaction, kEndingSignals.size()> m_old{};
};

// Where the prompt goes: the terminal itself, so that it shows even when standard error is redirected.
class PromptOut {
public:
    PromptOut() : m_fd(::open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)) {}
    PromptOut(const PromptOut&) = delete;
    PromptOut& operator=(const PromptOut&) = delete;
    ~PromptOut() {
        if (m_fd >= 0) ::close(m_fd);
    }
    void write(const std::string& text) const noexcept {
        const int fd = m_fd >= 0 ? m_fd : STDERR_FILENO;
        std::size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return;
            done += static_cast<std::size_t>(n);
        }
    }

private:
    int m_fd;
};

}  // namespace

bool can_ask_password() {
    return ::isatty(STDIN_FILENO) == 1;
}

void forget(std::string& secret) noexcept {
    // Through a volatile pointer, so the compiler cannot drop the writes to memory about to be freed.
    volatile char* p = secret.data();
    for (std::size_t i = 0; i < secret.size(); ++i) p[i] = '\0';
    secret.clear();
}

PromptAnswer ask_password(const std::string& prompt) {
    const PromptOut out;
    std::string line;
    int caught = 0;
    bool ended = false;
    {
        // Declared in this order, destroyed in the reverse: the echo comes back before the signals'
        // handlers do, so a signal let through at the end finds the terminal as it was.
        const SignalsCaught signals;
        const EchoOff quiet(STDIN_FILENO);
        // A terminal that will not stop echoing would show the password: nothing is read from it.
        ended = !quiet.active();
        if (!ended) out.write(prompt);
        char c = 0;
        while (!ended) {
            if (g_caught != 0) break;
            pollfd wait{STDIN_FILENO, POLLIN, 0};
            const int ready = ::ppoll(&wait, 1, nullptr, &signals.waiting_mask());
            if (ready < 0) {
                if (errno == EINTR) continue;  // g_caught says whether it was one of ours
                ended = true;
                break;
            }
            const ssize_t n = ::read(STDIN_FILENO, &c, 1);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {  // Ctrl+D on an empty line, or the terminal gone
                ended = true;
                break;
            }
            if (c == '\n') break;
            line += c;
        }
        caught = g_caught;
        // Without echo the terminal showed no Enter for an interruption or an end: the next output
        // starts on a line of its own.
        if (quiet.active() && (caught != 0 || ended) && caught != SIGHUP) out.write("\n");
        c = 0;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (caught != 0) {
        forget(line);
        return PromptInterrupted{caught};
    }
    if (ended && line.empty()) return PromptEnded{};
    return line;
}

}  // namespace ttt::cli
