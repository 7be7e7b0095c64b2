// The marks' neighbourhood, kept move by move.
#include "neighbourhood.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace ttt::detail {

Neighbourhood::Neighbourhood(int rows, int cols)
    : m_rows(rows), m_cols(cols),
      m_near(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), 0), m_box{Box{rows, cols, -1,
                                                                                            -1}} {}

void Neighbourhood::count_around(int cell, int delta) {
    const int r = cell / m_cols;
    const int c = cell % m_cols;
    for (int nr = std::max(0, r - 2); nr <= std::min(m_rows - 1, r + 2); ++nr)
        for (int nc = std::max(0, c - 2); nc <= std::min(m_cols - 1, c + 2); ++nc) {
            auto& near = m_near[static_cast<std::size_t>(nr * m_cols + nc)];
            near = static_cast<unsigned char>(near + delta);
        }
}

void Neighbourhood::add(int cell) {
    count_around(cell, +1);
    const int r = cell / m_cols;
    const int c = cell % m_cols;
    const Box box = m_box.back();
    m_box.push_back(Box{std::min(box.r0, r), std::min(box.c0, c), std::max(box.r1, r), std::max(box.c1, c)});
}

void Neighbourhood::remove(int cell) {
    count_around(cell, -1);
    m_box.pop_back();
}

void Neighbourhood::near_empty_cells(const unsigned char* cells, std::vector<int>& out) const {
    out.clear();
    if (empty()) return;
    const Box& box = m_box.back();
    const int r0 = std::max(box.r0 - 2, 0);
    const int c0 = std::max(box.c0 - 2, 0);
    const int r1 = std::min(box.r1 + 2, m_rows - 1);
    const int c1 = std::min(box.c1 + 2, m_cols - 1);
    for (int r = r0; r <= r1; ++r)
        for (int from = c0; from <= c1; from += 64) {
            const int to = std::min(c1, from + 63);
            const int row = r * m_cols;
            std::uint64_t bits = 0;
            for (int c = from; c <= to; ++c) {
                const auto i = static_cast<std::size_t>(row + c);
                bits |= static_cast<std::uint64_t>((m_near[i] != 0) & (cells[i] == 0)) << (c - from);
            }
            for (; bits != 0; bits &= bits - 1) out.push_back(row + from + std::countr_zero(bits));
        }
}

void Neighbourhood::settle() {
    m_box.erase(m_box.begin(), m_box.end() - 1);
}

}  // namespace ttt::detail
