// External engines in the window, driven like a person with xdotool, the engines real processes of their
// own: `tictactrace brain` added through Game > Engines by typing its command line and listed by its ABOUT
// name, then chosen for O in New game and played against by clicks to the end of a game; a fake brain that
// crashes forfeits, as the status and the log say; one that does not answer ABOUT is refused in a sentence;
// Stop makes an engine that takes YXSTOP move at once, and says when an engine that does not will answer;
// take back goes to the engine too. After each, no process the app started is left behind.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"
#include "tictactrace/store/event_store.hpp"

#include "../brains/fake_brain.hpp"
#include "../common/leftovers.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;
using ttt::testing::fake_brain;

namespace {

// The strings of the array after "key": in `object`.
std::vector<std::string> strings_of(const std::string& object, const std::string& key) {
    return Json(object).texts(key);
}

// Game > Engines..., clicked, until the dialog is up with its command field taking the keys.
Layout open_engines_dialog(AppProcess& app, const Layout& from) {
    click_part(app, from, "menu_bar", "game");
    auto menu = app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        return bar && !numbers(*bar, "engines").empty();
    });
    REQUIRE(menu);
    click_part(app, *menu, "menu_bar", "engines");
    auto dialog = app.wait_for([](const Layout& l) {
        const auto d = part(l.line, "engines");
        return d && Json(*d).flag("command_active") == true;
    });
    REQUIRE_MESSAGE(dialog, "last line " << (app.last() ? app.last()->line : ""));
    return settled_line(app, *dialog);
}

// Types `command` into the dialog's field (over what it holds) and presses Enter: the outcome the dialog
// then shows.
Layout add_engine(AppProcess& app, const std::string& command) {
    REQUIRE(app.wait_for([](const Layout& l) {
        const auto d = part(l.line, "engines");
        return d && Json(*d).flag("command_active") == true;
    }));
    app.press_key("ctrl+a");
    REQUIRE(app.xdotool({"type", "--window", app.window(), "--delay", "20", command}));
    REQUIRE_MESSAGE(app.wait_for([&](const Layout& l) {
        const auto d = part(l.line, "engines");
        return d && text(*d, "command") == command && l.keys == 0;
    }),
                    "typed " << command << "; last line " << (app.last() ? app.last()->line : ""));
    const auto before = app.last() ? text(*part(app.last()->line, "engines"), "outcome") : std::string();
    app.press_key("Return");
    auto done = app.wait_for([&](const Layout& l) {
        const auto d = part(l.line, "engines");
        return d && Json(*d).flag("checking") == false && text(*d, "outcome") != before;
    });
    REQUIRE_MESSAGE(done, "last line " << (app.last() ? app.last()->line : ""));
    return *done;
}

// The process group of O's engine, as the layout line reports it (-1 while none runs).
long long o_group(const Layout& l) {
    const auto o = part(l.line, "opponent");
    const auto side = o ? part(*o, "o") : std::nullopt;
    const auto group = side ? numbers(*side, "group") : std::vector<double>{};
    return group.size() == 1 ? static_cast<long long>(group[0]) : -1;
}

std::string settings_text(const WindowTest& t) {
    std::ifstream in(t.config / "tictactrace" / "settings.ini");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The fake brain run with `options` as the first engine of the list, as Game > Engines would have kept it.
void list_fake_brain(WindowTest& t, const std::string& options, bool yxstop = false) {
    write_setting(t.config, "engine=" + fake_brain(options));
    write_setting(t.config, "engine_name=fake brain");
    write_setting(t.config, std::string("engine_yxstop=") + (yxstop ? "1" : "0"));
}

// SIGTERM, as the end of a session sends it: the app ends as Quit ends it (status 0, within the two seconds
// before SIGKILL), and nothing of the brain of `group` is left.
void end_leaving_nothing(AppProcess& app, long long group) {
    CHECK(app.terminate() == 0);
    CHECK_NOTHING_LEFT_OF(static_cast<pid_t>(group));
}

}  // namespace

TEST_CASE(
    "tictactrace brain, added by typing its command line, is listed by its name and plays O to the end") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);
    AppProcess& app = o.app;

    const Layout dialog = open_engines_dialog(app, o.ready);
    CHECK(strings_of(*part(dialog.line, "engines"), "listed").empty());
    const std::string command = std::string(TTT_CLI_EXE) + " brain --level medium";
    const Layout added = add_engine(app, command);
    const auto d = *part(added.line, "engines");
    CHECK(Json(d).flag("added") == true);
    const auto listed = strings_of(d, "listed");
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].starts_with("tictactrace "));  // the name and the version its ABOUT gave
    CHECK(text(d, "outcome").starts_with("Added " + listed[0] + " by tictactrace; it does not take YXSTOP"));
    CHECK(text(d, "command").empty());  // ready for the next one
    // Kept for the next start: the command line as typed, and what ABOUT said.
    const std::string kept = settings_text(t);
    CHECK(kept.find("engine=" + command + "\n") != std::string::npos);
    CHECK(kept.find("engine_name=tictactrace\n") != std::string::npos);
    app.press_key("Escape");
    REQUIRE(app.wait_for([](const Layout& l) { return !part(l.line, "engines"); }));

    // New game: gomoku as it comes, O played by the engine.
    app.press_key("ctrl+n");
    auto form = app.wait_for([](const Layout& l) { return part(l.line, "new_game").has_value(); });
    REQUIRE(form);
    *form = settled_line(app, *form);
    CHECK(text(*part(form->line, "new_game"), "rules") == "gomoku");
    click_part(app, *form, "new_game", "o_engine");
    auto chosen = app.wait_for([&](const Layout& l) {
        const auto n = part(l.line, "new_game");
        return n && text(*n, "o_side") == "engine " + listed[0];
    });
    REQUIRE(chosen);
    click_part(app, *chosen, "new_game", "start");
    auto game = app.wait_for([&](const Layout& l) { return l.game != f.small && l.cell > 0; });
    REQUIRE(game);
    const store::GameId id = game->game;
    const Json o_side(Json(*part(game->line, "opponent")).dump("o").value_or(""));
    CHECK(o_side.text("kind") == "engine");
    CHECK(o_side.text("name").value_or("").starts_with(listed[0]));

    // X clicks the first empty cell each turn; O answers by itself, from the engine's process.
    long long group = -1;
    const Layout end = play_x_to_end(app, t.db, id, [&](const Layout& l) {
        if (o_group(l) > 0) group = o_group(l);
    });
    CHECK(group > 0);
    // The board and the outcome the window shows are the log's.
    const GameState state = stored(t.db, id);
    CHECK(state.position.outcome().over());
    CHECK(end.status == name_of(state.position.outcome().status));
    CHECK(end.marks == state.position.board().filled());
    CHECK(state.position.outcome().status != Status::Forfeited);
    // Every O mark came from the engine: X clicked one cell a turn, O had its turn after each.
    const Board& board = state.position.board();
    int xs = 0, os = 0;
    for (int i = 0; i < board.size(); ++i) {
        if (board.at(i) == Cell::X) ++xs;
        if (board.at(i) == Cell::O) ++os;
    }
    CHECK((os == xs || os + 1 == xs));
    CHECK(os > 0);
    end_leaving_nothing(app, group);
}

TEST_CASE("an engine that does not answer ABOUT is refused with the sentence that says so, and not listed") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);
    AppProcess& app = o.app;
    (void)open_engines_dialog(app, o.ready);
    // Typed without quotes: the path has no blanks.
    const Layout refused = add_engine(app, std::string(TTT_FAKE_BRAIN) + " --silent-about");
    const auto d = *part(refused.line, "engines");
    CHECK(text(d, "outcome") ==
          "Not added: the brain did not answer ABOUT within 6000 ms (5000 ms for a command "
          "and 1000 ms of tolerance).");
    CHECK(Json(d).flag("added") == false);
    CHECK(strings_of(d, "listed").empty());
    CHECK(settings_text(t).find("engine=") == std::string::npos);
    // The brain it started was ended and reaped: no child of the app, a zombie included.
    const auto left = ttt::testing::children_left(app.pid());
    for (const auto& process : left) FAIL_CHECK("left behind: " << process);
    // And a program that is not there is refused with its own sentence.
    const Layout missing = add_engine(app, "/no/such/pbrain");
    CHECK(text(*part(missing.line, "engines"), "outcome") ==
          "Not added: cannot start the brain '/no/such/pbrain': No such file or directory.");
}

TEST_CASE(
    "a fake brain that crashes at its second move forfeits: the status, the history and the log say so") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::gomoku(), {{7, 7}});
    list_fake_brain(t, "--crash-at 2");
    OpenedApp o = t.open(id, {"--opponent", "o=engine:1"});
    AppProcess& app = o.app;
    // Its first move comes (the first empty cell, (1, 1)), from a process of its own.
    auto replied = app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); });
    REQUIRE_MESSAGE(replied, "last line " << (app.last() ? app.last()->line : ""));
    const long long group = o_group(*replied);
    CHECK(group > 0);
    app.click_at(replied->px(8, 0.5), replied->py(8, 0.5));
    auto over = app.wait_for([&](const Layout& l) { return l.game == id && l.status == "forfeited"; });
    REQUIRE_MESSAGE(over, "last line " << (app.last() ? app.last()->line : ""));
    CHECK(
        text(over->line, "notice_text") ==
        "O (fake brain) forfeits: the brain exited with status 3 before it answered TURN 8,8; its last words "
        "on stderr were \"fake brain: crashing on purpose at move 2\"; X wins.");
    // The log holds the forfeit as the game's last event, with the reason and the brains layer's sentence.
    auto store = store::EventStore::open(t.db);
    const auto events = store.events(id);
    REQUIRE(events.size() == 5);
    const auto* forfeit = std::get_if<Forfeited>(&events.back().event);
    REQUIRE(forfeit != nullptr);
    CHECK(forfeit->player == Player::O);
    CHECK(forfeit->reason == ForfeitReason::Crash);
    CHECK(forfeit->detail.starts_with("the brain exited with status 3 before it answered TURN 8,8"));
    const GameState state = stored(t.db, id);
    CHECK(state.position.outcome().status == Status::Forfeited);
    CHECK(state.position.outcome().winner == std::optional<Player>(Player::X));
    // The crashed brain is gone and reaped, while the app runs on.
    CHECK(app.alive());
    const auto left = ttt::testing::children_left(app.pid());
    for (const auto& process : left) FAIL_CHECK("left behind: " << process);
    CHECK(left.empty());
    end_leaving_nothing(app, group);
}

TEST_CASE("Stop makes an engine that takes YXSTOP move at once, though it was given a day a move") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::gomoku(), {{7, 7}});
    list_fake_brain(t, "--yxstop --sleep-at 1:86400000", true);
    OpenedApp o = t.open(id, {"--opponent", "o=engine:1:86400000"});
    AppProcess& app = o.app;
    auto busy = app.wait_for([](const Layout& l) {
        return thinking(l) && Json(l.line).flag("can_stop") == true &&
               Json(l.line).has("stop_button");
    });
    REQUIRE_MESSAGE(busy, "last line " << (app.last() ? app.last()->line : ""));
    const long long group = o_group(*busy);
    const auto at = numbers(busy->line, "stop_button");
    REQUIRE(at.size() == 2);
    app.click_at(static_cast<int>(at[0]), static_cast<int>(at[1]));
    const auto moved = app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); });
    REQUIRE_MESSAGE(moved, "last line " << (app.last() ? app.last()->line : ""));
    CHECK(event_count(t.db, id) == 3);
    CHECK(stored(t.db, id).position.to_move() == Player::X);
    end_leaving_nothing(app, group);
}

TEST_CASE("an engine that does not take YXSTOP gets no Stop: the button says it answers within its time") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::gomoku(), {{7, 7}});
    list_fake_brain(t, "--sleep-at 1:1500 --messages");
    OpenedApp o = t.open(id, {"--opponent", "o=engine:1:10000"});
    AppProcess& app = o.app;
    auto busy = app.wait_for([](const Layout& l) { return thinking(l); });
    REQUIRE(busy);
    const auto opponent = *part(busy->line, "opponent");
    CHECK(Json(opponent).flag("can_stop") == false);
    CHECK(text(opponent, "engine") == "fake brain");
    // Its words while it thinks: the MESSAGE and DEBUG lines it wrote before it slept.
    auto said = app.wait_for([](const Layout& l) {
        const auto sides = part(l.line, "opponent");
        return sides &&
               strings_of(*sides, "messages") == std::vector<std::string>{"thinking about move 1", "depth 1"};
    });
    CHECK_MESSAGE(said, "last line " << (app.last() ? app.last()->line : ""));
    // Enter, which stops the built-in, says why it cannot stop this one, and nothing is played early.
    app.press_key("Return");
    auto told = app.wait_for([](const Layout& l) {
        return text(l.line, "notice_text").starts_with("The engine fake brain cannot be asked to move now");
    });
    CHECK(told);
    CHECK(
        text(told ? told->line : std::string(), "notice_text") ==
        "The engine fake brain cannot be asked to move now (it does not take YXSTOP): it answers within its "
        "time, 10 s a move.");
    REQUIRE(app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); }));
    CHECK(event_count(t.db, id) == 3);
}

TEST_CASE("take back against an engine takes its reply too, and the engine is told with TAKEBACK") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::gomoku(), {{7, 7}});
    const std::string log = t.dir.file("brain.log").string();
    list_fake_brain(t, "--log '" + log + "'");
    OpenedApp o = t.open(id, {"--opponent", "o=engine:1"});
    AppProcess& app = o.app;
    auto replied = app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); });
    REQUIRE(replied);
    app.press_key("ctrl+z");
    auto back = app.wait_for([](const Layout& l) { return l.marks == 0 && l.last_step == 4; });
    REQUIRE_MESSAGE(back, "last line " << (app.last() ? app.last()->line : ""));
    CHECK(!thinking(*back));  // the person's move again: the engine waits
    app.click_at(back->px(3, 0.5), back->py(3, 0.5));
    REQUIRE(app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); }));
    CHECK(event_count(t.db, id) == 7);
    const auto lines = ttt::testing::logged_lines(log);
    REQUIRE(lines.size() >= 4);
    CHECK(std::vector<std::string>(lines.end() - 4, lines.end()) ==
          std::vector<std::string>{"TURN 7,7", "TAKEBACK 0,0", "TAKEBACK 7,7", "TURN 3,3"});
}
