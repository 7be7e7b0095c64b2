// A brain's family found in /proc, signalled and reaped.
//
// [SECTION] The subreaper
// [SECTION] Reading /proc
// [SECTION] The family
#include "tictactrace/brains/process_family.hpp"

#include "tictactrace/brains/unique_fd.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace ttt::brains {

namespace {

// How many times kill() looks again for members started meanwhile; a family that is killed takes two.
constexpr int kKillRounds = 100;

}  // namespace

// [SECTION] The subreaper

bool become_subreaper() {
    // Once per process: the attribute is the whole program's, and setting it again would change nothing;
    // it is never cleared, since a brain still running may hand us an orphan at any time.
    static std::once_flag once;
    static bool done = false;
    std::call_once(once, [] { done = ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0; });
    return done;
}

// [SECTION] Reading /proc

namespace {

// The whole of a small /proc file, or nullopt when it cannot be opened (the process has gone).
std::optional<std::string> read_small_file(const std::string& path, std::size_t limit) {
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd) return std::nullopt;
    std::string text;
    std::array<char, 4096> chunk{};
    while (text.size() < limit) {
        const ssize_t n = ::read(fd.get(), chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(chunk.data(), static_cast<std::size_t>(n));
    }
    return text;
}

// "pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime
// cstime priority nice num_threads itrealvalue starttime ...": comm may hold blanks and parentheses, so the
// fields are read after the last ')'.
std::optional<ProcessInfo> parse_stat(pid_t pid, std::string_view stat) {
    const std::size_t close = stat.rfind(')');
    if (close == std::string_view::npos) return std::nullopt;
    std::string_view rest = stat.substr(close + 1);
    std::array<std::string_view, 20> fields{};  // state (field 3) up to starttime (field 22)
    for (auto& field : fields) {
        const std::size_t begin = rest.find_first_not_of(' ');
        if (begin == std::string_view::npos) return std::nullopt;
        rest.remove_prefix(begin);
        const std::size_t end = std::min(rest.find(' '), rest.size());
        field = rest.substr(0, end);
        rest.remove_prefix(end);
    }
    const auto whole = [](std::string_view text, auto& value) {
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        return ec == std::errc() && end == text.data() + text.size();
    };
    ProcessInfo p;
    p.pid = pid;
    p.state = fields[0].empty() ? '?' : fields[0][0];
    if (!whole(fields[1], p.parent) || !whole(fields[2], p.group) || !whole(fields[3], p.session) ||
        !whole(fields[19], p.start))
        return std::nullopt;
    return p;
}

std::string proc_path(pid_t pid, const char* file) {
    return "/proc/" + std::to_string(pid) + "/" + file;
}

}  // namespace

std::optional<ProcessInfo> read_process(pid_t pid) {
    if (pid <= 0) return std::nullopt;
    const auto stat = read_small_file(proc_path(pid, "stat"), 4096);
    if (!stat) return std::nullopt;
    return parse_stat(pid, *stat);
}

std::vector<ProcessInfo> read_process_table() {
    std::vector<ProcessInfo> table;
    const std::unique_ptr<DIR, int (*)(DIR*)> dir(::opendir("/proc"), ::closedir);
    if (!dir) return table;
    while (const dirent* entry = ::readdir(dir.get())) {
        pid_t pid = 0;
        const std::string_view name = entry->d_name;
        const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), pid);
        if (ec != std::errc() || end != name.data() + name.size() || pid <= 0) continue;
        if (auto p = read_process(pid)) table.push_back(*p);  // nullopt: it ended while we looked
    }
    return table;
}

// [SECTION] The family

ProcessFamily::ProcessFamily(pid_t root, std::string mark) : m_root(root), m_mark(std::move(mark)) {}

std::vector<pid_t> ProcessFamily::members() const {
    std::vector<pid_t> pids;
    for (const Member& m : m_members) pids.push_back(m.pid);
    return pids;
}

bool ProcessFamily::carries_mark(pid_t pid) const {
    if (m_mark.empty()) return false;
    // An environment is at most a few MiB (the kernel's limit on exec's strings); a larger file is not
    // a process of ours.
    const auto environ_text = read_small_file(proc_path(pid, "environ"), 32 * 1024 * 1024);
    if (!environ_text) return false;
    std::string_view rest = *environ_text;
    while (!rest.empty()) {
        const std::size_t end = std::min(rest.find('\0'), rest.size());
        if (rest.substr(0, end) == m_mark) return true;
        rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    return false;
}

std::size_t ProcessFamily::look() {
    if (m_root <= 0) return 0;
    const std::vector<ProcessInfo> table = read_process_table();
    const pid_t self = ::getpid();
    // The ids of the family as it is now: the brain (ours until reaped, so its pid is still its own) and
    // every member still the process that was seen. A member that has ended is left out: its pid may
    // already be another process's, and that process's children are not the brain's.
    std::unordered_map<pid_t, const ProcessInfo*> by_pid;
    for (const ProcessInfo& p : table) by_pid.emplace(p.pid, &p);
    std::unordered_set<pid_t> ids{m_root};
    for (const Member& m : m_members)
        if (const auto found = by_pid.find(m.pid); found != by_pid.end() && found->second->start == m.start)
            ids.insert(m.pid);
    // Our children that carry the brain's mark: what it started, handed to us when its parent ended. A
    // zombie's environment cannot be read any more; one that stayed in a group or session of the family
    // is still found by that.
    std::unordered_set<pid_t> marked;
    for (const ProcessInfo& p : table)
        if (p.parent == self && p.pid != m_root && p.state != 'Z' && !ids.count(p.pid) && carries_mark(p.pid))
            marked.insert(p.pid);
    std::size_t added = 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (const ProcessInfo& p : table) {
            if (p.pid == self || ids.count(p.pid)) continue;
            const bool related =
                ids.count(p.parent) || ids.count(p.group) || ids.count(p.session) || marked.count(p.pid);
            if (!related) continue;
            ids.insert(p.pid);
            m_members.push_back(Member{p.pid, p.start});
            ++added;
            grew = true;
        }
    }
    return added;
}

void ProcessFamily::send(const Member& member, int sig) const {
#ifdef SYS_pidfd_open
    // A pidfd holds on to the process itself: once its start time is seen to be the member's, the signal
    // cannot reach another process that took the pid in the meantime.
    const UniqueFd pidfd(static_cast<int>(::syscall(SYS_pidfd_open, member.pid, 0)));
    if (pidfd) {
        const auto now = read_process(member.pid);
        if (now && now->start == member.start)
            (void)::syscall(SYS_pidfd_send_signal, pidfd.get(), sig, nullptr, 0);
        return;
    }
    if (errno != ENOSYS) return;  // ESRCH: it has ended and been reaped
#endif
    const auto now = read_process(member.pid);
    if (now && now->start == member.start) ::kill(member.pid, sig);
}

void ProcessFamily::signal(int sig) {
    if (m_root <= 0) return;
    // The brain directly as well as through its group: a brain that left its own group is still ours.
    ::kill(-m_root, sig);
    ::kill(m_root, sig);
    for (const Member& m : m_members) send(m, sig);
}

void ProcessFamily::kill() {
    if (m_root <= 0) return;
    // Looked at before the brain is killed: once it has ended its children are handed to us, and only
    // what was seen (or their mark) still says whose they are.
    look();
    ::kill(-m_root, SIGKILL);
    ::kill(m_root, SIGKILL);
    std::size_t killed = 0;
    // A killed process starts no other (a fork under way when SIGKILL comes fails), and a look that
    // begins after its parent was killed lists any child that was started before: so this ends. The
    // rounds are counted all the same: a member we may not signal (another user's, started through a
    // set-user-ID program) could go on starting others.
    for (int round = 0; killed < m_members.size() && round < kKillRounds; ++round) {
        for (; killed < m_members.size(); ++killed) send(m_members[killed], SIGKILL);
        look();
    }
}

void ProcessFamily::reap(Millis limit) {
    const pid_t self = ::getpid();
    std::vector<Member> pending = m_members;
    const Deadline until = deadline_in(limit);
    for (;;) {
        std::unordered_set<pid_t> pending_pids;
        for (const Member& m : pending) pending_pids.insert(m.pid);
        std::erase_if(pending, [&](const Member& m) {
            const auto now = read_process(m.pid);
            if (!now || now->start != m.start) return true;  // gone, reaped by its own parent or by us
            // Not ours yet: its parent, a member too, is still ending; it is handed to us when it has. A
            // parent that is not a member (init, where we could not be the subreaper) reaps it itself.
            if (now->parent != self) return !pending_pids.count(now->parent);
            int status = 0;
            pid_t r = 0;
            while ((r = ::waitpid(m.pid, &status, WNOHANG)) < 0 && errno == EINTR) {}
            return r == m.pid || (r < 0 && errno == ECHILD);
        });
        // SIGKILL takes effect within moments; a process stuck in the kernel is not waited for past the
        // limit (what is left then is reaped by nobody: the price of an uninterruptible wait).
        if (pending.empty() || Clock::now() >= until) return;
        std::this_thread::sleep_for(Millis(2));
    }
}

}  // namespace ttt::brains
