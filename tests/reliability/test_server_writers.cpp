// Eight writers on eight connections for 60 s against the PostgreSQL server, as the issue asks: on one
// game (every writer races every other for each step) and on eight (one each). Each writer is a process
// running `tictactrace move` in a loop (test_cli_writer); every command must end with a documented status
// (0, 3 a taken cell or a game over, 4 a conflict), every acknowledged move must be in the log at its step
// with its cell, the log must hold nothing nobody was told about, and `verify` must find it sound.
#include "../common/pg_test_db.hpp"
#include "../common/temp_dir.hpp"
#include "cli_games.hpp"
#include "logged_games.hpp"
#include "play_time.hpp"
#include "writer_crew.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

using namespace ttt::reliability;

namespace {

constexpr int kWriters = 8;

void play(int tables, const std::string& purpose) {
    const std::string uri = ttt::testing::fresh_test_database(purpose);
    ttt::testing::TempDir dir("ttt-writers");
    std::vector<long long> first;
    for (int t = 0; t < tables; ++t) first.push_back(new_gomoku(uri));
    const double seconds = play_seconds();

    WriterCrew crew({uri, dir.path(), kWriters, first, seconds});
    // Each stops by itself when its time is up; the wait only catches one that never does.
    const std::vector<int> statuses = crew.wait(static_cast<int>(seconds * 1000) + 240'000);

    Said all;
    for (int i = 0; i < crew.size(); ++i) {
        CAPTURE(i);
        CHECK_MESSAGE(statuses[static_cast<std::size_t>(i)] == 0, crew.stderr_of(i));
        const Said s = said_in(crew.lines(i));
        CHECK(s.done);
        CHECK_MESSAGE(!s.acks.empty(), "writer " << i << " never got a move in");
        all.add(s);
    }
    // Only the documented statuses, no hang, no storage failure: the server was up all along.
    for (const auto& line : all.unexpected) CHECK_MESSAGE(false, line);
    for (const auto& line : all.failed) CHECK_MESSAGE(false, line);
    for (const auto& line : all.stray) CHECK_MESSAGE(false, line);

    const auto log = read_log(uri);
    const Comparison c = compare(all.acks, log);
    for (const auto& problem : c.problems) CHECK_MESSAGE(false, problem);
    CHECK(c.logged_moves == static_cast<long>(all.acks.size()));
    CHECK(c.unacknowledged == 0);
    // Every game the log holds was made by us or by a writer, which said so; and the other way round.
    std::set<long long> in_log;
    for (const auto& [id, game] : log) in_log.insert(id);
    for (const long long g : first) all.games.insert(g);
    CHECK(in_log == all.games);
    CHECK(verify_problems(uri) == "");

    MESSAGE(kWriters << " writers on " << tables << std::string(tables == 1 ? " game" : " games") << " for "
                     << seconds << " s: " << all.commands() << " move commands, " << all.acks.size()
                     << " moves acknowledged and logged, " << all.conflicts << " conflicts (exit 4), "
                     << all.rejected << " rejected (exit 3: cell taken or game over), " << log.size()
                     << " games");
}

}  // namespace

TEST_CASE("8 writers on 8 connections play one game for 60 s: every acknowledged move is logged once") {
    play(1, "writers one game");
}

TEST_CASE("8 writers on 8 connections play eight games for 60 s: every acknowledged move is logged once") {
    play(kWriters, "writers eight games");
}
