// How a cell is named to users.
#include "tictactrace/engine/pos.hpp"

namespace ttt {

std::string cell_label(Pos p) {
    // At most "(2048, 2048)": within the string's own small buffer, so a label never asks the heap (the
    // window writes several a frame).
    std::string out;
    out += '(';
    out += std::to_string(p.row + 1);
    out += ", ";
    out += std::to_string(p.col + 1);
    out += ')';
    return out;
}

}  // namespace ttt
