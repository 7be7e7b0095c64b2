// A brain's process: started from its words (no shell), its stdin and stdout joined to pipes, its stderr
// to a pipe that is drained whenever we wait on it (so that a chatty brain never blocks on it) and whose
// last bytes are kept to explain a crash. The child leads a process group of its own and carries a mark
// of its own in its environment, so that whatever it starts in turn ends with it, even what left the group
// or the session (process_family.hpp). Whatever happens, the handle ends it: the destructor sends END,
// gives it a moment, then SIGTERM and SIGKILL to the brain, its group and everything it started, and reaps
// them; no zombie, no orphan is left.
//
// Nothing here blocks past a deadline: reads wait with poll, writes are non-blocking (a brain that never
// reads its input cannot hang us), and a write to a brain that has gone never raises SIGPIPE in us.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/brains/deadline.hpp"
#include "tictactrace/brains/line_reader.hpp"
#include "tictactrace/brains/unique_fd.hpp"

#include <sys/types.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::brains {

struct SpawnError {
    std::string message;  // one sentence, for a user
};

// How a process ended.
struct ExitStatus {
    bool signalled = false;
    int value = 0;  // the exit status, or the signal's number

    // "exited with status 3", "was killed by signal 11 (Segmentation fault)".
    [[nodiscard]] std::string describe() const;
    friend bool operator==(const ExitStatus&, const ExitStatus&) = default;
};

struct ProcessOptions {
    std::size_t max_line = kDefaultMaxLine;  // longer lines of stdout are garbage (LineReader)
    std::size_t stderr_tail = 2048;          // how many of the last bytes of stderr are kept
    Millis end_grace{500};   // after END (and stdin closed), how long it has to exit by itself
    Millis term_grace{300};  // after SIGTERM to the group, how long before SIGKILL
};

// Why read_line() returned no line.
enum class ReadEnd {
    TimedOut,  // the deadline passed first
    Closed,    // stdout is closed, or the process ended, and no complete line is left
    TooLong,   // a line grew past the limit: see partial_line()
};

enum class WriteEnd {
    Written,   // all of it
    TimedOut,  // the pipe stayed full until the deadline: the brain does not read its input
    Closed,    // the brain closed its input (or ended)
};

class BrainProcess {
public:
    // Starts argv (argv[0] found on PATH when it has no '/'). A program that cannot be started at all
    // (not found, not executable) is a SpawnError; one that starts and fails at once is a running process
    // that ends soon.
    [[nodiscard]] static Result<BrainProcess, SpawnError> spawn(const std::vector<std::string>& argv,
                                                                const ProcessOptions& options = {});

    BrainProcess(BrainProcess&& other) noexcept;
    BrainProcess& operator=(BrainProcess&& other) noexcept;
    BrainProcess(const BrainProcess&) = delete;
    BrainProcess& operator=(const BrainProcess&) = delete;
    ~BrainProcess();  // stop(options.end_grace)

    [[nodiscard]] pid_t pid() const noexcept { return m_pid; }
    // The process group the brain leads (its pid): what stop() kills.
    [[nodiscard]] pid_t group() const noexcept { return m_pid; }

    // Writes all of `bytes` before `deadline`, or says why not.
    [[nodiscard]] WriteEnd write(std::string_view bytes, Deadline deadline);
    // The next line of stdout (without its line end), waiting until `deadline` at the most.
    [[nodiscard]] std::variant<std::string, ReadEnd> read_line(Deadline deadline);
    // The start of the overlong line after ReadEnd::TooLong, or of the unfinished one.
    [[nodiscard]] std::string_view partial_line() const noexcept { return m_reader.partial(); }

    // How the process ended, once it has; nullopt while it runs. It is not reaped here (stop() does
    // that), so its pid and its group cannot be given to another process meanwhile.
    [[nodiscard]] std::optional<ExitStatus> exit_status();
    // Waits until `deadline` for the process to end (draining its output meanwhile).
    std::optional<ExitStatus> wait_until(Deadline deadline);
    // The last bytes it wrote on stderr.
    [[nodiscard]] const std::string& stderr_tail() const noexcept { return m_err_tail; }

    // Ends it: END when it still runs and `end_grace` is not zero, stdin closed, `end_grace` to exit,
    // SIGTERM to it, its group and its family (ProcessFamily: every process it started, whatever group or
    // session it is in, found in /proc before the brain is killed), term_grace, SIGKILL to all of them
    // (always: a child it started may outlive it), then reaps it and those of its family handed to us.
    // Its exit status, or nullopt when it was stopped before. Idempotent.
    std::optional<ExitStatus> stop(Millis end_grace);
    [[nodiscard]] bool stopped() const noexcept { return m_pid <= 0; }

private:
    BrainProcess() = default;
    // Reads what is there on stdout and stderr, waiting up to `wait_ms` for something to come. True when
    // something came on stdout (or it closed).
    bool pump(int wait_ms);
    void take_stderr(std::string_view bytes);

    ProcessOptions m_options;
    pid_t m_pid = -1;
    UniqueFd m_in;
    UniqueFd m_out;
    UniqueFd m_err;
    LineReader m_reader;
    std::string m_err_tail;
    std::string m_mark;  // "TTT_BRAIN_FAMILY=...", in its environment (ProcessFamily)
    std::optional<ExitStatus> m_exit;
    bool m_discard = false;  // stopping: stdout is drained, no longer read
};

}  // namespace ttt::brains
