// Small builders shared by the engine tests.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/engine/position.hpp"

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <variant>

namespace ttt::test {

// A board from rows of 'x', 'o', '.'; fails the test if the text is not a board.
inline Board board_of(std::initializer_list<const char*> rows) {
    std::string text;
    for (const char* r : rows) {
        text += r;
        text += '\n';
    }
    auto parsed = parse_board_text(text);
    REQUIRE(std::holds_alternative<Board>(parsed));
    return std::get<Board>(parsed);
}

// Plays the moves (0-based) in order; each must be legal.
inline Position play_all(const Rules& rules, std::initializer_list<Pos> moves) {
    Position p(rules);
    for (Pos m : moves) {
        const auto err = p.play(m);
        REQUIRE_MESSAGE(!err, (err ? err->message : std::string()));
    }
    return p;
}

// The seed's 7x7 example matrix for X (seed 000, step 2).
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

}  // namespace ttt::test
