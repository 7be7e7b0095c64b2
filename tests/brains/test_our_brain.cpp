// `tictactrace brain` as a real process under our own manager: whole games through BrainClient, against
// the built-in opponent in this process and against a second `tictactrace brain`, every move checked by
// the client against its position, and no process left behind.
#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/brains/brain_process.hpp"

#include "../common/leftovers.hpp"

#include <tictactrace/engine/opponent.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::brains;

namespace {

BrainOptions our_brain(const std::string& level) {
    BrainOptions o;
    o.command = std::string("'") + TTT_TICTACTRACE + "' brain --level " + level;
    o.limits.timeout_turn = Millis(100);
    return o;
}

// Our brain as a bare process, for what BrainClient would never send: raw lines, of any length.
BrainProcess our_brain_process(const std::string& level) {
    auto spawned = BrainProcess::spawn({TTT_TICTACTRACE, "brain", "--level", level});
    REQUIRE(spawned.has_value());
    return std::move(spawned).value();
}

// Bounds on a wait for the bare process, so that a broken brain fails the test rather than hangs it; far
// above what any of these takes, and never what a test checks.
Deadline patiently() {
    return deadline_in(Millis(300'000));
}

// The next answer, past the MESSAGE lines our brain writes before a move (what it thinks of the position),
// as a manager reads past them.
std::string answer_of(BrainProcess& brain) {
    for (;;) {
        auto read = brain.read_line(patiently());
        REQUIRE(std::holds_alternative<std::string>(read));
        if (!std::get<std::string>(read).starts_with("MESSAGE ")) return std::get<std::string>(read);
    }
}

// `count` stones on every other cell of every other row of a board 2048 columns wide, ours and the
// opponent's in turn: no two touch, so no line holds two, and counts stay level for an even count.
std::string lattice_stones(int count) {
    std::string lines;
    for (int i = 0; i < count; ++i)
        lines += std::to_string(2 * (i % 1024)) + "," + std::to_string(2 * (i / 1024)) + "," +
                 (i % 2 == 0 ? "1" : "2") + "\r\n";
    return lines;
}

Pos move_of(const MoveReply& reply) {
    if (const auto* forfeit = forfeit_of(reply)) FAIL("forfeit: " << forfeit->detail);
    if (const auto* refused = std::get_if<Refused>(&reply)) FAIL("refused: " << refused->detail);
    return std::get<Pos>(reply);
}

}  // namespace

TEST_CASE("our brain plays a whole game of gomoku against the built-in opponent, as O, legal to the end") {
    pid_t group = -1;
    {
        BrainClient brain(our_brain("medium"));
        const Reply started = brain.start(Rules::gomoku());
        REQUIRE(std::holds_alternative<Ok>(started));
        group = brain.process_group();
        const AboutReply about = brain.about();
        REQUIRE(std::holds_alternative<BrainAbout>(about));
        CHECK(std::get<BrainAbout>(about).name == "tictactrace");
        Position game(Rules::gomoku());
        OpponentSettings builtin;
        builtin.level = Level::Easy;
        // The client plays each answer on its own position, so game and brain.position() stay alike.
        while (!game.outcome().over()) {
            const SearchReport ours = choose_move(game, builtin);
            REQUIRE(ours.move);
            REQUIRE(game.play(*ours.move));
            if (game.outcome().over()) break;
            const Pos answer = move_of(brain.turn(*ours.move));
            REQUIRE(game.play(answer));
        }
        CHECK(brain.position().move_count() + 1 >= game.move_count());
        CHECK_FALSE(brain.forfeit());
        brain.end();
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("our brain plays a game against itself on a rectangular board: BEGIN, then TURN after TURN") {
    pid_t first_group = -1;
    pid_t second_group = -1;
    {
        const Rules rules = Rules::gomoku(true, 10, 12);
        BrainClient x(our_brain("easy"));
        BrainClient o(our_brain("medium"));
        REQUIRE(std::holds_alternative<Ok>(x.start(rules)));
        REQUIRE(std::holds_alternative<Ok>(o.start(rules)));
        first_group = x.process_group();
        second_group = o.process_group();
        Position game(rules);
        Pos last = move_of(x.begin());
        REQUIRE(game.play(last));
        for (bool o_to_move = true; !game.outcome().over(); o_to_move = !o_to_move) {
            last = move_of((o_to_move ? o : x).turn(last));
            REQUIRE(game.play(last));
        }
        CHECK(game.move_count() >= 9);
        CHECK(x.side() == Player::X);
        CHECK(o.side() == Player::O);
    }
    CHECK_NOTHING_LEFT_OF(first_group);
    CHECK_NOTHING_LEFT(second_group);
}

TEST_CASE("our brain takes a game in the middle as BOARD, and answers ERROR to START on a board too small") {
    pid_t group = -1;
    {
        BrainClient brain(our_brain("strong"));
        REQUIRE(std::holds_alternative<Ok>(brain.start(Rules::gomoku())));
        group = brain.process_group();
        // X has four in a row on row 7 with both ends open; O to move must block one end or lose.
        Position game(Rules::gomoku());
        for (const Pos p : {Pos{7, 3}, Pos{0, 0}, Pos{7, 4}, Pos{0, 14}, Pos{7, 5}, Pos{14, 0}, Pos{7, 6}})
            REQUIRE(game.play(p));
        const Pos answer = move_of(brain.board(game));
        CHECK((answer == Pos{7, 2} || answer == Pos{7, 7}));
    }
    CHECK_NOTHING_LEFT(group);
    BrainClient small(our_brain("strong"));
    const Reply refused = small.start(Rules::mnk(4, 4, 5));
    CHECK(std::holds_alternative<Refused>(refused));
}

TEST_CASE("our brain does not take YXSTOP: it says UNKNOWN, so the window's Stop is not offered for it") {
    pid_t group = -1;
    {
        BrainClient brain(our_brain("medium"));
        REQUIRE(std::holds_alternative<Ok>(brain.start(Rules::gomoku())));
        group = brain.process_group();
        const auto takes = brain.takes_yxstop();
        REQUIRE(std::holds_alternative<bool>(takes));
        CHECK_FALSE(std::get<bool>(takes));
        REQUIRE(brain.messages().size() == 1);
        CHECK(brain.messages()[0].text.starts_with("UNKNOWN"));
        (void)move_of(brain.begin());  // and it plays on, its UNKNOWN read
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("our brain reads a BOARD of 400,000 stones on a 2048 x 2048 board and answers it") {
    pid_t group = -1;
    {
        auto brain = our_brain_process("easy");
        group = brain.group();
        REQUIRE(brain.write("START 2048\r\nINFO timeout_turn 1000\r\n", patiently()) == WriteEnd::Written);
        REQUIRE(answer_of(brain) == "OK");
        // 400,000 stones of the lattice (rows 0 to 780), then far below them four of ours in a row on row
        // 1500, open at both ends, and four of the opponent's apart from each other: we are to move and
        // win, at 99,1500 or 104,1500.
        std::string board = "BOARD\r\n" + lattice_stones(400'000);
        for (const int x : {100, 101, 102, 103}) board += std::to_string(x) + ",1500,1\r\n";
        for (const int x : {1000, 1010, 1020, 1030}) board += std::to_string(x) + ",1500,2\r\n";
        REQUIRE(brain.write(board + "DONE\r\n", patiently()) == WriteEnd::Written);
        const std::string answer = answer_of(brain);
        CHECK((answer == "99,1500" || answer == "104,1500"));

        // The same stones with one of them given again at the end: the last line is the fault found.
        REQUIRE(brain.write("BOARD\r\n" + lattice_stones(400'000) + "0,0,2\r\nDONE\r\n", patiently()) ==
                WriteEnd::Written);
        CHECK(answer_of(brain) == "ERROR BOARD: the cell \"0,0\" is given twice.");
        REQUIRE(brain.write("ABOUT\r\n", patiently()) == WriteEnd::Written);
        CHECK(answer_of(brain).starts_with(R"(name="tictactrace")"));
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("our brain skips a line longer than any command with ERROR, and answers the next") {
    pid_t group = -1;
    {
        auto brain = our_brain_process("easy");
        group = brain.group();
        REQUIRE(brain.write("START 15\r\n", patiently()) == WriteEnd::Written);
        REQUIRE(answer_of(brain) == "OK");
        // 8 MiB without a line end: far past the limit, and never held whole (LineReader, Overlong::Skip).
        REQUIRE(brain.write("TURN " + std::string(8 * 1024 * 1024, '7') + "\r\nBEGIN\r\n", patiently()) ==
                WriteEnd::Written);
        CHECK(answer_of(brain) ==
              "ERROR A line of more than 65536 bytes was skipped: no command is that long (it began \"TURN " +
                  std::string(55, '7') + "...\").");
        const std::string move = answer_of(brain);  // BEGIN, answered as if nothing had come before it
        CHECK(move.find(',') != std::string::npos);
        CHECK_FALSE(move.starts_with("ERROR"));

        // A line of exactly the limit is a line like any other: INFO, which has no answer.
        const std::string info = "INFO folder /";
        REQUIRE(brain.write(info + std::string(65536 - info.size(), 'x') + "\r\nABOUT\r\n", patiently()) ==
                WriteEnd::Written);
        CHECK(answer_of(brain).starts_with(R"(name="tictactrace")"));

        // Within BOARD, where no line has an answer, the skipped line is BOARD's fault, said at DONE.
        REQUIRE(
            brain.write("BOARD\r\n1,1,2\r\n" + std::string(100'000, '1') + "\r\n2,2,2\r\nDONE\r\nRESTART\r\n",
                        patiently()) == WriteEnd::Written);
        CHECK(answer_of(brain).starts_with("ERROR BOARD: a line of more than 65536 bytes was skipped"));
        CHECK(answer_of(brain) == "OK");
    }
    CHECK_NOTHING_LEFT(group);
}
