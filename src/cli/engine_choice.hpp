// Which program plays for a side, as --engine (and match's --x and --o) name it: the built-in opponent,
// "builtin" (at the strong level) or "builtin:LEVEL", or any other text as the command line of a Gomocup
// brain, started through the brains layer.
#pragma once

#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/engine/rules.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace ttt::cli {

struct BuiltinEngine {
    Level level = Level::Strong;
    friend bool operator==(const BuiltinEngine&, const BuiltinEngine&) = default;
};

struct BrainEngine {
    std::string command;  // split as brains::split_command_line says; run without a shell
    friend bool operator==(const BrainEngine&, const BrainEngine&) = default;
};

using EngineChoice = std::variant<BuiltinEngine, BrainEngine>;

// The choice TEXT names, or a sentence saying what is wrong with it and what to write instead (`option`
// names where it was written: "--engine", "--x").
[[nodiscard]] Result<EngineChoice, std::string> parse_engine(std::string_view text,
                                                             std::string_view option = "--engine");

// "; did you mean 'medium'?" when `typed` is near a level of the built-in opponent, else "".
[[nodiscard]] std::string level_suggestion(std::string_view typed);

// The longest engine text a game may be bound to (`new --x-engine`): the log's first event holds it, and a
// server takes a payload of at most 4096 bytes with both names and both engines in it.
inline constexpr std::size_t kMaxBoundEngineBytes = 1000;

// The choice TEXT names, checked as an engine a side of a game of `rules` can be bound to: it parses, its
// text is at most kMaxBoundEngineBytes and shows as it is (no control characters), and it can play these
// rules (a level the rules allow; a brain only five in a row). Else a sentence that names `option`.
[[nodiscard]] Result<EngineChoice, std::string> bindable_engine(std::string_view text,
                                                                std::string_view option, const Rules& rules);

// "builtin:strong", or the brain's command line: how a game's player is named before a brain says its name.
[[nodiscard]] std::string engine_label(const EngineChoice& choice);

}  // namespace ttt::cli
