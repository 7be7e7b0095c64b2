// The 2D → 1D mapping's words.
#include "model/index_mapping.hpp"

namespace ttt::app {

std::string index_words(Pos p, int cols) {
    return "index = " + std::to_string(p.row) + " × " + std::to_string(cols) + " + " + std::to_string(p.col) +
           " = " + std::to_string(index_of(p, cols));
}

std::string cell_number_words(Pos p, int rows, int cols) {
    return "cell " + std::to_string(index_of(p, cols) + 1) + " of " + std::to_string(rows * cols) +
           " (counted from 1)";
}

}  // namespace ttt::app
