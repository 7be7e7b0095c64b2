// Another program run from a test (or a forked copy of the test itself): its arguments, environment and
// folder, its standard streams joined to pipes, files or ours, its output read line by line with a
// timeout, and its end: the exit status (or 128 + the signal that ended it) and what it used (wait4).
// Every suite that starts a process starts it through this, so they all end it, reap it and report a
// program that cannot run the same way.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ttt::testing {

// Where one of the child's standard streams goes.
struct Stream {
    enum class Kind {
        Inherit,  // ours: the test's own terminal or log
        Null,     // /dev/null
        Pipe,     // a pipe to this process (read with pump() and read_line(), written with write())
        File,     // this file: read for stdin, created or truncated (mode 0600) for stdout and stderr
    };
    Kind kind = Kind::Inherit;
    std::filesystem::path file;

    [[nodiscard]] static Stream inherit() { return {}; }
    [[nodiscard]] static Stream null() { return {Kind::Null, {}}; }
    [[nodiscard]] static Stream pipe() { return {Kind::Pipe, {}}; }
    [[nodiscard]] static Stream to_file(std::filesystem::path path) { return {Kind::File, std::move(path)}; }
};

struct ChildOptions {
    std::vector<std::string> argv;  // argv[0] is the program's path: no PATH search
    // Changes to our environment: a name with a value sets it, a name with nullopt removes it.
    std::vector<std::pair<std::string, std::optional<std::string>>> env;
    std::filesystem::path cwd;  // empty: ours
    Stream in;
    Stream out;
    Stream err;
};

class ChildProcess {
public:
    // Starts argv. A program that cannot be run says so on its stderr and exits with 127 (126 when the
    // folder cannot be entered), as a shell would.
    explicit ChildProcess(ChildOptions options);
    // Forks without exec: the child runs `body` with the given streams and exits with what it returns
    // (125 if it throws). For what must happen in a process of its own but needs no other program.
    [[nodiscard]] static ChildProcess fork_running(const std::function<int()>& body,
                                                   ChildOptions streams = {});

    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&& other) noexcept;
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    ~ChildProcess();  // kills (SIGKILL) and reaps a child still running, closes the pipes

    [[nodiscard]] pid_t pid() const noexcept { return m_pid; }

    // [SECTION] Output (stdout and stderr given as pipes)
    // Reads whatever arrives within `timeout_ms` on the output pipes. False once they are all closed.
    bool pump(int timeout_ms);
    // Reads until every output pipe is closed.
    void drain();
    // The next line of stdout not returned before (without its '\n'), waiting up to `timeout_ms` for it;
    // nullopt when none came in time or stdout closed first.
    [[nodiscard]] std::optional<std::string> read_line(int timeout_ms);
    // Every complete line of stdout so far (a line counts once its '\n' arrived), read or not.
    [[nodiscard]] const std::vector<std::string>& lines() const noexcept { return m_lines; }
    // All of stdout and of stderr received so far.
    [[nodiscard]] const std::string& out() const noexcept { return m_out; }
    [[nodiscard]] const std::string& err() const noexcept { return m_err; }

    // [SECTION] Input (stdin given as a pipe)
    // Writes all of `text`; false when the child closed its end (it exited).
    bool write(std::string_view text);
    bool send_line(const std::string& line) { return write(line + "\n"); }
    void close_stdin();

    // [SECTION] The end
    // Whether it still runs; reaps it when it has ended.
    [[nodiscard]] bool running();
    void signal(int sig);  // nothing once reaped
    void kill();           // SIGKILL
    // Waits for it to end: its exit status, or 128 + the signal that killed it.
    int wait();
    // Waits at most `timeout_ms`; nullopt when it is still running then.
    std::optional<int> wait_for(int timeout_ms);
    // SIGTERM, `grace_ms` to end, then SIGKILL: the exit status either way.
    int terminate(int grace_ms = 2000);
    // What the child used, from wait4(), once it has been reaped.
    [[nodiscard]] const rusage& usage() const noexcept { return m_usage; }
    [[nodiscard]] long long max_rss_bytes() const noexcept { return m_usage.ru_maxrss * 1024LL; }

private:
    ChildProcess() = default;
    void start(const std::function<void()>& in_child, const ChildOptions& options);
    void reaped(int raw_status);
    void close_all() noexcept;

    pid_t m_pid = -1;
    int m_in = -1;
    int m_out_fd = -1;
    int m_err_fd = -1;
    std::string m_out;
    std::string m_err;
    std::size_t m_line_end = 0;  // where the last complete line of m_out ended
    std::vector<std::string> m_lines;
    std::size_t m_next_line = 0;  // the first line read_line() has not returned
    bool m_reaped = false;
    int m_status = -1;
    rusage m_usage{};
};

// The outcome of a program run to its end with its stdout and stderr captured.
struct Finished {
    int status = -1;  // the exit status, or 128 + signal
    std::string out;
    std::string err;
    long long max_rss_bytes = 0;
};

// Runs `options` to the end with its stdout and stderr captured (whatever `options` said for them).
[[nodiscard]] Finished run_to_end(ChildOptions options);

}  // namespace ttt::testing
