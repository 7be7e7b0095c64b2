// How `hint` prints the built-in opponent's move and what it thinks of the position, for people and as
// one JSON object. Pure functions of the search's report.
#pragma once

#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/store/event_store.hpp>

#include <string>

namespace ttt::cli {

// {"id":G,"player":"x"|"o","row":R,"col":C,"level":"strong","evaluation":{"kind":..,"score":..,
//  "plies":..,"text":..},"method":"solver"|...,"depth":D,"nodes":N,"elapsed_ms":T,"stopped":false}, the
// cell 1-based; the evaluation is from the point of view of `player`, the side to move. `report` has a move.
[[nodiscard]] std::string hint_json(store::GameId id, Player player, Level level, const SearchReport& report);

// "X to move: (2, 2), a draw (strong: solver, 9 plies, 363 nodes in 0 ms)".
[[nodiscard]] std::string hint_text(Player player, Level level, const SearchReport& report);

// A brain's hint, which says nothing of the position: {"id":G,"player":"x","row":R,"col":C,"engine":NAME}
// and "X to move: (2, 2) (the brain NAME)".
[[nodiscard]] std::string brain_hint_json(store::GameId id, Player player, const std::string& engine,
                                          Pos move);
[[nodiscard]] std::string brain_hint_text(Player player, const std::string& engine, Pos move);

}  // namespace ttt::cli
