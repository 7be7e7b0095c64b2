// The Events panel and lesson links in the real window: the fold at a take-back and at a fork's first
// event, a click on a row moving the step History shows, the rebuild saying it matches the projection, and
// a lesson link copied from the View menu opening a second window at the same game, step and panels.
#include "gui_support.hpp"
#include "teach_support.hpp"

#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <string>
#include <variant>

using namespace ttt;
using namespace ttt::app::testing;

namespace {

struct Games {
    store::GameId game = 0;  // classic 3x3: X (2,2), O (1,1), taken back, O (1,3), X (3,1): steps 0..5
    store::GameId fork = 0;  // forked after step 3, then O (3,3)
};

Games write_games(const std::filesystem::path& db) {
    auto s = store::EventStore::open(db);
    Games g;
    g.game = s.create_game(GameCreated{Rules::classic(), "Ann", "Bob"}).value();
    const Event events[] = {MovePlayed{Player::X, {1, 1}}, MovePlayed{Player::O, {0, 0}},
                            MoveTakenBack{Player::O, {0, 0}}, MovePlayed{Player::O, {0, 2}},
                            MovePlayed{Player::X, {2, 0}}};
    store::Seq last = 0;
    for (const Event& e : events) {
        REQUIRE(s.append(g.game, last, e).has_value());
        ++last;
    }
    g.fork = s.fork(g.game, 3, Pos{2, 2}).value();
    return g;
}

std::optional<std::string> events_of(const Layout& l) {
    return part(l.line, "events");
}

// Where step `step`'s row is on screen, from the panel's rows ([step, x, y] each); nullopt off screen.
std::optional<std::pair<int, int>> row_at(const Layout& l, int step) {
    const auto e = part(l.line, "events");
    if (!e) return std::nullopt;
    const std::vector<double> rows = numbers(*e, "rows");
    for (std::size_t i = 0; i + 2 < rows.size(); i += 3)
        if (rows[i] == step) return std::pair{static_cast<int>(rows[i + 1]), static_cast<int>(rows[i + 2])};
    return std::nullopt;
}

int lit_of(const Layout& l) {
    const auto e = events_of(l);
    if (!e) return -1;
    const auto lit = numbers(*e, "lit");
    return lit.empty() ? -1 : static_cast<int>(lit[0]);
}

}  // namespace

TEST_CASE("the Events panel shows the take-back's fold, a click on a row moves the step, and the rebuild "
          "matches the projection") {
    WindowTest t;
    const Games g = write_games(t.db);
    OpenedApp opened =
        t.open(g.game, {"--at", "3", "--layout", "review"}, [](const Layout& l) { return lit_of(l) == 3; });
    AppProcess& app = opened.app;
    const std::string events = *events_of(opened.ready);
    CHECK(text(events, "type") == "move_taken_back");
    const auto fold = part(events, "fold");
    REQUIRE(fold);
    CHECK(text(*fold, "what") ==
          "O's mark at (1, 1) is taken back (the log keeps the move and its take-back)");
    CHECK(numbers(*fold, "cell") == std::vector<double>{1, 1});
    CHECK(numbers(*fold, "marks") == std::vector<double>{2, 1});
    CHECK(opened.ready.marks == 1);

    // Step 4's row, clicked: the step shown (History's too) becomes 4.
    const auto listed = app.wait_for([](const Layout& l) { return row_at(l, 4).has_value(); });
    REQUIRE(listed);
    const auto [x, y] = *row_at(*listed, 4);
    app.click_at(x, y);
    const auto moved = app.wait_for([](const Layout& l) { return l.step == 4 && lit_of(l) == 4; });
    REQUIRE(moved);
    CHECK(moved->marks == 2);
    CHECK(text(*part(*events_of(*moved), "fold"), "what") == "O marks (1, 3)");

    const std::vector<double> button = numbers(*events_of(*moved), "rebuild");
    app.click_at(static_cast<int>(button[0]), static_cast<int>(button[1]));
    const auto rebuilt = app.wait_for([](const Layout& l) {
        const auto e = part(l.line, "events");
        return e && !text(*e, "rebuilt").empty();
    });
    REQUIRE(rebuilt);
    CHECK(text(*events_of(*rebuilt), "rebuilt") == "same");
}

TEST_CASE("a fork's first event reads as a fork in the Events panel") {
    WindowTest t;
    const Games g = write_games(t.db);
    OpenedApp opened =
        t.open(g.fork, {"--at", "0", "--show", "events"}, [](const Layout& l) { return lit_of(l) == 0; });
    const std::string events = *events_of(opened.ready);
    CHECK(text(events, "type") == "game_forked");
    CHECK(text(*part(events, "fold"), "what") == "a fork: starts as game #" + std::to_string(g.game) +
                                                     " was after step 3; its moves follow as its own events");
}

TEST_CASE("a lesson link copied from the View menu opens a second window at the same game, step and panels") {
    WindowTest t;
    const Games g = write_games(t.db);
    OpenedApp opened = t.open(g.game, {"--at", "4", "--layout", "review", "--show", "this_move"},
                              [](const Layout& l) { return lit_of(l) == 4; });
    AppProcess& app = opened.app;
    const long long notice = opened.ready.notice;
    const std::vector<double> view = numbers(*part(opened.ready.line, "menu_bar"), "view");
    app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
    const auto menu = app.wait_for([](const Layout& l) {
        const auto b = part(l.line, "menu_bar");
        return b && !numbers(*b, "copy_link").empty();
    });
    REQUIRE(menu);
    const std::vector<double> item = numbers(*part(menu->line, "menu_bar"), "copy_link");
    app.click_at(static_cast<int>(item[0]), static_cast<int>(item[1]));
    const auto copied = app.wait_for([&](const Layout& l) { return l.notice > notice; });
    REQUIRE(copied);
    const std::string link = text(copied->line, "lesson_link");
    CHECK(link == "ttt:game=" + std::to_string(g.game) + "&at=4&show=this_move&layout=review");

    AppProcess second = t.start({"--db", t.db.string(), "--link", link});
    const auto there = second.wait_for([](const Layout& l) { return lit_of(l) == 4; });
    REQUIRE(there);
    CHECK(there->game == g.game);
    CHECK(there->step == 4);
    CHECK(text(there->line, "layout") == "review");
    bool this_move = false;
    for (const ShownWindow& w : windows_of(there->line)) this_move = this_move || w.id == "this_move";
    CHECK(this_move);
    CHECK(text(there->line, "lesson_link") == link);
}

TEST_CASE("a lesson link that cannot be followed is refused with a sentence and exit status 2") {
    WindowTest t;
    const Games g = write_games(t.db);
    const std::string game = std::to_string(g.game);
    const RunResult past = t.run({"--db", t.db.string(), "--link", "ttt:game=" + game + "&at=9"});
    CHECK(past.status == 2);
    CHECK(past.err.find("--link cannot be followed: game " + game + " has 5 steps, at=9 is past its end") !=
          std::string::npos);
    const RunResult unknown = t.run({"--db", t.db.string(), "--link", "ttt:game=" + game + "&zoom=2"}, false);
    CHECK(unknown.status == 2);
    CHECK(unknown.err.find("'zoom' is not part of a lesson link this program follows") != std::string::npos);
    const RunResult panel =
        t.run({"--db", t.db.string(), "--link", "ttt:game=" + game + "&show=nosuch"}, false);
    CHECK(panel.status == 2);
    CHECK(panel.err.find("there is none called 'nosuch'") != std::string::npos);
}

TEST_CASE("the Events panel settles on the step shown when the fold above it takes most of its height") {
    // Review at 1280x800 leaves the won gomoku game's table two rows under the fold's explanation. The fold
    // needs the step's row and the table the rows in view; read apart they put each other away, and the
    // panel redrew with other rows every frame, never lighting the step.
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.won, {"--at", "9", "--layout", "review"});
    AppProcess& app = opened.app;
    const auto settled = app.wait_for([](const Layout& l) { return lit_of(l) == 9; });
    REQUIRE_MESSAGE(settled, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*events_of(*settled), "type") == "move_played");
    // With no input, a settled window prints no other line.
    const auto changed = app.wait_for([&](const Layout& l) { return l.line != settled->line; }, 1500);
    CHECK_MESSAGE(!changed, "the panel went on to: " << (changed ? changed->line : ""));
}
