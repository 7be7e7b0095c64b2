// Starting, feeding, reading and reaping the processes the tests run.
//
// [SECTION] Starting
// [SECTION] Output
// [SECTION] Input
// [SECTION] The end
#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <thread>

extern char** environ;

namespace ttt::testing {

namespace {

[[noreturn]] void fail(const char* what) {
    throw std::system_error(errno, std::generic_category(), what);
}

// Our environment with `changes` made: a variable changed or removed loses its old entry.
std::vector<std::string>
environment_with(const std::vector<std::pair<std::string, std::optional<std::string>>>& changes) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string_view entry(*e);
        bool changed = false;
        for (const auto& [name, value] : changes)
            if (entry.size() > name.size() && entry.starts_with(name) && entry[name.size()] == '=')
                changed = true;
        if (!changed) env.emplace_back(entry);
    }
    for (const auto& [name, value] : changes)
        if (value) env.push_back(name + "=" + *value);
    return env;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// The two ends of a pipe that a child does not keep open across exec.
struct Pipe {
    int read = -1;
    int write = -1;
};
Pipe make_pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fail("cannot make a pipe for a child process");
    return {fds[0], fds[1]};
}

void close_fd(int& fd) noexcept {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// In the child, after fork: makes `target` (0, 1 or 2) what `stream` says. Only async-signal-safe calls.
void connect(const Stream& stream, int target, int pipe_end) {
    int fd = -1;
    switch (stream.kind) {
    case Stream::Kind::Inherit: return;
    case Stream::Kind::Pipe: fd = pipe_end; break;
    case Stream::Kind::Null: fd = ::open("/dev/null", target == 0 ? O_RDONLY : O_WRONLY); break;
    case Stream::Kind::File:
        fd = target == 0 ? ::open(stream.file.c_str(), O_RDONLY)
                         : ::open(stream.file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        break;
    }
    if (fd < 0 || ::dup2(fd, target) < 0) {
        const char message[] = "cannot connect a standard stream of the child\n";
        (void)!::write(STDERR_FILENO, message, sizeof message - 1);
        ::_exit(126);
    }
    // dup2 leaves the copy without close-on-exec; the original goes.
    if (fd != target) ::close(fd);
}

}  // namespace

// [SECTION] Starting

ChildProcess::ChildProcess(ChildOptions options) {
    if (options.argv.empty()) throw std::invalid_argument("a child process needs a program to run");
    std::vector<std::string> env = environment_with(options.env);
    auto args = c_strings(options.argv);
    auto envp = c_strings(env);
    start(
        [&] {
            ::execve(args[0], args.data(), envp.data());
            std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
            ::_exit(127);
        },
        options);
}

ChildProcess ChildProcess::fork_running(const std::function<int()>& body, ChildOptions streams) {
    ChildProcess child;
    child.start(
        [&] {
            int status = 125;
            try {
                for (const auto& [name, value] : streams.env) {
                    if (value)
                        ::setenv(name.c_str(), value->c_str(), 1);
                    else
                        ::unsetenv(name.c_str());
                }
                status = body();
            } catch (...) {}
            ::_exit(status);
        },
        streams);
    return child;
}

void ChildProcess::start(const std::function<void()>& in_child, const ChildOptions& options) {
    const auto piped = [](const Stream& s) { return s.kind == Stream::Kind::Pipe; };
    Pipe in, out, err;
    if (piped(options.in)) in = make_pipe();
    if (piped(options.out)) out = make_pipe();
    if (piped(options.err)) err = make_pipe();
    std::fflush(nullptr);  // nothing buffered here is written twice, once by each process
    m_pid = ::fork();
    if (m_pid < 0) {
        for (int* fd : {&in.read, &in.write, &out.read, &out.write, &err.read, &err.write}) close_fd(*fd);
        fail("cannot fork a child process");
    }
    if (m_pid == 0) {
        connect(options.in, STDIN_FILENO, in.read);
        connect(options.out, STDOUT_FILENO, out.write);
        connect(options.err, STDERR_FILENO, err.write);
        if (!options.cwd.empty() && ::chdir(options.cwd.c_str()) != 0) {
            std::fprintf(stderr, "cannot enter %s: %s\n", options.cwd.c_str(), std::strerror(errno));
            ::_exit(126);
        }
        in_child();
        ::_exit(127);
    }
    close_fd(in.read);
    close_fd(out.write);
    close_fd(err.write);
    m_in = in.write;
    m_out_fd = out.read;
    m_err_fd = err.read;
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept {
    *this = std::move(other);
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
    if (this == &other) return *this;
    if (m_pid > 0 && !m_reaped) {
        kill();
        wait();
    }
    close_all();
    m_pid = std::exchange(other.m_pid, -1);
    m_in = std::exchange(other.m_in, -1);
    m_out_fd = std::exchange(other.m_out_fd, -1);
    m_err_fd = std::exchange(other.m_err_fd, -1);
    m_out = std::move(other.m_out);
    m_err = std::move(other.m_err);
    m_line_end = other.m_line_end;
    m_lines = std::move(other.m_lines);
    m_next_line = other.m_next_line;
    m_reaped = std::exchange(other.m_reaped, true);
    m_status = other.m_status;
    m_usage = other.m_usage;
    return *this;
}

ChildProcess::~ChildProcess() {
    if (m_pid > 0 && !m_reaped) {
        kill();
        wait();
    }
    close_all();
}

void ChildProcess::close_all() noexcept {
    close_fd(m_in);
    close_fd(m_out_fd);
    close_fd(m_err_fd);
}

// [SECTION] Output

bool ChildProcess::pump(int timeout_ms) {
    pollfd fds[2];
    int count = 0;
    for (const int fd : {m_out_fd, m_err_fd})
        if (fd >= 0) fds[count++] = {fd, POLLIN, 0};
    if (count == 0) return false;
    const int ready = ::poll(fds, static_cast<nfds_t>(count), timeout_ms);
    if (ready <= 0) return true;  // nothing yet, or a signal: the pipes are still open
    for (int i = 0; i < count; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const bool is_out = fds[i].fd == m_out_fd;
        char buf[4096];
        const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            close_fd(is_out ? m_out_fd : m_err_fd);
            continue;
        }
        if (!is_out) {
            m_err.append(buf, static_cast<std::size_t>(n));
            continue;
        }
        m_out.append(buf, static_cast<std::size_t>(n));
        for (std::size_t nl; (nl = m_out.find('\n', m_line_end)) != std::string::npos; m_line_end = nl + 1)
            m_lines.push_back(m_out.substr(m_line_end, nl - m_line_end));
    }
    return m_out_fd >= 0 || m_err_fd >= 0;
}

void ChildProcess::drain() {
    while (pump(1000)) {}
}

std::optional<std::string> ChildProcess::read_line(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        if (m_next_line < m_lines.size()) return m_lines[m_next_line++];
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
                .count();
        if (left <= 0 || m_out_fd < 0) return std::nullopt;
        if (!pump(static_cast<int>(left)) && m_next_line >= m_lines.size()) return std::nullopt;
    }
}

// [SECTION] Input

bool ChildProcess::write(std::string_view text) {
    if (m_in < 0) return false;
    // A child that died early must fail the test's check, not end the test with SIGPIPE.
    ::signal(SIGPIPE, SIG_IGN);
    while (!text.empty()) {
        const ssize_t n = ::write(m_in, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

void ChildProcess::close_stdin() {
    close_fd(m_in);
}

// [SECTION] The end

void ChildProcess::reaped(int raw_status) {
    m_reaped = true;
    m_status = WIFEXITED(raw_status)     ? WEXITSTATUS(raw_status)
               : WIFSIGNALED(raw_status) ? 128 + WTERMSIG(raw_status)
                                         : -1;
}

bool ChildProcess::running() {
    if (m_pid <= 0 || m_reaped) return false;
    int status = 0;
    const pid_t r = ::wait4(m_pid, &status, WNOHANG, &m_usage);
    if (r == 0 || (r < 0 && errno == EINTR)) return true;
    if (r == m_pid)
        reaped(status);
    else
        m_reaped = true;  // not ours to wait for any more (ECHILD): it is gone
    return false;
}

void ChildProcess::signal(int sig) {
    if (m_pid > 0 && !m_reaped) ::kill(m_pid, sig);
}

void ChildProcess::kill() {
    signal(SIGKILL);
}

int ChildProcess::wait() {
    if (m_pid <= 0 || m_reaped) return m_status;
    int status = 0;
    pid_t r = 0;
    while ((r = ::wait4(m_pid, &status, 0, &m_usage)) < 0 && errno == EINTR) {}
    if (r == m_pid)
        reaped(status);
    else
        m_reaped = true;
    return m_status;
}

std::optional<int> ChildProcess::wait_for(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (running()) {
        if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return m_status;
}

int ChildProcess::terminate(int grace_ms) {
    if (!running()) return m_status;
    signal(SIGTERM);
    if (const auto status = wait_for(grace_ms)) return *status;
    kill();
    return wait();
}

Finished run_to_end(ChildOptions options) {
    options.out = Stream::pipe();
    options.err = Stream::pipe();
    ChildProcess child(std::move(options));
    child.drain();
    Finished f;
    f.status = child.wait();
    f.out = child.out();
    f.err = child.err();
    f.max_rss_bytes = child.max_rss_bytes();
    return f;
}

}  // namespace ttt::testing
