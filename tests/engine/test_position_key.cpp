// Position keys: the classic game's 5478 positions have 5478 keys and 765 under its symmetries (the known
// count of essentially different tic-tac-toe positions); a key follows a move in O(1); the symmetric key
// is the same for every mirror image and rotation, and a rectangle has four of them, not eight.
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/position_key.hpp"

#include <doctest/doctest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace ttt;

namespace {

// Every position of the classic game reachable from the empty board (a game ends at a win or a full
// board), by its board and side to move.
void reach(Position& p, std::map<std::string, std::uint64_t>& seen, std::set<std::uint64_t>& symmetric) {
    std::string text(p.board().cells().size() + 1, '.');
    for (std::size_t i = 0; i < p.board().cells().size(); ++i)
        text[i] = p.board().cells()[i] == Cell::X ? 'x' : p.board().cells()[i] == Cell::O ? 'o' : '.';
    text.back() = p.to_move() == Player::X ? 'X' : 'O';
    if (seen.count(text)) return;
    seen[text] = position_key(p.board(), p.to_move());
    symmetric.insert(symmetric_key(p.board(), p.to_move()));
    if (p.outcome().over()) return;
    for (int i = 0; i < p.board().size(); ++i) {
        if (p.board().at(i) != Cell::Empty) continue;
        REQUIRE(p.play(p.board().pos(i)));
        reach(p, seen, symmetric);
        REQUIRE(p.take_back());
    }
}

Board random_board(int rows, int cols, std::mt19937& rng) {
    Board b(rows, cols);
    for (int i = 0; i < b.size(); ++i) {
        const auto roll = rng() % 3;
        if (roll == 1) b.place(b.pos(i), Cell::X);
        if (roll == 2) b.place(b.pos(i), Cell::O);
    }
    return b;
}

}  // namespace

TEST_CASE("the classic game's 5478 positions have 5478 keys, and 765 under the board's eight symmetries") {
    Position p(Rules::classic());
    std::map<std::string, std::uint64_t> seen;
    std::set<std::uint64_t> symmetric;
    reach(p, seen, symmetric);
    CHECK(seen.size() == 5478);
    std::set<std::uint64_t> keys;
    for (const auto& [text, key] : seen) keys.insert(key);
    CHECK(keys.size() == 5478);  // no two positions share a key
    CHECK(symmetric.size() == 765);
}

TEST_CASE("a key follows a move and its take-back in O(1), and names the side to move") {
    Position p(Rules::gomoku());
    std::uint64_t key = position_key(p.board(), p.to_move());
    std::mt19937 rng(7);
    for (int n = 0; n < 60; ++n) {
        const Pos cell{static_cast<int>(rng() % 15), static_cast<int>(rng() % 15)};
        if (!p.check(cell)) continue;
        const Player mover = p.to_move();
        REQUIRE(p.play(cell));
        key ^= mark_key(p.board().index(cell), mover) ^ side_key(mover) ^ side_key(p.to_move());
        CHECK(key == position_key(p.board(), p.to_move()));
    }
    const Board& b = p.board();
    CHECK(position_key(b, Player::X) != position_key(b, Player::O));
}

TEST_CASE("the symmetric key is the same for each mirror image and rotation, on squares and on rectangles") {
    std::mt19937 rng(11);
    for (const auto& [rows, cols] : {std::pair{5, 5}, std::pair{4, 7}, std::pair{15, 15}, std::pair{1, 6}}) {
        CHECK(symmetries_of(rows, cols).size() == (rows == cols ? 8u : 4u));
        for (int n = 0; n < 20; ++n) {
            const Board b = random_board(rows, cols, rng);
            const std::uint64_t canon = symmetric_key(b, Player::O);
            for (const Symmetry s : symmetries_of(rows, cols)) {
                const Board moved = transformed(b, s);
                CHECK(moved.filled() == b.filled());
                CHECK(symmetric_key(moved, Player::O) == canon);
                // Each symmetry moves every cell to a cell, and no two to the same one.
                std::set<int> images;
                for (int i = 0; i < b.size(); ++i)
                    images.insert(moved.index(transform(b.pos(i), s, rows, cols)));
                CHECK(images.size() == static_cast<std::size_t>(b.size()));
            }
        }
    }
    // On a 3x4 board a corner's image under a half turn is the opposite corner; a transpose is no symmetry
    // there, so the corner (0, 0) and the mark at (0, 1)'s mirror (1, 0) stay different positions.
    Board corner(3, 4), opposite(3, 4), beside(3, 4), below(3, 4);
    corner.place({0, 0}, Cell::X);
    opposite.place({2, 3}, Cell::X);
    beside.place({0, 1}, Cell::X);
    below.place({1, 0}, Cell::X);
    CHECK(symmetric_key(corner, Player::O) == symmetric_key(opposite, Player::O));
    CHECK(symmetric_key(beside, Player::O) != symmetric_key(below, Player::O));
    Board square_beside(4, 4), square_below(4, 4);
    square_beside.place({0, 1}, Cell::X);
    square_below.place({1, 0}, Cell::X);
    CHECK(symmetric_key(square_beside, Player::O) == symmetric_key(square_below, Player::O));
}

TEST_CASE("keys are kept beside a log's events, so they never change from one build to the next") {
    // Pinned: a change to mark_key, side_key or their mixing would make every stored key wrong.
    CHECK(position_key(Board(3, 3), Player::X) == side_key(Player::X));
    // The mixing is SplitMix64's: its first output from the seed 0, as published with it, is X's mark in
    // the first cell.
    CHECK(mark_key(0, Player::X) == 0xE220A8397B1DCDAFULL);
    CHECK(side_key(Player::X) == 0x1FDD7128F310C389ULL);
    CHECK(mark_key(112, Player::O) == 0x8EAFF63463A306F7ULL);
}
