// Renju's forbidden points of the position shown, for the board's overlay and the Forbidden point panel:
// worked out again only when the position shown changes (every empty point checked costs microseconds, a
// whole board well under a millisecond), and only while Black is to move in a renju game that is on.
#pragma once

#include "tictactrace/engine/forbidden.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace ttt::app {

class ForbiddenOverlay {
public:
    // The position shown of game `game` at `step`; `on` false (View > Forbidden points unticked) empties it.
    void update(store::GameId game, int step, const Position& position, bool on);

    // Whether the position asks for the overlay at all: renju, Black to move, not over.
    [[nodiscard]] bool applies() const noexcept { return m_applies; }
    [[nodiscard]] const std::vector<Forbidden>& points() const noexcept { return m_points; }
    // The explanation of point p, or nullptr when it is not forbidden here.
    [[nodiscard]] const Forbidden* at(Pos p) const noexcept;
    // Counts every change of points(), so that a panel can tell when to make its words again.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }

private:
    store::GameId m_game = -1;
    int m_step = -1;
    bool m_on = false;
    bool m_applies = false;
    std::vector<Forbidden> m_points;
    std::uint64_t m_revision = 0;
};

}  // namespace ttt::app
