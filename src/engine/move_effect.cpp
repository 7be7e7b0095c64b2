// Explaining a move in the terms of the run rule, from the four lines through it.
#include "tictactrace/engine/move_effect.hpp"

namespace ttt {

namespace {

const char* change_verb(RunChange c) {
    switch (c) {
    case RunChange::Created: return "made";
    case RunChange::Lengthened: return "lengthened";
    case RunChange::Joined: return "joined";
    case RunChange::None: break;
    }
    return "";
}

std::string signed_points(std::int64_t v) {
    std::string out = v >= 0 ? "+" : "";
    out += std::to_string(v);
    return out;
}

}  // namespace

MoveEffect explain_move(const Board& board_before, Pos pos, Player mover, ScoreParams params) {
    MoveEffect effect;
    effect.mover = mover;
    effect.pos = pos;
    const Cell mine = cell_of(mover);
    const Cell theirs = cell_of(other(mover));
    const int limit = board_before.size();
    for (int k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        const Pos step = step_of(d);
        DirectionEffect& e = effect.directions[static_cast<std::size_t>(k)];
        e.direction = d;
        const RunExtent mine_run = run_through(board_before, pos, d, mine, limit);
        e.before = mine_run.before;
        e.after = mine_run.after;
        e.length = mine_run.length();
        for (int i = -e.before; i <= e.after; ++i)
            e.run.push_back({pos.row + i * step.row, pos.col + i * step.col});
        e.points_delta =
            run_points(e.length, params) - run_points(e.before, params) - run_points(e.after, params);

        const bool scored_before = run_points(e.before, params) > 0 || run_points(e.after, params) > 0;
        const bool scores_now = run_points(e.length, params) > 0;
        if (e.before > 0 && e.after > 0 && (scored_before || scores_now))
            e.change = RunChange::Joined;
        else if (scored_before)
            e.change = RunChange::Lengthened;
        else if (scores_now)
            e.change = RunChange::Created;

        const RunExtent their_run = run_through(board_before, pos, d, theirs, limit);
        if (their_run.before > 0) e.blocked_opponent_runs.push_back(their_run.before);
        if (their_run.after > 0) e.blocked_opponent_runs.push_back(their_run.after);
        effect.points_delta += e.points_delta;
    }
    return effect;
}

std::vector<std::string> MoveEffect::describe() const {
    std::vector<std::string> out;
    for (const DirectionEffect& e : directions) {
        std::string line;
        if (e.change == RunChange::Joined)
            line = std::string(name_of(e.direction)) + ": joined " + std::to_string(e.before) + " + 1 + " +
                   std::to_string(e.after) + " into a run of " + std::to_string(e.length);
        else if (e.change != RunChange::None)
            line = std::string(name_of(e.direction)) + ": " + change_verb(e.change) + " a run of " +
                   std::to_string(e.length);
        if (!line.empty()) line += " (" + signed_points(e.points_delta) + ")";
        for (int blocked : e.blocked_opponent_runs) {
            line += line.empty() ? std::string(name_of(e.direction)) + ": " : std::string("; ");
            line += "blocked " + std::string(1, to_upper_char(other(mover))) + "'s run of " +
                    std::to_string(blocked);
        }
        if (!line.empty()) out.push_back(std::move(line));
    }
    return out;
}

}  // namespace ttt
