// A position's key, for finding the same position again across games ("where have I seen this?"): a
// 64-bit number of its marks and of the side to move, the same on every machine and in every release,
// since a log keeps it beside its events; and the key of the position under the board's symmetries, so
// that a position and its mirror image or rotation are found as one.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace ttt {

// The eight ways a square board maps onto itself. A board that is not square has only the first four:
// the others swap rows and columns.
enum class Symmetry : std::uint8_t {
    Identity = 0,
    MirrorRows = 1,     // top to bottom
    MirrorCols = 2,     // left to right
    HalfTurn = 3,       // 180°
    Transpose = 4,      // about the main diagonal
    QuarterTurn = 5,    // 90° clockwise
    ThreeQuarters = 6,  // 90° counter-clockwise
    AntiTranspose = 7,  // about the other diagonal
};

// The symmetries of a rows x cols board: all eight when it is square, the first four otherwise.
[[nodiscard]] std::span<const Symmetry> symmetries_of(int rows, int cols) noexcept;

// Where cell `p` of a rows x cols board goes under `s` (which must be one of symmetries_of(rows, cols)).
[[nodiscard]] Pos transform(Pos p, Symmetry s, int rows, int cols) noexcept;

// The board under `s`: each mark moved to transform(its cell).
[[nodiscard]] Board transformed(const Board& board, Symmetry s);

// What one mark adds to a key: keys are the XOR of their marks' parts and the side to move's, so a move
// updates a key in O(1) (key ^= mark_key(...) ^ side_key(...) twice) and a take-back undoes it the same way.
[[nodiscard]] std::uint64_t mark_key(int cell_index, Player who) noexcept;
[[nodiscard]] std::uint64_t side_key(Player to_move) noexcept;

// The position's key: its marks and the side to move. Equal positions have equal keys; different ones
// almost never do (a caller that must be sure compares the positions themselves).
[[nodiscard]] std::uint64_t position_key(const Board& board, Player to_move) noexcept;

// The smallest key of the position under all symmetries of its board: equal for a position and for
// every mirror image and rotation of it.
[[nodiscard]] std::uint64_t symmetric_key(const Board& board, Player to_move);

// A position's key and its symmetric key kept up to date as marks come and go, each change costing one
// XOR per symmetry: what the log's index of positions follows a game with, so that a move of a game on
// the largest board costs no more to index than one on the smallest.
class PositionKeys {
public:
    // The keys of `board` with `to_move` to move, from scratch: one look at every cell.
    PositionKeys(const Board& board, Player to_move);
    // Keys kept from an earlier look (keys() of a PositionKeys of a rows x cols board with `to_move` to
    // move): what a stored image of a position brings back without a look at every cell again.
    PositionKeys(int rows, int cols, Player to_move, const std::array<std::uint64_t, 8>& keys) noexcept;

    // A mark of `who` put on or taken off `p` (the same XOR either way).
    void toggle(Pos p, Player who) noexcept;
    // The side to move is now `to_move`.
    void set_to_move(Player to_move) noexcept;

    [[nodiscard]] std::uint64_t key() const noexcept { return m_keys[0]; }  // position_key()
    [[nodiscard]] std::uint64_t symmetric() const noexcept;                 // symmetric_key()
    // One key per symmetry, in symmetries_of's order; past symmetries_of's count they mean nothing.
    [[nodiscard]] const std::array<std::uint64_t, 8>& keys() const noexcept { return m_keys; }

private:
    int m_rows = 0;
    int m_cols = 0;
    int m_count = 0;  // how many of the eight symmetries the board has
    Player m_to_move = Player::X;
    std::array<std::uint64_t, 8> m_keys{};  // one per symmetry, in symmetries_of's order
};

}  // namespace ttt
