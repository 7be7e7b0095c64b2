// How much a move cost the player who made it, judged from what an engine thinks of the position before
// it and after it: the winning chance each evaluation stands for, the chance the move gave away, and the
// word for it (docs/opponent.md, "Judging a move"). One place for the thresholds, so that the command
// line's analysis and the window say the same of the same move.
#pragma once

#include "tictactrace/engine/evaluation.hpp"

#include <optional>
#include <string_view>

namespace ttt {

enum class MoveFlag : int {
    None = 0,
    Inaccuracy = 1,  // gave away at least kInaccuracyLoss of the winning chance
    Mistake = 2,     // at least kMistakeLoss
    Blunder = 3,     // at least kBlunderLoss
    MissedWin = 4,   // the player had a forced win and the move let it go
};

// "none", "inaccuracy", "mistake", "blunder", "missed win".
[[nodiscard]] const char* name_of(MoveFlag flag) noexcept;
[[nodiscard]] std::optional<MoveFlag> move_flag_from_name(std::string_view name) noexcept;

// The thresholds, in winning chance given away (0 to 1).
inline constexpr double kInaccuracyLoss = 0.10;
inline constexpr double kMistakeLoss = 0.20;
inline constexpr double kBlunderLoss = 0.30;

// How many of an engine's estimate units make the odds e to 1 (the logistic curve's scale): an estimate
// of `scale` is a winning chance of 73%, of 2 x scale 88%. The built-in opponent's estimates count
// windows of marks (a four-mark window 512, a three 64); Gomocup engines that say an Eval (Rapfi, our
// own brain) use Rapfi's scale.
inline constexpr double kBuiltinEstimateScale = 600.0;
inline constexpr double kGomocupEstimateScale = 200.0;

// The chance that the side to move wins, from 0 to 1: a proven win 1, a proven loss 0, a draw one half,
// a solved margin by its sign, an estimate on the logistic curve of `scale` (a scale of 0 or less is
// taken as kBuiltinEstimateScale).
[[nodiscard]] double winning_chance(const Evaluation& evaluation, double scale) noexcept;

// The word for a move that gave away `loss` of the winning chance.
[[nodiscard]] MoveFlag flag_for_loss(double loss) noexcept;

struct MoveJudgement {
    double loss = 0;  // the winning chance the move gave away, 0 to 1
    MoveFlag flag = MoveFlag::None;
    friend bool operator==(const MoveJudgement&, const MoveJudgement&) = default;
};

// A move judged: `before` is the position the player moved in, from the player's point of view; `after`
// the position the move made, from the point of view of the side to move then (the other player, so a
// Loss there is the player's win). `had_forced_win`: a forced win was proved for the player before the
// move (the engine's Win, or our own proof search); `still_wins`: after the move it still stands (the
// move was a winning one, or the proof search finds the player's win again at their next move). Missing a
// forced win outranks every other word; the loss is measured either way.
[[nodiscard]] MoveJudgement judge_move(const Evaluation& before, const Evaluation& after, double scale,
                                       bool had_forced_win = false, bool still_wins = false) noexcept;

}  // namespace ttt
