#include "model/game_clock.hpp"

#include "tictactrace/engine/player.hpp"

#include <algorithm>
#include <charconv>

namespace ttt::app {

namespace {

// "1 min", "90 s", "1.5 s", "2 h": the shortest exact way to say a duration.
std::string duration(std::int64_t ms) {
    if (ms % 60'000 == 0) return std::to_string(ms / 60'000) + " min";
    if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
    std::string tenths = std::to_string(ms / 100 % 10);
    if (ms % 100 == 0) return std::to_string(ms / 1000) + "." + tenths + " s";
    return std::to_string(ms) + " ms";
}

std::optional<std::int64_t> milliseconds(std::string_view text) {
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    // A day is far beyond any game; the bound keeps the sums below from overflowing.
    if (ec != std::errc{} || end != text.data() + text.size() || v < 0 || v > 86'400'000) return std::nullopt;
    return v;
}

}  // namespace

std::string describe(const ClockSetting& s) {
    if (s.game_ms && s.move_ms) return duration(*s.game_ms) + " + " + duration(*s.move_ms) + " a move";
    if (s.game_ms) return duration(*s.game_ms) + " a game";
    if (s.move_ms) return duration(*s.move_ms) + " a move";
    return "no clock";
}

Result<ClockSetting, std::string> parse_clock_setting(std::string_view text) {
    const auto colon = text.find(':');
    const auto game = milliseconds(text.substr(0, colon));
    const auto move = colon == std::string_view::npos ? std::optional<std::int64_t>(0)
                                                      : milliseconds(text.substr(colon + 1));
    if (!game || !move || (*game == 0 && *move == 0))
        return fail("wants GAME_MS or GAME_MS:MOVE_MS (milliseconds up to a day, not both 0), e.g. 60000 or "
                    "60000:10000, not '" +
                    std::string(text) + "'");
    ClockSetting s;
    if (*game > 0) s.game_ms = *game;
    if (*move > 0) s.move_ms = *move;
    return s;
}

std::string clock_text(std::int64_t ms) {
    ms = std::max<std::int64_t>(0, ms);
    if (ms < 10'000) return std::to_string(ms / 1000) + "." + std::to_string(ms / 100 % 10);
    // Rounded up, as a clock face counts down: 59.9 s left still shows 1:00 until it is under a minute.
    const std::int64_t s = (ms + 999) / 1000;
    const std::int64_t sec = s % 60;
    return std::to_string(s / 60) + ":" + (sec < 10 ? "0" : "") + std::to_string(sec);
}

GameClock::GameClock(ClockSetting setting) : m_setting(setting) {
    m_x = m_o = Left{setting.game_ms.value_or(0), setting.move_ms.value_or(0)};
}

std::optional<std::int64_t> GameClock::game_left(Player p) const noexcept {
    return m_setting.game_ms ? std::optional<std::int64_t>(of(p).game) : std::nullopt;
}

std::optional<std::int64_t> GameClock::move_left(Player p) const noexcept {
    return m_setting.move_ms ? std::optional<std::int64_t>(of(p).move) : std::nullopt;
}

void GameClock::update(std::int64_t now_ms, Player to_move, bool run, bool moved) {
    if (!on()) return;
    if (m_running && m_last_ms) {
        // A clock that went back (another machine's time) charges nothing rather than giving time back.
        const std::int64_t spent = std::max<std::int64_t>(0, now_ms - *m_last_ms);
        Left& left = of(*m_running);
        left.game = std::max<std::int64_t>(0, left.game - spent);
        left.move = std::max<std::int64_t>(0, left.move - spent);
    }
    m_last_ms = now_ms;
    if (moved || to_move != m_to_move) of(to_move).move = m_setting.move_ms.value_or(0);
    m_to_move = to_move;
    m_running = run ? std::optional<Player>(to_move) : std::nullopt;
}

std::optional<Player> GameClock::flag_fell() const noexcept {
    const Left& left = of(m_to_move);
    if ((m_setting.game_ms && left.game == 0) || (m_setting.move_ms && left.move == 0)) return m_to_move;
    return std::nullopt;
}

std::string GameClock::flag_fall_detail(Player p) const {
    const bool game = m_setting.game_ms && of(p).game == 0;
    const std::string used =
        game ? duration(*m_setting.game_ms) + " a game" : duration(m_setting.move_ms.value_or(0)) + " a move";
    return std::string(1, to_upper_char(p)) + "'s flag fell: " + used + " used up";
}

}  // namespace ttt::app
