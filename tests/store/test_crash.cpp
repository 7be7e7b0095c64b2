// Crash and concurrency, with real processes: a writer killed by SIGKILL at random moments loses no
// acknowledged move; several writers racing on one game never share a sequence number.
#include "../common/child_process.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#ifndef TTT_STORE_APPENDER
#error "TTT_STORE_APPENDER must name the test_store_appender executable"
#endif

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;
using ttt::testing::ChildOptions;
using ttt::testing::ChildProcess;
using ttt::testing::Stream;

namespace {

struct Outcomes {
    std::vector<Seq> acks;
    std::vector<std::pair<Seq, Seq>> conflicts;  // (expected, actual)
    bool ready = false;
};

Outcomes parse(const std::vector<std::string>& lines) {
    Outcomes o;
    for (const auto& line : lines) {
        std::istringstream in(line);
        std::string word;
        in >> word;
        if (word == "ack") {
            Seq seq = 0;
            in >> seq;
            o.acks.push_back(seq);
        } else if (word == "conflict") {
            Seq expected = 0;
            Seq actual = 0;
            in >> expected >> actual;
            o.conflicts.emplace_back(expected, actual);
        } else if (word == "ready") {
            o.ready = true;
        }
    }
    return o;
}

std::vector<std::string> appender(const std::filesystem::path& db, GameId game, long moves,
                                  std::initializer_list<std::string> extra = {}) {
    std::vector<std::string> argv{TTT_STORE_APPENDER,   "--db",    db.string(),          "--game",
                                  std::to_string(game), "--moves", std::to_string(moves)};
    argv.insert(argv.end(), extra);
    return argv;
}

// The appender running, its stdout (its acknowledgements) to us, and its stdin from us when asked.
ChildProcess start(std::vector<std::string> argv, bool with_stdin = false) {
    ChildOptions o;
    o.argv = std::move(argv);
    o.out = Stream::pipe();
    if (with_stdin) o.in = Stream::pipe();
    return ChildProcess(std::move(o));
}

}  // namespace

TEST_CASE("a writer killed with SIGKILL at random moments loses no acknowledged move") {
    TempDir dir;
    const auto path = dir.file("crash.db");
    GameId game = 0;
    {
        auto store = EventStore::open(path);
        game = must_create(store, Rules::score(200, 200));  // 40,000 cells: never full within this test
    }
    std::random_device seed_source;
    const unsigned seed = seed_source();
    CAPTURE(seed);
    std::mt19937 rng(seed);

    std::set<Seq> acknowledged;
    int kills_mid_run = 0;
    for (int round = 0; round < 24; ++round) {
        CAPTURE(round);
        const bool normal = round % 2 == 1;  // both durability settings survive a process crash
        auto argv = appender(path, game, 1'000'000, {"--seed", std::to_string(rng())});
        if (normal) argv.emplace_back("--normal");
        ChildProcess child = start(argv);
        // Every fourth round first waits for the writer's first acknowledgement, however slowly a loaded
        // machine starts it: the kills then also land among commits of a log that is being written.
        if (round % 4 == 3)
            while (child.lines().empty() && child.pump(100)) {}
        // Let it run for a random while: sometimes before it opened the file, sometimes mid-commit.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(rng() % 60);
        while (std::chrono::steady_clock::now() < deadline) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (!child.pump(static_cast<int>(std::max<long long>(1, left.count())))) break;
        }
        child.kill();
        const int status = child.wait();
        child.drain();  // every line it wrote before dying was an acknowledgement already made
        if (status == 128 + SIGKILL) ++kills_mid_run;
        const auto out = parse(child.lines());
        CHECK(out.conflicts.empty());  // a lone writer never conflicts
        for (const Seq s : out.acks) {
            CHECK(acknowledged.insert(s).second);  // no sequence is acknowledged twice
        }

        auto store = EventStore::open(path);
        const auto events = store.events(game);
        std::set<Seq> in_log;
        for (const auto& e : events) in_log.insert(e.seq);
        for (const Seq s : acknowledged)
            CHECK_MESSAGE(in_log.count(s) == 1, "acknowledged seq " << s << " lost");
        // Whatever is in the log is a contiguous, foldable prefix and the projection agrees.
        CHECK(events.back().seq == static_cast<Seq>(events.size()) - 1);
        const auto report = store.verify();
        CHECK_MESSAGE(report.ok(),
                      (report.problems.empty() ? report.integrity.front() : report.problems.front()));
    }
    CHECK(kills_mid_run > 0);
    MESSAGE(acknowledged.size() << " acknowledged moves over 24 kills");
    CHECK(acknowledged.size() > 0);
}

TEST_CASE("several processes playing one game never duplicate a sequence and every loser sees a conflict") {
    TempDir dir;
    const auto path = dir.file("race.db");
    GameId game = 0;
    {
        auto store = EventStore::open(path);
        game = must_create(store, Rules::score(30, 30));
    }
    constexpr int kWriters = 4;
    constexpr long kMovesEach = 25;
    std::vector<ChildProcess> writers;
    for (int i = 0; i < kWriters; ++i)
        writers.push_back(start(
            appender(path, game, kMovesEach, {"--wait-go", "--normal", "--seed", std::to_string(101 + i)}),
            true));
    // Every writer has loaded the game at sequence 0 before any of them appends: the first append is a
    // true race for sequence 1 that exactly one can win.
    for (auto& w : writers) {
        while (!parse(w.lines()).ready) REQUIRE(w.pump(10000));
    }
    for (auto& w : writers) REQUIRE(w.send_line("go"));

    std::map<Seq, int> winners;
    std::size_t total_acks = 0;
    std::size_t total_conflicts = 0;
    int first_round_winners = 0;
    for (auto& w : writers) {
        w.drain();
        CHECK(w.wait() == 0);
        const auto out = parse(w.lines());
        CHECK(out.acks.size() == static_cast<std::size_t>(kMovesEach));
        total_acks += out.acks.size();
        total_conflicts += out.conflicts.size();
        for (const Seq s : out.acks) ++winners[s];
        for (const auto& [expected, actual] : out.conflicts) CHECK(actual > expected);
        // Its first attempt expected sequence 0: it either won sequence 1 or saw a conflict for it.
        const bool won_first = !out.acks.empty() && out.acks.front() == 1;
        const bool lost_first = !out.conflicts.empty() && out.conflicts.front().first == 0;
        CHECK(won_first != lost_first);
        if (won_first) ++first_round_winners;
    }
    CHECK(first_round_winners == 1);
    CHECK(total_conflicts >= kWriters - 1);
    for (const auto& [seq, count] : winners)
        CHECK_MESSAGE(count == 1, "seq " << seq << " acknowledged " << count << " times");

    auto store = EventStore::open(path);
    const auto events = store.events(game);
    CHECK(events.size() == total_acks + 1);
    for (const auto& e : events)
        if (e.seq > 0) CHECK(winners.count(e.seq) == 1);
    CHECK(store.verify().ok());
}
