// How soon a live lesson reaches the other end, on loopback: a presenter's present() until a follower holds
// the new view (its version() changed and presentation() returned the row), and a student's answer() until
// the teacher's results() counts it. p50 and p99 of N changes each (docs/classroom.md, docs/performance.md).
//
// The reader is another process with its own connection, as a student's window is: this program started
// again as `bench_live_latency --read ...`. It writes one line per new row it reads, with the time
// (CLOCK_MONOTONIC, which every process of the machine shares), to a file; the writer never waits for it
// change by change, so that neither side can hold the other up. The writer spaces its changes (--gap-ms) so
// that the reader reads each one apart, then ends the stream (stop_presenting, close_poll), which ends the
// reader; a reader that is not ready or has not ended within 60 s is killed and the run fails with the
// reason. The reader calls version() every --poll-us (1000: a window calls it once a frame, 16.7 ms at 60
// Hz, so a window adds up to a frame to these figures).
//
// usage: bench_live_latency LOCATION [--changes N] [--gap-ms MS] [--poll-us US]
//        LOCATION: a new file (the run makes it), or a postgresql:// URI of a role that may present (the
//        log's owner)
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/live_lesson.hpp"
#include "tictactrace/store/location.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using namespace ttt;
using namespace ttt::store;
using Clock = std::chrono::steady_clock;

constexpr auto kReaderLimit = std::chrono::seconds(60);

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

struct Options {
    std::string location;
    int changes = 200;
    int gap_ms = 20;
    int poll_us = 1000;
};

[[noreturn]] void usage(const std::string& why) {
    std::fprintf(stderr,
                 "bench_live_latency: %s\nusage: bench_live_latency LOCATION [--changes N] [--gap-ms MS] "
                 "[--poll-us US]\n",
                 why.c_str());
    std::exit(2);
}

int number(std::string_view name, const char* text) {
    char* end = nullptr;
    const long v = std::strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 1 || v > 1'000'000)
        usage(std::string(name) + " takes a whole number from 1 to 1000000, not \"" + text + "\"");
    return static_cast<int>(v);
}

// [SECTION] The reader: another process, its own connection

// Follows the presentation until it stops; a line "ID NS" for each new row read.
int follow(const Options& o, std::ofstream& out) {
    auto store = EventStore::open(Location::parse(o.location));
    LiveLesson lesson(store);
    std::uint64_t version = lesson.version();
    std::int64_t shown = lesson.presentation() ? lesson.presentation()->id : 0;
    out << "ready" << std::endl;
    for (;;) {
        std::this_thread::sleep_for(std::chrono::microseconds(o.poll_us));
        const std::uint64_t v = lesson.version();
        if (v == version) continue;
        version = v;
        const auto p = lesson.presentation();
        if (!p || p->id == shown) continue;
        const std::int64_t at = now_ns();
        shown = p->id;
        if (!p->view) return 0;  // the presenter stopped: the run is over
        out << p->id << ' ' << at << std::endl;
    }
}

// Reads poll POLL's results as the teacher until it closes; a line "COUNT NS" each time the one student's
// count of answers given (their latest and the ones it replaced) grows.
int tally(const Options& o, PollId poll, std::ofstream& out) {
    auto store = EventStore::open(Location::parse(o.location));
    LiveLesson lesson(store);
    std::uint64_t version = lesson.version();
    int counted = 0;
    out << "ready" << std::endl;
    for (;;) {
        std::this_thread::sleep_for(std::chrono::microseconds(o.poll_us));
        const std::uint64_t v = lesson.version();
        if (v == version) continue;
        version = v;
        const auto r = lesson.results(poll);
        if (!r) throw std::runtime_error("reading the results: " + r.error().message);
        const std::int64_t at = now_ns();
        if (!r.value().poll.open()) return 0;
        const int count = r.value().answers.empty() ? 0 : r.value().answers.front().changes + 1;
        if (count == counted) continue;
        counted = count;
        out << count << ' ' << at << std::endl;
    }
}

// [SECTION] The writer

// This program again as a reader, its lines to `file`: killed and said when not ready within the limit.
class Reader {
public:
    Reader(const Options& o, const std::string& role, const std::string& file) : m_file(file) {
        std::vector<std::string> args = {
            "/proc/self/exe", "--read", role, file, o.location, "--poll-us", std::to_string(o.poll_us)};
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        if (posix_spawn(&m_pid, "/proc/self/exe", nullptr, nullptr, argv.data(), environ) != 0)
            throw std::runtime_error("cannot start the reader process");
        const auto until = Clock::now() + kReaderLimit;
        while (lines().empty() || lines().front() != "ready") {
            if (Clock::now() > until) fail("the reader was not ready within 60 s");
            if (exited())
                fail("the reader ended before it was ready (status " + std::to_string(m_status) + ")");
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;
    ~Reader() {
        if (m_pid > 0 && !exited()) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
        std::remove(m_file.c_str());
    }

    // Its lines after "ready", once it has ended by itself.
    std::vector<std::string> finish() {
        const auto until = Clock::now() + kReaderLimit;
        while (!exited()) {
            if (Clock::now() > until) fail("the reader did not end within 60 s of the stream's end");
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (m_status != 0) fail("the reader failed (status " + std::to_string(m_status) + ")");
        auto out = lines();
        out.erase(out.begin());
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& why) {
        throw std::runtime_error(why + " (its lines: " + m_file + ")");
    }
    bool exited() {
        if (m_pid <= 0) return true;
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) != m_pid) return false;
        m_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        m_pid = 0;
        return true;
    }
    std::vector<std::string> lines() const {
        std::ifstream in(m_file);
        std::vector<std::string> out;
        for (std::string line; std::getline(in, line);) out.push_back(line);
        return out;
    }

    std::string m_file;
    pid_t m_pid = 0;
    int m_status = 0;
};

void report(const char* what, std::vector<double> us, int expected) {
    if (us.empty()) throw std::runtime_error(std::string(what) + ": the reader saw none of the changes");
    std::sort(us.begin(), us.end());
    const auto at = [&](double q) {
        return us[static_cast<std::size_t>(q * static_cast<double>(us.size() - 1) + 0.5)];
    };
    std::printf("%-42s n=%zu of %d  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms\n", what, us.size(), expected,
                at(0.5) / 1000, at(0.99) / 1000, us.back() / 1000);
}

// The latency of each change the reader saw: its line's time less the write's start.
std::vector<double> latencies(const std::vector<std::string>& lines,
                              const std::map<std::int64_t, std::int64_t>& started) {
    std::vector<double> out;
    for (const std::string& line : lines) {
        long long key = 0, at = 0;
        if (std::sscanf(line.c_str(), "%lld %lld", &key, &at) != 2)
            throw std::runtime_error("the reader wrote \"" + line + "\"");
        const auto s = started.find(key);
        if (s != started.end()) out.push_back(static_cast<double>(at - s->second) / 1000.0);
    }
    return out;
}

int write(const Options& o) {
    const Location where = Location::parse(o.location);
    // A log of its own: the readers count rows from the start, and a file left by an older build may not
    // open.
    if (!where.on_server() && std::filesystem::exists(o.location))
        throw std::runtime_error(o.location + " exists: give a new file, which the run makes");
    auto store = EventStore::open(where);
    GameCreated created;
    created.rules = Rules::gomoku();
    created.x_name = "Xavier";
    created.o_name = "Olga";
    const GameId game = store.create_game(created).value();
    for (int i = 0; i < 4; ++i)
        if (!store.append(game, i, MovePlayed{i % 2 ? Player::O : Player::X, {7, 5 + i}}))
            throw std::runtime_error("cannot play the game's moves");
    LiveLesson lesson(store);
    const std::string scratch = "/tmp/ttt-live-latency-" + std::to_string(::getpid());
    const auto gap = std::chrono::milliseconds(o.gap_ms);
    std::printf("%s, %d changes %d ms apart, the reader calling version() every %d us\n",
                where.on_server() ? "a PostgreSQL server" : "a file", o.changes, o.gap_ms, o.poll_us);

    {
        Reader follower(o, "follow", scratch + "-follow");
        std::map<std::int64_t, std::int64_t> started;  // the row's id -> when present() was called
        std::vector<double> calls;
        for (int i = 0; i < o.changes; ++i) {
            PresentedView v;
            v.game = game;
            v.node = i % 2 ? 4 : 3;
            v.step = static_cast<int>(v.node);
            v.view = "{\"change\":" + std::to_string(i) + "}";
            const std::int64_t start = now_ns();
            const auto id = lesson.present(v);
            if (!id) throw std::runtime_error("present: " + id.error().message);
            started[id.value()] = start;
            calls.push_back(static_cast<double>(now_ns() - start) / 1000.0);
            std::this_thread::sleep_for(gap);
        }
        if (!lesson.stop_presenting()) throw std::runtime_error("cannot stop presenting");
        report("  of which present() itself", calls, o.changes);
        report("present -> a follower's presentation()", latencies(follower.finish(), started), o.changes);
    }
    {
        const auto poll = lesson.open_poll(game, 4, 4);
        if (!poll) throw std::runtime_error("open_poll: " + poll.error().message);
        Reader teacher(o, "tally " + std::to_string(poll.value()), scratch + "-tally");
        std::map<std::int64_t, std::int64_t> started;  // the answers given so far -> when the last was
        std::vector<double> calls;
        for (int i = 0; i < o.changes; ++i) {
            const std::int64_t start = now_ns();
            const auto given =
                lesson.answer(poll.value(), Pos{i % 2 ? 8 : 9, 8}, where.on_server() ? "" : "ann");
            if (!given) throw std::runtime_error("answer: " + given.error().message);
            started[i + 1] = start;
            calls.push_back(static_cast<double>(now_ns() - start) / 1000.0);
            std::this_thread::sleep_for(gap);
        }
        if (!lesson.close_poll(poll.value())) throw std::runtime_error("cannot close the poll");
        report("  of which answer() itself", calls, o.changes);
        report("answer -> the teacher's results()", latencies(teacher.finish(), started), o.changes);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        Options o;
        std::vector<std::string> rest;
        std::string role;
        std::string file;
        for (int i = 1; i < argc; ++i) {
            const std::string_view a = argv[i];
            const auto value = [&]() -> const char* {
                if (i + 1 >= argc) usage(std::string(a) + " needs a value");
                return argv[++i];
            };
            if (a == "--changes")
                o.changes = number(a, value());
            else if (a == "--gap-ms")
                o.gap_ms = number(a, value());
            else if (a == "--poll-us")
                o.poll_us = number(a, value());
            else if (a == "--read" && i + 2 < argc) {
                role = argv[++i];
                file = argv[++i];
            } else if (a.starts_with("--"))
                usage("unknown option " + std::string(a));
            else
                rest.emplace_back(a);
        }
        if (rest.size() != 1) usage("one LOCATION, a file or a postgresql:// URI");
        o.location = rest.front();
        if (role.empty()) return write(o);
        std::ofstream out(file);
        if (role == "follow") return follow(o, out);
        if (role.starts_with("tally ")) return tally(o, std::stoll(role.substr(6)), out);
        usage("unknown reader " + role);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_live_latency: %s\n", e.what());
        return 1;
    }
}
