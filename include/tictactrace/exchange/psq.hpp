// Gomocup / Piskvork PSQ games in and out: one game per file, one "x,y,ms" line per move.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"
#include "tictactrace/exchange/import_options.hpp"

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange {

// The game of a PSQ file: header "Piskvorky WxH, L1:L2, F" (W columns, H rows; the rest is read past),
// then one "x,y,ms" line per move, 1-based with x the column, moves alternating from X (black). Reading
// stops at the first line that is not three numbers; when lines that look like moves follow (a number
// too large for 64 bits, junk between moves), a warning in `notes` says how many were ignored. When
// Piskvork's trailer follows (two lines that are not numbers, then a number: the engines, first mover first,
// and an error code) the two lines are the players' names. Each move is recorded `ms` after the one before,
// starting at options.now_ms. CRLF or LF line ends. Rules: options.rules, else gomoku on the board. Nothing
// is folded here.
[[nodiscard]] Result<GameRecord, ExchangeError> read_psq(std::string_view text, const ImportOptions& options,
                                                         std::vector<ImportNote>& notes);

// The PSQ text of `game`: the final line of play of its fold, each move's ms the time since the event
// before it, then the players' names and a 0, CRLF line ends as Piskvork writes them. PSQ has no place
// for rules, take-backs, a resignation or a set-up position. Refused when the game starts from a set-up or
// does not fold.
[[nodiscard]] Result<std::string, ExchangeError> write_psq(const GameRecord& game);

// What of `game` a PSQ file cannot hold and write_psq leaves out, in words for a warning: "O's win by
// X's resignation, 3 variations, 2 steps' comments or marks"; empty when the file holds all of it (the
// moves, their times, the names, a win by a line, a draw on a full board). The rules are not listed:
// they are given again when the file is imported.
[[nodiscard]] std::string psq_left_out(const GameRecord& game);

}  // namespace ttt::exchange
