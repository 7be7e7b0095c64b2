// Set-ups read off a board, and their one-line name.
#include "tictactrace/engine/set_up.hpp"

#include <string>

namespace ttt {

SetUp set_up_of(const Board& board, std::optional<Player> to_move) {
    SetUp setup;
    for (int i = 0; i < board.size(); ++i) {
        const Cell c = board.at(i);
        if (c == Cell::X) setup.x.push_back(board.pos(i));
        if (c == Cell::O) setup.o.push_back(board.pos(i));
    }
    setup.to_move = to_move.value_or(default_to_move(setup.x.size(), setup.o.size()));
    return setup;
}

std::string describe(const SetUp& setup) {
    return std::to_string(setup.x.size()) + " X, " + std::to_string(setup.o.size()) + " O";
}

}  // namespace ttt
