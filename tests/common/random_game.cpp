// Random cells, moves and games for the tests.
#include "random_game.hpp"

#include <limits>
#include <stdexcept>
#include <utility>

namespace ttt::testing {

namespace {

std::vector<int> empty_indices(const Board& board) {
    std::vector<int> out;
    for (int i = 0; i < board.size(); ++i)
        if (board.at(i) == Cell::Empty) out.push_back(i);
    return out;
}

// The engine refusing a move made from its own position is a bug in the engine or here: stop loudly.
void must(const MoveResult& done) {
    if (!done) throw std::logic_error("the engine refused a random game's event: " + done.error().message);
}

}  // namespace

std::optional<Pos> random_empty_cell(const Board& board, std::mt19937& rng, CellDraw draw) {
    if (board.size() == 0 || board.full()) return std::nullopt;
    switch (draw) {
    case CellDraw::Uniform: {
        const std::vector<int> empty = empty_indices(board);
        return board.pos(empty[std::uniform_int_distribution<std::size_t>(0, empty.size() - 1)(rng)]);
    }
    case CellDraw::Modulo: {
        const std::vector<int> empty = empty_indices(board);
        return board.pos(empty[rng() % empty.size()]);
    }
    case CellDraw::Scan: {
        const int cells = board.size();
        const int start = static_cast<int>(rng() % static_cast<unsigned>(cells));
        for (int i = 0; i < cells; ++i)
            if (const int index = (start + i) % cells; board.at(index) == Cell::Empty)
                return board.pos(index);
        return std::nullopt;
    }
    case CellDraw::Retry:
        for (;;) {
            const int row = static_cast<int>(rng() % static_cast<unsigned>(board.rows()));
            const int col = static_cast<int>(rng() % static_cast<unsigned>(board.cols()));
            if (board.at(Pos{row, col}) == Cell::Empty) return Pos{row, col};
        }
    }
    return std::nullopt;
}

std::optional<Pos> random_move(const Position& pos, std::mt19937& rng, CellDraw draw) {
    if (pos.outcome().over()) return std::nullopt;
    // Renju forbids Black some empty cells: drawn again, on a board without them, until one is legal.
    // The other rule sets draw once, as their suites' seeds expect.
    Board open = pos.board();
    while (true) {
        const auto cell = random_empty_cell(open, rng, draw);
        if (!cell || pos.check(*cell).has_value()) return cell;
        open.place(*cell, Cell::O);
    }
}

Pos ordered_cell(const Board& board, Player who) {
    const std::vector<int> empty = empty_indices(board);
    if (empty.empty()) throw std::logic_error("ordered_cell: the board is full");
    return board.pos(who == Player::X ? empty.front() : empty.back());
}

std::vector<Event> random_game(const Rules& rules, std::mt19937& rng, const RandomGameOptions& options,
                               const EventMade& made) {
    std::vector<Event> events;
    // Built in place: GCC 12 warns falsely (-Wmaybe-uninitialized) about moving a temporary Event in.
    events.emplace_back(std::in_place_type<GameCreated>, rules, options.x_name, options.o_name);
    Position pos(rules);
    const auto record = [&] {
        if (made) made(events.back(), pos);
    };
    for (int step = 0; step < options.steps; ++step) {
        if (pos.outcome().over() || pos.board().full()) break;
        if (options.takeback_one_in > 0 && pos.move_count() > 0 && rng() % options.takeback_one_in == 0) {
            const Pos last = *pos.last_move();
            events.emplace_back(std::in_place_type<MoveTakenBack>, other(pos.to_move()), last);
            must(pos.take_back());
            record();
            if (!options.move_after_takeback) continue;
        }
        const auto cell = random_move(pos, rng, options.draw);
        if (!cell) break;
        events.emplace_back(std::in_place_type<MovePlayed>, pos.to_move(), *cell);
        must(pos.play(*cell));
        record();
    }
    return events;
}

}  // namespace ttt::testing
