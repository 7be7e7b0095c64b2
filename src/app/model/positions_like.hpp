// "Positions like this": the position shown looked for elsewhere in the log's games, the step shown itself
// left out (store/position_search.hpp), with the moves played next from it and how those games ended.
// Looked for only while the panel is open, and again only when the position shown, the Symmetric box or
// the log changes: a frame that changes none of them reads nothing. A search reads each matching game whole,
// on the window's connection; a position of a few moves in a log of thousands of games is tens of
// milliseconds, once.
#pragma once

#include "tictactrace/engine/position.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/position_search.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ttt::app {

class PositionsLike {
public:
    // The panel is open (with its box) or closed: closed, nothing is looked for and the answer is let go.
    void show(bool shown, bool symmetric);
    [[nodiscard]] bool shown() const noexcept { return m_shown; }
    [[nodiscard]] bool symmetric() const noexcept { return m_symmetric; }
    // The log changed: the next update looks again.
    void invalidate() noexcept { m_done.reset(); }
    // Looks for `position` (the one shown, at `node` of `game`, `revision` naming it) when shown and
    // something changed since the last look. A StorageError is kept as `failed` (a server that cannot be
    // reached, say) and not tried again until something changes.
    void update(const store::EventStore& store, const Position* position, store::GameId game, store::Seq node,
                std::uint64_t revision);

    // The last answer, for the position shown; nullopt before the first look, and when it failed.
    [[nodiscard]] const std::optional<store::PositionSearch>& found() const noexcept { return m_found; }
    // Why the last look failed, in the store's words; empty when it did not.
    [[nodiscard]] const std::string& failed() const noexcept { return m_failed; }
    // Bumped with every new answer, so the panel makes its words once per answer.
    [[nodiscard]] std::uint64_t serial() const noexcept { return m_serial; }

private:
    struct Asked {
        std::uint64_t revision = 0;
        bool symmetric = false;
        friend bool operator==(const Asked&, const Asked&) = default;
    };
    bool m_shown = false;
    bool m_symmetric = false;
    std::optional<Asked> m_done;  // what the answer is for
    std::optional<store::PositionSearch> m_found;
    std::string m_failed;
    std::uint64_t m_serial = 0;
};

}  // namespace ttt::app
