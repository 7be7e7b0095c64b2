// The VCF and VCT proofs: known positions with and without a forced win, every printed proof replayed
// by a checker of its own that counts the lines on the board (nothing of the search's), renju's
// forbidden points on both sides, a 2048x2048 board, and a search stopped from another thread.
#include "test_util.hpp"

#include "tictactrace/engine/forbidden.hpp"
#include "tictactrace/engine/forced_win.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

using namespace ttt;

namespace {

// [SECTION] The independent checker

Cell mark_of(Player p) {
    return p == Player::X ? Cell::X : Cell::O;
}

// The stones of `c` in a row through p along (dr, dc), p counted as one of them.
int run_through(const Board& b, Pos p, int dr, int dc, Cell c) {
    int n = 1;
    for (int s = -1; s <= 1; s += 2)
        for (Pos q{p.row + s * dr, p.col + s * dc}; b.contains(q) && b.at(q) == c;
             q = Pos{q.row + s * dr, q.col + s * dc})
            ++n;
    return n;
}

// Whether a stone of `who` on the empty p completes a winning line, by the rules' own words: five (or k),
// more only where the rules allow an overline, and under caro not blocked at both ends.
bool completes(const Board& b, const Rules& rules, Pos p, Player who) {
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    const Cell c = mark_of(who);
    for (const auto& d : dirs) {
        const int n = run_through(b, p, d[0], d[1], c);
        if (n < rules.k) continue;
        if (n > rules.k && rules.exact_for(who == Player::X)) continue;
        if (rules.blocked_ends_lose()) {
            int a = 1;
            while (b.contains({p.row - a * d[0], p.col - a * d[1]}) &&
                   b.at({p.row - a * d[0], p.col - a * d[1]}) == c)
                ++a;
            int z = 1;
            while (b.contains({p.row + z * d[0], p.col + z * d[1]}) &&
                   b.at({p.row + z * d[0], p.col + z * d[1]}) == c)
                ++z;
            const Pos lo{p.row - a * d[0], p.col - a * d[1]};
            const Pos hi{p.row + z * d[0], p.col + z * d[1]};
            const Cell them = mark_of(other(who));
            if (b.contains(lo) && b.at(lo) == them && b.contains(hi) && b.at(hi) == them) continue;
        }
        return true;
    }
    return false;
}

// Every empty point where `who` completes a line, looked for within five of the stones.
std::vector<Pos> completing_points(const Board& b, const Rules& rules, Player who) {
    int r0 = b.rows(), c0 = b.cols(), r1 = -1, c1 = -1;
    for (int r = 0; r < b.rows(); ++r)
        for (int c = 0; c < b.cols(); ++c)
            if (b.at(Pos{r, c}) != Cell::Empty) {
                r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
            }
    std::vector<Pos> out;
    for (int r = std::max(0, r0 - 5); r <= std::min(b.rows() - 1, r1 + 5); ++r)
        for (int c = std::max(0, c0 - 5); c <= std::min(b.cols() - 1, c1 + 5); ++c)
            if (b.at(Pos{r, c}) == Cell::Empty && completes(b, rules, {r, c}, who)) out.push_back({r, c});
    return out;
}

// Whether `who` has an empty point that leaves two or more completing points (an open four, a double four).
bool has_double_maker(Board b, const Rules& rules, Player who) {
    for (int i = 0; i < b.size(); ++i) {
        const Pos p = b.pos(i);
        if (b.at(p) != Cell::Empty) continue;
        if (who == Player::X && rules.has_forbidden_moves() && is_forbidden(b, p)) continue;
        b.place(p, mark_of(who));
        const bool two = completing_points(b, rules, who).size() >= 2;
        b.clear(p);
        if (two) return true;
    }
    return false;
}

// Replays a proof's main line on a copy of the board and checks every claim; a VCF allows fours only.
void check_proof(const Position& start, const ForcedWin& proof, bool vcf_only) {
    REQUIRE(proof.status == ProofStatus::Found);
    REQUIRE(!proof.line.empty());
    const Rules& rules = start.rules();
    Board b = start.board();
    const Player a = start.to_move();
    const Player d = other(a);
    const bool renju = rules.has_forbidden_moves();
    CHECK(proof.attacker == a);
    std::size_t i = 0;
    while (true) {
        REQUIRE(i < proof.line.size());
        const ProofMove m = proof.line[i];
        INFO("move " << i + 1 << " at " << cell_label(m.at) << " (" << name_of(m.role) << ")");
        REQUIRE(m.by == a);
        REQUIRE(b.contains(m.at));
        REQUIRE(b.at(m.at) == Cell::Empty);
        if (m.role == ProofRole::Five) {
            CHECK(completes(b, rules, m.at, a));
            CHECK(i + 1 == proof.line.size());
            return;
        }
        if (vcf_only) CHECK((m.role == ProofRole::Four || m.role == ProofRole::Block));
        if (renju && a == Player::X) CHECK_FALSE(is_forbidden(b, m.at));
        const auto theirs = completing_points(b, rules, d);
        if (m.role == ProofRole::Block)
            CHECK(theirs == std::vector<Pos>{m.at});
        else
            CHECK(theirs.empty());
        b.place(m.at, mark_of(a));
        const auto mine = completing_points(b, rules, a);
        if (m.role == ProofRole::Four) CHECK(!mine.empty());
        if (m.role == ProofRole::Three) {
            CHECK(mine.empty());
            CHECK(has_double_maker(b, rules, a));
        }
        if (m.role == ProofRole::Block && vcf_only) CHECK(!mine.empty());
        CHECK(completing_points(b, rules, d).empty());  // the defender cannot complete first
        ++i;
        REQUIRE(i < proof.line.size());
        const ProofMove r = proof.line[i];
        REQUIRE(r.by == d);
        if (r.role == ProofRole::ForbiddenBlock) {
            // Black may take none of the points: each is forbidden.
            REQUIRE(renju);
            REQUIRE(d == Player::X);
            REQUIRE(!mine.empty());
            for (const Pos p : mine) CHECK(is_forbidden(b, p));
            ++i;
            continue;
        }
        REQUIRE(b.at(r.at) == Cell::Empty);
        if (renju && d == Player::X) CHECK_FALSE(is_forbidden(b, r.at));
        if (!mine.empty()) {
            // A four: the defender must take its point; with two points the five comes anyway.
            CHECK(r.role == ProofRole::Forced);
            CHECK(std::find(mine.begin(), mine.end(), r.at) != mine.end());
        } else {
            CHECK((r.role == ProofRole::Defence || r.role == ProofRole::CounterFour));
        }
        b.place(r.at, mark_of(d));
        if (r.role == ProofRole::CounterFour) CHECK(!completing_points(b, rules, d).empty());
        ++i;
    }
}

int attacking_moves(const ForcedWin& proof) {
    return static_cast<int>(std::count_if(proof.line.begin(), proof.line.end(), [&](const ProofMove& m) {
        return m.by == proof.attacker && m.role != ProofRole::Five;
    }));
}

// [SECTION] Known positions

Position set_up_position(const Rules& rules, std::vector<Pos> x, std::vector<Pos> o, Player to_move,
                         int shift = 0) {
    for (auto& p : x) p = Pos{p.row + shift, p.col + shift};
    for (auto& p : o) p = Pos{p.row + shift, p.col + shift};
    Position pos(rules);
    const auto done = pos.set_up(SetUp{x, o, to_move});
    REQUIRE_MESSAGE(done, (done ? std::string() : done.error().message));
    return pos;
}

// Three fours in a row, the third a four-four (0-based): X (5,8) on the '\' diagonal from (2,5), O (6,9);
// X (6,7) on the '/' diagonal from (8,5), O (4,9); X (7,7) on row 7 and column 7 at once; or the same
// stones in another order. Every line is closed at one end by O, so no shorter VCF exists.
Position textbook(const Rules& rules, int shift = 0) {
    return set_up_position(rules, {{7, 4}, {7, 5}, {7, 6}, {4, 7}, {5, 7}, {8, 5}, {2, 5}, {3, 6}},
                           {{7, 3}, {3, 7}, {9, 4}, {1, 4}, {13, 13}, {13, 11}, {0, 0}, {0, 14}}, Player::X,
                           shift);
}

ForcedWinSettings settings_of(std::int64_t nodes) {
    ForcedWinSettings s;
    s.limits.nodes = nodes;
    return s;
}

}  // namespace

TEST_CASE("A textbook VCF of three fours ending in a four-four is found, shortest, and checks move by move") {
    const Position start = textbook(Rules::gomoku());
    const ForcedWin proof = vcf(start, settings_of(1'000'000));
    check_proof(start, proof, true);
    CHECK(attacking_moves(proof) == 3);
    CHECK(proof.threats == 3);
    // The third four leaves two points: the defender takes one, the five is on the other.
    const auto n = proof.line.size();
    REQUIRE(n == 7);
    CHECK(proof.line[n - 1].role == ProofRole::Five);
    CHECK(proof.line[n - 2].role == ProofRole::Forced);
    CHECK(proof.line[n - 1].at != proof.line[n - 2].at);
}

TEST_CASE("The VCT search proves the textbook VCF too, its line checked") {
    const Position start = textbook(Rules::gomoku());
    const ForcedWin proof = vct(start, settings_of(5'000'000));
    check_proof(start, proof, false);
}

TEST_CASE("A position whose every four is blocked has no VCF, and the search says it looked at every line") {
    const Position start =
        set_up_position(Rules::gomoku(), {{7, 4}, {7, 5}, {7, 6}, {3, 10}, {4, 10}, {5, 10}},
                        {{7, 3}, {2, 10}, {13, 13}, {13, 11}, {0, 0}, {0, 14}}, Player::X);
    const ForcedWin proof = vcf(start, settings_of(1'000'000));
    CHECK(proof.status == ProofStatus::NotFound);
    CHECK(proof.exhausted);
    CHECK(proof.line.empty());
    // The other side, to move there, has no four at all.
    const Position o_to_move =
        set_up_position(Rules::gomoku(), {{7, 4}, {7, 5}, {7, 6}, {3, 10}, {4, 10}, {5, 10}, {14, 14}},
                        {{7, 3}, {2, 10}, {13, 13}, {13, 11}, {0, 0}, {0, 14}}, Player::O);
    const ForcedWin none = vcf(o_to_move, settings_of(1'000'000));
    CHECK(none.status == ProofStatus::NotFound);
    CHECK(none.exhausted);
}

TEST_CASE("Renju: Black's only VCF ends on a double-four, which is forbidden, so none is found") {
    const Position start = textbook(Rules::renju());
    const ForcedWin proof = vcf(start, settings_of(1'000'000));
    CHECK(proof.status == ProofStatus::NotFound);
    CHECK(proof.exhausted);
}

TEST_CASE("Renju: White's four whose only block is an overline for Black wins") {
    // Black's column 7 has two stones above (10,7) and three below: a Black stone there makes six.
    const Position start =
        set_up_position(Rules::renju(), {{10, 2}, {10, 8}, {8, 7}, {9, 7}, {11, 7}, {12, 7}, {13, 7}},
                        {{10, 4}, {10, 5}, {10, 6}, {0, 0}, {0, 14}, {0, 7}}, Player::O);
    const ForcedWin proof = vcf(start, settings_of(1'000'000));
    check_proof(start, proof, true);
    REQUIRE(proof.line.size() == 3);
    CHECK(proof.line[0] == ProofMove{{10, 3}, Player::O, ProofRole::Four});
    CHECK(proof.line[1] == ProofMove{{10, 7}, Player::X, ProofRole::ForbiddenBlock});
    CHECK(proof.line[2] == ProofMove{{10, 7}, Player::O, ProofRole::Five});
    // The checker's own count: Black on (10,7) would stand six in column 7.
    Board b = start.board();
    CHECK(run_through(b, {10, 7}, 1, 0, Cell::X) == 6);
    // Under gomoku the same block is allowed, and White's four is only a four.
    const Position gomoku =
        set_up_position(Rules::gomoku(), {{10, 2}, {10, 8}, {8, 7}, {9, 7}, {11, 7}, {12, 7}, {13, 7}},
                        {{10, 4}, {10, 5}, {10, 6}, {0, 0}, {0, 14}, {0, 7}}, Player::O);
    const ForcedWin free = vcf(gomoku, settings_of(1'000'000));
    CHECK(free.status != ProofStatus::Found);
}

TEST_CASE("An open three is a VCT and no VCF, and the VCT holds against every answer") {
    // X's open three on row 7 and a stone beside it; O far away.
    const Position start =
        set_up_position(Rules::gomoku(), {{7, 5}, {7, 6}, {7, 7}}, {{0, 0}, {0, 14}, {14, 0}}, Player::X);
    // The open four that X makes is a four with two points: a VCF of one four.
    const ForcedWin four = vcf(start, settings_of(1'000'000));
    check_proof(start, four, true);
    CHECK(attacking_moves(four) == 1);

    // Two stones only: no four can be made, so no VCF; and a lone two makes one three, which O answers.
    const Position two = set_up_position(Rules::gomoku(), {{7, 6}, {7, 7}}, {{0, 0}, {0, 14}}, Player::X);
    CHECK(vcf(two, settings_of(1'000'000)).status == ProofStatus::NotFound);
    ForcedWinSettings few = settings_of(2'000'000);
    few.max_threats = 2;
    const ForcedWin none = vct(two, few);
    CHECK(none.status == ProofStatus::NotFound);
}

TEST_CASE("A double three is a VCT, proved, and every answer to it loses") {
    // X (7,7) makes two threes at once: row 7 from (7,5), and the diagonal (7,7), (9,9), (10,10) with a
    // gap; O can answer only one of them.
    const Position start = set_up_position(Rules::gomoku(), {{7, 5}, {7, 6}, {9, 9}, {10, 10}},
                                           {{0, 0}, {0, 14}, {14, 0}, {14, 14}}, Player::X);
    const ForcedWin proof = vct(start, settings_of(20'000'000));
    check_proof(start, proof, false);
    REQUIRE(proof.line.front().role == ProofRole::Three);
    // The tree: after the first three, every answer the defender has near the stones leaves a VCT.
    Position after = start;
    REQUIRE(after.play(proof.line.front().at));
    int answers = 0;
    for (const Pos p : test::empty_cells(after.board())) {
        bool near = false;
        for (int dr = -2; dr <= 2; ++dr)
            for (int dc = -2; dc <= 2; ++dc)
                near = near || (after.board().contains({p.row + dr, p.col + dc}) &&
                                after.board().at(Pos{p.row + dr, p.col + dc}) == Cell::X);
        if (!near) continue;
        Position reply = after;
        REQUIRE(reply.play(p));
        const ForcedWin sub = vct(reply, settings_of(20'000'000));
        INFO("O answers at " << cell_label(p));
        check_proof(reply, sub, false);
        ++answers;
    }
    CHECK(answers > 20);
}

TEST_CASE("On a 2048x2048 board the textbook VCF far from the edges is found with few nodes") {
    const Position start = textbook(Rules::gomoku(false, 2048, 2048), 1000);
    const ForcedWin proof = vcf(start, settings_of(1'000'000));
    check_proof(start, proof, true);
    CHECK(attacking_moves(proof) == 3);
    CHECK(proof.nodes < 1000);
}

TEST_CASE("A search with a node limit ends out of budget, and an unsupported game says so") {
    const Position start = textbook(Rules::gomoku());
    const ForcedWin short_of = vct(start, settings_of(10));
    CHECK(short_of.status == ProofStatus::OutOfBudget);
    CHECK(short_of.line.empty());
    const Position score(Rules::score(7, 7));
    CHECK(vcf(score, settings_of(100)).status == ProofStatus::Unsupported);
}

TEST_CASE("A VCT search stopped from another thread returns stopped") {
    // Ten random stones in the centre, no limits: iterations of many seconds each (millions of nodes).
    Position start(Rules::gomoku());
    std::mt19937 rng(3);
    for (int i = 0; i < 10; ++i) {
        Pos p;
        do p = Pos{4 + static_cast<int>(rng() % 7), 4 + static_cast<int>(rng() % 7)};
        while (start.board().at(p) != Cell::Empty);
        REQUIRE(start.play(p));
        REQUIRE(start.outcome().status == Status::Playing);
    }
    ForcedWinSettings unlimited;
    unlimited.max_threats = 1000;
    SearchControl control;
    std::atomic<bool> done{false};
    std::thread stopper([&] {
        // Once the first iteration is published the search is under way; it is asked to stop then.
        while (!control.best_so_far() && !done.load()) std::this_thread::yield();
        control.request_stop();
    });
    const ForcedWin result = vct(start, unlimited, &control);
    done.store(true);
    stopper.join();
    CHECK(result.status == ProofStatus::Stopped);
    CHECK(result.line.empty());
}
