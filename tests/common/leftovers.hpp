// What a test that runs brains looks for once a brain has ended: no child of the test process (or of the
// program under test that ran the brain; a zombie is one), and no living process in the brain's process
// group (what it started in turn), found by reading /proc rather than trusting the code under test.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace ttt::testing {

struct ProcessEntry {
    pid_t pid = 0;
    char state = '?';  // 'Z' for a zombie
    pid_t parent = 0;
    pid_t group = 0;
};

// Every process /proc lists now.
[[nodiscard]] std::vector<ProcessEntry> list_processes();

// The living members of `group` (none when group <= 0) and, with `children`, every child of this process
// (a zombie too), each as "pid (state S, parent P, group G)"; waits up to two seconds for them to go, as a
// SIGKILL takes effect a moment after it is sent, and returns what is left then.
[[nodiscard]] std::vector<std::string> processes_left(pid_t group, bool children);

// The children of `parent` (a zombie too), each as "pid (state S, parent P, group G)"; waits up to two
// seconds for them to go, and returns what is left then.
[[nodiscard]] std::vector<std::string> children_left(pid_t parent);

// Whether waitpid(-1, WNOHANG) says this process has no child at all (ECHILD).
[[nodiscard]] bool no_child_to_wait_for();

}  // namespace ttt::testing

// Fails the test case for every process left behind by the brain of `group` and for any child of ours,
// a zombie included; the _OF form looks at that brain's group alone, while another brain of ours runs on.
#define CHECK_NOTHING_LEFT_OF(group)                                                                         \
    do {                                                                                                     \
        const auto left_behind = ::ttt::testing::processes_left(group, false);                               \
        for (const auto& process : left_behind) FAIL_CHECK("left behind: " << process);                      \
        CHECK(left_behind.empty());                                                                          \
    } while (false)
#define CHECK_NOTHING_LEFT(group)                                                                            \
    do {                                                                                                     \
        const auto left_behind = ::ttt::testing::processes_left(group, true);                                \
        for (const auto& process : left_behind) FAIL_CHECK("left behind: " << process);                      \
        CHECK(left_behind.empty());                                                                          \
        CHECK(::ttt::testing::no_child_to_wait_for());                                                       \
    } while (false)
