// The server killed with SIGKILL in the middle of play and started again, on a cluster of this test's own
// (tests/common/own_cluster): eight writers (two at each of four games) keep running `tictactrace move`
// through it. While the server is down every command must fail with exit 5 and a sentence that says the
// server cannot be reached ("storage failure (unavailable): cannot connect to the PostgreSQL server ..."),
// never hang, never end with another status; once it is back the writers go on by themselves; at the end
// every acknowledged move is in the log, the log holds at most one unacknowledged move per `move` that
// failed (its commit landed, its answer was lost with the server), and `verify` finds it sound.
#include "../common/own_cluster.hpp"
#include "../common/temp_dir.hpp"
#include "cli_games.hpp"
#include "logged_games.hpp"
#include "writer_crew.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#ifndef TTT_PG_CLUSTER_SCRIPT
#error "TTT_PG_CLUSTER_SCRIPT must name tests/pg/pg_cluster.sh"
#endif
#ifndef TTT_PG_TEST_DIR
#error "TTT_PG_TEST_DIR must name the suite's cluster folder, beside which this test keeps its own"
#endif

using namespace ttt::reliability;

namespace {

constexpr int kWriters = 8;
constexpr int kTables = 4;
// Generous: a phase waits for the writers, never for the clock; these only end a test that is stuck.
constexpr int kPhaseMs = 120'000;  // four phases stay within the test's TIMEOUT of 600 s

std::size_t acks_in(const std::vector<std::string>& lines, std::size_t from) {
    return said_in(lines, from).acks.size();
}

std::size_t failures_in(const std::vector<std::string>& lines, std::size_t from) {
    return said_in(lines, from).failed.size();
}

}  // namespace

TEST_CASE(
    "the server killed with SIGKILL and restarted mid-play: exit 5 meanwhile, no acknowledged move lost") {
    ttt::testing::OwnCluster cluster(TTT_PG_CLUSTER_SCRIPT, TTT_PG_TEST_DIR "-outage");
    const std::string uri = cluster.fresh_database("outage");
    ttt::testing::TempDir dir("ttt-outage");
    std::vector<long long> first;
    for (int t = 0; t < kTables; ++t) first.push_back(new_gomoku(uri));
    WriterCrew crew({uri, dir.path(), kWriters, first, 0});

    // Play under way: every writer has had moves acknowledged.
    REQUIRE_MESSAGE(crew.pump_until([](int, const auto& lines) { return acks_in(lines, 0) >= 5; }, kPhaseMs),
                    "the writers never got going");
    const auto before_kill = crew.mark();
    for (int i = 0; i < crew.size(); ++i) {
        const Said s = said_in(crew.lines(i));
        for (const auto& line : s.failed) CHECK_MESSAGE(false, "before the kill: " << line);
        for (const auto& line : s.unexpected) CHECK_MESSAGE(false, "before the kill: " << line);
        for (const auto& line : s.stray) CHECK_MESSAGE(false, "before the kill: " << line);
    }

    cluster.kill();
    // Every writer meets the outage, more than once, and none waits on it for ever (a command past its
    // limit is killed and said "hung").
    const bool met = crew.pump_until(
        [&](int w, const auto& lines) {
            return failures_in(lines, before_kill[static_cast<std::size_t>(w)]) >= 3;
        },
        kPhaseMs);
    CHECK_MESSAGE(met, "not every writer saw the server gone");
    const auto before_restart = crew.mark();

    cluster.restart();
    // Back by themselves: every writer's moves are acknowledged again.
    const bool back = crew.pump_until(
        [&](int w, const auto& lines) {
            return acks_in(lines, before_restart[static_cast<std::size_t>(w)]) >= 5;
        },
        kPhaseMs);
    CHECK_MESSAGE(back, "not every writer went on after the restart\n" << cluster.log_tail());
    const std::vector<int> statuses = crew.stop_and_wait(kPhaseMs);

    Said all;
    std::map<std::string, long> failed_by_command;
    std::map<std::string, long> sentences;  // what the users read, for the message
    for (int i = 0; i < crew.size(); ++i) {
        CAPTURE(i);
        CHECK_MESSAGE(statuses[static_cast<std::size_t>(i)] == 0, crew.stderr_of(i));
        const Said s = said_in(crew.lines(i));
        CHECK(s.done);
        all.add(s);
    }
    // Only 0, 3, 4 and 5, no hang; each 5 a storage failure that names the server it cannot reach.
    for (const auto& line : all.unexpected) CHECK_MESSAGE(false, line);
    for (const auto& line : all.failed) {
        CAPTURE(line);
        const std::string sentence = sentence_of(line);
        CHECK(sentence.rfind("tictactrace: storage failure (unavailable): ", 0) == 0);
        CHECK(sentence.find("PostgreSQL server") != std::string::npos);
        ++failed_by_command[line.substr(7, line.find(' ', 7) - 7)];
        ++sentences[sentence];
    }
    // The server's last words, printed by libpq itself when they arrive as a connection is made (before
    // tictactrace can take them): allowed, counted, and nothing else.
    for (const auto& line : all.stray) {
        CHECK_MESSAGE(line.find(" FATAL:  ") != std::string::npos, line);
        ++sentences["(printed by libpq) " + line.substr(line.find(' ', 6) + 1)];
    }

    const auto log = read_log(uri);
    const Comparison c = compare(all.acks, log);
    for (const auto& problem : c.problems) CHECK_MESSAGE(false, problem);
    CHECK(c.unacknowledged <= all.failed_moves);
    // A game no writer heard of is a `new` whose answer the server took with it: it has no moves.
    for (const long long g : first) all.games.insert(g);
    for (const auto& [id, game] : log)
        if (all.games.count(id) == 0)
            CHECK_MESSAGE(game.moves.empty(), "game " << id << " was never told of");
    for (const long long g : all.games)
        CHECK_MESSAGE(log.count(g) == 1, "game " << g << " is not in the log");
    CHECK(verify_problems(uri) == "");

    std::string failures;
    for (const auto& [command, n] : failed_by_command) failures += " " + command + " " + std::to_string(n);
    MESSAGE(kWriters << " writers through a SIGKILL of the server and its restart: " << all.acks.size()
                     << " moves acknowledged and logged, " << c.unacknowledged
                     << " logged whose answer was lost, " << all.conflicts << " conflicts, " << all.rejected
                     << " rejected, " << all.failed.size() << " storage failures (exit 5, unavailable):"
                     << failures << ", no other status, no command hung");
    std::string said;
    for (const auto& [sentence, n] : sentences) said += "\n  " + std::to_string(n) + " x " + sentence;
    MESSAGE("the outage's sentences:" << said);
}
