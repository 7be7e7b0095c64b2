// A swap2 opening in the window, played by clicks as two people at one mouse would: New game's Opening
// list, the first player's three stones on the board, Status's choice buttons (a stone clicked while the
// choice is due plays nothing), two more stones, the colour chosen; the log holds the choices and the
// names follow the colours; exported by the command line and imported back, the game is the same.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

std::optional<std::string> dialog(const Layout& l) {
    return part(l.line, "new_game");
}

bool buttons(const Layout& l, const char* which) {
    const auto b = part(l.line, "opening_buttons");
    return b && !numbers(*b, which).empty();
}

// Clicks board cell p and waits for the marks to reach `marks`.
Layout stone(AppProcess& app, const Layout& on, Pos p, int marks) {
    app.click_at(on.px(p.col, 0.5), on.py(p.row, 0.5));
    const auto placed = app.wait_for([&](const Layout& l) { return l.marks == marks; });
    REQUIRE_MESSAGE(placed, "the stone at " << cell_label(p) << " did not come");
    return *placed;
}

// A command line run to its end.
ttt::testing::Finished run_program(std::vector<std::string> argv) {
    ttt::testing::ChildOptions o;
    o.argv = std::move(argv);
    return ttt::testing::run_to_end(std::move(o));
}

}  // namespace

TEST_CASE("a swap2 opening by clicks: three stones, two more, then the first player takes white") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);
    AppProcess& app = o.app;

    const Layout form = open_new_game(app);
    const Layout gomoku = choose_in_new_game(app, form, "gomoku", "rules", "gomoku");
    click_part(app, gomoku, "new_game", "opening_list");
    auto listed = app.wait_for(
        [](const Layout& l) { return dialog(l) && !numbers(*dialog(l), "opening_swap2").empty(); });
    REQUIRE(listed);
    // The list finds its place over its first frames (below the box, or above it where there is no room).
    *listed = settled_line(app, *listed);
    const Layout chosen = choose_in_new_game(app, *listed, "opening_swap2", "opening", "swap2");
    click_part(app, chosen, "new_game", "start");
    auto game =
        app.wait_for([&](const Layout& l) { return l.game != f.small && l.rows == 15 && l.cell > 0; });
    REQUIRE(game);
    const store::GameId id = game->game;
    Layout now = settled_line(app, *game);

    // The first player's three stones: black, white, black.
    now = stone(app, now, {7, 7}, 1);
    now = stone(app, now, {7, 8}, 2);
    now = stone(app, now, {8, 8}, 3);
    auto due = app.wait_for([](const Layout& l) { return buttons(l, "two"); });
    REQUIRE_MESSAGE(due, (app.last() ? app.last()->line : std::string()));
    // A stone while the choice is due plays nothing, and says why.
    const long long events = event_count(t.db, id);
    app.click_at(now.px(6, 0.5), now.py(6, 0.5));
    const auto refused = app.wait_for([&](const Layout& l) { return l.notice > due->notice; });
    REQUIRE(refused);
    CHECK_MESSAGE(refused->line.find("the opening waits for O's choice") != std::string::npos,
                  text(refused->line, "notice_text"));
    CHECK(event_count(t.db, id) == events);

    click_part(app, *due, "opening_buttons", "two");
    auto placing =
        app.wait_for([](const Layout& l) { return !part(l.line, "opening_buttons") && l.marks == 3; });
    REQUIRE(placing);
    now = stone(app, *placing, {6, 7}, 4);
    now = stone(app, now, {9, 9}, 5);
    // The first player's choice: a colour only.
    auto second = app.wait_for([](const Layout& l) { return buttons(l, "white") && !buttons(l, "two"); });
    REQUIRE(second);
    click_part(app, *second, "opening_buttons", "white");
    auto over =
        app.wait_for([](const Layout& l) { return !part(l.line, "opening_buttons") && l.marks == 5; });
    REQUIRE(over);
    // White (the first player, now) moves on, like any move.
    (void)stone(app, *over, {6, 6}, 6);

    // The log: the two choices by the right players, and the names following the colours.
    const GameState state = stored(t.db, id);
    CHECK(state.opening.rule == OpeningRule::Swap2);
    REQUIRE(state.opening.count == 2);
    CHECK(state.opening.choices[0] == OpeningChoice::PlaceTwo);
    CHECK(state.opening.choices[1] == OpeningChoice::TakeWhite);
    CHECK(state.x_name == state.opening.second_name);
    CHECK(state.o_name == state.opening.first_name);
    CHECK(state.position.move_count() == 6);

    // Exported and imported back by the command line: the same events, choices included.
    const auto json = t.dir.file("swap2.json");
    const auto exported = run_program({TTT_CLI_EXE, "export", std::to_string(id), "--format", "json", "-o",
                                       json.string(), "--db", t.db.string()});
    REQUIRE(exported.status == 0);
    const auto other_db = t.dir.file("other.db");
    const auto imported = run_program({TTT_CLI_EXE, "import", json.string(), "--db", other_db.string()});
    REQUIRE_MESSAGE(imported.status == 0, imported.err);
    const GameState back = stored(other_db, 1);
    CHECK(back.opening == state.opening);
    CHECK(back.x_name == state.x_name);
    CHECK(back.position.board() == state.position.board());
}
