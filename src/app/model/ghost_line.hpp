// The engine's expected line drawn on the board as numbered ghost stones, stepped through one move at a
// time: the built-in's report of the position shown says which moves it expects (SearchReport::line), and
// the board shows the first of them translucent, numbered from 1, the current one drawn stronger.
#pragma once

#include "model/stepper.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position.hpp"

#include <span>
#include <vector>

namespace ttt::app {

// One move shown on the board without being played.
struct GhostStone {
    Pos at;  // 0-based
    Player by = Player::X;
    int number = 1;        // counted from 1 along the line it belongs to
    bool current = false;  // the step shown: drawn stronger, ringed
    friend bool operator==(const GhostStone&, const GhostStone&) = default;
};

class GhostLine : public SteppedModel {
public:
    // The line from `position`, the side to move first. The moves are played on a copy in turn: the line
    // ends before a move that is not legal there (a report of another position), or after the one that
    // ends the game. The same line again keeps the step shown; another starts at its first move.
    void set(const Position& position, std::span<const Pos> line);
    void clear();

    [[nodiscard]] const std::vector<GhostStone>& line() const noexcept { return m_line; }
    // The stones up to the step shown, the last of them current, written into `out` (cleared first, so a
    // panel reuses its vector frame after frame); none when the line is empty.
    void shown(std::vector<GhostStone>& out) const;

    void next() noexcept { m_stepper.next(); }
    void prev() noexcept { m_stepper.prev(); }
    bool tick(double seconds) noexcept { return m_stepper.tick(seconds); }

private:
    std::vector<Pos> m_source;  // the line as given, to tell the same line from another
    std::vector<GhostStone> m_line;
};

}  // namespace ttt::app
