// A move's cost in winning chance, and its word.
#include "tictactrace/engine/move_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace ttt {

const char* name_of(MoveFlag flag) noexcept {
    switch (flag) {
    case MoveFlag::None: return "none";
    case MoveFlag::Inaccuracy: return "inaccuracy";
    case MoveFlag::Mistake: return "mistake";
    case MoveFlag::Blunder: return "blunder";
    case MoveFlag::MissedWin: return "missed win";
    }
    return "?";
}

std::optional<MoveFlag> move_flag_from_name(std::string_view name) noexcept {
    for (const MoveFlag f :
         {MoveFlag::None, MoveFlag::Inaccuracy, MoveFlag::Mistake, MoveFlag::Blunder, MoveFlag::MissedWin})
        if (name == name_of(f)) return f;
    return std::nullopt;
}

double winning_chance(const Evaluation& e, double scale) noexcept {
    switch (e.kind) {
    case EvaluationKind::Win: return 1.0;
    case EvaluationKind::Loss: return 0.0;
    case EvaluationKind::Draw: return 0.5;
    case EvaluationKind::Margin: return e.score > 0 ? 1.0 : e.score < 0 ? 0.0 : 0.5;
    case EvaluationKind::Estimate: break;
    }
    const double s = scale > 0 ? scale : kBuiltinEstimateScale;
    // Clamped so that exp() never overflows on an engine's huge "almost won" estimates.
    const double x = std::clamp(static_cast<double>(e.score) / s, -60.0, 60.0);
    return 1.0 / (1.0 + std::exp(-x));
}

MoveFlag flag_for_loss(double loss) noexcept {
    if (loss >= kBlunderLoss) return MoveFlag::Blunder;
    if (loss >= kMistakeLoss) return MoveFlag::Mistake;
    if (loss >= kInaccuracyLoss) return MoveFlag::Inaccuracy;
    return MoveFlag::None;
}

MoveJudgement judge_move(const Evaluation& before, const Evaluation& after, double scale, bool had_forced_win,
                         bool still_wins) noexcept {
    const double chance_before = winning_chance(before, scale);
    const double chance_after = 1.0 - winning_chance(after, scale);
    // An engine that sees more after the move than before (a deeper search, a proof found) may think the
    // move gained: no move gains more than best play, so that counts as nothing lost.
    const double loss = std::max(0.0, chance_before - chance_after);
    const bool missed = had_forced_win && !still_wins && after.kind != EvaluationKind::Loss;
    return MoveJudgement{loss, missed ? MoveFlag::MissedWin : flag_for_loss(loss)};
}

}  // namespace ttt
