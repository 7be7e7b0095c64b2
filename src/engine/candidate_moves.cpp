// The promising moves of a position and the order of evaluations, for the N best moves.
#include "tictactrace/engine/candidate_moves.hpp"

#include "line_board.hpp"
#include "score_search.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>

namespace ttt {

std::vector<Pos> promising_moves(const Position& position, int count) {
    std::vector<Pos> out;
    if (count <= 0 || position.outcome().over()) return out;
    const Board& board = position.board();
    const Player me = position.to_move();
    const auto add = [&](int cell) {
        const Pos p = board.pos(cell);
        if (static_cast<int>(out.size()) >= count || board.at(cell) != Cell::Empty || !position.check(p))
            return;
        if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    };
    std::vector<std::pair<std::int64_t, int>> ranked;  // (value, cell)
    if (position.rules().kind == RuleKind::Score) {
        for (int i = 0; i < board.size(); ++i)
            if (board.at(i) == Cell::Empty)
                ranked.emplace_back(detail::score_gain(position, board.pos(i), me), i);
    } else {
        const detail::LineBoard lines(position.rules(), board, me);
        std::vector<int> cells;
        lines.winning_cells(me, cells);
        for (const int c : cells) add(c);
        lines.winning_cells(other(me), cells);
        for (const int c : cells) add(c);
        lines.candidates(cells);
        for (const int c : cells) ranked.emplace_back(lines.cell_value(c, me), c);
    }
    // The most valuable first; equal values in board order, so that the same position gives the same moves.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [value, cell] : ranked) add(cell);
    // Any other legal cell, the nearest the centre first (an empty board has no marks to be near).
    if (static_cast<int>(out.size()) < count) {
        const auto rows = static_cast<std::int64_t>(position.rules().rows);
        const auto cols = static_cast<std::int64_t>(position.rules().cols);
        const auto off_centre = [&](int cell) {
            const Pos p = board.pos(cell);
            const std::int64_t dr = 2 * p.row - (rows - 1), dc = 2 * p.col - (cols - 1);
            return dr * dr + dc * dc;
        };
        std::vector<int> rest;
        for (int i = 0; i < board.size(); ++i) rest.push_back(i);
        std::stable_sort(rest.begin(), rest.end(),
                         [&](int a, int b) { return off_centre(a) < off_centre(b); });
        for (const int cell : rest) add(cell);
    }
    return out;
}

Evaluation seen_by_mover(const Evaluation& after) noexcept {
    switch (after.kind) {
    case EvaluationKind::Win: return Evaluation{EvaluationKind::Loss, 0, after.plies + 1};
    case EvaluationKind::Loss: return Evaluation{EvaluationKind::Win, 0, after.plies + 1};
    case EvaluationKind::Draw: return Evaluation{EvaluationKind::Draw, 0, 0};
    case EvaluationKind::Estimate:
    case EvaluationKind::Margin: return Evaluation{after.kind, -after.score, 0};
    }
    return after;
}

bool better_for_mover(const Evaluation& a, const Evaluation& b) noexcept {
    const auto key = [](const Evaluation& e) {
        switch (e.kind) {
        case EvaluationKind::Win: return std::tuple<int, std::int64_t>{2, -e.plies};
        case EvaluationKind::Loss: return std::tuple<int, std::int64_t>{0, e.plies};
        case EvaluationKind::Draw: return std::tuple<int, std::int64_t>{1, 0};
        case EvaluationKind::Estimate:
        case EvaluationKind::Margin: return std::tuple<int, std::int64_t>{1, e.score};
        }
        return std::tuple<int, std::int64_t>{1, 0};
    };
    return key(a) > key(b);
}

}  // namespace ttt
