// How a cell is named to users.
#include "tictactrace/engine/pos.hpp"

namespace ttt {

std::string cell_label(Pos p) {
    std::string out;
    out.reserve(16);
    out += '(';
    out += std::to_string(p.row + 1);
    out += ", ";
    out += std::to_string(p.col + 1);
    out += ')';
    return out;
}

}  // namespace ttt
