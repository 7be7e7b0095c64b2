// Sides: their names, their words, and what the engine is asked with.
#include "model/sides.hpp"

#include <charconv>

namespace ttt::app {

const char* name_of(SideKind kind) noexcept {
    return kind == SideKind::BuiltIn ? "builtin" : "human";
}

std::string describe(const Side& side) {
    if (!side.built_in()) return "you";
    std::string out = std::string("the built-in (") + name_of(side.level);
    if (side.think_ms > 0) {
        const std::int64_t s = side.think_ms / 1000;
        out += s * 1000 == side.think_ms ? ", " + std::to_string(s) + " s a move"
                                         : ", " + std::to_string(side.think_ms) + " ms a move";
    }
    return out + ")";
}

OpponentSettings settings_of(const Side& side, std::uint64_t seed) noexcept {
    OpponentSettings settings;
    settings.level = side.level;
    // The perfect level has no budget by definition; the others take the one chosen, else their own.
    if (side.think_ms > 0 && side.level != Level::Perfect) settings.limits.time_ms = side.think_ms;
    settings.seed = seed;
    return settings;
}

std::optional<SideChoice> parse_side_choice(std::string_view text, std::string* why) {
    const auto fail = [&](std::string sentence) -> std::optional<SideChoice> {
        *why = std::move(sentence);
        return std::nullopt;
    };
    const auto eq = text.find('=');
    if (eq == std::string_view::npos)
        return fail("wants SIDE=LEVEL (x=strong, o=perfect, o=strong:60000), not '" + std::string(text) +
                    "'");
    const std::string_view who = text.substr(0, eq);
    SideChoice choice;
    if (who == "x" || who == "X")
        choice.player = Player::X;
    else if (who == "o" || who == "O")
        choice.player = Player::O;
    else
        return fail("names the side x or o, not '" + std::string(who) + "'");
    std::string_view what = text.substr(eq + 1);
    std::int64_t think_ms = 0;
    if (const auto colon = what.find(':'); colon != std::string_view::npos) {
        const std::string_view ms = what.substr(colon + 1);
        const auto [end, ec] = std::from_chars(ms.data(), ms.data() + ms.size(), think_ms);
        if (ec != std::errc() || end != ms.data() + ms.size() || think_ms < 1 || think_ms > 86'400'000)
            return fail("wants milliseconds a move from 1 to 86400000 after the ':', not '" +
                        std::string(ms) + "'");
        what = what.substr(0, colon);
    }
    if (what == "human") {
        choice.side = Side::human();
        return choice;
    }
    const auto level = level_from_name(what);
    if (!level)
        return fail("wants human, random, easy, medium, strong or perfect, not '" + std::string(what) + "'");
    choice.side = Side::playing(*level, think_ms);
    return choice;
}

}  // namespace ttt::app
