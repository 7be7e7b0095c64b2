// Who plays each side of the open game: a person at the window, or the built-in opponent at one of its
// levels. The sides are the window's, not the log's: a game records its moves, not who or what chose
// them, so a game opened from the browser is played by people until Game > Opponent says otherwise.
#pragma once

#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/player.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::app {

enum class SideKind : int { Human = 0, BuiltIn = 1 };

struct Side {
    SideKind kind = SideKind::Human;
    Level level = Level::Strong;  // the built-in's
    std::int64_t think_ms = 0;    // the built-in's time per move; 0: its level's own (default_limits)

    [[nodiscard]] bool built_in() const noexcept { return kind == SideKind::BuiltIn; }
    [[nodiscard]] static Side human() noexcept { return Side{}; }
    [[nodiscard]] static Side playing(Level level, std::int64_t think_ms = 0) noexcept {
        return Side{SideKind::BuiltIn, level, think_ms};
    }
    friend bool operator==(const Side&, const Side&) = default;
};

struct Sides {
    Side x;
    Side o;

    [[nodiscard]] const Side& of(Player p) const noexcept { return p == Player::X ? x : o; }
    [[nodiscard]] Side& of(Player p) noexcept { return p == Player::X ? x : o; }
    friend bool operator==(const Sides&, const Sides&) = default;
};

// "human" or "builtin", as the layout line spells the kind.
[[nodiscard]] const char* name_of(SideKind kind) noexcept;

// For people: "you" for a person, "the built-in (strong, 10 s a move)".
[[nodiscard]] std::string describe(const Side& side);

// What the engine is asked with for a side: its level and budget, and a seed that makes the same position
// of the same game get the same move.
[[nodiscard]] OpponentSettings settings_of(const Side& side, std::uint64_t seed) noexcept;

// "o=strong", "x=perfect", "o=strong:60000" (milliseconds a move), "x=human": one side as --opponent takes
// it; nullopt with `why` when it is not one.
struct SideChoice {
    Player player = Player::O;
    Side side;
};
[[nodiscard]] std::optional<SideChoice> parse_side_choice(std::string_view text, std::string* why);

}  // namespace ttt::app
