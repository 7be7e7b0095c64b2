// A brain kept in step with a game that goes on between its moves (brains::move_for), against the fake
// brain as a real process, its log read back: BEGIN, then TURN after TURN; a take back of its reply and
// the other side's move as two TAKEBACKs and a TURN (or BOARD from a brain that refuses TAKEBACK); a new
// game as RESTART and BEGIN; anything further off as BOARD.
#include "tictactrace/brains/game_sync.hpp"

#include "../common/leftovers.hpp"
#include "../common/temp_dir.hpp"
#include "client_support.hpp"
#include "fake_brain.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::brains;
using namespace ttt::testing;

namespace {

// The game after `moves`, from the empty gomoku board.
Position game_of(const std::vector<Pos>& moves) {
    Position p(Rules::gomoku());
    for (const Pos m : moves) REQUIRE(p.play(m));
    return p;
}

// What the brain was sent after START and the INFO lines.
std::vector<std::string> sent_after_start(const std::string& log) {
    const auto lines = logged_lines(log);
    REQUIRE(lines.size() >= 5);
    return {lines.begin() + 5, lines.end()};
}

}  // namespace

TEST_CASE("the brain opens on the empty board with BEGIN, and hears each of the other side's moves as TURN") {
    TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto brain = started("--log '" + log + "'", group);
        CHECK(move_of(move_for(brain, game_of({}))) == Pos{0, 0});
        CHECK(move_of(move_for(brain, game_of({{0, 0}, {7, 7}}))) == Pos{0, 1});
        CHECK(move_of(move_for(brain, game_of({{0, 0}, {7, 7}, {0, 1}, {8, 8}}))) == Pos{0, 2});
    }
    CHECK_NOTHING_LEFT(group);
    CHECK(sent_after_start(log) == std::vector<std::string>{"BEGIN", "TURN 7,7", "TURN 8,8", "END"});
}

TEST_CASE("its reply and the move before it taken back, then another move: two TAKEBACKs and TURN") {
    TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto brain = started("--log '" + log + "'", group);
        // The brain is O here: X's first move reaches it as TURN, as the protocol has the second player hear
        // it.
        CHECK(move_of(move_for(brain, game_of({{7, 7}}))) == Pos{0, 0});
        CHECK(move_of(move_for(brain, game_of({{7, 7}, {0, 0}, {8, 8}}))) == Pos{0, 1});
        // X took back (0, 1) and (8, 8), and plays (9, 9) instead.
        CHECK(move_of(move_for(brain, game_of({{7, 7}, {0, 0}, {9, 9}}))) == Pos{0, 1});
        CHECK(brain.position() == game_of({{7, 7}, {0, 0}, {9, 9}, {0, 1}}));
    }
    CHECK_NOTHING_LEFT(group);
    CHECK(sent_after_start(log) == std::vector<std::string>{"TURN 7,7", "TURN 8,8", "TAKEBACK 1,0",
                                                            "TAKEBACK 8,8", "TURN 9,9", "END"});
}

TEST_CASE("a brain that refuses TAKEBACK is given the game as BOARD after RESTART") {
    TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto brain = started("--unknown-takeback --log '" + log + "'", group);
        CHECK(move_of(move_for(brain, game_of({}))) == Pos{0, 0});
        CHECK(move_of(move_for(brain, game_of({{0, 0}, {7, 7}}))) == Pos{0, 1});
        CHECK(move_of(move_for(brain, game_of({{0, 0}, {8, 8}}))) == Pos{0, 1});
    }
    CHECK_NOTHING_LEFT(group);
    CHECK(sent_after_start(log) == std::vector<std::string>{"BEGIN", "TURN 7,7", "TAKEBACK 1,0", "RESTART",
                                                            "BOARD", "0,0,1", "8,8,2", "DONE", "END"});
}

TEST_CASE("a new game is RESTART and BEGIN, and a game further off than a take back is BOARD") {
    TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto brain = started("--log '" + log + "'", group);
        CHECK(move_of(move_for(brain, game_of({}))) == Pos{0, 0});
        CHECK(move_of(move_for(brain, game_of({}))) == Pos{0, 0});
        // Another game altogether, with O to move: it goes whole, after RESTART.
        CHECK(move_of(move_for(brain, game_of({{5, 5}, {6, 6}, {7, 7}}))) == Pos{0, 0});
        CHECK(brain.side() == Player::O);
    }
    CHECK_NOTHING_LEFT(group);
    CHECK(sent_after_start(log) == std::vector<std::string>{"BEGIN", "RESTART", "BEGIN", "RESTART", "BOARD",
                                                            "5,5,2", "6,6,1", "7,7,2", "DONE", "END"});
}
