// A renju book's foul lines. RenLib and renju SGF editors let a book play Black on a forbidden point, to
// show that it is one ("this three-three is a foul"); renju's rules, which the log keeps, cannot play it.
// Rather than refuse the whole book, each foul becomes what it shows: a red triangle (the mark a forbidden
// point has on our board) on the position before it, with a comment naming the point and why; the moves a
// book wrote after a foul, which no game can reach, are left out, and a note says how many.
#pragma once

#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"

#include <vector>

namespace ttt::exchange::detail {

// For a game of rules with forbidden moves: every variation that plays Black on a forbidden point, with
// what follows it, is taken out and marked on the step it was played from. Does nothing for other rules,
// or when no move is a foul. In a `book` (a RenLib library: its first line is no game) a foul on the first
// line is taken out too, and the next line from the step before it becomes the game's own; in a game's
// record it is not touched (the fold refuses it, or the file's declared result says the game ended by it).
void set_fouls_aside(GameRecord& game, int game_index, bool book, std::vector<ImportNote>& notes);

}  // namespace ttt::exchange::detail
