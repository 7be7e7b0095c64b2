// A brain kept in step with a game by the fewest commands.
#include "tictactrace/brains/game_sync.hpp"

#include <algorithm>

namespace ttt::brains {

namespace {

// How many of the first moves two games share.
int common_moves(const Position& a, const Position& b) {
    const int n = std::min(a.move_count(), b.move_count());
    int same = 0;
    while (same < n && a.move_at(same) == b.move_at(same)) ++same;
    return same;
}

}  // namespace

MoveReply move_for(BrainClient& brain, const Position& game, std::optional<Deadline> deadline) {
    const Position& held = brain.position();
    // A set-up's marks are not moves: TAKEBACK and TURN cannot say them, BOARD can.
    if (game.set_up_marks() == 0 && held.set_up_marks() == 0) {
        if (game.move_count() == 0) {
            if (held.move_count() > 0) {
                const Reply restarted = brain.restart(deadline);
                if (const auto* refused = std::get_if<Refused>(&restarted)) return *refused;
                if (const Forfeit* lost = forfeit_of(restarted)) return *lost;
            }
            return brain.begin(deadline);
        }
        const int shared = common_moves(held, game);
        const int extra = held.move_count() - shared;
        // The brain holds the game but for the other side's last move, once the moves taken back since
        // are taken back on its board too.
        if (extra <= kMaxTakebacks && game.move_count() == shared + 1) {
            for (int i = 0; i < extra; ++i) {
                const Reply back = brain.takeback(*brain.position().last_move(), deadline);
                if (const auto* refused = std::get_if<Refused>(&back)) return *refused;
                if (const Forfeit* lost = forfeit_of(back)) return *lost;
            }
            return brain.turn(game.move_at(shared), deadline);
        }
    }
    return brain.board(game, deadline);
}

}  // namespace ttt::brains
