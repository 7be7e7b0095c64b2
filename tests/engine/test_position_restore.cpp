// Taking up a position's image (what the store keeps beside a long game's latest snapshot): the position
// ends exactly as playing its moves would, a copy of it costs nothing of its untouched run table, and an
// image that does not fit its moves or its start is refused, naming the cell, with nothing changed.
#include "test_util.hpp"

#include "tictactrace/engine/position_image.hpp"

#include <algorithm>
#include <numeric>
#include <random>

using namespace ttt;

namespace {

// The image of `played`, as the store writes one: its board, moves, scores and outcome.
PositionImage image_of(const Position& played) {
    std::vector<std::uint32_t> history;
    for (int i = 0; i < played.move_count(); ++i)
        history.push_back(static_cast<std::uint32_t>(played.board().index(played.move_at(i))));
    return PositionImage{played.board(), history, played.scores(), played.outcome()};
}

// `moves` random moves of a 40x40 score game from `start`.
Position played_from(Position start, int moves, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint32_t> free;
    for (int i = 0; i < start.board().size(); ++i)
        if (start.board().at(i) == Cell::Empty) free.push_back(static_cast<std::uint32_t>(i));
    std::shuffle(free.begin(), free.end(), rng);
    for (int i = 0; i < moves; ++i) REQUIRE(start.play(start.board().pos(static_cast<int>(free[i]))));
    return start;
}

Position set_up_start() {
    Position start(Rules::score(40, 40));
    REQUIRE(start.set_up(SetUp{{{0, 0}, {0, 1}, {5, 5}}, {{9, 9}}, Player::O}));
    return start;
}

// `image` refused on a fresh `start`, with a sentence holding `words`, and the position left as it was.
void check_refused(const Position& start, PositionImage image, const std::string& words) {
    Position pos = start;
    const auto refused = pos.restore(std::move(image));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find(words) != std::string::npos);
    CAPTURE(refused.error().message);
    CHECK(pos == start);
}

}  // namespace

TEST_CASE("an image restored ends as playing its moves, from the empty board and from a set-up, and its "
          "copy plays on alike") {
    for (const Position& start : {Position(Rules::score(40, 40)), set_up_start()}) {
        const Position played = played_from(start, 1200, 7);
        Position restored = start;
        REQUIRE(restored.restore(image_of(played)));
        CHECK(restored == played);
        CHECK(restored.scores() == played.scores());
        CHECK(restored.to_move() == played.to_move());
        // A copy made before any move (its run table never written) and the original play on alike, and
        // take back alike, down to the start.
        Position copy = restored;
        Position again = played;
        for (const Pos p : {Pos{39, 39}, Pos{39, 38}, Pos{38, 39}}) {
            if (again.board().at(p) != Cell::Empty) continue;
            REQUIRE(copy.play(p));
            REQUIRE(again.play(p));
            REQUIRE(restored.play(p));
        }
        CHECK(copy == again);
        CHECK(copy.scores() == again.scores());
        while (again.last_move()) {
            REQUIRE(copy.take_back());
            REQUIRE(again.take_back());
            REQUIRE(copy.scores() == again.scores());
        }
        CHECK(copy == start);
    }
}

TEST_CASE("an image that does not fit its moves or its start is refused, naming the cell, and changes "
          "nothing") {
    const Position start = set_up_start();
    const Position played = played_from(start, 300, 11);
    const PositionImage good = image_of(played);
    const Board& board = good.board;
    SUBCASE("a cell played twice") {
        PositionImage image = good;
        image.history[200] = image.history[198];  // the same side's earlier cell
        check_refused(start, image, "(the cell is played twice)");
    }
    SUBCASE("a move on a mark of the set-up") {
        PositionImage image = good;
        // The set-up's X at (1, 1) as X's first move's cell instead: X moves second from this start.
        image.history[1] = static_cast<std::uint32_t>(board.index(Pos{0, 0}));
        check_refused(start, image, "the start's mark at");
    }
    SUBCASE("a mark on the board that no move made") {
        PositionImage image = good;
        image.history.pop_back();
        image.history.pop_back();
        check_refused(start, image, "that no move made");
    }
    SUBCASE("a move held by the other side's mark") {
        PositionImage image = good;
        std::swap(image.history[10], image.history[11]);
        check_refused(start, image, "the board does not hold");
    }
    SUBCASE("a set-up mark missing from the board") {
        PositionImage image = good;
        std::vector<Cell> cells = board.cells();
        cells[static_cast<std::size_t>(board.index(Pos{5, 5}))] = Cell::Empty;
        image.board = Board(board.rows(), board.cols(), std::move(cells));
        check_refused(start, image, "the start's mark at");
    }
    SUBCASE("a cell off the board") {
        PositionImage image = good;
        image.history[5] = 40 * 40;
        check_refused(start, image, "is off the board");
    }
    Position fits = start;
    CHECK(fits.restore(good));
    CHECK(fits == played);
}
