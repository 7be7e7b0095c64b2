// What the window tests that play against a program (the built-in, an engine) share: whether it thinks,
// a click on a place a panel reported, the game as the log holds it, and a game played by clicks to its
// end with the program answering by itself.
#pragma once

#include "gui_support.hpp"
#include "tictactrace/engine/game_state.hpp"

#include <filesystem>
#include <string>

namespace ttt::app::testing {

// Whether the layout line says the built-in or an engine is thinking.
[[nodiscard]] bool thinking(const Layout& l);

// Clicks the centre `name` of the part `object` of the layout line (e.g. "new_game", "start").
void click_part(AppProcess& app, const Layout& l, const std::string& object, const std::string& name);

// Ctrl+N, and the New game dialog's line once it has settled (a dialog grows to its content over its
// first frames).
[[nodiscard]] Layout open_new_game(AppProcess& app);
// Clicks New game's target `name`, then waits until the dialog's `key` reads `value`; its settled line.
[[nodiscard]] Layout choose_in_new_game(AppProcess& app, const Layout& l, const std::string& name,
                                        const std::string& key, const std::string& value);

// The game as the log holds it, folded by the store.
[[nodiscard]] GameState stored(const std::filesystem::path& db, store::GameId game);

// X clicks the first empty cell, row by row, whenever it is X's turn and nothing thinks, and the other
// side answers by itself, until the game ends: the first layout line that shows it over. `each_turn` sees
// every line X moved on.
Layout play_x_to_end(AppProcess& app, const std::filesystem::path& db, store::GameId game,
                     const std::function<void(const Layout&)>& each_turn = {});

}  // namespace ttt::app::testing
