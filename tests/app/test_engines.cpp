// External engines in the window's model, against the scripted fake brain and `tictactrace brain` run as
// real processes: the list of Game > Engines (an engine added only once it answered, each failure said in
// its sentence, kept in settings.ini), and a side played by an engine in the controller — its moves
// appended as a click's, take back of its reply told to it as TAKEBACK, Stop as YXSTOP to an engine that
// takes it, a crash recorded as a forfeit, and its one process ended when the side or the game goes, with
// nothing left behind.
#include "model/controller.hpp"
#include "model/engine_job.hpp"
#include "model/engine_roster.hpp"
#include "model/settings.hpp"
#include "model/sides.hpp"

#include "../brains/fake_brain.hpp"
#include "../common/leftovers.hpp"
#include "../common/temp_dir.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using ttt::testing::fake_brain;
using ttt::testing::logged_lines;
using ttt::testing::TempDir;

namespace {

// Short limits for a check, so that a brain that does not answer costs the suite a fraction of a second.
brains::BrainLimits quick_check() {
    brains::BrainLimits limits;
    limits.timeout_command = brains::Millis(300);
    limits.tolerance = brains::Millis(200);
    return limits;
}

// What adding `command` to an empty roster came to.
EngineRoster::Outcome add_to_roster(const std::string& command, EngineRoster& roster) {
    roster.add(command);
    roster.finish();
    REQUIRE(roster.outcome().has_value());
    return *roster.outcome();
}

// The entry of the fake brain run with `options`, as the roster makes it; the log the check wrote, if
// one is named, is cleared, so that it holds only what the game's brain is sent.
EngineEntry checked(const std::string& options, const std::string& log = {}) {
    EngineRoster roster({}, quick_check());
    const auto outcome =
        add_to_roster(fake_brain(options + (log.empty() ? "" : " --log '" + log + "'")), roster);
    REQUIRE_MESSAGE(outcome.added, outcome.text);
    REQUIRE(roster.engines().size() == 1);
    if (!log.empty()) std::filesystem::remove(log);
    return roster.engines().front();
}

// The process group of the brain playing `side`, once it has been started on the engine's thread.
pid_t group_of(const Controller& c, Player side) {
    while (c.engine_group(side) <= 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return c.engine_group(side);
}

store::GameId new_game(Controller& c, const Rules& rules, Sides sides) {
    REQUIRE(c.apply(CreateGame{rules, "Ann", "Bob", std::move(sides)}));
    REQUIRE(c.session() != nullptr);
    return c.session()->id();
}

// Polls as the frame loop does until no engine thinks about a move any more.
void settle(Controller& c) {
    c.poll(now_ms(), 1000);
    while (c.is_thinking()) {
        c.finish_thinking();
        c.poll(now_ms(), 1000);
    }
}

const std::vector<store::StoredEvent> events_of(Controller& c, store::GameId id) {
    return c.store().events(id);
}

// What the brain was sent after START and the INFO lines (four of them without a match limit).
std::vector<std::string> sent_after_start(const std::string& log) {
    const auto lines = logged_lines(log);
    REQUIRE(lines.size() >= 5);
    return {lines.begin() + 5, lines.end()};
}

}  // namespace

TEST_CASE(
    "an engine is added once it answered ABOUT: its name, version and author, and whether it takes YXSTOP") {
    const EngineEntry plain = checked("");
    CHECK(plain.command == fake_brain(""));
    CHECK(plain.name == "fake brain");
    CHECK(plain.version == "1.2");
    CHECK(plain.author == "tictactrace tests");
    CHECK_FALSE(plain.yxstop);
    CHECK(plain.label() == "fake brain 1.2");
    CHECK(checked("--yxstop").yxstop);
    // One that says nothing of itself is named by its program.
    CHECK(checked("--about UNKNOWN").label() == "fake_brain");

    EngineRoster roster({}, quick_check());
    const auto added = add_to_roster(fake_brain("") + "  ", roster);
    CHECK(added.text ==
          "Added fake brain 1.2 by tictactrace tests; it does not take YXSTOP, so Stop cannot hurry "
          "it: it answers within its time.");
    CHECK(roster.engines().front().command == fake_brain(""));  // trimmed
    CHECK(roster.numbered(1) == &roster.engines().front());
    CHECK(roster.numbered(2) == nullptr);
    // The same command line twice is one engine.
    const auto again = add_to_roster(fake_brain(""), roster);
    CHECK_FALSE(again.added);
    CHECK(again.text == "Not added: fake brain 1.2 is listed already.");
    CHECK(roster.engines().size() == 1);
    roster.remove(0);
    CHECK(roster.engines().empty());
    CHECK(roster.outcome()->text == "Removed fake brain 1.2 from the list.");
}

TEST_CASE("an engine that cannot be added is refused in a sentence saying exactly what went wrong") {
    EngineRoster roster({}, quick_check());
    CHECK(add_to_roster("/no/such/brain --level 3", roster).text ==
          "Not added: cannot start the brain '/no/such/brain': No such file or directory.");
    CHECK(add_to_roster("false", roster)
              .text.starts_with("Not added: the brain exited with status 1 before it answered START 15"));
    CHECK(add_to_roster(fake_brain("--silent-about"), roster).text ==
          "Not added: the brain did not answer ABOUT within 500 ms (300 ms for a command and 200 ms of "
          "tolerance).");
    CHECK(add_to_roster(fake_brain("--refuse-start"), roster).text ==
          "Not added: the brain will not play gomoku 15x15, five in a row: it answered \"ERROR this size is "
          "not for me\".");
    CHECK(add_to_roster("'unclosed", roster)
              .text.starts_with("Not added: the brain's command line cannot be used:"));
    CHECK(add_to_roster("   ", roster).text == "Type the engine's command line first.");
    CHECK(roster.engines().empty());
    // A check gives no child of ours to wait for: each brain was ended and reaped.
    CHECK(ttt::testing::no_child_to_wait_for());
}

TEST_CASE("the list of engines is kept in settings.ini, each with what it said of itself") {
    TempDir dir("ttt-app");
    Settings s;
    s.engines.push_back(EngineEntry{"/opt/brains/pbrain-embryo --threads 1", "Embryo", "21.1", "Hong", true});
    s.engines.push_back(EngineEntry{"'my brain' -x", "", "", "", false});
    REQUIRE(s.save(dir.file("settings.ini")));
    const Settings back = Settings::load(dir.file("settings.ini"));
    CHECK(back.engines == s.engines);
    CHECK(back.engines[1].label() == "my brain");
}

TEST_CASE("--opponent names an engine by its number in the list") {
    auto c = parse_side_choice("o=engine:2");
    REQUIRE(c.has_value());
    CHECK(c->player == Player::O);
    CHECK(c->side.is_engine());
    CHECK(c->engine_number == 2);
    CHECK(c->side.think_ms == 0);
    c = parse_side_choice("x=engine:1:1500");
    REQUIRE(c.has_value());
    CHECK(c->side.think_ms == 1500);
    CHECK(engine_turn_ms(c->side) == 1500);
    const auto zero = parse_side_choice("o=engine:0");
    REQUIRE(!zero);
    CHECK(zero.error() ==
          "wants the engine's number in Game > Engines' list (from 1) after 'engine:', not '0'");
    CHECK(!parse_side_choice("o=engine:two"));
}

TEST_CASE("an engine playing O answers each move on its own, through the same append a click takes") {
    TempDir dir("ttt-app");
    const auto log = dir.file("log").string();
    pid_t group = -1;
    {
        Controller c(store::EventStore::open_in_memory());
        const auto id = new_game(c, Rules::gomoku(), Sides{Side::human(), Side::played_by(checked("", log))});
        c.apply(PlayMove{{7, 7}});
        c.poll(now_ms(), 1000);
        REQUIRE(c.is_thinking());
        group = group_of(c, Player::O);
        settle(c);
        CHECK(events_of(c, id).size() == 3);
        CHECK(c.session()->shown().position.board().at({0, 0}) == Cell::O);  // the fake's first empty cell
        // A click on its turn is refused, and says who plays it.
        c.apply(PlayMove{{8, 8}});
        settle(c);
        CHECK(c.engine_group(Player::O) == group);  // one process for the game
        CHECK(events_of(c, id).size() == 5);
        c.apply(PlayMove{{9, 9}});
        settle(c);
        CHECK(events_of(c, id).size() == 7);
    }
    // The controller gone, the brain is gone: END, a grace, then its group killed and reaped.
    CHECK_NOTHING_LEFT(group);
    CHECK(sent_after_start(log) == std::vector<std::string>{"TURN 7,7", "TURN 8,8", "TURN 9,9", "END"});
}

TEST_CASE("take back against an engine takes its reply too, and the engine hears it as two TAKEBACKs") {
    TempDir dir("ttt-app");
    const auto log = dir.file("log").string();
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::gomoku(), Sides{Side::human(), Side::played_by(checked("", log))});
    c.apply(PlayMove{{7, 7}});
    settle(c);
    REQUIRE(events_of(c, id).size() == 3);
    c.apply(TakeBack{});
    settle(c);
    CHECK(events_of(c, id).size() == 5);  // two take-backs: the person's move again
    CHECK(c.session()->shown().position.board().filled() == 0);
    CHECK(c.session()->end().to_move == Player::X);
    CHECK(c.notice()->text.starts_with("Took back O's move at (1, 1) and X's move at (8, 8)"));
    c.apply(PlayMove{{3, 3}});
    settle(c);
    CHECK(events_of(c, id).size() == 7);
    CHECK(sent_after_start(log) ==
          std::vector<std::string>{"TURN 7,7", "TAKEBACK 0,0", "TAKEBACK 7,7", "TURN 3,3"});
}

TEST_CASE("an engine that crashes forfeits: the forfeited event with its sentence, and its process is gone") {
    Controller c(store::EventStore::open_in_memory());
    const auto id =
        new_game(c, Rules::gomoku(), Sides{Side::human(), Side::played_by(checked("--crash-at 2"))});
    c.apply(PlayMove{{7, 7}});
    settle(c);
    const pid_t group = c.engine_group(Player::O);
    REQUIRE(group > 0);
    c.apply(PlayMove{{8, 8}});
    settle(c);
    const auto events = events_of(c, id);
    REQUIRE(events.size() == 5);
    const auto* forfeit = std::get_if<Forfeited>(&events.back().event);
    REQUIRE(forfeit != nullptr);
    CHECK(forfeit->player == Player::O);
    CHECK(forfeit->reason == ForfeitReason::Crash);
    CHECK(forfeit->detail ==
          "the brain exited with status 3 before it answered TURN 8,8; its last words on stderr "
          "were \"fake brain: crashing on purpose at move 2\"");
    CHECK(c.session()->end().outcome.status == Status::Forfeited);
    CHECK(c.session()->end().outcome.winner == std::optional<Player>(Player::X));
    CHECK(c.notice()->text == "O (fake brain 1.2) forfeits: " + forfeit->detail + "; X wins.");
    CHECK_NOTHING_LEFT_OF(group);
    CHECK(c.engine_group(Player::O) == -1);
}

TEST_CASE("Stop sends YXSTOP to an engine that takes it: it moves at once, though it was given a day") {
    TempDir dir("ttt-app");
    const auto log = dir.file("log").string();
    Controller c(store::EventStore::open_in_memory());
    const EngineEntry engine = checked("--yxstop --sleep-at 1:86400000", log);
    const auto id = new_game(c, Rules::gomoku(), Sides{Side::human(), Side::played_by(engine, 86'400'000)});
    c.apply(PlayMove{{7, 7}});
    c.poll(now_ms(), 1000);
    REQUIRE(c.is_thinking());
    const auto busy = c.thinking();
    REQUIRE(busy.has_value());
    CHECK(busy->engine == "fake brain 1.2");
    CHECK(busy->can_stop);
    CHECK(busy->within_ms == 86'400'000);
    c.apply(StopThinking{});
    CHECK(c.thinking()->stopping);
    settle(c);
    CHECK(events_of(c, id).size() == 3);
    CHECK(sent_after_start(log) == std::vector<std::string>{"TURN 7,7", "YXSTOP"});
}

TEST_CASE("Stop cannot hurry an engine that does not take YXSTOP: it says so, and sends nothing") {
    TempDir dir("ttt-app");
    const auto log = dir.file("log").string();
    Controller c(store::EventStore::open_in_memory());
    const auto id =
        new_game(c, Rules::gomoku(), Sides{Side::human(), Side::played_by(checked("--sleep-at 1:300", log))});
    c.apply(PlayMove{{7, 7}});
    c.poll(now_ms(), 1000);
    REQUIRE(c.is_thinking());
    CHECK_FALSE(c.thinking()->can_stop);
    c.apply(StopThinking{});
    CHECK(c.notice()->text ==
          "The engine fake brain 1.2 cannot be asked to move now (it does not take YXSTOP): it answers "
          "within its time, 5 s a move.");
    settle(c);
    CHECK(events_of(c, id).size() == 3);
    CHECK(sent_after_start(log) == std::vector<std::string>{"TURN 7,7"});
}

TEST_CASE("giving the side back to a person while the engine thinks ends its brain, and nothing is left") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::gomoku(),
                             Sides{Side::human(), Side::played_by(checked("--sleep-at 1:600000"), 600'000)});
    c.apply(PlayMove{{7, 7}});
    c.poll(now_ms(), 1000);
    REQUIRE(c.is_thinking());
    const pid_t group = group_of(c, Player::O);
    c.apply(SetSide{Player::O, Side::human()});
    c.poll(now_ms(), 1000);
    CHECK_FALSE(c.is_thinking());
    CHECK(c.engine_group(Player::O) == -1);
    CHECK_NOTHING_LEFT_OF(group);
    CHECK(events_of(c, id).size() == 2);  // its move never came
    // The person plays O now.
    c.apply(PlayMove{{8, 8}});
    CHECK(events_of(c, id).size() == 3);
}

TEST_CASE("an engine side is refused for rules a Gomocup brain cannot play, in the brains layer's words") {
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::classic(), Sides{});
    c.apply(SetSide{Player::O, Side::played_by(EngineEntry{fake_brain(""), "fake brain", "1.2", "", false})});
    CHECK_FALSE(c.sides().o.is_engine());
    CHECK(c.notice()->text ==
          "The engine fake brain 1.2 cannot play this game: a Gomocup brain plays five in a row, not "
          "classic 3x3, three in a row.");
}

TEST_CASE("our own brain plays O in the controller to the end of a game, every move legal") {
    Controller c(store::EventStore::open_in_memory());
    const EngineEntry ours{std::string("'") + TTT_TICTACTRACE + "' brain --level medium", "tictactrace", "",
                           "", false};
    const auto id = new_game(c, Rules::gomoku(false, 7, 7), Sides{Side::human(), Side::played_by(ours)});
    // X plays the first empty cell each turn; the engine answers until the game ends.
    while (!c.session()->end().outcome.over()) {
        const Board& b = c.session()->shown().position.board();
        std::optional<Pos> empty;
        for (int i = 0; i < b.size() && !empty; ++i)
            if (b.at(i) == Cell::Empty) empty = b.pos(i);
        REQUIRE(empty);
        c.apply(PlayMove{*empty});
        settle(c);
    }
    const auto events = events_of(c, id);
    const Outcome& out = c.session()->end().outcome;
    CHECK(out.status != Status::Forfeited);
    // Every O mark came from the engine: the moves alternate, and none was refused.
    CHECK(static_cast<int>(events.size()) == 1 + c.session()->shown().position.move_count());
}
