// Reading --engine.
#include "cli/engine_choice.hpp"

#include <tictactrace/base/terminal_text.hpp>

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

std::variant<EngineChoice, std::string> parse_engine(std::string_view text) {
    const std::string_view name = text.substr(0, text.find(':'));
    if (name != kBuiltin)
        return "--engine " + quoted(text) +
               " names no engine this tictactrace can run: only the built-in opponent plays for now; write "
               "--engine builtin or --engine builtin:LEVEL with LEVEL " +
               kLevels;
    if (name.size() == text.size()) return EngineChoice{};
    const std::string_view level = text.substr(name.size() + 1);
    const auto known = level_from_name(level);
    if (!known)
        return "--engine " + quoted(text) + " names no level of the built-in opponent; choose " + kLevels;
    return EngineChoice{*known};
}

}  // namespace ttt::cli
