// Runs kept as intervals: the lengths at the run ends always equal a walk along the board, through
// random games, take-backs and runs as long as the largest board.
#include "test_util.hpp"

#include "tictactrace/engine/run_table.hpp"
#include "tictactrace/engine/score.hpp"

#include <algorithm>
#include <numeric>
#include <random>

using namespace ttt;

namespace {

RunExtent walked(const Board& board, Pos p, Direction d, Player who) {
    return run_through(board, p, d, cell_of(who), board.size());
}

// Every empty cell, both players, all four directions: the O(1) answer equals the walk.
void require_runs_match_walk(const Position& pos) {
    const Board& board = pos.board();
    for (const Pos p : test::empty_cells(board))
        for (Player who : {Player::X, Player::O})
            for (int k = 0; k < kDirectionCount; ++k) {
                const auto d = static_cast<Direction>(k);
                const RunExtent table = pos.run_beside(p, d, who);
                const RunExtent walk = walked(board, p, d, who);
                CAPTURE(p.row);
                CAPTURE(p.col);
                CAPTURE(k);
                REQUIRE(table.before == walk.before);
                REQUIRE(table.after == walk.after);
            }
}

// Random moves with take-backs mixed in (and forced after the game ends), the runs checked after
// every step. `ordered` fills rows from both edges instead, so runs grow as long as the board allows.
void random_walk(const Rules& rules, std::mt19937& rng, int steps, bool ordered) {
    Position pos(rules);
    for (int step = 0; step < steps; ++step) {
        const bool can_play = !pos.outcome().over() && !pos.board().full();
        if (can_play && (pos.move_count() == 0 || rng() % 4 != 0)) {
            const Pos p = ordered ? test::ordered_cell(pos.board(), pos.to_move())
                                  : test::random_empty_cell(pos.board(), rng);
            REQUIRE(pos.play(p));
        } else if (pos.move_count() > 0) {
            REQUIRE(pos.take_back());
        }
        require_runs_match_walk(pos);
        REQUIRE(pos.scores() == full_score(pos.board(), score_params(rules)));
    }
}

}  // namespace

TEST_CASE("the runs beside every empty cell equal the walk after every move and take-back") {
    std::mt19937 rng(1103515245);
    for (const Rules& rules : test::rules_of_every_kind()) {
        CAPTURE(describe(rules));
        for (int game = 0; game < 3; ++game) random_walk(rules, rng, 3 * rules.cell_count() + 10, false);
        random_walk(rules, rng, 3 * rules.cell_count() + 10, true);
    }
}

TEST_CASE("place returns the runs a mark joins, and remove, in reverse order, returns the same") {
    // Any sequence of marks, not only alternating ones: the table needs nothing but the reverse order.
    std::mt19937 rng(42);
    for (auto [rows, cols] : {std::pair{1, 1}, std::pair{1, 12}, std::pair{12, 1}, std::pair{6, 9}}) {
        Board board(rows, cols);
        RunTable table(rows, cols);
        std::vector<int> order(static_cast<std::size_t>(rows * cols));
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        std::vector<RunsThrough> joined;
        for (const int i : order) {
            const Pos p = board.pos(i);
            const Cell who = rng() % 3 == 0 ? Cell::O : Cell::X;
            RunsThrough expected;
            for (int k = 0; k < kDirectionCount; ++k) {
                expected[static_cast<std::size_t>(k)] =
                    run_through(board, p, static_cast<Direction>(k), who, board.size());
                CHECK(table.beside(board, p, static_cast<Direction>(k), who) ==
                      expected[static_cast<std::size_t>(k)]);
            }
            board.place(p, who);
            joined.push_back(table.place(board, p));
            REQUIRE(joined.back() == expected);
        }
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const Pos p = board.pos(*it);
            REQUIRE(table.remove(board, p) == joined.back());
            board.clear(p);
            joined.pop_back();
        }
    }
}

TEST_CASE("runs as long as the largest board: a whole row, column and both diagonals joined and split") {
    constexpr int n = kMaxSide;
    Position pos(Rules::score(n, n));
    // X's four lines, each with one gap left for the move that joins it.
    struct Line {
        Direction d;
        Pos gap;
        std::vector<Pos> cells;
    };
    std::vector<Line> lines = {
        {Direction::Horizontal, {5, 1000}, {}},
        {Direction::Vertical, {1200, 7}, {}},
        {Direction::DiagonalMinus45, {900, 900}, {}},
        {Direction::Diagonal45, {1500, n - 1 - 1500}, {}},
    };
    for (int i = 0; i < n; ++i) {
        lines[0].cells.push_back({5, i});
        lines[1].cells.push_back({i, 7});
        lines[2].cells.push_back({i, i});
        lines[3].cells.push_back({n - 1 - i, i});
    }
    // O answers on the bottom rows, away from X's lines.
    Pos o_next{n - 8, 9};
    auto o_move = [&] {
        const Board& b = pos.board();
        while (b.at(o_next) != Cell::Empty || o_next.col == o_next.row || o_next.col + o_next.row == n - 1 ||
               o_next.col == 7)
            o_next = o_next.col + 1 < n ? Pos{o_next.row, o_next.col + 1} : Pos{o_next.row + 1, 9};
        REQUIRE(pos.play(o_next));
    };
    auto x_move = [&](Pos p) {
        const PlayerScore walk = score_delta_of_move(pos.board(), p, Player::X, {});
        const Scores before = pos.scores();
        REQUIRE(pos.play(p));
        for (int k = 0; k < kDirectionCount; ++k)
            REQUIRE(pos.scores().of(Player::X).by_direction[k] - before.of(Player::X).by_direction[k] ==
                    walk.by_direction[k]);
        o_move();
    };
    for (const Line& line : lines)
        for (const Pos p : line.cells)
            if (p != line.gap && pos.board().at(p) == Cell::Empty) x_move(p);
    REQUIRE(pos.scores() == full_score(pos.board(), {}));

    // Each gap: the runs on both sides are the rest of the line (its cells are listed along the
    // direction's step); joining them scores the whole line.
    auto side = [&](const Line& line) {
        const auto at = std::find(line.cells.begin(), line.cells.end(), line.gap) - line.cells.begin();
        return RunExtent{static_cast<int>(at), n - 1 - static_cast<int>(at)};
    };
    for (const Line& line : lines) {
        CAPTURE(std::string(name_of(line.d)));
        CHECK(pos.run_beside(line.gap, line.d, Player::X) == side(line));
    }
    const Scores split = pos.scores();
    const std::int64_t x_split = split.of(Player::X).total();
    for (const Line& line : lines) x_move(line.gap);
    for (const Line& line : lines)
        CHECK(pos.scores().of(Player::X)[line.d] - split.of(Player::X)[line.d] == 100);  // n*100 - (n-1)*100
    CHECK(pos.scores().of(Player::X).total() == x_split + 400);
    CHECK(pos.scores() == full_score(pos.board(), {}));

    // Taking the joins back splits the lines again, exactly.
    for (std::size_t i = 0; i < 2 * lines.size(); ++i) REQUIRE(pos.take_back());
    CHECK(pos.scores() == split);
    for (const Line& line : lines) CHECK(pos.run_beside(line.gap, line.d, Player::X) == side(line));
    CHECK(pos.scores() == full_score(pos.board(), {}));
}

TEST_CASE("runs just shorter and just longer than the short-run limit, joined and split") {
    // Along each direction: an empty cell, a marks of X, a gap, b marks of X, an empty cell; O stands
    // apart, off every line used. Every pair of lengths around RunTable::kShortRun, so short + short,
    // short + long and long + long joins all happen, and the empty cells at both ends read what the
    // far ends of the runs hold.
    const int most = RunTable::kShortRun + 4;
    constexpr int n = 32;
    for (int k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        const Pos step = step_of(d);
        const Pos origin = step.row < 0 ? Pos{n - 1, 0} : Pos{0, 0};
        auto along = [&](int i) { return Pos{origin.row + i * step.row, origin.col + i * step.col}; };
        for (int a = 0; a <= most; ++a)
            for (int b = 0; b <= most; ++b) {
                CAPTURE(k);
                CAPTURE(a);
                CAPTURE(b);
                Position pos(Rules::score(n, n));
                int o_moves = 0;
                auto pair = [&](Pos x) {
                    REQUIRE(pos.play(x));
                    REQUIRE(pos.play({2 * (o_moves / 2), n - 4 + 2 * (o_moves % 2)}));
                    ++o_moves;
                };
                for (int i = 1; i <= a; ++i) pair(along(i));
                for (int i = a + 2; i <= a + b + 1; ++i) pair(along(i));
                const Pos first = along(0);
                const Pos gap = along(a + 1);
                const Pos last = along(a + b + 2);
                auto runs_are = [&](int before, int after) {
                    CHECK(pos.run_beside(first, d, Player::X) == RunExtent{0, before});
                    CHECK(pos.run_beside(last, d, Player::X) == RunExtent{after, 0});
                };
                REQUIRE(pos.run_beside(gap, d, Player::X) == RunExtent{a, b});
                runs_are(a, b);
                const Scores split = pos.scores();
                pair(gap);
                CHECK(pos.scores() == full_score(pos.board(), {}));
                runs_are(a + b + 1, a + b + 1);
                REQUIRE(pos.take_back());
                REQUIRE(pos.take_back());
                CHECK(pos.scores() == split);
                CHECK(pos.run_beside(gap, d, Player::X) == RunExtent{a, b});
                runs_are(a, b);
                require_runs_match_walk(pos);
            }
    }
}

// [SECTION] A position built in one pass (Position::play_in_bulk)

namespace {

// The same cells played one by one and in bulk: equal positions, equal runs everywhere, and equal again
// after every take-back down to the start and after moves played on top.
void require_bulk_equals_one_by_one(const Rules& rules, const std::vector<std::uint32_t>& cells,
                                    std::mt19937& rng) {
    Position one(rules);
    for (const std::uint32_t c : cells) REQUIRE(one.play(one.board().pos(static_cast<int>(c))));
    Position bulk(rules);
    REQUIRE(bulk.play_in_bulk(cells));
    REQUIRE(bulk == one);
    require_runs_match_walk(bulk);
    // Moves on top, then everything taken back: the runs the table never saw are counted on the board.
    for (int i = 0; i < 20 && !one.outcome().over(); ++i) {
        const auto empty = test::empty_cells(one.board());
        const Pos p = empty[std::uniform_int_distribution<std::size_t>(0, empty.size() - 1)(rng)];
        REQUIRE(one.play(p));
        REQUIRE(bulk.play(p));
        REQUIRE(bulk == one);
    }
    require_runs_match_walk(bulk);
    int step = 0;
    while (one.move_count() > 0) {
        REQUIRE(one.take_back());
        REQUIRE(bulk.take_back());
        REQUIRE(bulk == one);
        if (++step % 997 == 0) require_runs_match_walk(bulk);
    }
    require_runs_match_walk(bulk);
}

}  // namespace

TEST_CASE("play_in_bulk ends as playing each mark would, and takes back every mark as one by one does") {
    std::mt19937 rng(2048);
    SUBCASE("a 100x100 score game to the full board in a random order") {
        std::vector<std::uint32_t> cells(100 * 100);
        std::iota(cells.begin(), cells.end(), 0U);
        std::shuffle(cells.begin(), cells.end(), rng);
        require_bulk_equals_one_by_one(Rules::score(100, 100), cells, rng);
    }
    SUBCASE("a 100x100 score game played row by row, its runs as long as the board") {
        std::vector<std::uint32_t> cells(100 * 90);
        std::iota(cells.begin(), cells.end(), 0U);
        require_bulk_equals_one_by_one(Rules::score(100, 100), cells, rng);
    }
    SUBCASE("a 100x100 game of three in a row, won by its last mark") {
        // Cells coloured in pairs, XXOO along a row and shifted by two on the next: nobody has three in
        // a row anywhere. X takes one O cell of row 0 last, after an XX pair: its three wins; one X cell
        // far away stays empty so that the turns alternate.
        const auto x_cell = [](std::uint32_t c) { return ((c % 100 + 2 * (c / 100)) / 2) % 2 == 0; };
        const std::uint32_t last = 2;  // row 0: X X O O ..., so cell 2 joins cells 0 and 1
        const std::uint32_t left = 9999;
        REQUIRE(x_cell(0));
        REQUIRE(x_cell(1));
        REQUIRE_FALSE(x_cell(last));
        REQUIRE(x_cell(left));
        std::vector<std::uint32_t> xs;
        std::vector<std::uint32_t> os;
        for (std::uint32_t c = 0; c < 100 * 100; ++c) {
            if (c == last || c == left) continue;
            (x_cell(c) ? xs : os).push_back(c);
        }
        REQUIRE(xs.size() == os.size());
        std::shuffle(xs.begin(), xs.end(), rng);
        std::shuffle(os.begin(), os.end(), rng);
        std::vector<std::uint32_t> cells;
        for (std::size_t i = 0; i < os.size(); ++i) {
            cells.push_back(xs[i]);
            cells.push_back(os[i]);
        }
        cells.push_back(last);
        Position one(Rules::mnk(100, 100, 3));
        for (const std::uint32_t c : cells) REQUIRE(one.play(one.board().pos(static_cast<int>(c))));
        REQUIRE(one.outcome().status == Status::Won);
        REQUIRE(one.outcome().winner == Player::X);
        require_bulk_equals_one_by_one(Rules::mnk(100, 100, 3), cells, rng);
    }
}

TEST_CASE("play_in_bulk refuses a taken cell, a cell off the board and a game won before its last mark, "
          "changing nothing") {
    std::vector<std::uint32_t> cells(5000);
    std::iota(cells.begin(), cells.end(), 0U);
    Position pos(Rules::score(100, 100));
    const Position before = pos;
    auto taken = cells;
    taken[4000] = 17;
    const auto refused = pos.play_in_bulk(taken);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().kind == MoveErrorKind::CellTaken);
    CHECK(refused.error().message.find("is already taken by O") != std::string::npos);
    CHECK(pos == before);
    auto off = cells;
    off[10] = 10000;
    const auto off_board = pos.play_in_bulk(off);
    REQUIRE_FALSE(off_board);
    CHECK(off_board.error().kind == MoveErrorKind::OffBoard);
    CHECK(pos == before);
    // Row by row on 100x100 with five in a row: X has five in row 0 long before the last mark.
    Position gomoku(Rules::mnk(100, 100, 5));
    const auto won = gomoku.play_in_bulk(cells);
    REQUIRE_FALSE(won);
    CHECK(won.error().kind == MoveErrorKind::GameOver);
    CHECK(gomoku == Position(Rules::mnk(100, 100, 5)));
}
