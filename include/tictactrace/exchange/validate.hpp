// Games checked by the engine before anything is written: every event folded, and the result a file
// declares compared with the fold.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ttt::exchange {

// Folds the creating event and every recorded event of `game` through the engine. On the first event
// the engine refuses, the error names it, says why, and points at where the file holds it.
[[nodiscard]] Result<GameState, ExchangeError> fold_record(const GameRecord& game, int game_index);

// Settles what `game` declares against `state`, its fold: a declared resignation (or loss on time or
// by forfeit) of a game the moves leave unfinished becomes a Resigned event of the loser, appended to the
// game and to `state`; any other disagreement becomes a note, and the game still imports as folded.
void settle_declared_result(GameRecord& game, GameState& state, int game_index,
                            std::vector<ImportNote>& notes);

// Both steps for a whole file: the first refused game stops it (nothing of a file is imported unless
// all of it is), notes collect the rest.
[[nodiscard]] Result<void, ExchangeError> validate_games(std::vector<GameRecord>& games,
                                                        std::vector<ImportNote>& notes);

}  // namespace ttt::exchange
