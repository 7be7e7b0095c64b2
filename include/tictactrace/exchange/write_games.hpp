// Games to a file's bytes in any format: what `export` writes.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/format.hpp"
#include "tictactrace/exchange/game_record.hpp"

#include <span>
#include <string>
#include <variant>

namespace ttt::exchange {

// The file of `games` in `format`. Refused when the format cannot hold them: PSQ holds exactly one
// game, SGF at most 52x52 boards, and SGF and PSQ write a game's fold, so it must fold.
[[nodiscard]] Result<std::string, ExchangeError> write_games(std::span<const GameRecord> games,
                                                             Format format);

}  // namespace ttt::exchange
