// The protocol client against the fake brain as a real separate process: a game as the protocol has it,
// every forfeit reason with its sentence, ABOUT, MESSAGE and DEBUG, the takeback and its fallbacks, and
// after each case no process left behind.
#include "tictactrace/brains/brain_client.hpp"

#include "../common/leftovers.hpp"
#include "../common/temp_dir.hpp"
#include "client_support.hpp"
#include "fake_brain.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

using namespace ttt;
using namespace ttt::brains;
using namespace ttt::testing;

namespace {

// The forfeit of a brain that went wrong at its `at`-th move (counting BEGIN as the first), after BEGIN and
// TURN x,y with the opponent playing down column 3.
Forfeit forfeit_at(BrainClient& client, int at) {
    REQUIRE(at >= 1);
    if (at == 1) return forfeit_in(client.begin());
    (void)move_of(client.begin());
    for (int i = 2; i < at; ++i) (void)move_of(client.turn(Pos{i, 3}));
    return forfeit_in(client.turn(Pos{7, 3}));
}

// The forfeit of the fake brain run with `fake_options` at its `at`-th move (see forfeit_at), checked to
// be kept, to stop the brain and to leave nothing behind; `moves` gets the marks left on the board.
Forfeit scripted_forfeit(const std::string& fake_options, int at, const Rules& rules = Rules::gomoku(),
                         int* moves = nullptr) {
    pid_t group = -1;
    auto client = started(fake_options, group, rules);
    const auto forfeit = forfeit_at(client, at);
    CHECK(client.forfeit() == forfeit);
    CHECK_FALSE(client.running());
    CHECK_NOTHING_LEFT(group);  // cleaned up at the forfeit, not only when the client goes
    CHECK(forfeit_in(client.turn(Pos{14, 14})) == forfeit);
    if (moves) *moves = client.position().move_count();
    return forfeit;
}

}  // namespace

TEST_CASE("a game goes as the protocol says: START, the INFO lines, BEGIN, TURN x,y and END") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto client = started("--log '" + log + "'", group);
        CHECK(client.running());
        CHECK(move_of(client.begin()) == Pos{0, 0});
        CHECK(client.side() == Player::X);
        CHECK(move_of(client.turn(Pos{7, 3})) == Pos{0, 1});  // row 7, column 3 is "3,7"
        CHECK(client.position().move_count() == 3);
        CHECK(client.position().board().at(Pos{7, 3}) == Cell::O);
        client.end();
        CHECK_FALSE(client.running());
        CHECK_NOTHING_LEFT(group);
    }
    CHECK(logged_lines(log) == std::vector<std::string>{"START 15", "INFO timeout_turn 200",
                                                        "INFO timeout_match 0", "INFO max_memory 0",
                                                        "INFO rule 0", "BEGIN", "TURN 3,7", "END"});
}

TEST_CASE("a rectangular board is RECTSTART columns,rows, exact five is rule 1, a match limit is time_left") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto options = options_for("--log '" + log + "'");
        options.limits.timeout_match = Millis(60'000);
        options.limits.max_memory = 83'886'080;
        auto client = started("", group, Rules::mnk(10, 20, 5, true), options);
        CHECK(move_of(client.turn(Pos{9, 19})) == Pos{0, 0});
        CHECK(client.side() == Player::O);
        CHECK(client.match_time_used() > Millis(0));
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    REQUIRE(lines.size() == 9);
    CHECK(std::vector<std::string>(lines.begin(), lines.begin() + 6) ==
          std::vector<std::string>{"RECTSTART 20,10", "INFO timeout_turn 200", "INFO timeout_match 60000",
                                   "INFO max_memory 83886080", "INFO time_left 60000", "INFO rule 1"});
    CHECK(lines[6].starts_with("INFO time_left "));
    CHECK(lines[7] == "TURN 19,9");
    CHECK(lines[8] == "END");
}

TEST_CASE("rules a Gomocup brain cannot play are refused in a sentence before anything starts") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    BrainClient client(options_for("--log '" + log + "'"));
    CHECK(refusal_in(client.start(Rules::classic())) ==
          "a Gomocup brain plays five in a row, not " + describe(Rules::classic()));
    CHECK(refusal_in(client.start(Rules::score(15, 15))) ==
          "a Gomocup brain plays five in a row, not " + describe(Rules::score(15, 15)));
    CHECK(refusal_in(client.start(Rules::fullline(15, 15))) ==
          "a Gomocup brain plays five in a row, not " + describe(Rules::fullline(15, 15)));
    CHECK(refusal_in(client.start(Rules::mnk(15, 15, 4))) ==
          "a Gomocup brain plays five in a row, not " + describe(Rules::mnk(15, 15, 4)));
    CHECK(refusal_in(client.start(Rules::mnk(4, 9, 5))) ==
          "a Gomocup brain needs a board of at least 5x5 for five in a row, not " +
              describe(Rules::mnk(4, 9, 5)));
    CHECK_FALSE(client.running());
    CHECK(refusal_in(client.begin()) == "the brain is not running: start it first");
    CHECK_FALSE(std::filesystem::exists(log));  // the brain never ran
    CHECK_NOTHING_LEFT(-1);
}

TEST_CASE("a command line that does not split or does not run is refused in a sentence") {
    BrainOptions open_quote = options_for("");
    open_quote.command = "brain 'never closed";
    CHECK(refusal_in(BrainClient(open_quote).start(Rules::gomoku())) ==
          "the brain's command line cannot be used: the command line opens a ' quote that it never closes");
    BrainOptions missing = options_for("");
    missing.command = "/nonexistent/pbrain-x --fast";
    CHECK(refusal_in(BrainClient(missing).start(Rules::gomoku())) ==
          "cannot start the brain '/nonexistent/pbrain-x': No such file or directory");
    CHECK_NOTHING_LEFT(-1);
}

TEST_CASE("ERROR to START is a refusal quoting the brain, and the brain is ended") {
    BrainClient client(options_for("--refuse-start"));
    CHECK(refusal_in(client.start(Rules::gomoku(false, 20, 20))) ==
          "the brain will not play " + describe(Rules::gomoku(false, 20, 20)) +
              ": it answered \"ERROR this size is not for me\"");
    CHECK_FALSE(client.running());
    CHECK_FALSE(client.forfeit());
    CHECK_NOTHING_LEFT(-1);
}

TEST_CASE("forfeit: crash at a move, quoting the exit status and the last words on stderr") {
    CHECK(scripted_forfeit("--crash-at 3", 3) ==
          Forfeit{ForfeitReason::Crash,
                  "the brain exited with status 3 before it answered TURN 3,7; its last words "
                  "on stderr were \"fake brain: crashing on purpose at move 3\""});
}

TEST_CASE("forfeit: crash while a child of the brain holds its output open") {
    const auto forfeit = scripted_forfeit("--crash-at 1 --fork-grandchild", 1);
    CHECK(forfeit.reason == ForfeitReason::Crash);
    CHECK(forfeit.detail.starts_with("the brain exited with status 3 before it answered BEGIN"));
}

TEST_CASE("forfeit: timeout, past the turn's time and the tolerance") {
    pid_t group = -1;
    auto client = started("--sleep-at 2:5000", group);
    (void)move_of(client.begin());
    const auto start = Clock::now();
    const auto forfeit = forfeit_in(client.turn(Pos{7, 3}));
    const auto waited = std::chrono::duration_cast<Millis>(Clock::now() - start);
    CHECK(forfeit.reason == ForfeitReason::Timeout);
    CHECK(forfeit.detail ==
          "the brain did not answer TURN 3,7 within 400 ms (200 ms for the turn and 200 ms of tolerance)");
    CHECK(waited >= Millis(400));
    CHECK(waited < Millis(4000));  // it did not wait for the brain's five seconds
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("an answer later than the turn's time but within the tolerance is a move") {
    pid_t group = -1;
    {
        auto client = started("--sleep-at 2:300", group);
        (void)move_of(client.begin());
        CHECK(move_of(client.turn(Pos{7, 3})) == Pos{0, 1});
        CHECK_FALSE(client.forfeit());
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("forfeit: timeout once the match's time is used up, whatever is left of the turn's") {
    pid_t group = -1;
    auto options = options_for("--sleep-at 1:5000");
    options.limits.timeout_turn = Millis(5000);
    options.limits.timeout_match = Millis(300);
    auto client = started("", group, Rules::gomoku(), options);
    const auto forfeit = forfeit_in(client.begin());
    CHECK(forfeit.reason == ForfeitReason::Timeout);
    CHECK(forfeit.detail ==
          "the brain did not answer BEGIN within 500 ms (300 ms left of the match and 200 ms of tolerance)");
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("forfeit: timeout when the brain stops reading its input") {
    // Three hundred rows would need a line of five somewhere; every third row, in pairs, has none.
    auto rules = Rules::gomoku(false, 300, 300);
    Position position(rules);
    std::vector<Pos> x, o;
    for (int r = 0; r < 300; r += 3)
        for (int c = 0; c < 300; ++c) (c % 4 < 2 ? x : o).push_back(Pos{r, c});
    for (std::size_t i = 0; i < x.size(); ++i) {
        REQUIRE(position.play(x[i]));
        REQUIRE(position.play(o[i]));
    }
    REQUIRE_FALSE(position.outcome().over());
    pid_t group = -1;
    auto client = started("--ignore-stdin", group, rules);
    const auto forfeit = forfeit_in(client.board(position));
    CHECK(forfeit.reason == ForfeitReason::Timeout);
    CHECK(forfeit.detail ==
          "the brain stopped reading its input: BOARD could not be sent within 400 ms (200 ms "
          "for the turn and 200 ms of tolerance)");
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("forfeit: garbage, an answer that is no move, quoted") {
    CHECK(scripted_forfeit("--garbage-at 2", 2) ==
          Forfeit{ForfeitReason::Garbage,
                  "the brain answered \"hello there\" to TURN 3,7 instead of a move x,y"});
}

TEST_CASE("forfeit: garbage, ERROR where a move was asked for") {
    CHECK(scripted_forfeit("--error-at 1", 1) ==
          Forfeit{ForfeitReason::Garbage,
                  "the brain answered \"ERROR cannot think\" to BEGIN instead of a move x,y"});
}

TEST_CASE("forfeit: garbage, megabytes without a line end") {
    CHECK(scripted_forfeit("--spam-no-newline", 1) ==
          Forfeit{ForfeitReason::Garbage,
                  "the brain wrote more than 16384 bytes without ending the line, in answer "
                  "to BEGIN, starting \"" +
                      std::string(kQuoteBytes, 'x') + "...\""});
}

TEST_CASE("forfeit: illegal move, on a taken cell") {
    int moves = 0;
    CHECK(scripted_forfeit("--illegal-at 2", 2, Rules::gomoku(), &moves) ==
          Forfeit{ForfeitReason::IllegalMove, "the brain played \"0,0\": cell (1, 1) is already taken by X"});
    CHECK(moves == 2);  // the illegal move is not on the board
}

TEST_CASE("forfeit: illegal move, off the board") {
    CHECK(scripted_forfeit("--off-board-at 1", 1, Rules::mnk(10, 20, 5)) ==
          Forfeit{ForfeitReason::IllegalMove, "the brain played \"20,0\": (1, 21) is off the 10x20 board"});
}

TEST_CASE("MESSAGE and DEBUG lines before an answer go to the callback and are kept, up to a cap") {
    std::vector<BrainMessage> seen;
    auto options = options_for("--messages");
    options.on_message = [&](const BrainMessage& m) { seen.push_back(m); };
    options.max_messages = 3;
    pid_t group = -1;
    {
        auto client = started("", group, Rules::gomoku(), options);
        CHECK(move_of(client.begin()) == Pos{0, 0});
        CHECK(client.messages() ==
              std::vector<BrainMessage>{{BrainMessage::Kind::Message, "thinking about move 1"},
                                        {BrainMessage::Kind::Debug, "depth 1"}});
        CHECK(move_of(client.turn(Pos{7, 3})) == Pos{0, 1});
        CHECK(client.messages().size() == 3);
        CHECK(client.messages_dropped() == 1);
        CHECK(seen.size() == 4);
        CHECK(seen[2] == BrainMessage{BrainMessage::Kind::Message, "thinking about move 2"});
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("UNKNOWN to an INFO line is shown, not taken for the next answer") {
    pid_t group = -1;
    {
        auto client = started("--answer-info", group);
        CHECK(move_of(client.begin()) == Pos{0, 0});
        REQUIRE(client.messages().size() == 4);
        for (const auto& m : client.messages())
            CHECK(m == BrainMessage{BrainMessage::Kind::Error, "UNKNOWN info is not for me"});
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("ABOUT is parsed, and UNKNOWN to it says nothing and costs nothing") {
    pid_t group = -1;
    {
        auto client = started("", group);
        const auto reply = client.about();
        REQUIRE(std::holds_alternative<BrainAbout>(reply));
        const auto& about = std::get<BrainAbout>(reply);
        CHECK(about.name == "fake brain");
        CHECK(about.version == "1.2");
        CHECK(about.author == "tictactrace tests");
        CHECK(about.country == "CZ");
        CHECK(about.www.empty());
    }
    CHECK_NOTHING_LEFT(group);
    {
        auto client = started(R"(--about 'version="9", name = "Q"')", group);
        const auto reply = client.about();
        REQUIRE(std::holds_alternative<BrainAbout>(reply));
        CHECK(std::get<BrainAbout>(reply).name == "Q");
        CHECK(std::get<BrainAbout>(reply).version == "9");
    }
    CHECK_NOTHING_LEFT(group);
    {
        auto client = started("--about UNKNOWN", group);
        const auto reply = client.about();
        REQUIRE(std::holds_alternative<BrainAbout>(reply));
        CHECK(std::get<BrainAbout>(reply) == BrainAbout{});
        CHECK(move_of(client.begin()) == Pos{0, 0});
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("TAKEBACK goes to a brain that knows it, and the game goes on with TURN") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto client = started("--log '" + log + "'", group);
        CHECK(move_of(client.begin()) == Pos{0, 0});
        CHECK(move_of(client.turn(Pos{7, 3})) == Pos{0, 1});
        CHECK(refusal_in(client.takeback(Pos{7, 3})) == "only the last move, (1, 2), can be taken back");
        require_ok(client.takeback(Pos{0, 1}));
        require_ok(client.takeback(Pos{7, 3}));
        CHECK(client.position().move_count() == 1);
        CHECK(move_of(client.turn(Pos{5, 5})) == Pos{0, 1});
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"BEGIN", "TURN 3,7", "TAKEBACK 1,0", "TAKEBACK 3,7", "TURN 5,5", "END"});
}

TEST_CASE("UNKNOWN to TAKEBACK falls back to RESTART, and the position goes to the brain as BOARD") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto client = started("--unknown-takeback --log '" + log + "'", group);
        CHECK(move_of(client.begin()) == Pos{0, 0});
        CHECK(move_of(client.turn(Pos{7, 3})) == Pos{0, 1});
        require_ok(client.takeback(Pos{0, 1}));
        require_ok(client.takeback(Pos{7, 3}));  // the brain's board is empty already: nothing to send
        CHECK(client.position().move_count() == 1);
        CHECK(move_of(client.turn(Pos{5, 5})) == Pos{0, 1});
        CHECK(client.position().move_count() == 3);
        CHECK(client.process_group() == group);
        CHECK(client.messages() ==
              std::vector<BrainMessage>{{BrainMessage::Kind::Error, "UNKNOWN takeback"}});
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"BEGIN", "TURN 3,7", "TAKEBACK 1,0", "RESTART", "BOARD", "0,0,1", "5,5,2",
                                   "DONE", "END"});
}

TEST_CASE("ERROR to TAKEBACK and UNKNOWN to RESTART: the brain is started again and given the board") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    auto client = started("--error-takeback --unknown-restart --log '" + log + "'", group);
    CHECK(move_of(client.begin()) == Pos{0, 0});
    CHECK(move_of(client.turn(Pos{7, 3})) == Pos{0, 1});
    require_ok(client.takeback(Pos{0, 1}));
    const pid_t second = client.process_group();
    CHECK(second > 0);
    CHECK(second != group);
    CHECK_NOTHING_LEFT_OF(group);
    // The brain is to move: it is asked with the position the client holds.
    CHECK(move_of(client.board(client.position())) == Pos{0, 1});
    client.end();
    CHECK_NOTHING_LEFT(second);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"BEGIN", "TURN 3,7", "TAKEBACK 1,0", "RESTART", "END", "START 15",
                                   "INFO timeout_turn 200", "INFO timeout_match 0", "INFO max_memory 0",
                                   "INFO rule 0", "BOARD", "0,0,1", "3,7,2", "DONE", "END"});
}

TEST_CASE("BOARD resumes a game: set-up marks first, then the moves in order, the brain's own as 1") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    Position position(Rules::gomoku());
    REQUIRE(position.set_up(SetUp{{Pos{4, 4}}, {Pos{6, 6}}, Player::X}));
    for (const Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 7}}) REQUIRE(position.play(p));
    pid_t group = -1;
    {
        auto client = started("--log '" + log + "'", group);
        CHECK(move_of(client.begin()) == Pos{0, 0});
        // A brain in a game is given RESTART before BOARD, and plays the side to move (O here).
        CHECK(move_of(client.board(position)) == Pos{0, 0});
        CHECK(client.side() == Player::O);
        CHECK(client.position().move_count() == 4);
        Position other_rules(Rules::gomoku(true));
        CHECK(refusal_in(client.board(other_rules)).starts_with("the position is of "));
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"BEGIN", "RESTART", "BOARD", "4,4,2", "6,6,1", "7,7,2", "8,7,1", "7,8,2",
                                   "DONE", "END"});
}

TEST_CASE("restart begins a new game on the same board") {
    pid_t group = -1;
    {
        auto client = started("", group);
        CHECK(move_of(client.begin()) == Pos{0, 0});
        require_ok(client.restart());
        CHECK(client.position().move_count() == 0);
        CHECK_FALSE(client.side());
        CHECK(move_of(client.begin()) == Pos{0, 0});
        CHECK(refusal_in(client.begin()).starts_with("BEGIN opens a game on the empty board"));
        CHECK(refusal_in(client.turn(Pos{0, 0})) ==
              "the opponent's move cannot be sent to the brain: cell (1, 1) is already taken by X");
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE(
    "a brain deaf to END and SIGTERM, with a child of its own, is killed with it when the client goes") {
    pid_t group = -1;
    {
        auto client = started("--ignore-end --ignore-term --fork-grandchild", group);
        CHECK(move_of(client.begin()) == Pos{0, 0});
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("renju is INFO rule 4 and caro INFO rule 8, sent after START") {
    for (const auto& [rules, code] : {std::pair{Rules::renju(), 4}, std::pair{Rules::caro(), 8}}) {
        ttt::testing::TempDir dir("ttt-brains");
        const auto log = dir.file("log").string();
        pid_t group = -1;
        {
            auto client = started("--log '" + log + "'", group, rules);
            CHECK(move_of(client.begin()) == Pos{0, 0});
            client.end();
        }
        CHECK_NOTHING_LEFT(group);
        const auto lines = logged_lines(log);
        REQUIRE(lines.size() >= 5);
        CHECK(lines[0] == "START 15");
        CHECK(lines[4] == "INFO rule " + std::to_string(code));
    }
}

TEST_CASE("YXSTOP: a brain that takes it without a word is told apart from one that answers UNKNOWN") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto client = started("--yxstop --log '" + log + "'", group);
        const auto takes = client.takes_yxstop();
        REQUIRE(std::holds_alternative<bool>(takes));
        CHECK(std::get<bool>(takes));
        CHECK(client.messages().empty());
        CHECK(move_of(client.begin()) == Pos{0, 0});  // nothing was left unread
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"ABOUT", "YXSTOP", "ABOUT", "BEGIN", "END"});
    {
        auto client = started("", group);
        const auto takes = client.takes_yxstop();
        REQUIRE(std::holds_alternative<bool>(takes));
        CHECK_FALSE(std::get<bool>(takes));
        CHECK(client.messages() == std::vector<BrainMessage>{{BrainMessage::Kind::Error, "UNKNOWN YXSTOP"}});
        CHECK(move_of(client.begin()) == Pos{0, 0});  // its UNKNOWN was read, not taken for the move
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("YXSTOP is not tried on a brain that answers ABOUT with UNKNOWN: the two could not be told apart") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        auto client = started("--yxstop --about UNKNOWN --log '" + log + "'", group);
        const auto takes = client.takes_yxstop();
        REQUIRE(std::holds_alternative<bool>(takes));
        CHECK_FALSE(std::get<bool>(takes));
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"ABOUT", "END"});
}

TEST_CASE("a stop asked for sends YXSTOP to a brain that takes it, which then answers at once") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    WaitControl control;
    // A minute's sleep before the first move, and two minutes to make it: only YXSTOP cuts it short.
    auto options = options_for("--yxstop --sleep-at 1:60000 --log '" + log + "'");
    options.limits.timeout_turn = Millis(120'000);
    options.control = &control;
    options.yxstop = true;
    pid_t group = -1;
    {
        auto client = started("", group, Rules::gomoku(), options);
        control.request_stop();
        CHECK(move_of(client.begin()) == Pos{0, 0});
        // Once per move: the next one is asked for without another YXSTOP.
        control.clear_stop();
        CHECK(move_of(client.turn(Pos{7, 7})) == Pos{0, 1});
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"BEGIN", "YXSTOP", "TURN 7,7", "END"});
}

TEST_CASE("a stop asked for sends nothing to a brain not known to take YXSTOP: its move comes in its time") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    WaitControl control;
    auto options = options_for("--sleep-at 1:100 --log '" + log + "'");
    options.limits.timeout_turn = Millis(5000);
    options.control = &control;
    pid_t group = -1;
    {
        auto client = started("", group, Rules::gomoku(), options);
        control.request_stop();
        CHECK(move_of(client.begin()) == Pos{0, 0});
    }
    CHECK_NOTHING_LEFT(group);
    const auto lines = logged_lines(log);
    CHECK(std::vector<std::string>(lines.begin() + 5, lines.end()) ==
          std::vector<std::string>{"BEGIN", "END"});
}

TEST_CASE("giving up while a brain thinks: the call is refused at once, the brain ended, nothing left") {
    ttt::testing::TempDir dir("ttt-brains");
    const auto log = dir.file("log").string();
    WaitControl control;
    auto options = options_for("--sleep-at 1:600000 --log '" + log + "'");
    options.limits.timeout_turn = Millis(600'000);
    options.control = &control;
    pid_t group = -1;
    auto client = started("", group, Rules::gomoku(), options);
    // Another thread gives up once the brain has been asked, as the window does when the game goes.
    std::thread other([&] {
        while (logged_lines(log).size() < 6) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        control.give_up();
    });
    const auto reply = client.begin();
    other.join();
    CHECK(refusal_in(reply) == "the brain's answer to BEGIN was not waited for");
    CHECK_FALSE(client.running());
    CHECK_NOTHING_LEFT(group);
    CHECK(refusal_in(client.turn(Pos{7, 7})) == "the brain is not running: start it first");
}
