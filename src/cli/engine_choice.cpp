// Reading --engine.
#include "cli/engine_choice.hpp"

#include "cli/suggestion.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/brains/brain_client.hpp>
#include <tictactrace/brains/command_line.hpp>
#include <tictactrace/engine/player_name.hpp>

namespace ttt::cli {

namespace {

constexpr std::string_view kBuiltin = "builtin";
constexpr const char* kLevels = "random, easy, medium, strong or perfect";

// The text as a user may see it again: escaped, and cut short when long.
std::string quoted(std::string_view text) {
    std::string out = "\"";
    base::append_terminal_safe(out, text.substr(0, 40));
    if (text.size() > 40) out += "...";
    return out + "\"";
}

}  // namespace

std::string level_suggestion(std::string_view typed) {
    return did_you_mean(typed, {"random", "easy", "medium", "strong", "perfect"});
}

Result<EngineChoice, std::string> parse_engine(std::string_view text, std::string_view option) {
    const std::string_view name = text.substr(0, text.find(':'));
    if (name != kBuiltin) {
        // Anything else is a brain's command line; it must at least split into a program and its words.
        const auto words = brains::split_command_line(text);
        if (!words)
            return fail(std::string(option) + " " + quoted(text) +
                        " is neither the built-in opponent nor a brain's command line (" +
                        words.error().message + "); write builtin, builtin:LEVEL with LEVEL " + kLevels +
                        ", or the command that starts a "
                        "Gomocup brain");
        return EngineChoice{BrainEngine{std::string(text)}};
    }
    if (name.size() == text.size()) return EngineChoice{BuiltinEngine{}};
    const std::string_view level = text.substr(name.size() + 1);
    const auto known = level_from_name(level);
    if (!known)
        return fail(std::string(option) + " " + quoted(text) +
                    " names no level of the built-in opponent; choose " + kLevels + level_suggestion(level));
    return EngineChoice{BuiltinEngine{*known}};
}

Result<EngineChoice, std::string> bindable_engine(std::string_view text, std::string_view option,
                                                  const Rules& rules) {
    if (auto shown = check_shown_text(text, option, kMaxBoundEngineBytes, false); !shown)
        return fail(std::move(shown).error());
    auto parsed = parse_engine(text, option);
    if (!parsed) return parsed;
    if (const auto* builtin = std::get_if<BuiltinEngine>(&parsed.value())) {
        if (auto fits = check_level(rules, builtin->level); !fits)
            return fail(std::string(option) + ": " + std::move(fits).error());
    } else if (auto fits = brains::check_gomocup_rules(rules); !fits) {
        return fail(std::string(option) + ": " + std::move(fits).error());
    }
    return parsed;
}

std::string engine_label(const EngineChoice& choice) {
    if (const auto* builtin = std::get_if<BuiltinEngine>(&choice))
        return std::string(kBuiltin) + ":" + name_of(builtin->level);
    return std::get<BrainEngine>(choice).command;
}

}  // namespace ttt::cli
