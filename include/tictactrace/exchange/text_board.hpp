// A board written as text (one line per row of 'x', 'o' and '.', as `tictactrace score` reads it) as a
// game that starts from that position: how a teacher brings a position of their own into the log.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_options.hpp"

#include <string_view>
#include <variant>

namespace ttt::exchange {

// The game of a text board: its marks as the set-up, `options.to_move` (else set_up.hpp's default)
// moving next, the rules `options.rules` names on the board's size (required: the same marks are a
// finished game under one rule and an open one under another, so none is guessed), no names, created at
// options.now_ms. A board that does not parse is refused with its line. Nothing is folded here.
[[nodiscard]] Result<GameRecord, ExchangeError> read_text_board(std::string_view text,
                                                                const ImportOptions& options);

}  // namespace ttt::exchange
