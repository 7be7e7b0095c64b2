// A clock per side for a game played in the window: the time left for the game and for the current move,
// either or both optional. It only counts what it is told: the time comes in as milliseconds, so tests
// drive it without sleeping, and the controller says which side runs (the side to move while the game is
// on and shown at its end) and when a move switches it.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/player.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::app {

// How much time each side has: for the whole game, for each move, or both; neither is no clock.
struct ClockSetting {
    std::optional<std::int64_t> game_ms;
    std::optional<std::int64_t> move_ms;

    [[nodiscard]] bool on() const noexcept { return game_ms || move_ms; }
    friend bool operator==(const ClockSetting&, const ClockSetting&) = default;
};

// For people: "no clock", "1 min a game", "10 s a move", "1 min + 10 s a move".
[[nodiscard]] std::string describe(const ClockSetting& setting);

// "GAME_MS" or "GAME_MS:MOVE_MS" as --clock takes it (0 for the game leaves only a move time); or why it
// is not one.
[[nodiscard]] Result<ClockSetting, std::string> parse_clock_setting(std::string_view text);

// A time left as a clock face shows it: "4:59", and tenths under 10 s, when every one counts: "9.4".
[[nodiscard]] std::string clock_text(std::int64_t ms);

class GameClock {
public:
    GameClock() = default;
    explicit GameClock(ClockSetting setting);

    [[nodiscard]] const ClockSetting& setting() const noexcept { return m_setting; }
    [[nodiscard]] bool on() const noexcept { return m_setting.on(); }
    // Time left, nullopt for a limit the setting does not have.
    [[nodiscard]] std::optional<std::int64_t> game_left(Player p) const noexcept;
    [[nodiscard]] std::optional<std::int64_t> move_left(Player p) const noexcept;
    // The side whose time runs now, if any.
    [[nodiscard]] std::optional<Player> running() const noexcept { return m_running; }
    // The side to move, whose clock runs when it is not paused.
    [[nodiscard]] Player to_move() const noexcept { return m_to_move; }

    // Charges the time since the last call to the running side, then runs for `to_move` (or pauses, with
    // `run` false). After a move (`moved`, or a new side to move) the side to move's move time starts full.
    void update(std::int64_t now_ms, Player to_move, bool run, bool moved = false);
    // The side whose game or move time has reached 0, if the side to move's has.
    [[nodiscard]] std::optional<Player> flag_fell() const noexcept;
    // What ran out, for the forfeit's detail: "X's flag fell: 1 min a game used up".
    [[nodiscard]] std::string flag_fall_detail(Player p) const;

private:
    struct Left {
        std::int64_t game = 0;
        std::int64_t move = 0;
    };
    [[nodiscard]] const Left& of(Player p) const noexcept { return p == Player::X ? m_x : m_o; }
    [[nodiscard]] Left& of(Player p) noexcept { return p == Player::X ? m_x : m_o; }

    ClockSetting m_setting;
    Left m_x;
    Left m_o;
    Player m_to_move = Player::X;
    std::optional<Player> m_running;
    std::optional<std::int64_t> m_last_ms;  // the last update's time; none before the first
};

}  // namespace ttt::app
