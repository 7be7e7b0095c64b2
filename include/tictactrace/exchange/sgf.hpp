// SGF (FF[4], GM[4]) games in and out: gomoku's common file format.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"
#include "tictactrace/exchange/import_options.hpp"

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange {

// SGF names points with one letter per coordinate, 'a'..'z' then 'A'..'Z'.
inline constexpr int kSgfMaxSide = 52;

// Every game of an SGF collection, each move with the line and column of its property. Only the main
// line of a game is read: other variations are skipped with a note. B is X (moves first), W is O;
// SZ[15] or SZ[cols:rows] (15 when absent); PB/PW the players; RE the declared result; DT's date is the
// time of every event (else options.now_ms). Rules: options.rules, else rules that a tictactrace SGF
// carries in RU[tictactrace:...], else gomoku on the board. AB (X's stones) and AW (O's), single points
// or FF[4] rectangles "aa:cc", and PL[B]/PL[W] before the first move make the game's set-up (who moves
// next: PL, else the first move's colour, else set_up.hpp's default); after a move, and AE anywhere, they
// are refused. Nothing is folded here.
[[nodiscard]] Result<std::vector<GameRecord>, ExchangeError>
read_sgf(std::string_view text, const ImportOptions& options, std::vector<ImportNote>& notes);

// A collection of `games`, each its set-up as AB, AW and PL in the root node, then the final line of
// play of its fold (take-backs leave no trace) with RE
// from the fold: B+ or W+ for a line, B+<margin> on score, B+R or W+R after a resignation, 0 for a draw.
// Refused when a game does not fold or its board is wider or taller than kSgfMaxSide.
[[nodiscard]] Result<std::string, ExchangeError> write_sgf(std::span<const GameRecord> games);

}  // namespace ttt::exchange
