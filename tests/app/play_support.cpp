// Playing against a program in the window tests.
#include "play_support.hpp"

#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <optional>

namespace ttt::app::testing {

bool thinking(const Layout& l) {
    return Json(l.line).flag("thinking") == true;
}

void click_part(AppProcess& app, const Layout& l, const std::string& object, const std::string& name) {
    const auto o = part(l.line, object);
    REQUIRE_MESSAGE(o, object << " is not in " << l.line);
    const auto at = numbers(*o, name);
    REQUIRE_MESSAGE(at.size() == 2, name << " is not in " << *o);
    app.click_at(static_cast<int>(at[0]), static_cast<int>(at[1]));
}

Layout open_new_game(AppProcess& app) {
    app.press_key("ctrl+n");
    const auto dialog = app.wait_for([](const Layout& l) { return part(l.line, "new_game").has_value(); });
    REQUIRE(dialog);
    return settled_line(app, *dialog);
}

Layout choose_in_new_game(AppProcess& app, const Layout& l, const std::string& name, const std::string& key,
                          const std::string& value) {
    click_part(app, l, "new_game", name);
    const auto chosen = app.wait_for([&](const Layout& next) {
        const auto d = part(next.line, "new_game");
        return d && text(*d, key) == value;
    });
    REQUIRE_MESSAGE(chosen, "New game's " << key << " did not become " << value);
    return settled_line(app, *chosen);
}

GameState stored(const std::filesystem::path& db, store::GameId game) {
    auto store = store::EventStore::open(db);
    auto loaded = store.load(game);
    REQUIRE(loaded.has_value());
    return std::move(loaded).value().state;
}

Layout play_x_to_end(AppProcess& app, const std::filesystem::path& db, store::GameId game,
                     const std::function<void(const Layout&)>& each_turn) {
    for (;;) {
        auto mine = app.wait_for([&](const Layout& l) {
            return l.game == game && (l.status != "playing" || (l.marks % 2 == 0 && !thinking(l)));
        });
        REQUIRE_MESSAGE(mine, "last line " << (app.last() ? app.last()->line : ""));
        if (each_turn) each_turn(*mine);
        if (mine->status != "playing") return *mine;
        const GameState state = stored(db, game);
        REQUIRE(state.position.to_move() == Player::X);
        const Board& board = state.position.board();
        std::optional<Pos> empty;
        for (int i = 0; i < board.size() && !empty; ++i)
            if (board.at(i) == Cell::Empty) empty = board.pos(i);
        REQUIRE(empty);
        const int marks = mine->marks;
        app.click_at(mine->px(empty->col, 0.5), mine->py(empty->row, 0.5));
        REQUIRE(app.wait_for([&](const Layout& l) { return l.marks > marks; }));
    }
}

}  // namespace ttt::app::testing
