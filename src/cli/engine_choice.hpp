// Which program plays for a side, as --engine names it. For now only the built-in opponent can:
// "builtin" (at the strong level) or "builtin:LEVEL".
#pragma once

#include <tictactrace/engine/opponent.hpp>

#include <string>
#include <string_view>
#include <variant>

namespace ttt::cli {

struct EngineChoice {
    Level level = Level::Strong;
    friend bool operator==(const EngineChoice&, const EngineChoice&) = default;
};

// The choice --engine TEXT names, or a sentence saying what is wrong with it and what to write instead.
[[nodiscard]] std::variant<EngineChoice, std::string> parse_engine(std::string_view text);

}  // namespace ttt::cli
