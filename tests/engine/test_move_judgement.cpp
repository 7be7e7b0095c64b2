// A move's cost in winning chance and its word, with numbers worked out by hand.
#include "tictactrace/engine/move_judgement.hpp"

#include <doctest/doctest.h>

using namespace ttt;

namespace {

Evaluation estimate(std::int64_t score) {
    return Evaluation{EvaluationKind::Estimate, score, 0};
}

}  // namespace

TEST_CASE("a winning chance: proofs are certain, estimates on the logistic curve of their scale") {
    CHECK(winning_chance(Evaluation{EvaluationKind::Win, 0, 3}, 200) == 1.0);
    CHECK(winning_chance(Evaluation{EvaluationKind::Loss, 0, 4}, 200) == 0.0);
    CHECK(winning_chance(Evaluation{EvaluationKind::Draw, 0, 0}, 200) == 0.5);
    CHECK(winning_chance(Evaluation{EvaluationKind::Margin, -3, 0}, 200) == 0.0);
    CHECK(winning_chance(estimate(0), 200) == 0.5);
    // 1 / (1 + e^-1) and 1 / (1 + e^-2)
    CHECK(winning_chance(estimate(200), 200) == doctest::Approx(0.731059).epsilon(1e-6));
    CHECK(winning_chance(estimate(-400), 200) == doctest::Approx(0.119203).epsilon(1e-6));
    CHECK(winning_chance(estimate(600), 0) == doctest::Approx(0.731059).epsilon(1e-6));  // the built-in's
    CHECK(winning_chance(estimate(std::int64_t{1} << 60), 200) == doctest::Approx(1.0));
}

TEST_CASE("a move's loss is the chance before less the chance after, and its word the thresholds'") {
    // Even (0.5) to the opponent's +200 (the player's chance 1 - 0.731 = 0.269): 0.231 lost, a mistake.
    const MoveJudgement m = judge_move(estimate(0), estimate(200), 200);
    CHECK(m.loss == doctest::Approx(0.231059).epsilon(1e-5));
    CHECK(m.flag == MoveFlag::Mistake);
    // +200 to the opponent's -200 (the player's chance 0.731 again): nothing lost.
    CHECK(judge_move(estimate(200), estimate(-200), 200) == MoveJudgement{0.0, MoveFlag::None});
    // A move that does better than the engine thought loses nothing rather than a negative amount.
    CHECK(judge_move(estimate(0), estimate(-400), 200).loss == 0.0);
    // From a proven win to a proven loss: all of it.
    CHECK(judge_move(Evaluation{EvaluationKind::Win, 0, 5}, Evaluation{EvaluationKind::Win, 0, 3}, 200) ==
          MoveJudgement{1.0, MoveFlag::Blunder});
    CHECK(flag_for_loss(0.0999) == MoveFlag::None);
    CHECK(flag_for_loss(0.10) == MoveFlag::Inaccuracy);
    CHECK(flag_for_loss(0.20) == MoveFlag::Mistake);
    CHECK(flag_for_loss(0.30) == MoveFlag::Blunder);
}

TEST_CASE("a forced win let go is a missed win, whatever the estimate says, and one kept is not") {
    const Evaluation won{EvaluationKind::Win, 0, 7};
    // The opponent's estimate after the move is still bad for them: little lost by the numbers, yet missed.
    const MoveJudgement missed = judge_move(won, estimate(-600), 200, true, false);
    CHECK(missed.flag == MoveFlag::MissedWin);
    CHECK(missed.loss == doctest::Approx(1.0 - (1.0 - 0.047426)).epsilon(1e-4));
    // The move kept the win: proved again after it, or the opponent is shown lost.
    CHECK(judge_move(won, estimate(-600), 200, true, true).flag == MoveFlag::None);
    CHECK(judge_move(won, Evaluation{EvaluationKind::Loss, 0, 4}, 200, true, false).flag == MoveFlag::None);
    CHECK(name_of(MoveFlag::MissedWin) == std::string("missed win"));
    CHECK(move_flag_from_name("blunder") == MoveFlag::Blunder);
    CHECK_FALSE(move_flag_from_name("oops").has_value());
}
