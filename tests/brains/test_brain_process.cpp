// The process handle against the fake brain as a real process: reading with a deadline and a limit,
// writing to a brain that does not read or has gone, and the end of it and of what it started.
#include "tictactrace/brains/brain_process.hpp"

#include "../common/leftovers.hpp"
#include "../common/temp_dir.hpp"
#include "fake_brain.hpp"

#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <optional>
#include <thread>

using namespace ttt::brains;
using ttt::testing::fake_brain_words;

namespace {

BrainProcess spawned(std::vector<std::string> options, const ProcessOptions& process = {}) {
    auto result = BrainProcess::spawn(fake_brain_words(std::move(options)), process);
    REQUIRE(result.has_value());
    return std::move(result).value();
}

std::string line_of(std::variant<std::string, ReadEnd> read) {
    REQUIRE(std::holds_alternative<std::string>(read));
    return std::get<std::string>(read);
}

ReadEnd end_of(std::variant<std::string, ReadEnd> read) {
    REQUIRE(std::holds_alternative<ReadEnd>(read));
    return std::get<ReadEnd>(read);
}

long long millis_since(Deadline start) {
    return std::chrono::duration_cast<Millis>(Clock::now() - start).count();
}

// The pids the fake brain's --stray-child wrote to `file`, one a line.
std::vector<pid_t> strays_in(const std::string& file) {
    std::ifstream in(file);
    std::vector<pid_t> pids;
    for (long pid = 0; in >> pid;) pids.push_back(static_cast<pid_t>(pid));
    return pids;
}

// What /proc says of `pid` now, read here rather than through the code under test; nullopt when it is gone.
std::optional<ttt::testing::ProcessEntry> entry_of(pid_t pid) {
    for (const auto& p : ttt::testing::list_processes())
        if (p.pid == pid) return p;
    return std::nullopt;
}

// Whether `pid` is gone for good: ended and reaped, so that kill(pid, 0) finds no process at all (a zombie
// of ours, ended but not reaped, is still there). SIGKILL takes effect a moment after it is sent, so this
// looks again for up to five seconds.
bool gone(pid_t pid) {
    const auto until = Clock::now() + Millis(5000);
    for (;;) {
        if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
        if (Clock::now() >= until) return false;
        std::this_thread::sleep_for(Millis(10));
    }
}

// A brain whose --stray-child has written its pid: the brain has answered START, and the stray runs.
struct BrainWithStray {
    BrainProcess brain;
    pid_t stray = -1;
};
BrainWithStray spawned_with_stray(std::vector<std::string> options, const std::string& file,
                                  const ProcessOptions& process = {}) {
    BrainWithStray out{spawned(std::move(options), process)};
    REQUIRE(out.brain.write("START 15\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
    REQUIRE(line_of(out.brain.read_line(deadline_in(Millis(5000)))) == "OK");
    const auto pids = strays_in(file);
    REQUIRE(pids.size() == 1);
    out.stray = pids.front();
    const auto stray = entry_of(out.stray);
    REQUIRE(stray);
    CHECK(stray->state != 'Z');
    // Out of the brain's group: a kill of the group alone would leave it running.
    CHECK(stray->group != out.brain.group());
    return out;
}

}  // namespace

TEST_CASE("a program that cannot be started is a sentence naming it, and nothing runs") {
    auto missing = BrainProcess::spawn({"/nonexistent/brain", "x"});
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().message ==
          "cannot start the brain '/nonexistent/brain': No such file or directory");
    auto none = BrainProcess::spawn({});
    REQUIRE_FALSE(none.has_value());
    CHECK(none.error().message == "a brain needs a program to run");
    CHECK_NOTHING_LEFT(-1);
}

TEST_CASE("a brain's answers are read line by line, and a wait for one ends at its deadline") {
    pid_t group = -1;
    {
        auto brain = spawned({});
        group = brain.group();
        CHECK(brain.pid() > 0);
        CHECK(group == brain.pid());
        CHECK(brain.write("START 15\r\nBEGIN\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
        CHECK(line_of(brain.read_line(deadline_in(Millis(5000)))) == "0,0");
        const auto start = Clock::now();
        CHECK(end_of(brain.read_line(deadline_in(Millis(150)))) == ReadEnd::TimedOut);
        CHECK(millis_since(start) >= 150);
        CHECK_FALSE(brain.exit_status());
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("a line without end beyond the limit is TooLong, and its start is kept to quote") {
    pid_t group = -1;
    {
        auto brain = spawned({"--spam-no-newline"});
        group = brain.group();
        REQUIRE(brain.write("START 15\r\nBEGIN\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
        CHECK(end_of(brain.read_line(deadline_in(Millis(5000)))) == ReadEnd::TooLong);
        CHECK(brain.partial_line().size() == kDefaultMaxLine);
        CHECK(brain.partial_line().find_first_not_of('x') == std::string_view::npos);
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("a brain that never reads its input cannot hang a write past its deadline") {
    pid_t group = -1;
    {
        auto brain = spawned({"--ignore-stdin"});
        group = brain.group();
        REQUIRE(brain.write("START 15\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
        const std::string flood(4 * 1024 * 1024, 'x');  // far more than a pipe holds
        const auto start = Clock::now();
        CHECK(brain.write(flood, deadline_in(Millis(200))) == WriteEnd::TimedOut);
        CHECK(millis_since(start) >= 200);
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("writing to a brain that has ended is Closed, and SIGPIPE neither kills us nor is changed") {
    struct sigaction before {};
    REQUIRE(::sigaction(SIGPIPE, nullptr, &before) == 0);
    pid_t group = -1;
    {
        auto brain = spawned({});
        group = brain.group();
        REQUIRE(brain.write("END\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        const auto status = brain.wait_until(deadline_in(Millis(5000)));
        REQUIRE(status);
        CHECK(*status == ExitStatus{false, 0});
        CHECK(brain.write("TURN 1,1\r\n", deadline_in(Millis(1000))) == WriteEnd::Closed);
        CHECK(brain.write("TURN 1,1\r\n", deadline_in(Millis(1000))) == WriteEnd::Closed);
        CHECK(end_of(brain.read_line(deadline_in(Millis(1000)))) == ReadEnd::Closed);
    }
    struct sigaction after {};
    REQUIRE(::sigaction(SIGPIPE, nullptr, &after) == 0);
    CHECK(reinterpret_cast<void*>(after.sa_handler) == reinterpret_cast<void*>(before.sa_handler));
    sigset_t pending;
    sigpending(&pending);
    CHECK(sigismember(&pending, SIGPIPE) == 0);
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("a crash ends a read at once, with the exit status and the last words on stderr") {
    pid_t group = -1;
    {
        auto brain = spawned({"--crash-at", "1"});
        group = brain.group();
        REQUIRE(brain.write("START 15\r\nBEGIN\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
        const auto start = Clock::now();
        CHECK(end_of(brain.read_line(deadline_in(Millis(10'000)))) == ReadEnd::Closed);
        CHECK(millis_since(start) < 10'000);
        const auto status = brain.wait_until(deadline_in(Millis(5000)));
        REQUIRE(status);
        CHECK(*status == ExitStatus{false, 3});
        CHECK(status->describe() == "exited with status 3");
        CHECK(brain.stderr_tail() == "fake brain: crashing on purpose at move 1\n");
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("a crash is seen even while a child of the brain keeps its output open") {
    pid_t group = -1;
    {
        auto brain = spawned({"--fork-grandchild", "--crash-at", "1"});
        group = brain.group();
        REQUIRE(brain.write("START 15\r\nBEGIN\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
        CHECK(end_of(brain.read_line(deadline_in(Millis(10'000)))) == ReadEnd::Closed);
        REQUIRE(brain.exit_status());
        CHECK(*brain.exit_status() == ExitStatus{false, 3});
        // The child it started lives on in its group until the handle ends it.
        const auto members = ttt::testing::list_processes();
        CHECK(std::count_if(members.begin(), members.end(),
                            [&](const auto& p) { return p.group == group && p.state != 'Z'; }) == 1);
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("stop ends a brain deaf to END and SIGTERM with SIGKILL, and what it started with it") {
    ProcessOptions quick;
    quick.term_grace = Millis(100);
    auto brain = spawned({"--ignore-end", "--ignore-term", "--fork-grandchild"}, quick);
    const pid_t group = brain.group();
    REQUIRE(brain.write("START 15\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
    REQUIRE(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
    const auto members = ttt::testing::list_processes();
    CHECK(std::count_if(members.begin(), members.end(), [&](const auto& p) { return p.group == group; }) ==
          2);
    const auto status = brain.stop(Millis(100));
    REQUIRE(status);
    CHECK(*status == ExitStatus{true, SIGKILL});
    CHECK(status->describe() == "was killed by signal 9 (Killed)");
    CHECK(brain.stopped());
    CHECK_FALSE(brain.stop(Millis(100)));  // once is all
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("stop says END first, and a brain that hears it exits by itself") {
    ttt::testing::TempDir dir("ttt-brains");
    const std::string log = dir.file("log").string();
    auto brain = spawned({"--log", log});
    const pid_t group = brain.group();
    REQUIRE(brain.write("START 15\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
    REQUIRE(line_of(brain.read_line(deadline_in(Millis(5000)))) == "OK");
    const auto status = brain.stop(Millis(5000));
    REQUIRE(status);
    CHECK(*status == ExitStatus{false, 0});
    CHECK(ttt::testing::logged_lines(log) == std::vector<std::string>{"START 15", "END"});
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("a moved handle ends its brain once, from where it went") {
    pid_t group = -1;
    {
        auto first = spawned({});
        group = first.group();
        BrainProcess second = std::move(first);
        CHECK(first.stopped());
        CHECK(second.group() == group);
        REQUIRE(second.write("START 15\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(line_of(second.read_line(deadline_in(Millis(5000)))) == "OK");
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("stop ends a child that left the brain's group for one of its own, once the brain has heard END") {
    ttt::testing::TempDir dir("ttt-brains");
    const std::string file = dir.file("strays").string();
    auto [brain, stray] = spawned_with_stray({"--stray-child", "group:" + file}, file);
    const pid_t group = brain.group();
    const auto status = brain.stop(Millis(5000));
    REQUIRE(status);
    CHECK(*status == ExitStatus{false, 0});  // it exited by itself on END, handing its child to us
    CHECK(gone(stray));
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("stop ends a child in a session of its own, of a brain deaf to END and SIGTERM") {
    ttt::testing::TempDir dir("ttt-brains");
    const std::string file = dir.file("strays").string();
    ProcessOptions quick;
    quick.term_grace = Millis(100);
    auto [brain, stray] = spawned_with_stray(
        {"--ignore-end", "--ignore-term", "--stray-child", "session:" + file}, file, quick);
    const pid_t group = brain.group();
    const auto stray_entry = entry_of(stray);
    REQUIRE(stray_entry);
    CHECK(stray_entry->parent == brain.pid());
    const auto status = brain.stop(Millis(100));
    REQUIRE(status);
    CHECK(*status == ExitStatus{true, SIGKILL});
    CHECK(gone(stray));
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("an orphan of the brain's handed to us while it runs is ended and reaped with it") {
    ttt::testing::TempDir dir("ttt-brains");
    const std::string file = dir.file("strays").string();
    auto [brain, stray] = spawned_with_stray({"--stray-child", "orphan:" + file}, file);
    const pid_t group = brain.group();
    // Its parent ended: it came to us, the subreaper, not to init; only the brain's mark says it is its.
    const auto stray_entry = entry_of(stray);
    REQUIRE(stray_entry);
    CHECK(stray_entry->parent == ::getpid());
    brain.stop(Millis(500));
    CHECK(gone(stray));
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("what a brain that crashed had started is ended at the brain's end") {
    ttt::testing::TempDir dir("ttt-brains");
    const std::string file = dir.file("strays").string();
    pid_t group = -1;
    pid_t stray = -1;
    {
        auto started = spawned_with_stray({"--crash-at", "1", "--stray-child", "session:" + file}, file);
        auto& brain = started.brain;
        stray = started.stray;
        group = brain.group();
        REQUIRE(brain.write("BEGIN\r\n", deadline_in(Millis(1000))) == WriteEnd::Written);
        CHECK(end_of(brain.read_line(deadline_in(Millis(10'000)))) == ReadEnd::Closed);
        REQUIRE(brain.wait_until(deadline_in(Millis(5000))));
        // The brain is gone and its child is ours now, running on, until the handle ends.
        const auto stray_entry = entry_of(stray);
        REQUIRE(stray_entry);
        CHECK(stray_entry->state != 'Z');
        CHECK(stray_entry->parent == ::getpid());
    }
    CHECK(gone(stray));
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("the end of a brain leaves alone another brain's processes and the program's own children") {
    ttt::testing::TempDir dir("ttt-brains");
    const std::string first_file = dir.file("first").string();
    const std::string second_file = dir.file("second").string();
    // A child of the program's own, in a session of its own like the strays (alarm: it ends by itself
    // should the test fail before it kills it), and one that has already exited, not yet reaped.
    const pid_t own = ::fork();
    REQUIRE(own >= 0);
    if (own == 0) {
        ::setsid();
        ::alarm(300);
        for (;;) ::pause();
    }
    const pid_t own_exited = ::fork();
    REQUIRE(own_exited >= 0);
    if (own_exited == 0) ::_exit(7);
    for (const auto until = Clock::now() + Millis(5000); Clock::now() < until;) {
        const auto e = entry_of(own_exited);
        if (e && e->state == 'Z') break;
        std::this_thread::sleep_for(Millis(10));
    }

    auto first = spawned_with_stray({"--stray-child", "orphan:" + first_file}, first_file);
    auto second = spawned_with_stray({"--stray-child", "orphan:" + second_file}, second_file);
    const pid_t second_group = second.brain.group();
    first.brain.stop(Millis(500));
    CHECK(gone(first.stray));
    // The other brain's orphan is ours as well, but carries that brain's mark: it runs on with it.
    const auto second_stray = entry_of(second.stray);
    REQUIRE(second_stray);
    CHECK(second_stray->state != 'Z');
    const auto own_entry = entry_of(own);
    REQUIRE(own_entry);
    CHECK(own_entry->state != 'Z');
    // The child that exited is still ours to reap, with its status.
    int status = 0;
    CHECK(::waitpid(own_exited, &status, 0) == own_exited);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 7));

    second.brain.stop(Millis(500));
    CHECK(gone(second.stray));
    CHECK_NOTHING_LEFT_OF(second_group);
    ::kill(own, SIGKILL);
    CHECK(::waitpid(own, &status, 0) == own);
    CHECK_NOTHING_LEFT(-1);
}
