// The line patterns the strong level orders its moves by: known lines classified for both sides, at the
// board's edge, with renju's overline (no five for Black, a five for White), and a board's line keys kept
// right as stones come and go.
#include "test_util.hpp"

#include "line_board.hpp"
#include "line_pattern.hpp"

#include <iterator>
#include <string>

using namespace ttt;
using ttt::detail::line_key;
using ttt::detail::line_pattern;
using ttt::detail::LinePattern;

namespace {

// The class of a stone of `who` in the middle of `nine` ('?' marks the middle), freestyle.
LinePattern of(const char* nine, Player who = Player::X, bool exact = false) {
    return line_pattern(line_key(nine), who, exact);
}

// The same line with the sides swapped, for the other colour.
std::string swapped(std::string nine) {
    for (char& c : nine) c = c == 'x' ? 'o' : c == 'o' ? 'x' : c;
    return nine;
}

}  // namespace

TEST_CASE("line patterns: each class from a known line, for both colours") {
    struct Known {
        const char* line;
        LinePattern pattern;
    };
    const Known known[] = {
        {"....?....", LinePattern::None},       // a lone stone
        {"...x?....", LinePattern::OpenTwo},    // .xx. with room: one more makes an open three
        {"..x.?....", LinePattern::OpenTwo},    // a split two
        {"o..x?o...", LinePattern::None},       // boxed in: no five fits
        {"...x?o...", LinePattern::Two},        // room for one five only: ...xx
        {"..xx?....", LinePattern::OpenThree},  // .xxx.
        {".x.x?....", LinePattern::OpenThree},  // broken: x.xx becomes .xxxx.
        {"o.xx?.o..", LinePattern::Three},      // only one window of five: a four at most
        {"oxxx?....", LinePattern::Four},       // closed four
        {"xx.x?....", LinePattern::Four},       // broken four
        {".xxx?....", LinePattern::OpenFour},   // .xxxx.
        {"x.xx?.x..", LinePattern::OpenFour},   // x.xxx.x: two completing points on one line
        {"xxxx?....", LinePattern::Five},      {"..xx?xx..", LinePattern::Five},
    };
    for (const Known& k : known) {
        CAPTURE(k.line);
        CHECK(of(k.line, Player::X) == k.pattern);
        // White's stones make the same of the line with the colours swapped.
        CHECK(of(swapped(k.line).c_str(), Player::O) == k.pattern);
        // The other side's stones in the line are the other side's to O: X's pattern is not O's.
        if (k.pattern >= LinePattern::Three) CHECK(of(k.line, Player::O) < LinePattern::Three);
    }
}

TEST_CASE("line patterns: the board's edge blocks like a stone of the other side") {
    CHECK(of("#xxx?....") == LinePattern::Four);  // at the edge: only one end open
    CHECK(of("##xx?....") == LinePattern::Three);
    CHECK(of("###x?x...") == LinePattern::Three);  // xxx.. against the edge: one window
    CHECK(of("####?x...") == LinePattern::Two);
    CHECK(of("...x?x###") == LinePattern::Three);
    CHECK(of("..x.?x.##") == LinePattern::OpenThree);  // .xxxx. still fits before the edge
    CHECK(of("..x.?x###") == LinePattern::Three);      // it does not: a four at most
    CHECK(of("####?####") == LinePattern::None);       // a one-cell line
}

TEST_CASE("line patterns: renju's overline is no five for Black and a five for White") {
    // Six in a row through the middle.
    CHECK(of("xxxx?x...", Player::X, true) == LinePattern::None);
    CHECK(of("xxxx?x...", Player::X, false) == LinePattern::Five);
    CHECK(of("oooo?o...", Player::O, false) == LinePattern::Five);
    // A point that would make six is no completing point for Black: .xxxx.x has only its left end.
    CHECK(of(".xxx?.x..", Player::X, true) == LinePattern::Four);
    CHECK(of(".xxx?.x..", Player::X, false) == LinePattern::OpenFour);
    CHECK(of(".ooo?.o..", Player::O, false) == LinePattern::OpenFour);
    CHECK(of("..xx?xx..", Player::X, true) == LinePattern::Five);
    // xx.xxx: to White-like rules the gap completes (an overline); to Black only xxxx.'s far end after
    // one more stone: a three.
    CHECK(of("xx.x?x...", Player::X, false) == LinePattern::Four);
    CHECK(of("xx.x?x...", Player::X, true) == LinePattern::Three);
}

TEST_CASE("line patterns: a board's line keys follow its stones") {
    // X: three in row 7 (7,5 7,6 7,7) and two in column 8 (5,8 6,8): (7,8) makes the row's open four and
    // the column's open three at once.
    const Rules rules = Rules::gomoku();
    Board board(15, 15);
    for (const Pos p : {Pos{7, 5}, Pos{7, 6}, Pos{7, 7}, Pos{5, 8}, Pos{6, 8}}) board.place(p, Cell::X);
    for (const Pos p : {Pos{0, 0}, Pos{14, 14}, Pos{0, 14}, Pos{14, 0}, Pos{1, 1}}) board.place(p, Cell::O);
    detail::LineBoard lines(rules, board, Player::X);
    REQUIRE(lines.has_patterns());
    const int at = 7 * 15 + 8;
    CHECK(lines.pattern_at(at, static_cast<int>(Direction::Horizontal), Player::X) == LinePattern::OpenFour);
    CHECK(lines.pattern_at(at, static_cast<int>(Direction::Vertical), Player::X) == LinePattern::OpenThree);
    CHECK(lines.threat_rank(at, Player::X) == 5);
    // (7,4), the row's other end, is an open four alone; (4,8) makes the column's open three alone.
    CHECK(lines.threat_rank(7 * 15 + 4, Player::X) == 5);
    CHECK(lines.threat_rank(4 * 15 + 8, Player::X) == 1);
    // To O, (7,8) blocks but makes nothing.
    CHECK(lines.threat_rank(at, Player::O) == 0);
    // O at (7,4) closes the row's left end: (7,8) then makes a four and an open three.
    lines.place(4 * 15 + 4);  // X elsewhere, far off the lines
    lines.place(7 * 15 + 4);  // O
    CHECK(lines.pattern_at(at, static_cast<int>(Direction::Horizontal), Player::X) == LinePattern::Four);
    CHECK(lines.threat_rank(at, Player::X) == 4);
    // Taken back, the keys are what they were.
    lines.remove(7 * 15 + 4);
    lines.remove(4 * 15 + 4);
    CHECK(lines.threat_rank(at, Player::X) == 5);
    // A corner cell's lines run off the board: (0,1) next to O's (0,0) makes nothing for X.
    CHECK(lines.threat_rank(1, Player::X) == 0);
}

TEST_CASE("line patterns: a board's pattern sums kept move by move are those counted afresh") {
    // Stones placed and taken back one by one must leave the sums a board built at once has, for both
    // sides, near the edge too.
    const Rules rules = Rules::gomoku();
    Board board(15, 15);
    detail::LineBoard kept(rules, board, Player::X);
    CHECK(kept.pattern_eval_for(Player::X) == 0);  // an empty board threatens nothing
    const int moves[] = {7 * 15 + 7, 7 * 15 + 8, 8 * 15 + 8,  6 * 15 + 6,   9 * 15 + 9, 0,         1 * 15 + 1,
                         7 * 15 + 6, 14,         13 * 15 + 1, 10 * 15 + 10, 8 * 15 + 7, 2 * 15 + 2};
    Player to_move = Player::X;
    for (const int m : moves) {
        kept.place(m);
        board.place(Pos{m / 15, m % 15}, cell_of(to_move));
        to_move = other(to_move);
        const detail::LineBoard fresh(rules, board, to_move);
        CHECK(kept.pattern_eval_for(Player::X) == fresh.pattern_eval_for(Player::X));
        CHECK(kept.pattern_eval_for(Player::O) == -fresh.pattern_eval_for(Player::X));
    }
    for (auto it = std::rbegin(moves); it != std::rend(moves); ++it) kept.remove(*it);
    CHECK(kept.pattern_eval_for(Player::X) == 0);
}

TEST_CASE("line patterns: two stones in a row are threats for their side only") {
    // X's (7,7) (7,8): the cells each side that make an open three count for X; O has no stone and no
    // threat, so X is ahead by exactly X's sum.
    const Rules rules = Rules::gomoku();
    Board board(15, 15);
    board.place(Pos{7, 7}, Cell::X);
    board.place(Pos{7, 8}, Cell::X);
    const detail::LineBoard lines(rules, board, Player::O);
    CHECK(lines.pattern_eval_for(Player::X) > 0);
    CHECK(lines.pattern_eval_for(Player::O) == -lines.pattern_eval_for(Player::X));
    // Each of (7,5) (7,6) (7,9) (7,10) makes an open three along the row.
    for (const int col : {5, 6, 9, 10})
        CHECK(lines.pattern_at(7 * 15 + col, static_cast<int>(Direction::Horizontal), Player::X) ==
              LinePattern::OpenThree);
    CHECK(lines.pattern_at(7 * 15 + 4, static_cast<int>(Direction::Horizontal), Player::X) ==
          LinePattern::Three);
    CHECK(lines.pattern_at(7 * 15 + 6, static_cast<int>(Direction::Horizontal), Player::O) ==
          LinePattern::None);
}
