// Cells as a JSON array of 1-based pairs.
#include "cell_list.hpp"

#include <cctype>

namespace ttt::store::detail {

std::string cells_json(const std::vector<Pos>& cells) {
    std::string out = "[";
    for (const Pos& p : cells) {
        if (out.size() > 1) out += ",";
        out += "[" + std::to_string(p.row + 1) + "," + std::to_string(p.col + 1) + "]";
    }
    return out + "]";
}

std::vector<Pos> cells_of(std::string_view text) {
    std::vector<int> numbers;
    for (std::size_t at = 0; at < text.size();) {
        if (std::isdigit(static_cast<unsigned char>(text[at]))) {
            int v = 0;
            while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && v < 100000)
                v = v * 10 + (text[at++] - '0');
            numbers.push_back(v);
        } else {
            ++at;
        }
    }
    std::vector<Pos> out;
    for (std::size_t i = 0; i + 1 < numbers.size(); i += 2)
        out.push_back(Pos{numbers[i] - 1, numbers[i + 1] - 1});
    return out;
}

}  // namespace ttt::store::detail
