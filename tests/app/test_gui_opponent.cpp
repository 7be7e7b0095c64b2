// Playing the built-in opponent in the window, driven like a person with xdotool: a game of classic
// against the perfect level chosen in the new game dialog and played by clicks to its end, which the
// person never wins (read from the log through the store); Stop on gomoku, where the built-in was given a
// day a move, makes it move at once; a hint lit on the board and not played; take back against the
// built-in takes its reply too; and a clock running out ends the game as a time forfeit.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

std::optional<std::string> opponent(const Layout& l) {
    return part(l.line, "opponent");
}

// The hint cell the layout line reports, 0-based, or nullopt.
std::optional<Pos> hint_of(const Layout& l) {
    const auto o = opponent(l);
    if (!o) return std::nullopt;
    const auto at = numbers(*o, "hint");
    if (at.size() != 2) return std::nullopt;
    return Pos{static_cast<int>(at[0]), static_cast<int>(at[1])};
}

}  // namespace

TEST_CASE("a game of classic against the perfect built-in, played by clicks to its end, is never won") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);
    AppProcess& app = o.app;

    app.press_key("ctrl+n");
    auto dialog = app.wait_for([](const Layout& l) { return part(l.line, "new_game").has_value(); });
    REQUIRE(dialog);
    *dialog = settled_line(app, *dialog);
    click_part(app, *dialog, "new_game", "classic");
    auto classic = app.wait_for([](const Layout& l) {
        const auto d = part(l.line, "new_game");
        return d && text(*d, "rules") == "classic";
    });
    REQUIRE(classic);
    *classic = settled_line(app, *classic);
    click_part(app, *classic, "new_game", "o_perfect");
    auto chosen = app.wait_for([](const Layout& l) {
        const auto d = part(l.line, "new_game");
        return d && text(*d, "o_side") == "perfect";
    });
    REQUIRE(chosen);
    click_part(app, *chosen, "new_game", "start");
    auto game = app.wait_for([&](const Layout& l) { return l.game != f.small && l.cell > 0; });
    REQUIRE(game);
    const store::GameId id = game->game;
    const auto sides = opponent(*game);
    REQUIRE(sides);
    CHECK(Json(*sides).dump("x") == R"({"kind":"human"})");
    const Json o_side(Json(*sides).dump("o").value_or(""));
    CHECK(o_side.text("kind") == "builtin");
    CHECK(o_side.text("level") == "perfect");

    // X clicks the first empty cell each turn; O answers by itself.
    const Layout end = play_x_to_end(app, t.db, id);
    const GameState state = stored(t.db, id);
    CHECK(state.position.outcome().over());
    CHECK(state.position.outcome().winner != std::optional<Player>(Player::X));
    // Every O move came from the built-in: as many O marks as the log holds O moves, none clicked.
    CHECK(state.position.board().filled() == end.marks);
}

TEST_CASE("Stop makes the built-in, given a day a move on gomoku, play its best move at once") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::gomoku(), {{7, 7}});
    OpenedApp o = t.open(id, {"--opponent", "o=strong:86400000"});
    AppProcess& app = o.app;
    auto busy = app.wait_for(
        [](const Layout& l) { return thinking(l) && Json(l.line).has("stop_button"); });
    REQUIRE(busy);
    CHECK(busy->marks == 1);
    const auto at = numbers(busy->line, "stop_button");
    REQUIRE(at.size() == 2);
    app.click_at(static_cast<int>(at[0]), static_cast<int>(at[1]));
    const auto moved = app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); });
    REQUIRE_MESSAGE(moved, "clicked " << at[0] << "," << at[1] << "; last line "
                                      << (app.last() ? app.last()->line : ""));
    CHECK(event_count(t.db, id) == 3);
    CHECK(stored(t.db, id).position.board().at({7, 7}) == Cell::X);
    CHECK(stored(t.db, id).position.to_move() == Player::X);
}

TEST_CASE("Enter stops the built-in too, and a click while it thinks plays nothing and says why") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::gomoku(), {{7, 7}});
    OpenedApp o = t.open(id, {"--opponent", "o=strong:86400000"});
    AppProcess& app = o.app;
    auto busy = app.wait_for([](const Layout& l) { return thinking(l); });
    REQUIRE(busy);
    app.click_at(busy->px(0, 0.5), busy->py(0, 0.5));
    const auto refused = app.wait_for([&](const Layout& l) { return l.notice > busy->notice; });
    REQUIRE(refused);
    CHECK(refused->marks == 1);
    CHECK(event_count(t.db, id) == 2);
    app.press_key("Return");
    REQUIRE(app.wait_for([](const Layout& l) { return l.marks == 2 && !thinking(l); }));
    CHECK(event_count(t.db, id) == 3);
}

TEST_CASE("H lights the built-in's hint on the board without playing it, and a move puts it away") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);
    AppProcess& app = o.app;
    app.press_key("h");
    const auto hinted = app.wait_for([](const Layout& l) { return hint_of(l).has_value(); });
    REQUIRE(hinted);
    const Pos hint = *hint_of(*hinted);
    CHECK(event_count(t.db, f.small) == 3);  // created and two moves: nothing played
    CHECK(hinted->marks == 2);
    CHECK(stored(t.db, f.small).position.board().at(hint) == Cell::Empty);
    CHECK(!text(*opponent(*hinted), "hint_eval").empty());

    // Another cell than the hint: the position changes and the hint goes.
    const Pos other = hint == Pos{2, 2} ? Pos{0, 2} : Pos{2, 2};
    app.click_at(hinted->px(other.col, 0.5), hinted->py(other.row, 0.5));
    const auto played = app.wait_for([](const Layout& l) { return l.marks == 3 && !hint_of(l); });
    REQUIRE(played);
    CHECK(event_count(t.db, f.small) == 4);
}

TEST_CASE("take back against the built-in takes two moves back: its reply and the person's move") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small, {"--opponent", "o=perfect"});
    AppProcess& app = o.app;
    // X to move: (3, 3) is empty.
    app.click_at(o.ready.px(2, 0.5), o.ready.py(2, 0.5));
    const auto replied = app.wait_for([](const Layout& l) { return l.marks == 4 && !thinking(l); });
    REQUIRE(replied);
    CHECK(event_count(t.db, f.small) == 5);
    app.press_key("ctrl+z");
    const auto back = app.wait_for([](const Layout& l) { return l.marks == 2 && l.last_step == 6; });
    REQUIRE(back);
    CHECK(event_count(t.db, f.small) == 7);  // two take-backs appended; the history keeps every move
    const GameState state = stored(t.db, f.small);
    CHECK(state.position.to_move() == Player::X);
    CHECK(state.position.board().filled() == 2);
    // And the built-in does not move again: it is the person's turn.
    CHECK(!thinking(*back));
}

TEST_CASE("a clock running out: X, who does not move, forfeits on time") {
    WindowTest t;
    const store::GameId id = game_of(t, Rules::classic(), {});
    OpenedApp o = t.open(id, {"--clock", "1500"});
    AppProcess& app = o.app;
    // X's game time, as the layout line reports it.
    const auto x_left = [](const Layout& l) -> std::optional<double> {
        const auto clock = part(l.line, "clock");
        const auto x = clock ? part(*clock, "x") : std::nullopt;
        const auto ms = x ? numbers(*x, "game_ms") : std::vector<double>{};
        return ms.size() == 1 ? std::optional<double>(ms[0]) : std::nullopt;
    };
    const auto running = app.wait_for([&](const Layout& l) {
        const auto left = x_left(l);
        return l.status == "playing" && left && *left < 1500 && *left > 0 &&
               text(*part(l.line, "clock"), "running") == "x";
    });
    REQUIRE(running);
    const auto over = app.wait_for([&](const Layout& l) { return l.game == id && l.status == "forfeited"; });
    REQUIRE_MESSAGE(over, "last line " << (app.last() ? app.last()->line : ""));
    CHECK(x_left(*over) == 0.0);
    CHECK(Json(over->line).is_null("running"));
    CHECK(over->marks == 0);

    // The log holds the forfeit, through the store, as the game's last event.
    auto store = store::EventStore::open(t.db);
    const auto events = store.events(id);
    REQUIRE(events.size() == 2);
    const auto* forfeit = std::get_if<Forfeited>(&events.back().event);
    REQUIRE(forfeit);
    CHECK(forfeit->player == Player::X);
    CHECK(forfeit->reason == ForfeitReason::Timeout);
    CHECK(forfeit->detail == "X's flag fell: 1.5 s a game used up");
    const GameState state = stored(t.db, id);
    CHECK(state.position.outcome().status == Status::Forfeited);
    CHECK(state.position.outcome().winner == std::optional<Player>(Player::O));
}
