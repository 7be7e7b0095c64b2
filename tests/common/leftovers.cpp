// Scanning /proc for processes a brain left behind.
#include "leftovers.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace ttt::testing {

std::vector<ProcessEntry> list_processes() {
    std::vector<ProcessEntry> out;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat)) continue;  // it ended while we looked
        // "pid (comm) state ppid pgrp ...": comm may hold blanks and parentheses, so read after the last ')'.
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(stat.substr(close + 1));
        ProcessEntry p;
        p.pid = static_cast<pid_t>(std::stol(name));
        fields >> p.state >> p.parent >> p.group;
        if (fields) out.push_back(p);
    }
    return out;
}

namespace {

std::string describe(const ProcessEntry& p) {
    return std::to_string(p.pid) + " (state " + p.state + ", parent " + std::to_string(p.parent) +
           ", group " + std::to_string(p.group) + ")";
}

// The processes of `group` that live, and the children of `parent` (none when parent <= 0).
std::vector<std::string> left_now(pid_t group, pid_t parent) {
    std::vector<std::string> out;
    for (const auto& p : list_processes()) {
        // A zombie in the group whose parent is not the one looked at is init's to reap: it is dead, not
        // left running.
        const bool child = parent > 0 && p.parent == parent;
        const bool in_group = group > 0 && p.group == group && p.state != 'Z';
        if (child || in_group) out.push_back(describe(p));
    }
    return out;
}

// What is left, looked at again for up to two seconds, as a SIGKILL takes effect a moment after it is sent.
std::vector<std::string> left_after_a_while(pid_t group, pid_t parent) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    for (;;) {
        auto left = left_now(group, parent);
        if (left.empty() || std::chrono::steady_clock::now() >= until) return left;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

}  // namespace

std::vector<std::string> processes_left(pid_t group, bool children) {
    return left_after_a_while(group, children ? ::getpid() : 0);
}

std::vector<std::string> children_left(pid_t parent) {
    return left_after_a_while(0, parent);
}

bool no_child_to_wait_for() {
    errno = 0;
    return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

}  // namespace ttt::testing
