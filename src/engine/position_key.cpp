// Position keys: the marks' parts come from a fixed mixing function of the cell and the colour, not from a
// random table, so a key written today is the key any later build computes for the same position.
#include "tictactrace/engine/position_key.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace ttt {

namespace {

// SplitMix64's finaliser: every bit of the input reaches every bit of the output.
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

constexpr std::array<Symmetry, 8> kAll = {
    Symmetry::Identity,  Symmetry::MirrorRows,  Symmetry::MirrorCols,    Symmetry::HalfTurn,
    Symmetry::Transpose, Symmetry::QuarterTurn, Symmetry::ThreeQuarters, Symmetry::AntiTranspose};

}  // namespace

std::span<const Symmetry> symmetries_of(int rows, int cols) noexcept {
    return std::span<const Symmetry>(kAll.data(), rows == cols ? 8 : 4);
}

Pos transform(Pos p, Symmetry s, int rows, int cols) noexcept {
    const int r = p.row;
    const int c = p.col;
    switch (s) {
    case Symmetry::Identity: return {r, c};
    case Symmetry::MirrorRows: return {rows - 1 - r, c};
    case Symmetry::MirrorCols: return {r, cols - 1 - c};
    case Symmetry::HalfTurn: return {rows - 1 - r, cols - 1 - c};
    // The four below only on a square board (rows == cols).
    case Symmetry::Transpose: return {c, r};
    case Symmetry::QuarterTurn: return {c, rows - 1 - r};
    case Symmetry::ThreeQuarters: return {cols - 1 - c, r};
    case Symmetry::AntiTranspose: return {cols - 1 - c, rows - 1 - r};
    }
    return p;
}

Board transformed(const Board& board, Symmetry s) {
    Board out(board.rows(), board.cols());
    for (int i = 0; i < board.size(); ++i)
        if (board.at(i) != Cell::Empty)
            out.place(transform(board.pos(i), s, board.rows(), board.cols()), board.at(i));
    return out;
}

std::uint64_t mark_key(int cell_index, Player who) noexcept {
    return mix(static_cast<std::uint64_t>(cell_index) * 2 + (who == Player::X ? 0 : 1));
}

std::uint64_t side_key(Player to_move) noexcept {
    // Far above any cell's number (a board has at most 2048 x 2048 cells).
    return mix((std::uint64_t{1} << 40) + (to_move == Player::X ? 0 : 1));
}

std::uint64_t position_key(const Board& board, Player to_move) noexcept {
    std::uint64_t key = side_key(to_move);
    for (int i = 0; i < board.size(); ++i)
        if (const auto who = player_of(board.at(i))) key ^= mark_key(i, *who);
    return key;
}

std::uint64_t symmetric_key(const Board& board, Player to_move) {
    // Each symmetry's key is summed over the marks alone, without building the moved board.
    std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
    for (const Symmetry s : symmetries_of(board.rows(), board.cols())) {
        std::uint64_t key = side_key(to_move);
        for (int i = 0; i < board.size(); ++i)
            if (const auto who = player_of(board.at(i)))
                key ^= mark_key(board.index(transform(board.pos(i), s, board.rows(), board.cols())), *who);
        best = std::min(best, key);
    }
    return best;
}

PositionKeys::PositionKeys(const Board& board, Player to_move)
    : m_rows(board.rows()), m_cols(board.cols()),
      m_count(static_cast<int>(symmetries_of(board.rows(), board.cols()).size())), m_to_move(to_move) {
    m_keys.fill(side_key(to_move));
    for (int i = 0; i < board.size(); ++i)
        if (const auto who = player_of(board.at(i))) toggle(board.pos(i), *who);
}

PositionKeys::PositionKeys(int rows, int cols, Player to_move,
                           const std::array<std::uint64_t, 8>& keys) noexcept
    : m_rows(rows), m_cols(cols), m_count(static_cast<int>(symmetries_of(rows, cols).size())),
      m_to_move(to_move), m_keys(keys) {}

void PositionKeys::toggle(Pos p, Player who) noexcept {
    const auto all = symmetries_of(m_rows, m_cols);
    for (int s = 0; s < m_count; ++s) {
        const Pos q = transform(p, all[static_cast<std::size_t>(s)], m_rows, m_cols);
        m_keys[static_cast<std::size_t>(s)] ^= mark_key(q.row * m_cols + q.col, who);
    }
}

void PositionKeys::set_to_move(Player to_move) noexcept {
    if (to_move == m_to_move) return;
    const std::uint64_t change = side_key(m_to_move) ^ side_key(to_move);
    for (int s = 0; s < m_count; ++s) m_keys[static_cast<std::size_t>(s)] ^= change;
    m_to_move = to_move;
}

std::uint64_t PositionKeys::symmetric() const noexcept {
    return *std::min_element(m_keys.begin(), m_keys.begin() + m_count);
}

}  // namespace ttt
