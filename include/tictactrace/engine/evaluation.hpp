// What a search thinks of a position, from the point of view of the side to move: a proven win, loss,
// draw or final margin, or an estimate.
#pragma once

#include <cstdint>
#include <string>

namespace ttt {

enum class EvaluationKind : int {
    Estimate = 0,  // a heuristic: `score` in the search's own units (points in the score game)
    Win = 1,   // the side to move wins by force in `plies` moves of both sides, its own winning one included
    Loss = 2,  // the side to move loses by force in `plies` moves, however it plays
    Draw = 3,  // neither side can force a win
    Margin = 4,  // the score game solved: with best play the side to move ends `score` points ahead
};

struct Evaluation {
    EvaluationKind kind = EvaluationKind::Estimate;
    std::int64_t score = 0;
    int plies = 0;  // Win and Loss only

    [[nodiscard]] bool proven() const noexcept { return kind != EvaluationKind::Estimate; }
    friend bool operator==(const Evaluation&, const Evaluation&) = default;
};

// "estimate"... as the JSON outputs spell the kind.
[[nodiscard]] const char* name_of(EvaluationKind kind) noexcept;

// For people: "wins in 3 moves", "loses in 4 moves", "a draw", "ends 300 points ahead", "+150".
[[nodiscard]] std::string describe(const Evaluation& evaluation);

}  // namespace ttt
