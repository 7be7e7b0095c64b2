// Starting, feeding, reading and ending a brain's process.
//
// [SECTION] Starting
// [SECTION] Writing
// [SECTION] Reading
// [SECTION] The end
#include "tictactrace/brains/brain_process.hpp"

#include "tictactrace/brains/process_family.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>

extern char** environ;

namespace ttt::brains {

namespace {

// How often a wait looks whether the process has ended, when nothing arrives on its pipes: a brain that
// crashed while a child of its own keeps its stdout open sends no end of file.
constexpr int kSliceMs = 20;
constexpr std::size_t kChunk = 64 * 1024;
// How long the end of a brain waits for what it started to be gone once SIGKILL is sent.
constexpr Millis kReapLimit{2000};

// posix_spawn's two argument objects, destroyed on every path.
template <class T, int (*init)(T*), int (*destroy)(T*)>
struct SpawnObject {
    T value{};
    SpawnObject() { init(&value); }
    ~SpawnObject() { destroy(&value); }
    SpawnObject(const SpawnObject&) = delete;
    SpawnObject& operator=(const SpawnObject&) = delete;
};
using SpawnActions = SpawnObject<posix_spawn_file_actions_t, ::posix_spawn_file_actions_init,
                                 ::posix_spawn_file_actions_destroy>;
using SpawnAttributes = SpawnObject<posix_spawnattr_t, ::posix_spawnattr_init, ::posix_spawnattr_destroy>;

struct PipeEnds {
    UniqueFd read;
    UniqueFd write;
};
// Both ends close on exec: the child gets only what the spawn actions put on 0, 1 and 2, so it cannot
// hold another brain's pipes open.
bool make_pipe(PipeEnds& ends) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return false;
    ends.read.reset(fds[0]);
    ends.write.reset(fds[1]);
    return true;
}

void set_non_blocking(int fd) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// A write with SIGPIPE blocked in this thread, and the SIGPIPE it raised taken back before the mask is
// restored, so that a brain that has gone is an EPIPE here and never a signal that ends the program —
// without changing the program's own SIGPIPE disposition, which is not ours to change.
ssize_t write_without_sigpipe(int fd, const char* data, std::size_t size) {
    sigset_t pipe_only, old_mask, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe_only, &old_mask);
    sigpending(&pending);
    const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
    const ssize_t n = ::write(fd, data, size);
    const int error = errno;
    if (n < 0 && error == EPIPE && !was_pending) {
        const timespec now{0, 0};
        while (::sigtimedwait(&pipe_only, nullptr, &now) < 0 && errno == EINTR) {}
    }
    ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    errno = error;
    return n;
}

}  // namespace

std::string ExitStatus::describe() const {
    if (!signalled) return "exited with status " + std::to_string(value);
    const char* name = ::strsignal(value);
    return "was killed by signal " + std::to_string(value) + (name ? std::string(" (") + name + ")" : "");
}

// [SECTION] Starting

Result<BrainProcess, SpawnError> BrainProcess::spawn(const std::vector<std::string>& argv,
                                                     const ProcessOptions& options) {
    if (argv.empty() || argv.front().empty()) return fail(SpawnError{"a brain needs a program to run"});
    const std::string program = "'" + argv.front() + "'";
    PipeEnds in, out, err;
    if (!make_pipe(in) || !make_pipe(out) || !make_pipe(err))
        return fail(SpawnError{"cannot start the brain " + program + ": " + std::strerror(errno)});

    SpawnActions actions;
    ::posix_spawn_file_actions_adddup2(&actions.value, in.read.get(), STDIN_FILENO);
    ::posix_spawn_file_actions_adddup2(&actions.value, out.write.get(), STDOUT_FILENO);
    ::posix_spawn_file_actions_adddup2(&actions.value, err.write.get(), STDERR_FILENO);

    // A group of its own (what stop() kills), every signal at its default (an ignored disposition is
    // inherited across exec: a brain with SIGPIPE or SIGTERM ignored because we ignore it would not end
    // as it should), and nothing blocked.
    SpawnAttributes attributes;
    sigset_t all, none;
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    sigemptyset(&none);
    ::posix_spawnattr_setflags(&attributes.value,
                               POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    ::posix_spawnattr_setpgroup(&attributes.value, 0);
    ::posix_spawnattr_setsigdefault(&attributes.value, &all);
    ::posix_spawnattr_setsigmask(&attributes.value, &none);

    std::vector<std::string> words = argv;
    std::vector<char*> args;
    for (auto& w : words) args.push_back(w.data());
    args.push_back(nullptr);

    // Our environment with the brain's mark first (ProcessFamily): one mark per brain, so that the end of
    // one never takes what another brain of ours started. A mark inherited from a program that runs us as
    // a brain is replaced: its processes are not ours to end.
    static std::atomic<std::uint64_t> serial{0};
    std::string mark = std::string(kFamilyVariable) + "=" + std::to_string(::getpid()) + "." +
                       std::to_string(serial.fetch_add(1) + 1);
    const std::string prefix = std::string(kFamilyVariable) + "=";
    std::vector<char*> env{mark.data()};
    for (char** entry = environ; entry && *entry; ++entry)
        if (std::string_view(*entry).substr(0, prefix.size()) != prefix) env.push_back(*entry);
    env.push_back(nullptr);

    // Before the first brain starts: an orphan of its family must come to us, not to init (ProcessFamily).
    (void)become_subreaper();
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], &actions.value, &attributes.value, args.data(), env.data());
    if (rc != 0) return fail(SpawnError{"cannot start the brain " + program + ": " + std::strerror(rc)});

    BrainProcess process;
    process.m_options = options;
    process.m_pid = pid;
    process.m_mark = std::move(mark);
    process.m_in = std::move(in.write);
    process.m_out = std::move(out.read);
    process.m_err = std::move(err.read);
    process.m_reader = LineReader(options.max_line);
    for (const auto* fd : {&process.m_in, &process.m_out, &process.m_err}) set_non_blocking(fd->get());
    return process;  // the child's ends close here, with `in`, `out` and `err`
}

BrainProcess::BrainProcess(BrainProcess&& other) noexcept {
    *this = std::move(other);
}

BrainProcess& BrainProcess::operator=(BrainProcess&& other) noexcept {
    if (this == &other) return *this;
    stop(m_options.end_grace);
    m_options = other.m_options;
    m_pid = std::exchange(other.m_pid, -1);
    m_mark = std::move(other.m_mark);
    m_in = std::move(other.m_in);
    m_out = std::move(other.m_out);
    m_err = std::move(other.m_err);
    m_reader = std::move(other.m_reader);
    m_err_tail = std::move(other.m_err_tail);
    m_exit = std::move(other.m_exit);
    m_discard = other.m_discard;
    return *this;
}

BrainProcess::~BrainProcess() {
    stop(m_options.end_grace);
}

// [SECTION] Writing

WriteEnd BrainProcess::write(std::string_view bytes, Deadline deadline) {
    while (!bytes.empty()) {
        if (!m_in) return WriteEnd::Closed;
        const ssize_t n = write_without_sigpipe(m_in.get(), bytes.data(), bytes.size());
        if (n > 0) {
            bytes.remove_prefix(static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (Clock::now() >= deadline) return WriteEnd::TimedOut;
            // The pipe is full. While we wait for room, what it writes is read, so that a brain that
            // writes while we write cannot leave us both waiting.
            pollfd fd{m_in.get(), POLLOUT, 0};
            (void)::poll(&fd, 1, std::min(millis_until(deadline), kSliceMs));
            pump(0);
            continue;
        }
        m_in.reset();  // EPIPE: the brain closed its input
        return WriteEnd::Closed;
    }
    return WriteEnd::Written;
}

// [SECTION] Reading

void BrainProcess::take_stderr(std::string_view bytes) {
    m_err_tail.append(bytes);
    if (m_err_tail.size() > m_options.stderr_tail)
        m_err_tail.erase(0, m_err_tail.size() - m_options.stderr_tail);
}

bool BrainProcess::pump(int wait_ms) {
    std::array<pollfd, 2> fds{};
    nfds_t count = 0;
    for (const auto* fd : {&m_out, &m_err})
        if (*fd) fds[count++] = {fd->get(), POLLIN, 0};
    const int ready = ::poll(count ? fds.data() : nullptr, count, wait_ms);
    if (ready <= 0) return false;
    bool got_output = false;
    static thread_local std::array<char, kChunk> buffer;
    for (nfds_t i = 0; i < count; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const bool is_out = fds[i].fd == m_out.get();
        // One chunk at a time: a brain that writes without pause cannot make us read without end.
        const ssize_t n = ::read(fds[i].fd, buffer.data(), buffer.size());
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (is_out) got_output = true;
        if (n <= 0) {
            if (is_out) {
                m_reader.finish();
                m_out.reset();
            } else {
                m_err.reset();
            }
            continue;
        }
        const std::string_view bytes(buffer.data(), static_cast<std::size_t>(n));
        if (!is_out)
            take_stderr(bytes);
        else if (!m_discard)
            m_reader.feed(bytes);
    }
    return got_output;
}

std::variant<std::string, ReadEnd> BrainProcess::read_line(Deadline deadline) {
    for (;;) {
        if (auto line = m_reader.next()) return std::move(*line);
        if (m_reader.overflowed()) return ReadEnd::TooLong;
        if (!m_out) return ReadEnd::Closed;
        // Once it has ended, what is left in the pipe is read without waiting; then there is no more.
        const bool ended = exit_status().has_value();
        if (pump(ended ? 0 : std::min(millis_until(deadline), kSliceMs))) continue;
        if (ended) return ReadEnd::Closed;
        if (Clock::now() >= deadline) return ReadEnd::TimedOut;
    }
}

// [SECTION] The end

std::optional<ExitStatus> BrainProcess::exit_status() {
    if (m_exit || m_pid <= 0) return m_exit;
    // WNOWAIT: looked at, not reaped. Until stop() reaps it, the zombie keeps its pid and its group id
    // from being given to another process, so the group kill in stop() can only reach the brain's own.
    siginfo_t info{};
    int r = 0;
    while ((r = ::waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOHANG | WNOWAIT)) < 0 &&
           errno == EINTR) {}
    if (r == 0 && info.si_pid == m_pid) m_exit = ExitStatus{info.si_code != CLD_EXITED, info.si_status};
    return m_exit;
}

std::optional<ExitStatus> BrainProcess::wait_until(Deadline deadline) {
    for (;;) {
        if (auto status = exit_status()) return status;
        if (Clock::now() >= deadline) return std::nullopt;
        pump(std::min(millis_until(deadline), kSliceMs));
    }
}

std::optional<ExitStatus> BrainProcess::stop(Millis end_grace) {
    if (m_pid <= 0) return std::nullopt;
    m_discard = true;  // what it writes now is read only so that it never blocks on a full pipe
    // What it started is looked for first, while the brain still runs and its children are still its
    // own: a brain that hears END and exits hands them to us, and from then on only this memory (and its
    // group and its mark) tells them from any other child of ours.
    ProcessFamily family(m_pid, m_mark);
    family.look();
    if (end_grace.count() > 0 && !exit_status() && m_in)
        (void)write("END\r\n", deadline_in(std::min(end_grace, Millis(100))));
    m_in.reset();  // end of file on its input: a brain that reads to the end stops there
    if (end_grace.count() > 0) wait_until(deadline_in(end_grace));
    if (!exit_status()) {
        family.look();
        family.signal(SIGTERM);
        wait_until(deadline_in(m_options.term_grace));
    }
    // Always, even when it has ended by itself: what it started may still run, in its group or not.
    family.kill();
    int status = 0;
    pid_t r = 0;
    while ((r = ::waitpid(m_pid, &status, 0)) < 0 && errno == EINTR) {}
    if (!m_exit && r == m_pid)
        m_exit =
            WIFSIGNALED(status) ? ExitStatus{true, WTERMSIG(status)} : ExitStatus{false, WEXITSTATUS(status)};
    family.reap(kReapLimit);
    m_pid = -1;
    m_out.reset();
    m_err.reset();
    return m_exit;
}

}  // namespace ttt::brains
