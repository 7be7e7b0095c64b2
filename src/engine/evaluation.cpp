// How evaluations are named and told.
#include "tictactrace/engine/evaluation.hpp"

namespace ttt {

const char* name_of(EvaluationKind kind) noexcept {
    switch (kind) {
    case EvaluationKind::Estimate: return "estimate";
    case EvaluationKind::Win: return "win";
    case EvaluationKind::Loss: return "loss";
    case EvaluationKind::Draw: return "draw";
    case EvaluationKind::Margin: return "margin";
    }
    return "?";
}

std::string describe(const Evaluation& e) {
    // Built with += throughout: GCC 12 warns falsely (-Wrestrict) on chains of + over short strings.
    std::string text;
    const auto moves = [&](const char* verb) {
        text += verb;
        text += std::to_string(e.plies);
        text += e.plies == 1 ? " move" : " moves";
        return text;
    };
    switch (e.kind) {
    case EvaluationKind::Win: return moves("wins in ");
    case EvaluationKind::Loss: return moves("loses in ");
    case EvaluationKind::Draw: return "a draw";
    case EvaluationKind::Margin:
        if (e.score == 0) return "ends level";
        text += "ends ";
        text += std::to_string(e.score > 0 ? e.score : -e.score);
        text += e.score > 0 ? " points ahead" : " points behind";
        return text;
    case EvaluationKind::Estimate:
        if (e.score > 0) text += '+';
        text += std::to_string(e.score);
        return text;
    }
    return "?";
}

}  // namespace ttt
