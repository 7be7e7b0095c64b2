// The cells near the marks of a large board: how many marks lie within two cells of each (Chebyshev), and
// the marks' bounding box after each mark, so a search finds its candidate moves without walking the
// whole board. Kept move by move with the search's own marks.
#pragma once

#include <vector>

namespace ttt::detail {

class Neighbourhood {
public:
    Neighbourhood(int rows, int cols);

    // A mark placed on `cell`.
    void add(int cell);
    // The last mark added, on `cell`, taken back.
    void remove(int cell);
    // What was added so far is the start: remove() never goes below it, and its history is let go.
    void settle();

    // No mark yet.
    [[nodiscard]] bool empty() const noexcept { return m_box.back().r1 < 0; }
    // The cells within two of a mark that `is_free` accepts, ascending.
    template <class IsFree>
    void near_cells(const IsFree& is_free, std::vector<int>& out) const {
        out.clear();
        if (empty()) return;
        const Box& box = m_box.back();
        const int r0 = box.r0 > 2 ? box.r0 - 2 : 0;
        const int c0 = box.c0 > 2 ? box.c0 - 2 : 0;
        const int r1 = box.r1 + 2 < m_rows ? box.r1 + 2 : m_rows - 1;
        const int c1 = box.c1 + 2 < m_cols ? box.c1 + 2 : m_cols - 1;
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c) {
                const int i = r * m_cols + c;
                if (m_near[static_cast<std::size_t>(i)] > 0 && is_free(i)) out.push_back(i);
            }
    }

    // near_cells() for a board whose cells are bytes, 0 where empty: eight cells of a row tested at once
    // as the bytes of a word, without a branch per cell, and the near empty ones read off in order.
    void near_empty_cells(const unsigned char* cells, std::vector<int>& out) const;

private:
    struct Box {
        int r0, c0, r1, c1;
    };
    void count_around(int cell, int delta);

    int m_rows;
    int m_cols;
    std::vector<unsigned char> m_near;  // marks within two cells: at most 25
    std::vector<Box> m_box;             // after each mark; the first is the start's
};

}  // namespace ttt::detail
