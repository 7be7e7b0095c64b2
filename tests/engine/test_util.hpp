// Small builders shared by the engine tests.
#pragma once

#include "../common/random_game.hpp"
#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/engine/position.hpp"

#include <doctest/doctest.h>

#include <initializer_list>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace ttt::test {

// A board from rows of 'x', 'o', '.'; fails the test if the text is not a board.
inline Board board_of(std::initializer_list<const char*> rows) {
    std::string text;
    for (const char* r : rows) {
        text += r;
        text += '\n';
    }
    auto parsed = parse_board_text(text);
    REQUIRE(parsed.has_value());
    return parsed.value();
}

// Plays the moves (0-based) in order; each must be legal.
inline Position play_all(const Rules& rules, std::initializer_list<Pos> moves) {
    Position p(rules);
    for (Pos m : moves) {
        const auto err = p.play(m);
        REQUIRE_MESSAGE(err, (err.has_value() ? std::string() : err.error().message));
    }
    return p;
}

// The scoring article's 7x7 example matrix for X (the scoring article, step 2).
inline Board seed_7x7() {
    return board_of({
        "xxx.xxx",
        ".......",
        "..x.x..",
        ".....x.",
        "xx.....",
        ".xxx...",
        "...xxxx",
    });
}

// The empty cells of the board, in index order.
inline std::vector<Pos> empty_cells(const Board& board) {
    std::vector<Pos> out;
    for (int i = 0; i < board.size(); ++i)
        if (board.at(i) == Cell::Empty) out.push_back(board.pos(i));
    return out;
}

// Random play (tests/common/random_game.hpp) as the engine's suites draw it: their seeds were chosen
// with the uniform draw.
using ttt::testing::ordered_cell;

// A random empty cell; the board must have one.
inline Pos random_empty_cell(const Board& board, std::mt19937& rng) {
    const auto cell = ttt::testing::random_empty_cell(board, rng, ttt::testing::CellDraw::Uniform);
    REQUIRE(cell.has_value());
    return *cell;
}

// Every rule set on every shape the engine must handle: the presets, one cell, one row, one column,
// rectangles both ways, exact and freestyle, and the score rule with other parameters.
inline std::vector<Rules> rules_of_every_kind() {
    return {
        Rules::classic(),
        Rules::mnk(1, 1, 1),
        Rules::fullline(1, 1),
        Rules::score(1, 1),
        Rules::mnk(1, 9, 3),
        Rules::mnk(9, 1, 4, true),
        Rules::fullline(1, 6),
        Rules::fullline(5, 1),
        Rules::score(1, 17),
        Rules::score(13, 1, 2),
        Rules::fullline(3, 3),
        Rules::fullline(4, 5),
        Rules::fullline(4, 4),
        Rules::mnk(4, 7, 4),
        Rules::mnk(7, 4, 3, true),
        Rules::mnk(2, 2, 2),
        Rules::gomoku(false),
        Rules::gomoku(true),
        Rules::gomoku(true, 9, 11),
        Rules::score(5, 5),
        Rules::score(7, 12, 4, 7),
        Rules::score(9, 9, 1, 1),
        Rules::score(6, 3, 2, 1000000),
    };
}

}  // namespace ttt::test
