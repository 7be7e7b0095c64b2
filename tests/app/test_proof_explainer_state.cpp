// The Proof explainer's model: the textbook VCF stepped through (three fours, each with the point that
// completes it, the forced defences, the five), renju's four whose only block is an overline for Black, a
// position without a proof and a search out of its budget said plainly, links, and the engine's line as
// numbered ghost stones.
#include "model/ghost_line.hpp"
#include "model/proof_explainer_state.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

// The stones as a value, for comparing (the window fills a vector of its own).
std::vector<GhostStone> ghosts_of(const ProofExplainerState& s) {
    std::vector<GhostStone> out;
    s.ghosts(out);
    return out;
}

std::vector<GhostStone> shown_of(const GhostLine& g) {
    std::vector<GhostStone> out;
    g.shown(out);
    return out;
}

Position set_up_position(const Rules& rules, std::vector<Pos> x, std::vector<Pos> o, Player to_move) {
    Position pos(rules);
    const auto done = pos.set_up(SetUp{std::move(x), std::move(o), to_move});
    REQUIRE_MESSAGE(done, (done ? std::string() : done.error().message));
    return pos;
}

// The engine's textbook VCF (tests/engine/test_forced_win.cpp): X's three fours, the third a four-four.
Position textbook(const Rules& rules) {
    return set_up_position(rules, {{7, 4}, {7, 5}, {7, 6}, {4, 7}, {5, 7}, {8, 5}, {2, 5}, {3, 6}},
                           {{7, 3}, {3, 7}, {9, 4}, {1, 4}, {13, 13}, {13, 11}, {0, 0}, {0, 14}}, Player::X);
}

ForcedWinSettings nodes(std::int64_t n) {
    ForcedWinSettings s;
    s.limits.nodes = n;
    return s;
}

bool has(const std::vector<Pos>& cells, Pos p) {
    return std::find(cells.begin(), cells.end(), p) != cells.end();
}

}  // namespace

TEST_CASE(
    "the textbook VCF is stepped through: each four with its completing point, the forced answer, the five") {
    ProofExplainerState s;
    s.set_position(1, textbook(Rules::gomoku()));
    s.start(ProofKind::Vcf, nodes(1'000'000));
    CHECK(s.running());
    s.wait();
    CHECK_FALSE(s.running());
    REQUIRE(s.result());
    CHECK(s.result()->status == ProofStatus::Found);
    const auto& steps = s.steps();
    REQUIRE(steps.size() == 7);
    const std::vector<ProofRole> roles = {ProofRole::Four,   ProofRole::Forced, ProofRole::Four,
                                          ProofRole::Forced, ProofRole::Four,   ProofRole::Forced,
                                          ProofRole::Five};
    for (std::size_t i = 0; i < steps.size(); ++i) {
        CAPTURE(i);
        CHECK(steps[i].move.role == roles[i]);
        CHECK(steps[i].number == static_cast<int>(i) + 1);
    }
    // The first two fours have one completing point each, and it is where the defender is forced.
    for (std::size_t i : {0u, 2u}) {
        CAPTURE(i);
        REQUIRE(steps[i].lit.size() == 1);
        CHECK(steps[i].lit.front() == steps[i + 1].move.at);
        CHECK(steps[i + 1].lit == std::vector<Pos>{steps[i + 1].move.at});
    }
    // The third is a four-four: two points, the defender takes one, the five comes on the other.
    REQUIRE(steps[4].lit.size() == 2);
    CHECK(has(steps[4].lit, steps[5].move.at));
    CHECK(has(steps[4].lit, steps[6].move.at));
    CHECK(steps[4].text.find(": two points, and O can take only one.") != std::string::npos);
    // The five lights its five stones.
    CHECK(steps[6].lit.size() == 5);
    CHECK(has(steps[6].lit, steps[6].move.at));
    CHECK(steps[0].text == "X plays " + cell_label(steps[0].move.at) + ": a four. Its five comes at " +
                               cell_label(steps[1].move.at) + ", so O must take that point.");
    CHECK(steps[1].text ==
          "O must take " + cell_label(steps[1].move.at) + ": the only point that stops the five.");
    CHECK(steps[6].text == "X completes five at " + cell_label(steps[6].move.at) + " and wins.");
    CHECK(s.verdict().starts_with("X wins by continuous fours: 3 threats, then the five ("));

    // Stepping: the moves so far as ghost stones, numbered, the step shown current.
    CHECK(s.index() == 0);
    CHECK(ghosts_of(s) == std::vector<GhostStone>{{steps[0].move.at, Player::X, 1, true}});
    s.next();
    s.next();
    const auto ghosts = ghosts_of(s);
    REQUIRE(ghosts.size() == 3);
    CHECK(ghosts[1] == GhostStone{steps[1].move.at, Player::O, 2, false});
    CHECK(ghosts[2] == GhostStone{steps[2].move.at, Player::X, 3, true});
    CHECK(s.step()->move.role == ProofRole::Four);
    s.last();
    CHECK(s.step()->move.role == ProofRole::Five);
    CHECK(ghosts_of(s).size() == 7);

    // Another position forgets the proof.
    s.set_position(2, textbook(Rules::gomoku()));
    CHECK_FALSE(s.searched());
    CHECK(s.steps().empty());
    CHECK(ghosts_of(s).empty());
}

TEST_CASE("renju: White's four whose only block is an overline for Black shows the forbidden point and why") {
    // Black's column 8 (1-based) has two stones above (11, 8) and three below: a Black stone there makes six.
    const Position start =
        set_up_position(Rules::renju(), {{10, 2}, {10, 8}, {8, 7}, {9, 7}, {11, 7}, {12, 7}, {13, 7}},
                        {{10, 4}, {10, 5}, {10, 6}, {0, 0}, {0, 14}, {0, 7}}, Player::O);
    ProofExplainerState s;
    s.set_position(1, start);
    s.start(ProofKind::Vcf, nodes(1'000'000));
    s.wait();
    const auto& steps = s.steps();
    REQUIRE(steps.size() == 3);
    CHECK(steps[0].move == ProofMove{{10, 3}, Player::O, ProofRole::Four});
    CHECK(steps[0].lit == std::vector<Pos>{{10, 7}});
    CHECK(steps[1].move == ProofMove{{10, 7}, Player::X, ProofRole::ForbiddenBlock});
    REQUIRE(steps[1].forbidden);
    CHECK(steps[1].forbidden->kind == ForbiddenKind::Overline);
    CHECK(steps[1].text.starts_with("X (Black) cannot block at (11, 8): forbidden for X: overline"));
    CHECK(steps[1].text.ends_with(". The five cannot be stopped."));
    CHECK(steps[2].move == ProofMove{{10, 7}, Player::O, ProofRole::Five});
    CHECK(s.verdict().starts_with("O wins by continuous fours: 1 threat, then the five ("));
    // The forbidden block is never played: no ghost stone for it, and White's five is its third move.
    s.next();
    CHECK(ghosts_of(s) == std::vector<GhostStone>{{{10, 3}, Player::O, 1, false}});
    s.next();
    CHECK(ghosts_of(s) ==
          std::vector<GhostStone>{{{10, 3}, Player::O, 1, false}, {{10, 7}, Player::O, 3, true}});
}

TEST_CASE(
    "a position without a forced win says so plainly, and a search out of its budget says it stopped there") {
    // X's every four is blocked (the engine's own known position).
    const Position blocked =
        set_up_position(Rules::gomoku(), {{7, 4}, {7, 5}, {7, 6}, {3, 10}, {4, 10}, {5, 10}},
                        {{7, 3}, {2, 10}, {13, 13}, {13, 11}, {0, 0}, {0, 14}}, Player::X);
    ProofExplainerState s;
    s.set_position(1, blocked);
    s.start(ProofKind::Vcf, nodes(1'000'000));
    s.wait();
    CHECK(s.result()->status == ProofStatus::NotFound);
    CHECK(s.steps().empty());
    CHECK(s.step() == nullptr);
    CHECK(ghosts_of(s).empty());
    CHECK(s.verdict().starts_with(
        "No forced win: every sequence of continuous fours was followed to its end ("));

    ProofExplainerState budget;
    budget.set_position(1, textbook(Rules::gomoku()));
    budget.start(ProofKind::Vcf, nodes(5));
    budget.wait();
    CHECK(budget.result()->status == ProofStatus::OutOfBudget);
    CHECK(budget.steps().empty());
    CHECK(budget.verdict().starts_with("No forced win found within the limit ("));

    // The score rule has nothing to prove.
    ProofExplainerState score;
    score.set_position(1, Position(Rules::score(7, 7)));
    score.start(ProofKind::Vct);
    score.wait();
    CHECK(score.result()->status == ProofStatus::Unsupported);
    CHECK(score.kind() == ProofKind::Vct);
}

TEST_CASE("a link to the Proof panel names the search or the engine's line and a step from 1") {
    CHECK(parse_proof_link("")->kind == std::nullopt);
    const auto vct = parse_proof_link("vct/3");
    REQUIRE(vct);
    CHECK(vct->kind == ProofKind::Vct);
    CHECK(vct->step == 3);
    CHECK(parse_proof_link("vcf")->kind == ProofKind::Vcf);
    const auto line = parse_proof_link("line/2");
    REQUIRE(line);
    CHECK(line->line);
    CHECK(line->step == 2);
    CHECK_FALSE(parse_proof_link("vcx"));
    CHECK_FALSE(parse_proof_link("vcf/0"));
    CHECK_FALSE(parse_proof_link("line/2x"));
}

TEST_CASE("the engine's line becomes numbered ghost stones, ends at a move that is not legal, and steps") {
    Position start(Rules::gomoku());
    REQUIRE(start.play({7, 7}));
    // O to move: O, X, O; the fourth move is on a taken cell and ends the line there.
    const std::vector<Pos> line = {{7, 8}, {8, 8}, {6, 6}, {7, 7}, {1, 1}};
    GhostLine g;
    g.set(start, line);
    REQUIRE(g.count() == 3);
    CHECK(g.line()[0] == GhostStone{{7, 8}, Player::O, 1, false});
    CHECK(g.line()[1] == GhostStone{{8, 8}, Player::X, 2, false});
    CHECK(shown_of(g) == std::vector<GhostStone>{{{7, 8}, Player::O, 1, true}});
    g.next();
    g.next();
    g.next();  // past the last: stays there
    CHECK(g.index() == 2);
    const auto shown = shown_of(g);
    REQUIRE(shown.size() == 3);
    CHECK(shown[2] == GhostStone{{6, 6}, Player::O, 3, true});
    CHECK_FALSE(shown[0].current);
    // The same line again keeps the step; another starts from its first move.
    g.set(start, line);
    CHECK(g.index() == 2);
    g.set(start, std::vector<Pos>{{0, 0}});
    CHECK(g.index() == 0);
    CHECK(g.count() == 1);
    g.clear();
    CHECK(shown_of(g).empty());
}
