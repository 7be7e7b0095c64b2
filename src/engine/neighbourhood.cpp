// The marks' neighbourhood, kept move by move.
#include "neighbourhood.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

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

namespace {

// The high bit of each of the eight bytes in `x` that is not zero.
constexpr std::uint64_t nonzero_bytes(std::uint64_t x) noexcept {
    constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
    return (((x & kLow7) + kLow7) | x) & ~kLow7;
}

// Those high bits gathered into eight bits, byte i (of a little-endian load) as bit i.
constexpr unsigned gather_high_bits(std::uint64_t x) noexcept {
    return static_cast<unsigned>(((x >> 7) * 0x0102040810204080ULL) >> 56);
}

std::uint64_t load8(const unsigned char* p) noexcept {
    std::uint64_t x = 0;
    std::memcpy(&x, p, sizeof x);
    if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
    return x;
}

}  // namespace

void Neighbourhood::near_empty_cells(const unsigned char* cells, std::vector<int>& out) const {
    out.clear();
    if (empty()) return;
    const Box& box = m_box.back();
    const int r0 = std::max(box.r0 - 2, 0);
    const int c0 = std::max(box.c0 - 2, 0);
    const int r1 = std::min(box.r1 + 2, m_rows - 1);
    const int c1 = std::min(box.c1 + 2, m_cols - 1);
    // Room for every cell of the box, cut back to those found.
    out.resize(static_cast<std::size_t>((r1 - r0 + 1) * (c1 - c0 + 1)));
    int* next = out.data();
    const unsigned char* near = m_near.data();
    for (int r = r0; r <= r1; ++r) {
        const int row = r * m_cols;
        int c = c0;
        // Eight cells at a time: near ones (a count not zero) that are empty (a cell that is zero).
        for (; c + 8 <= c1 + 1; c += 8) {
            const std::uint64_t wanted =
                nonzero_bytes(load8(near + row + c)) & ~nonzero_bytes(load8(cells + row + c));
            for (unsigned bits = gather_high_bits(wanted); bits != 0; bits &= bits - 1)
                *next++ = row + c + std::countr_zero(bits);
        }
        for (; c <= c1; ++c)
            if (near[row + c] != 0 && cells[row + c] == 0) *next++ = row + c;
    }
    out.resize(static_cast<std::size_t>(next - out.data()));
}

void Neighbourhood::settle() {
    m_box.erase(m_box.begin(), m_box.end() - 1);
}

}  // namespace ttt::detail
