// Everything a brain started, found in /proc, so that it ends with the brain: a brain's process group
// reaches only what stayed in it, and a child that calls setpgid(0, 0) or setsid(), or whose parent
// ended so that it was handed on, is beyond a kill of the group.
//
// Two things make the search possible. This process becomes a child subreaper (prctl
// PR_SET_CHILD_SUBREAPER), once, before its first brain starts: a process whose parent ends is then handed
// to us rather than to init, so it stays below us where /proc can find it, and it is reaped by us rather
// than by init. And every brain runs with a mark of its own in its environment (kFamilyVariable), which
// what it starts inherits across fork and exec: a process handed to us is taken for a brain's only when it
// carries that brain's mark, so we never end or reap a child the rest of the program started.
//
// A family is the brain (its root) and, as /proc shows them now: its descendants and theirs, whatever
// group or session they are in; the members of its process group, and of any group or session a member
// leads; and our own children that carry its mark. Members are remembered by pid and start time, so that
// a pid given to another process after a member ended is never taken for the member.
#pragma once

#include "tictactrace/brains/deadline.hpp"

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::brains {

// The environment variable that marks a brain's processes: "TTT_BRAIN_FAMILY=<our pid>.<serial>".
inline constexpr std::string_view kFamilyVariable = "TTT_BRAIN_FAMILY";

// Makes this process a child subreaper, the first time it is called; later calls do nothing. Process-wide
// and never undone: from then on every orphan below this process comes to it. False when the kernel
// refused (before Linux 3.4): orphans then go to init, and only what /proc shows below a living member
// can be found.
bool become_subreaper();

// One process as /proc/PID/stat shows it.
struct ProcessInfo {
    pid_t pid = 0;
    pid_t parent = 0;
    pid_t group = 0;
    pid_t session = 0;
    char state = '?';         // 'Z': a zombie, ended and not yet reaped
    std::uint64_t start = 0;  // clock ticks after boot: with the pid, who the process is
};

// Every process /proc lists now (none when /proc cannot be read), and one of them.
[[nodiscard]] std::vector<ProcessInfo> read_process_table();
[[nodiscard]] std::optional<ProcessInfo> read_process(pid_t pid);

class ProcessFamily {
public:
    // The family of the brain `root`, a child of ours not yet reaped (so that its pid, and its group's id,
    // cannot be given to another process meanwhile), whose environment holds `mark` ("NAME=VALUE").
    ProcessFamily(pid_t root, std::string mark);

    // Looks in /proc for members not known yet and remembers them. How many were found. Called while
    // the brain still runs, it finds its children by their parent; once the brain has ended they are
    // ours, with nothing but this memory, the group and the mark to tell them from any other child.
    std::size_t look();
    // Sends `sig` to the brain, to its process group and to every member known (a member that has ended
    // since it was seen is not signalled: its pid may be another process's now).
    void signal(int sig);
    // Looks, and SIGKILLs the brain, its group and the members, again and again until a look finds no
    // one new: a process that was being started when its parent was killed is found by the next look.
    void kill();
    // Waits up to `limit` for every member to be gone, reaping those handed to us. The brain itself is
    // not reaped here: its exit status is its handle's.
    void reap(Millis limit);

    [[nodiscard]] pid_t root() const noexcept { return m_root; }
    // The members found so far (the brain not among them), by pid.
    [[nodiscard]] std::vector<pid_t> members() const;

private:
    struct Member {
        pid_t pid = 0;
        std::uint64_t start = 0;
    };
    void send(const Member& member, int sig) const;
    [[nodiscard]] bool carries_mark(pid_t pid) const;

    pid_t m_root;
    std::string m_mark;
    std::vector<Member> m_members;
};

}  // namespace ttt::brains
