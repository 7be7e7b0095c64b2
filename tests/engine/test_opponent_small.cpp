// The built-in opponent on the small games: from every reachable position of classic tic-tac-toe its
// move keeps the position's game-theoretic value, checked against an exhaustive minimax written here
// from the rules alone, over the very positions the game-tree counter (game_tree.hpp) counts; it never
// loses a game against any opponent; and the same holds on other small boards and in the score game,
// where the value is the final margin.
#include "test_util.hpp"

#include "tictactrace/engine/game_tree.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/score.hpp"

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <thread>
#include <variant>

using namespace ttt;

namespace {

// [SECTION] An independent reference: minimax over strings of 'x', 'o', '.'

// A board of R x C as a string, row-major, and the rule "k in a row" checked by walking every line.
struct Small {
    int rows = 3;
    int cols = 3;
    int k = 3;
};

bool has_line(const std::string& b, const Small& g, char who) {
    const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < g.rows; ++r)
        for (int c = 0; c < g.cols; ++c)
            for (const auto& s : steps) {
                int n = 0;
                for (int i = 0; i < g.k; ++i) {
                    const int rr = r + i * s[0];
                    const int cc = c + i * s[1];
                    if (rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols) break;
                    if (b[static_cast<std::size_t>(rr * g.cols + cc)] != who) break;
                    ++n;
                }
                if (n == g.k) return true;
            }
    return false;
}

// The value for the side to move (+1 win, 0 draw, -1 loss) and, as fastest win / slowest loss ask, the
// plies to the end under best play: a win as soon as it can, a loss as late as it can.
struct Value {
    int result = 0;
    int plies = 0;
    friend bool operator==(const Value&, const Value&) = default;
};

class Minimax {
public:
    explicit Minimax(Small g) : m_g(g) {}

    Value value(const std::string& b, char me) {
        const std::string key = b + me;
        if (auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        const char them = me == 'x' ? 'o' : 'x';
        Value best{-2, 0};
        for (std::size_t i = 0; i < b.size(); ++i) {
            if (b[i] != '.') continue;
            std::string next = b;
            next[i] = me;
            Value v;
            if (has_line(next, m_g, me)) {
                v = {1, 1};
            } else if (next.find('.') == std::string::npos) {
                v = {0, 1};
            } else {
                const Value child = value(next, them);
                v = {-child.result, child.plies + 1};
            }
            if (better(v, best)) best = v;
        }
        m_memo.emplace(key, best);
        return best;
    }

    [[nodiscard]] static bool better(const Value& a, const Value& b) {
        if (a.result != b.result) return a.result > b.result;
        if (a.result > 0) return a.plies < b.plies;  // the fastest win
        return a.plies > b.plies;                    // the slowest loss (and, for a draw, any)
    }

private:
    Small m_g;
    std::map<std::string, Value> m_memo;
};

std::string text_of(const Position& p) {
    std::string s;
    for (const auto& row : p.board().to_strings()) s += row;
    return s;
}

char mover_char(const Position& p) {
    return to_char(p.to_move());
}

// The value after the engine's move, for the side that made it.
Value value_after(Minimax& reference, const Position& before, Pos move) {
    Position after = before;
    REQUIRE(after.play(move));
    if (after.outcome().status == Status::Won) return {1, 1};
    if (after.outcome().over()) return {0, 1};
    const Value child = reference.value(text_of(after), mover_char(after));
    return {-child.result, child.plies + 1};
}

// Calls `visit` on every distinct position reachable from `p` (the game over ones too), once each.
template <class F>
void each_reachable(Position& p, std::map<std::string, bool>& seen, const F& visit) {
    const std::string key = text_of(p);
    if (!seen.emplace(key, true).second) return;
    visit(p);
    if (p.outcome().over()) return;
    for (int i = 0; i < p.board().size(); ++i) {
        if (p.board().at(i) != Cell::Empty) continue;
        REQUIRE(p.play(p.board().pos(i)));
        each_reachable(p, seen, visit);
        REQUIRE(p.take_back());
    }
}

// The value for the side to move under best play by negamax over every reply, memoised by the board:
// `ended(position, mover)` values a game that is over for the side that made its last move.
template <class Ended>
class Negamax {
public:
    explicit Negamax(Ended ended) : m_ended(std::move(ended)) {}

    std::int64_t value(const Position& p) {
        const std::string key = text_of(p);
        if (auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        std::int64_t best = std::numeric_limits<std::int64_t>::min();
        for (int i = 0; i < p.board().size(); ++i)
            if (p.board().at(i) == Cell::Empty) best = std::max(best, of_move(p, p.board().pos(i)));
        m_memo.emplace(key, best);
        return best;
    }

    // What playing `move` is worth to the side that plays it.
    std::int64_t of_move(const Position& p, Pos move) {
        Position after = p;
        const Player me = p.to_move();
        REQUIRE(after.play(move));
        return after.outcome().over() ? m_ended(after, me) : -value(after);
    }

private:
    Ended m_ended;
    std::map<std::string, std::int64_t> m_memo;
};

OpponentSettings level(Level l, std::uint64_t seed = 1) {
    OpponentSettings s;
    s.level = l;
    s.seed = seed;
    s.limits.nodes = l == Level::Perfect ? 0 : 5'000'000;  // far more than a small game needs
    return s;
}

// Every game the opponent can be led into when it plays `side`: all replies of the other side.
// Returns how many games ended; fails the test at any game the opponent lost.
int never_loses(Position& p, Player side, const OpponentSettings& settings) {
    if (p.outcome().over()) {
        CHECK_MESSAGE(p.outcome().winner != other(side), text_of(p));
        return 1;
    }
    int games = 0;
    if (p.to_move() == side) {
        const SearchReport report = choose_move(p, settings);
        REQUIRE(report.move);
        REQUIRE(p.play(*report.move));
        games += never_loses(p, side, settings);
        REQUIRE(p.take_back());
        return games;
    }
    for (int i = 0; i < p.board().size(); ++i) {
        if (p.board().at(i) != Cell::Empty) continue;
        REQUIRE(p.play(p.board().pos(i)));
        games += never_loses(p, side, settings);
        REQUIRE(p.take_back());
    }
    return games;
}

}  // namespace

// [SECTION] Classic

TEST_CASE("from every one of classic's 5478 positions the perfect and strong moves keep the game's value, "
          "winning fastest and losing slowest") {
    Minimax reference(Small{3, 3, 3});
    Position start(Rules::classic());
    std::map<std::string, bool> seen;
    int positions = 0;
    int judged = 0;
    each_reachable(start, seen, [&](const Position& p) {
        ++positions;
        if (p.outcome().over()) return;
        const Value value = reference.value(text_of(p), mover_char(p));
        for (const Level l : {Level::Perfect, Level::Strong}) {
            const SearchReport report = choose_move(p, level(l));
            REQUIRE(report.move);
            REQUIRE(p.check(*report.move));
            CHECK(report.method == SearchMethod::Solver);
            const Value kept = value_after(reference, p, *report.move);
            CHECK_MESSAGE(kept == value, text_of(p) << " level " << name_of(l));
            const EvaluationKind kind = value.result > 0   ? EvaluationKind::Win
                                        : value.result < 0 ? EvaluationKind::Loss
                                                           : EvaluationKind::Draw;
            CHECK(report.evaluation.kind == kind);
            if (value.result != 0) CHECK(report.evaluation.plies == value.plies);
        }
        ++judged;
    });
    // The positions the game-tree counter knows, every one of them visited once.
    const auto counts = count_game_tree(Rules::classic());
    REQUIRE(counts.has_value());
    CHECK(static_cast<std::uint64_t>(positions) == counts->positions);
    CHECK(positions == 5478);
    CHECK(judged == 5478 - 958);  // 958 of them are over: won or full
}

TEST_CASE(
    "the reference itself: classic is a draw, and X wins at once with two in a row and the third free") {
    Minimax reference(Small{3, 3, 3});
    CHECK(reference.value(".........", 'x') == Value{0, 9});
    CHECK(reference.value("xx.oo....", 'x') == Value{1, 1});
    // O to move against a fork of X's cannot stop both lines: it loses in two plies.
    CHECK(reference.value("x.x.o.o.x", 'o') == Value{-1, 2});
}

TEST_CASE("the perfect and strong levels never lose a game of classic, as X or as O, whatever the other side "
          "plays") {
    for (const Level l : {Level::Perfect, Level::Strong})
        for (const Player side : {Player::X, Player::O}) {
            Position start(Rules::classic());
            const int games = never_loses(start, side, level(l, 7));
            // Every reply of the other side was followed to the end: many games, none lost.
            CHECK(games > (side == Player::X ? 50 : 400));
        }
}

TEST_CASE("a level that cannot see far loses games that the perfect level would not: the check can tell") {
    // The random level as X against all of O's replies is lost somewhere: never_loses is not vacuous.
    Position start(Rules::classic());
    int lost = 0;
    std::map<std::string, bool> seen;
    each_reachable(start, seen, [&](const Position& p) {
        if (p.outcome().over() || p.to_move() != Player::X) return;
        const SearchReport r = choose_move(p, level(Level::Random, 3));
        Position after = p;
        REQUIRE(after.play(*r.move));
        if (!after.outcome().over()) {
            Minimax reference(Small{3, 3, 3});
            const Value v = reference.value(text_of(after), 'o');
            if (v.result > 0) ++lost;
        }
    });
    CHECK(lost > 100);
}

// [SECTION] Other small boards

TEST_CASE("on a 3x4 board with three in a row the perfect move keeps the value of random positions") {
    const Small g{3, 4, 3};
    Minimax reference(g);
    std::mt19937 rng(11);
    int checked = 0;
    for (int game = 0; game < 40; ++game) {
        Position p(Rules::mnk(3, 4, 3));
        while (!p.outcome().over()) {
            const Value value = reference.value(text_of(p), mover_char(p));
            const SearchReport report =
                choose_move(p, level(Level::Perfect, static_cast<std::uint64_t>(game)));
            REQUIRE(report.move);
            CHECK_MESSAGE(value_after(reference, p, *report.move) == value, text_of(p));
            ++checked;
            REQUIRE(p.play(*testing::random_move(p, rng)));
        }
    }
    CHECK(checked > 100);
}

TEST_CASE("on the full-line game of 2x3 the perfect move keeps the value of all 223 positions") {
    // A whole row (3) or a whole column (2) wins: the reference's k-in-a-row walk cannot say that, so it
    // asks the position itself, which the engine's own tests hold to the rule.
    const Rules rules = Rules::fullline(2, 3);
    Negamax reference([](const Position& over, Player mover) -> std::int64_t {
        return over.outcome().status == Status::Won && over.outcome().winner == mover ? 1 : 0;
    });
    Position start(rules);
    std::map<std::string, bool> seen;
    int positions = 0;
    each_reachable(start, seen, [&](const Position& p) {
        ++positions;
        if (p.outcome().over()) return;
        const SearchReport report = choose_move(p, level(Level::Perfect));
        REQUIRE(report.move);
        CHECK_MESSAGE(reference.of_move(p, *report.move) == reference.value(p), text_of(p));
    });
    CHECK(positions == 223);
}

TEST_CASE("in the 3x3 score game with runs of two the perfect move keeps the best final margin of every "
          "position") {
    const Rules rules = Rules::score(3, 3, 2, 10);
    // The margin from the full scorer at the end of each game.
    Negamax reference([&](const Position& over, Player mover) -> std::int64_t {
        const Scores s = full_score(over.board(), score_params(rules));
        return s.of(mover).total() - s.of(other(mover)).total();
    });
    Position start(rules);
    std::map<std::string, bool> seen;
    int judged = 0;
    each_reachable(start, seen, [&](const Position& p) {
        if (p.outcome().over()) return;
        const std::int64_t best = reference.value(p);
        const SearchReport report = choose_move(p, level(Level::Perfect, 5));
        REQUIRE(report.move);
        CHECK(report.evaluation.kind == EvaluationKind::Margin);
        CHECK(report.evaluation.score == best);
        CHECK_MESSAGE(reference.of_move(p, *report.move) == best, text_of(p));
        ++judged;
    });
    CHECK(judged > 5000);
}

// [SECTION] Levels, seeds and budgets

TEST_CASE("every level plays a legal move in every rule set, and none when the game is over") {
    const Rules all[] = {Rules::classic(),    Rules::mnk(4, 5, 4), Rules::fullline(4, 4), Rules::gomoku(),
                         Rules::gomoku(true), Rules::score(5, 5),  Rules::mnk(30, 40, 6)};
    std::mt19937 rng(5);
    for (const Rules& rules : all) {
        Position p(rules);
        for (int i = 0; i < 6; ++i) REQUIRE(p.play(*testing::random_move(p, rng)));
        for (const Level l : {Level::Random, Level::Easy, Level::Medium, Level::Strong}) {
            OpponentSettings s = level(l);
            s.limits.nodes = 20'000;
            const SearchReport r = choose_move(p, s);
            REQUIRE(r.move);
            CHECK_MESSAGE(p.check(*r.move), describe(rules) << " " << name_of(l));
        }
    }
    const Position won = test::play_all(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    const SearchReport none = choose_move(won, level(Level::Strong));
    CHECK_FALSE(none.move);
    CHECK(none.method == SearchMethod::None);
}

TEST_CASE("the same seed and node budget give the same move, and the random level's seeds differ") {
    Position p(Rules::gomoku());
    std::mt19937 rng(9);
    for (int i = 0; i < 10; ++i) {
        const Pos near{7 + static_cast<int>(rng() % 5) - 2, 7 + static_cast<int>(rng() % 5) - 2};
        if (p.check(near).has_value()) REQUIRE(p.play(near));
    }
    OpponentSettings s = level(Level::Strong, 42);
    s.limits.nodes = 30'000;
    const SearchReport a = choose_move(p, s);
    const SearchReport b = choose_move(p, s);
    REQUIRE(a.move);
    CHECK(a.move == b.move);
    CHECK(a.nodes == b.nodes);
    std::map<Pos, int> picks;
    for (std::uint64_t seed = 0; seed < 20; ++seed) ++picks[*choose_move(p, level(Level::Random, seed)).move];
    CHECK(picks.size() > 5);
}

TEST_CASE("perfect play is refused on a large board with a sentence, and offered on a small one") {
    const auto refusal = check_level(Rules::gomoku(), Level::Perfect);
    REQUIRE_FALSE(refusal);
    CHECK(refusal.error().find("at most 20 cells") != std::string::npos);
    CHECK(check_level(Rules::mnk(4, 5, 4), Level::Perfect));
    CHECK(check_level(Rules::gomoku(), Level::Strong));
}

TEST_CASE("a stop asked for before the search starts still gives a legal move at once") {
    Position p(Rules::gomoku());
    REQUIRE(p.play({7, 7}));
    SearchControl control;
    control.request_stop();
    OpponentSettings s = level(Level::Strong);
    s.limits = {};  // the level's own second: the stop, not the budget, ends it
    const SearchReport r = choose_move(p, s, &control);
    REQUIRE(r.move);
    CHECK(p.check(*r.move));
    CHECK(r.stopped);
    CHECK(r.nodes < 5000);
}

TEST_CASE("a search on another thread publishes its best move so far and stops when asked") {
    Position p(Rules::gomoku());
    for (const Pos m : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}, Pos{6, 6}}) REQUIRE(p.play(m));
    SearchControl control;
    OpponentSettings s = level(Level::Strong);
    s.limits = SearchLimits{600'000, 0};  // ten minutes: only the stop can end it in time
    SearchReport result;
    std::thread worker([&] { result = choose_move(p, s, &control); });
    // Wait for the first completed iteration, then call it off.
    while (!control.best_so_far()) std::this_thread::yield();
    const auto seen = control.best_so_far();
    control.request_stop();
    worker.join();
    REQUIRE(seen->move);
    REQUIRE(result.move);
    CHECK(result.stopped);
    CHECK(p.check(*result.move));
}

TEST_CASE("the perfect level's best line from every classic position is a line of best play for both sides") {
    // Each move of the line keeps the value of the position it is played in, as the reference has it:
    // the winner's moves win fastest and the loser's lose slowest, so the line is what the evaluation says.
    Minimax reference(Small{3, 3, 3});
    Position start(Rules::classic());
    std::map<std::string, bool> seen;
    int lines = 0;
    int to_the_end = 0;
    each_reachable(start, seen, [&](const Position& p) {
        if (p.outcome().over()) return;
        const SearchReport report = choose_move(p, level(Level::Perfect));
        REQUIRE(report.move);
        REQUIRE_FALSE(report.line.empty());
        CHECK(report.line.front() == *report.move);
        Position walk = p;
        for (const Pos move : report.line) {
            REQUIRE_FALSE(walk.outcome().over());
            const Value value = reference.value(text_of(walk), mover_char(walk));
            CHECK_MESSAGE(value_after(reference, walk, move) == value, text_of(p) << " at " << text_of(walk));
            REQUIRE(walk.play(move));
        }
        ++lines;
        if (walk.outcome().over()) ++to_the_end;
    });
    CHECK(lines == 5478 - 958);
    MESSAGE("lines played to the end of the game: " << to_the_end << " of " << lines);
    // The table holds most of the game below the root (86 % of the lines went to the end when this was
    // written; a line stops where a cut left no entry): a line that stops at once everywhere fails.
    CHECK(to_the_end * 5 >= lines * 4);
}

TEST_CASE("a proven win's line ends in the win, in as many moves as the evaluation says") {
    // O to move cannot stop X's fork (x.x / .o. / o.x): it loses in two plies whatever it plays.
    const Position fork = test::play_all(Rules::classic(), {{0, 0}, {1, 1}, {0, 2}, {2, 0}, {2, 2}});
    const SearchReport o = choose_move(fork, level(Level::Perfect));
    REQUIRE(o.evaluation.kind == EvaluationKind::Loss);
    REQUIRE(o.evaluation.plies == 2);
    REQUIRE(o.line.size() == 2);
    Position walk = fork;
    for (const Pos move : o.line) REQUIRE(walk.play(move));
    CHECK(walk.outcome().status == Status::Won);
    CHECK(walk.outcome().winner == Player::X);
}

TEST_CASE("in every rule set the best line starts with the move and each of its moves is legal in turn") {
    const Rules all[] = {Rules::mnk(4, 5, 4), Rules::fullline(4, 4), Rules::gomoku(),
                         Rules::gomoku(true), Rules::score(5, 5),    Rules::mnk(30, 40, 6)};
    std::mt19937 rng(11);
    for (const Rules& rules : all) {
        Position p(rules);
        for (int i = 0; i < 8; ++i) REQUIRE(p.play(*testing::random_move(p, rng)));
        OpponentSettings s = level(Level::Strong);
        s.limits.nodes = 50'000;
        const SearchReport r = choose_move(p, s);
        REQUIRE(r.move);
        REQUIRE_FALSE(r.line.empty());
        CHECK(r.line.front() == *r.move);
        CHECK(static_cast<int>(r.line.size()) <= std::max(r.depth, 1));
        // A search that went deeper than one ply has the reply it expects in its table.
        if (r.depth >= 2) CHECK_MESSAGE(r.line.size() >= 2, describe(rules));
        Position walk = p;
        for (const Pos move : r.line) {
            REQUIRE_FALSE(walk.outcome().over());
            CHECK_MESSAGE(walk.play(move), describe(rules));
        }
    }
}
