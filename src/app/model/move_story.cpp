// Wording the engine's move effect.
#include "model/move_story.hpp"

namespace ttt::app {

namespace {

std::string signed_points(std::int64_t p) {
    std::string text = std::to_string(p);
    if (p >= 0) text.insert(text.begin(), '+');
    return text;
}

}  // namespace

const char* line_name_of(Direction d) noexcept {
    switch (d) {
    case Direction::Horizontal: return "row";
    case Direction::Vertical: return "column";
    case Direction::Diagonal45: return "'/' diagonal";
    case Direction::DiagonalMinus45: return "'\\' diagonal";
    }
    return "?";
}

std::string direction_story(const DirectionEffect& e, Player mover, bool with_points) {
    std::string out;
    const std::string points = with_points ? " (" + signed_points(e.points_delta) + ")" : std::string();
    switch (e.change) {
    case RunChange::Created: out = "made a run of " + std::to_string(e.length) + points; break;
    case RunChange::Lengthened:
        out = "lengthened a run of " + std::to_string(e.length - 1) + " to " + std::to_string(e.length) +
              points;
        break;
    case RunChange::Joined:
        out = "joined " + std::to_string(e.before) + " + 1 + " + std::to_string(e.after) + " into a run of " +
              std::to_string(e.length) + points;
        break;
    case RunChange::None:
        out = e.length > 1 ? "a run of " + std::to_string(e.length) + ", too short to score" : "stands alone";
        break;
    }
    // A lone opposing mark next to the cell is not worth a word; a run of two or more is.
    for (int blocked : e.blocked_opponent_runs)
        if (blocked >= 2)
            out += "; blocks " + std::string(1, to_upper_char(other(mover))) + "'s run of " +
                   std::to_string(blocked);
    return out;
}

std::optional<MoveEffect> effect_of_last_move(const Position& position) {
    const auto last = position.last_move();
    if (!last) return std::nullopt;
    const Board& board = position.board();
    const auto mover = player_of(board.at(*last));
    if (!mover) return std::nullopt;
    Board before = board;
    before.clear(*last);
    return explain_move(before, *last, *mover, score_params(position.rules()));
}

}  // namespace ttt::app
