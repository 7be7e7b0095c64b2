// `tictactrace search` on a class's PostgreSQL server, run as a student runs it: answered from the server's
// index of positions, and every match the index proposes checked against the position itself, so that a key
// a student forged for their own move finds nothing.
#include "server_class.hpp"
#include "test_log.hpp"
#include "test_support.hpp"

#include "../common/child_process.hpp"
#include "../common/temp_dir.hpp"

#include "tictactrace/engine/position_key.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#ifndef TTT_CLI
#error "TTT_CLI must name the tictactrace executable"
#endif

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

struct Ran {
    int status = -1;
    std::string out;
    std::string err;
};

// `tictactrace ARGS...`, its output read back.
Ran tictactrace(const std::vector<std::string>& args) {
    const ttt::testing::TempDir dir("ttt-search");
    ttt::testing::ChildOptions options;
    options.argv = {TTT_CLI};
    options.argv.insert(options.argv.end(), args.begin(), args.end());
    options.in = ttt::testing::Stream::null();
    options.out = ttt::testing::Stream::to_file(dir.file("out"));
    options.err = ttt::testing::Stream::to_file(dir.file("err"));
    ttt::testing::ChildProcess child(std::move(options));
    Ran ran;
    ran.status = child.wait();
    const auto read = [&](const char* name) {
        std::ifstream in(dir.file(name));
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    };
    ran.out = read("out");
    ran.err = read("err");
    return ran;
}

std::string match(GameId game, int step) {
    return R"({"game":)" + std::to_string(game) + R"(,"step":)" + std::to_string(step) + R"(,"line":null})";
}

}  // namespace

TEST_CASE("search on a class's server finds a position in two students' games, with --symmetric in a mirror, "
          "and a key forged for another position finds nothing") {
    ServerClass c("search_class");
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    // Ann: X in the top left corner, O in the centre. Bob: the same seen in a mirror, X in the top right.
    const GameId anns = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, anns, {0, 0});
    must_play(as_ann, anns, {1, 1});
    must_play(as_ann, anns, {2, 2});  // step 3: X answers in the far corner
    const GameId bobs = must_create(as_bob, Rules::classic(), c.bob, "computer");
    must_play(as_bob, bobs, {0, 2});
    must_play(as_bob, bobs, {1, 1});
    must_play(as_bob, bobs, {2, 0});  // step 3: X answers in the far corner, seen in the mirror

    // Ann's third game: her O's move brings, typed at psql, the keys of the position searched for; the
    // board it makes is another (X in the centre, O in a corner).
    const GameId forged = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, forged, {1, 1});
    Board board(3, 3);
    board.set({0, 0}, Cell::X);
    board.set({1, 1}, Cell::O);
    const PositionKeys keys(board, Player::X);
    const std::string key = std::to_string(static_cast<std::int64_t>(keys.key()));
    const std::string sym = std::to_string(static_cast<std::int64_t>(keys.symmetric()));
    REQUIRE(sql_refusal(c.ann_uri,
                        append_sql(forged, 2, "move_played", R"({"player":"o","row":1,"col":1})", key, sym))
                .empty());
    // The index proposes all three games under the symmetric key...
    CHECK(as_bob.find_positions(keys.symmetric(), std::nullopt) ==
          std::vector<EventStore::PositionAt>{{anns, 2}, {bobs, 2}, {forged, 2}});

    // ...and search, run by Bob, shows only what is there: Ann's game exactly, and Bob's own in a mirror.
    const Ran exact =
        tictactrace({"search", "--game", std::to_string(anns), "--at", "2", "--json", "--db", c.bob_uri});
    INFO("stderr: " << exact.err);
    CHECK(exact.status == 0);
    CHECK(exact.out.find(match(anns, 2)) != std::string::npos);
    CHECK(exact.out.find(R"("game":)" + std::to_string(bobs)) == std::string::npos);
    CHECK(exact.out.find(R"("game":)" + std::to_string(forged)) == std::string::npos);

    const Ran mirrored = tictactrace(
        {"search", "--game", std::to_string(anns), "--at", "2", "--symmetric", "--json", "--db", c.bob_uri});
    INFO("stderr: " << mirrored.err);
    CHECK(mirrored.status == 0);
    CHECK(mirrored.out.find(match(anns, 2)) != std::string::npos);
    CHECK(mirrored.out.find(match(bobs, 2)) != std::string::npos);
    CHECK(mirrored.out.find(R"("game":)" + std::to_string(forged)) == std::string::npos);
    // What was played next, turned onto the position asked about: the far corner, in both games.
    CHECK(mirrored.out.find(R"("next":[{"row":3,"col":3,"count":2,"x_wins":0,"o_wins":0,"draws":0}])") !=
          std::string::npos);
}
