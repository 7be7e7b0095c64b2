// Games that start from a set-up position: its marks placed without a history, scored once, checked for a
// line already won, and never taken back; every move after it kept as exactly as on an empty board.
#include "test_util.hpp"

#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/score.hpp"
#include "tictactrace/engine/set_up.hpp"
#include "tictactrace/engine/win_check.hpp"

#include <algorithm>
#include <random>

using namespace ttt;

namespace {

// The set-up's refusal, which must exist; "" when the set-up was accepted.
std::string refusal(const Rules& rules, const SetUp& setup) {
    Position p(rules);
    const auto err = p.set_up(setup);
    if (err.has_value()) return "";
    CHECK(err.error().kind == MoveErrorKind::BadSetUp);
    CHECK(p == Position(rules));  // refused: nothing changed
    return err.error().message;
}

Position set_up_position(const Rules& rules, const SetUp& setup) {
    Position p(rules);
    const auto err = p.set_up(setup);
    REQUIRE_MESSAGE(err, (err.has_value() ? std::string() : err.error().message));
    return p;
}

// Both scores, the run beside every empty cell and the outcome as the references find them on the bare
// board: what the incremental position must agree with after every change.
void check_against_references(const Position& p) {
    const Board& board = p.board();
    CHECK(p.scores() == full_score(board, score_params(p.rules())));
    for (int i = 0; i < board.size(); ++i) {
        const Pos q = board.pos(i);
        if (board.at(q) != Cell::Empty) continue;
        for (int k = 0; k < kDirectionCount; ++k)
            for (const Player who : {Player::X, Player::O}) {
                const RunExtent reference =
                    run_through(board, q, static_cast<Direction>(k), cell_of(who), board.size());
                CHECK(p.run_beside(q, static_cast<Direction>(k), who) == reference);
            }
    }
}

}  // namespace

TEST_CASE("the scoring article's 7x7 example set up as it stands: X 1300 from the rows, 1600 in all, O 0") {
    const SetUp setup = set_up_of(test::seed_7x7());
    CHECK(setup.x.size() == 18);
    CHECK(setup.o.empty());
    CHECK(setup.to_move == Player::O);  // X has more marks
    CHECK(describe(setup) == "18 X, 0 O");
    const Position p = set_up_position(Rules::score(7, 7), setup);
    CHECK(p.board() == test::seed_7x7());
    CHECK(p.scores().of(Player::X)[Direction::Horizontal] == 1300);
    CHECK(p.scores().of(Player::X)[Direction::Vertical] == 0);
    CHECK(p.scores().of(Player::X)[Direction::Diagonal45] == 0);
    CHECK(p.scores().of(Player::X)[Direction::DiagonalMinus45] == 300);
    CHECK(p.scores().of(Player::X).total() == 1600);
    CHECK(p.scores().of(Player::O).total() == 0);
    CHECK(p.move_count() == 0);
    CHECK(p.set_up_marks() == 18);
    CHECK(p.moves().empty());
    CHECK_FALSE(p.last_move());
    CHECK(p.to_move() == Player::O);
    CHECK(p.outcome().status == Status::Playing);
}

TEST_CASE("who moves next after a set-up: O when X has more marks, else X, unless the set-up says") {
    CHECK(default_to_move(0, 0) == Player::X);
    CHECK(default_to_move(3, 2) == Player::O);
    CHECK(default_to_move(2, 2) == Player::X);
    CHECK(default_to_move(1, 4) == Player::X);
    const SetUp mine = set_up_of(test::board_of({"xx.", "...", "..."}), Player::X);
    CHECK(mine.to_move == Player::X);
    Position p = set_up_position(Rules::classic(), mine);
    REQUIRE(p.play({2, 2}));
    CHECK(p.board().at(Pos{2, 2}) == Cell::X);
}

TEST_CASE("a take-back never removes the set-up's marks") {
    const SetUp setup = set_up_of(test::board_of({"x.o..", ".....", "..x..", ".....", "o...x"}));
    Position p = set_up_position(Rules::gomoku(false, 5, 5), setup);
    const Position start = p;
    auto err = p.take_back();
    REQUIRE_FALSE(err);
    CHECK(err.error().kind == MoveErrorKind::NothingToTakeBack);
    CHECK(err.error().message ==
          "there is no move to take back: the marks of the set-up are where the game starts, and stay");
    CHECK(p == start);
    REQUIRE(p.play({1, 1}));  // three X and two O set up: O moves next
    CHECK(p.board().at(Pos{1, 1}) == Cell::O);
    REQUIRE(p.play({3, 3}));
    REQUIRE(p.take_back());
    REQUIRE(p.take_back());
    CHECK(p == start);
    CHECK_FALSE(p.take_back());
    CHECK(p.board().filled() == 5);
}

TEST_CASE("moves and take-backs after a set-up in any order keep the scores and runs of the references") {
    // Set-ups with runs longer than the run table's short runs, placed in shuffled orders, then random
    // play with take-backs: scores, runs beside every empty cell and wins as the cell-by-cell walks give.
    std::mt19937 rng(4401);
    for (const Rules& rules : {Rules::score(20, 20), Rules::score(9, 31, 2, 7), Rules::mnk(20, 20, 12),
                               Rules::gomoku(true, 15, 15)}) {
        CAPTURE(describe(rules));
        for (int round = 0; round < 6; ++round) {
            Board board(rules.rows, rules.cols);
            // Long rows and diagonals of one owner with gaps, then scattered marks.
            for (int r = 0; r < rules.rows; r += 3)
                for (int c = 0; c < rules.cols; ++c)
                    if (rng() % 9 != 0) board.place({r, c}, r % 2 == 0 ? Cell::X : Cell::O);
            for (int i = 0; i < rules.rows; ++i)
                if (i < rules.cols && board.at(Pos{i, i}) == Cell::Empty) board.place({i, i}, Cell::O);
            SetUp setup = set_up_of(board, rng() % 2 ? Player::X : Player::O);
            std::shuffle(setup.x.begin(), setup.x.end(), rng);
            std::shuffle(setup.o.begin(), setup.o.end(), rng);
            Position p(rules);
            if (auto err = p.set_up(setup); !err) {
                // A k-in-a-row set-up may hold a line already: the reference walk must find it too.
                CHECK(err.error().message.find("it is already won") != std::string::npos);
                CHECK_FALSE(winning_line_on(board, rules).empty());
                continue;
            }
            check_against_references(p);
            for (int step = 0; step < 60 && !p.outcome().over(); ++step) {
                if (p.move_count() > 0 && rng() % 4 == 0) {
                    REQUIRE(p.take_back());
                } else {
                    const Pos q = test::random_empty_cell(p.board(), rng);
                    Board before = p.board();
                    REQUIRE(p.play(q));
                    before.place(q, p.board().at(q));
                    CHECK(p.outcome().winning_line == winning_line_through(before, rules, q));
                }
                check_against_references(p);
            }
            while (p.move_count() > 0) REQUIRE(p.take_back());
            CHECK(p.board() == board);
            check_against_references(p);
        }
    }
}

TEST_CASE("a set-up the rules cannot accept is refused with one sentence, and nothing changes") {
    SUBCASE("a cell off the board") {
        CHECK(refusal(Rules::classic(), SetUp{{{0, 0}, {3, 1}}, {}, Player::O}) ==
              "the set-up cannot start a game: X at (4, 2) is off the 3x3 board");
        CHECK(refusal(Rules::score(4, 5), SetUp{{}, {{-1, 0}}, Player::X}) ==
              "the set-up cannot start a game: O at (0, 1) is off the 4x5 board");
    }
    SUBCASE("a cell given twice") {
        CHECK(refusal(Rules::score(5, 5), SetUp{{{1, 1}, {2, 2}, {1, 1}}, {}, Player::O}) ==
              "the set-up cannot start a game: X at (2, 2) is given twice");
    }
    SUBCASE("both players on one cell") {
        CHECK(refusal(Rules::score(5, 5), SetUp{{{1, 1}}, {{0, 0}, {1, 1}}, Player::X}) ==
              "the set-up cannot start a game: both X and O are given (2, 2)");
    }
    SUBCASE("a line already won, under every rule that wins by a line") {
        CHECK(refusal(Rules::classic(), set_up_of(test::board_of({"o..", "xxx", "o.."}))) ==
              "the set-up cannot start a game: it is already won: X has 3 in a row from (2, 1) to (2, 3); "
              "set up a position that can still be played");
        CHECK(refusal(Rules::gomoku(false, 7, 7),
                      set_up_of(test::board_of(
                          {"o......", ".o.....", "..o....", "...o...", "....o..", "xxxx...", "......."}))) ==
              "the set-up cannot start a game: it is already won: O has 5 in a row from (1, 1) to (5, 5); "
              "set up a position that can still be played");
        CHECK(refusal(Rules::mnk(4, 6, 4),
                      set_up_of(test::board_of({"...x..", "..x...", ".x....", "x....."}))) ==
              "the set-up cannot start a game: it is already won: X has 4 in a row from (4, 1) to (1, 4); "
              "set up a position that can still be played");
        CHECK(refusal(Rules::fullline(3, 4), set_up_of(test::board_of({"..o.", "..o.", "..o."}))) ==
              "the set-up cannot start a game: it is already won: O has 3 in a row from (1, 3) to (3, 3); "
              "set up a position that can still be played");
        CHECK(refusal(Rules::fullline(3, 3), set_up_of(test::board_of({"x..", ".x.", "..x"}))) != "");
    }
    SUBCASE("lines the rules do not count as a win are accepted") {
        // Gomoku exact: six in a row is an overline; full-line: a diagonal of a rectangle, a part of a row.
        CHECK(refusal(Rules::gomoku(true, 7, 7),
                      set_up_of(test::board_of({"xxxxxx.", ".......", ".......", ".......", ".......",
                                                ".......", "......."}))) == "");
        CHECK(refusal(Rules::fullline(3, 4), set_up_of(test::board_of({"x...", ".x..", "..x."}))) == "");
        CHECK(refusal(Rules::fullline(3, 4), set_up_of(test::board_of({"xxx.", "....", "...."}))) == "");
        CHECK(refusal(Rules::mnk(3, 3, 3), SetUp{}) == "");
    }
    SUBCASE("a position that already holds marks") {
        Position p = test::play_all(Rules::classic(), {{1, 1}});
        const Position before = p;
        const auto err = p.set_up(SetUp{{{0, 0}}, {}, Player::O});
        REQUIRE_FALSE(err);
        CHECK(err.error().message == "the set-up cannot start a game: the board already holds marks");
        CHECK(p == before);
    }
    SUBCASE("classic on a board of another size: the rules themselves are refused") {
        GameState state;
        const auto err = ttt::apply(state, GameSetUp{Rules{RuleKind::Classic, 7, 7, 3, false, 3, 100},
                                                     "A",
                                                     "B",
                                                     {{set_up_of(test::seed_7x7()), std::nullopt, 0}}});
        REQUIRE_FALSE(err);
        CHECK(err.error().kind == MoveErrorKind::BadRules);
        CHECK(err.error().message == "classic is 3x3 with three in a row");
        CHECK_FALSE(state.created);
    }
}

TEST_CASE("under the score rule any set-up is accepted, and a full board is a finished game decided by the "
          "totals") {
    // Lines of any length are only points here, never a win.
    const Position open =
        set_up_position(Rules::score(3, 3), set_up_of(test::board_of({"xxx", "...", "ooo"})));
    CHECK(open.outcome().status == Status::Playing);
    CHECK(open.scores().of(Player::X).total() == 300);

    const Position won =
        set_up_position(Rules::score(3, 3), set_up_of(test::board_of({"xxx", "oxo", "oox"})));
    CHECK(won.outcome().status == Status::Won);
    CHECK(won.outcome().winner == Player::X);
    CHECK(won.outcome().winning_line.empty());
    CHECK(won.scores().of(Player::X).total() == 600);  // the top row and the \ diagonal
    Position copy = won;
    const auto over = copy.play({0, 0});
    REQUIRE_FALSE(over);
    CHECK(over.error().kind == MoveErrorKind::GameOver);

    const Position level = set_up_position(Rules::score(2, 2), set_up_of(test::board_of({"xo", "ox"})));
    CHECK(level.outcome().status == Status::Draw);

    // A full board without a line under a line rule is a draw from the start.
    const Position drawn =
        set_up_position(Rules::classic(), set_up_of(test::board_of({"xox", "xoo", "oxx"})));
    CHECK(drawn.outcome().status == Status::Draw);
}

TEST_CASE("a set-up game folds like any other: the event starts it, moves follow, unapply steps back to it") {
    std::vector<Event> events;
    events.push_back(
        GameSetUp{Rules::score(7, 7), "Teacher", "Class", {{set_up_of(test::seed_7x7()), std::nullopt, 0}}});
    events.push_back(MovePlayed{Player::O, {1, 3}});
    events.push_back(MovePlayed{Player::X, {1, 0}});
    events.push_back(MoveTakenBack{Player::X, {1, 0}});
    events.push_back(Resigned{Player::X});
    auto folded = fold(events);
    REQUIRE(folded.has_value());
    GameState s = folded.value();
    CHECK(s.created);
    CHECK(s.steps == 4);
    CHECK(s.x_name == "Teacher");
    CHECK_FALSE(s.forked_from);
    CHECK(s.position.move_count() == 1);
    CHECK(s.position.outcome().status == Status::Resigned);
    for (std::size_t i = events.size() - 1; i > 0; --i) REQUIRE(unapply(s, events[i]));
    auto start = fold(events, 0);
    REQUIRE(start.has_value());
    CHECK(s == start.value());
    CHECK_FALSE(unapply(s, events.front()));  // the set-up is the start: nothing before it
    CHECK(type_name_of(events.front()) == std::string("game_set_up"));
    CHECK(type_version_of(events.front()) == 1);
    CHECK(is_creating(events.front()));
    CHECK_FALSE(is_creating(events[1]));

    // A second creation of any kind is refused.
    GameState again = fold(events).value();
    CHECK_FALSE(ttt::apply(again, events.front()));

    // A fork of a set-up game says where it branched off.
    GameState fork;
    REQUIRE(
        ttt::apply(fork, GameSetUp{Rules::score(7, 7), "A", "B", {{set_up_of(test::seed_7x7()), 12, 3}}}));
    CHECK(fork.forked_from == 12);
    CHECK(fork.forked_at == 3);
    GameState bad;
    CHECK_FALSE(ttt::apply(bad, GameSetUp{Rules::score(7, 7), "A", "B", {{SetUp{}, 12, -1}}}));
}

TEST_CASE("a winning line anywhere on the board is what the walk from some cell finds") {
    // winning_line_on scans every line once; the walk from each mark of the board is its reference.
    std::mt19937 rng(77);
    for (const Rules& rules : test::rules_of_every_kind()) {
        CAPTURE(describe(rules));
        for (int round = 0; round < 40; ++round) {
            Board board(rules.rows, rules.cols);
            const int marks = static_cast<int>(rng() % static_cast<unsigned>(board.size() + 1));
            for (int i = 0; i < marks; ++i)
                board.place(test::random_empty_cell(board, rng), rng() % 2 ? Cell::X : Cell::O);
            bool any = false;
            for (int i = 0; i < board.size() && !any; ++i)
                any = !winning_line_through(board, rules, board.pos(i)).empty();
            const std::vector<Pos> line = winning_line_on(board, rules);
            CHECK(line.empty() == !any);
            if (!line.empty()) CHECK_FALSE(winning_line_through(board, rules, line.front()).empty());
        }
    }
}
