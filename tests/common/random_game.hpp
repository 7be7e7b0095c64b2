// Random play for the tests: a random empty cell, a random move, and a random legal game as events, all
// from a seeded std::mt19937 so that a seed names one game. The suites hold the engine, the log and the
// exchange formats to their references over such games.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/position.hpp"

#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ttt::testing {

// How a random empty cell is drawn. A suite's seeds were chosen with its draw, and some of its checks
// lean on the very games they give (a cell a test edits, a line it looks for), so each draw is kept as
// the suite first wrote it rather than all of them changed to one.
enum class CellDraw {
    Uniform,  // uniformly among the empty cells in index order (std::uniform_int_distribution)
    Modulo,   // the empty cells in index order, the one at rng() % their count
    Scan,     // the cell at rng() % cells, or the first empty one after it, wrapping: cheap on big boards
    Retry,    // row rng() % rows, column rng() % cols, drawn again until the cell is empty
};

// A random empty cell of `board`; nullopt when it is full.
[[nodiscard]] std::optional<Pos> random_empty_cell(const Board& board, std::mt19937& rng,
                                                   CellDraw draw = CellDraw::Uniform);
// A random legal move in `pos` (renju's forbidden points left out); nullopt when the game is over or no
// empty cell may be played.
[[nodiscard]] std::optional<Pos> random_move(const Position& pos, std::mt19937& rng,
                                             CellDraw draw = CellDraw::Uniform);
// The cell a player takes in an ordered game: X the first empty cell, O the last, so both fill whole rows
// from their own edge and grow runs as long as the board's lines. The board must have an empty cell.
[[nodiscard]] Pos ordered_cell(const Board& board, Player who);

struct RandomGameOptions {
    int steps = 20;                // at most this many steps after the creation; fewer when the game ends
    unsigned takeback_one_in = 0;  // before a move, take the last one back when rng() % this == 0 (0: never)
    bool move_after_takeback = false;  // a take-back and the move after it are one step (else two)
    CellDraw draw = CellDraw::Uniform;
    std::string x_name = "Ann";
    std::string o_name = "Bob";
};

// What a game's maker is shown after each event it made: the event, and the position it left.
using EventMade = std::function<void(const Event&, const Position&)>;

// A legal game under `rules` as events, its GameCreated first: random moves and, when asked, take-backs,
// every one applied to an engine Position as it is made (so the game folds). `made` sees each event after
// the creation as it is made, in the order of the rng's use: a suite that draws times between events
// from the same rng keeps its games.
[[nodiscard]] std::vector<Event> random_game(const Rules& rules, std::mt19937& rng,
                                             const RandomGameOptions& options = {},
                                             const EventMade& made = {});

}  // namespace ttt::testing
