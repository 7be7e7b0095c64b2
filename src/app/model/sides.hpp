// Who plays each side of the open game: a person at the window, the built-in opponent at one of its
// levels, or an external Gomocup engine from the list of Game > Engines. The sides are the window's, not
// the log's: a game records its moves, not who or what chose them, so a game opened from the browser is
// played by people until Game > Opponent says otherwise.
#pragma once

#include "model/engine_entry.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/player.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::app {

enum class SideKind : int { Human = 0, BuiltIn = 1, Engine = 2 };

// An engine's time per move when none is chosen: a common time for a Gomocup brain's move.
inline constexpr std::int64_t kEngineDefaultMs = 5000;

struct Side {
    SideKind kind = SideKind::Human;
    Level level = Level::Strong;  // the built-in's
    // The time per move: the built-in's search budget (0: its level's own, default_limits), an engine's
    // INFO timeout_turn (0: kEngineDefaultMs).
    std::int64_t think_ms = 0;
    EngineEntry engine;  // the engine's, when kind is Engine: a copy, so the list may change meanwhile

    [[nodiscard]] bool built_in() const noexcept { return kind == SideKind::BuiltIn; }
    [[nodiscard]] bool is_engine() const noexcept { return kind == SideKind::Engine; }
    // Played by a program (the built-in or an engine) rather than by a person at the window.
    [[nodiscard]] bool program() const noexcept { return kind != SideKind::Human; }
    [[nodiscard]] static Side human() noexcept { return Side{}; }
    [[nodiscard]] static Side playing(Level level, std::int64_t think_ms = 0) noexcept {
        return Side{SideKind::BuiltIn, level, think_ms, {}};
    }
    [[nodiscard]] static Side played_by(EngineEntry engine, std::int64_t think_ms = 0) {
        return Side{SideKind::Engine, Level::Strong, think_ms, std::move(engine)};
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

// "human", "builtin" or "engine", as the layout line spells the kind.
[[nodiscard]] const char* name_of(SideKind kind) noexcept;

// For people: "you" for a person, "the built-in (strong, 10 s a move)", "the engine fake brain 1.2".
[[nodiscard]] std::string describe(const Side& side);

// "10 s a move", "1500 ms a move".
[[nodiscard]] std::string per_move_words(std::int64_t ms);

// An engine side's time per move in milliseconds (its INFO timeout_turn): the one chosen, else the default.
[[nodiscard]] std::int64_t engine_turn_ms(const Side& side) noexcept;

// What the engine is asked with for a side: its level and budget, and a seed that makes the same position
// of the same game get the same move.
[[nodiscard]] OpponentSettings settings_of(const Side& side, std::uint64_t seed) noexcept;

// "o=strong", "x=perfect", "o=strong:60000" (milliseconds a move), "x=human", "o=engine:2" (the second
// engine of Game > Engines' list, "o=engine:2:10000" with its time a move): one side as --opponent takes
// it; nullopt with `why` when it is not one. An engine is named by its number here (`engine_number`, from
// 1) and found in the list by the caller, which knows the list.
struct SideChoice {
    Player player = Player::O;
    Side side;
    std::size_t engine_number = 0;  // 0: not an engine
};
[[nodiscard]] Result<SideChoice, std::string> parse_side_choice(std::string_view text);

}  // namespace ttt::app
