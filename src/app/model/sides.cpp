// Sides: their names, their words, and what the engine is asked with.
#include "model/sides.hpp"

#include <charconv>

namespace ttt::app {

namespace {

// A whole number from `min` to `max` filling all of `text`, or nullopt.
std::optional<std::int64_t> whole_number(std::string_view text, std::int64_t min, std::int64_t max) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
        return std::nullopt;
    return value;
}

}  // namespace

std::string per_move_words(std::int64_t ms) {
    const std::int64_t s = ms / 1000;
    return s * 1000 == ms ? std::to_string(s) + " s a move" : std::to_string(ms) + " ms a move";
}

const char* name_of(SideKind kind) noexcept {
    switch (kind) {
    case SideKind::BuiltIn: return "builtin";
    case SideKind::Engine: return "engine";
    case SideKind::Human: break;
    }
    return "human";
}

std::string describe(const Side& side) {
    switch (side.kind) {
    case SideKind::Human: return "you";
    case SideKind::Engine:
        return "the engine " + side.engine.label() + " (" + per_move_words(engine_turn_ms(side)) + ")";
    case SideKind::BuiltIn: break;
    }
    std::string out = std::string("the built-in (") + name_of(side.level);
    if (side.think_ms > 0) out += ", " + per_move_words(side.think_ms);
    return out + ")";
}

std::int64_t engine_turn_ms(const Side& side) noexcept {
    return side.think_ms > 0 ? side.think_ms : kEngineDefaultMs;
}

OpponentSettings settings_of(const Side& side, std::uint64_t seed) noexcept {
    OpponentSettings settings;
    settings.level = side.level;
    // The perfect level has no budget by definition; the others take the one chosen, else their own.
    if (side.think_ms > 0 && side.level != Level::Perfect) settings.limits.time_ms = side.think_ms;
    settings.seed = seed;
    return settings;
}

Result<SideChoice, std::string> parse_side_choice(std::string_view text) {
    const auto eq = text.find('=');
    if (eq == std::string_view::npos)
        return fail("wants SIDE=LEVEL (x=strong, o=perfect, o=strong:60000) or SIDE=engine:N, not '" +
                    std::string(text) + "'");
    const std::string_view who = text.substr(0, eq);
    SideChoice choice;
    if (who == "x" || who == "X")
        choice.player = Player::X;
    else if (who == "o" || who == "O")
        choice.player = Player::O;
    else
        return fail("names the side x or o, not '" + std::string(who) + "'");
    std::string_view what = text.substr(eq + 1);
    std::size_t engine = 0;
    if (what.starts_with("engine:")) {
        what.remove_prefix(7);
        const std::string_view number = what.substr(0, what.find(':'));
        const auto n = whole_number(number, 1, 1'000'000);
        if (!n)
            return fail("wants the engine's number in Game > Engines' list (from 1) after 'engine:', not '" +
                        std::string(number) + "'");
        engine = static_cast<std::size_t>(*n);
        what.remove_prefix(number.size());  // what is left, if anything, is ":MS", read below
    }
    std::int64_t think_ms = 0;
    if (const auto colon = what.find(':'); colon != std::string_view::npos) {
        const std::string_view ms = what.substr(colon + 1);
        const auto value = whole_number(ms, 1, 86'400'000);
        if (!value)
            return fail("wants milliseconds a move from 1 to 86400000 after the ':', not '" +
                        std::string(ms) + "'");
        think_ms = *value;
        what = what.substr(0, colon);
    }
    if (engine > 0) {
        choice.side = Side::played_by({}, think_ms);
        choice.engine_number = engine;
        return choice;
    }
    if (what == "human") {
        choice.side = Side::human();
        return choice;
    }
    const auto level = level_from_name(what);
    if (!level)
        return fail("wants human, random, easy, medium, strong, perfect or engine:N, not '" +
                    std::string(what) + "'");
    choice.side = Side::playing(*level, think_ms);
    return choice;
}

}  // namespace ttt::app
