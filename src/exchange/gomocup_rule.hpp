// The Gomocup rule codes (c-gomoku-cli's RU[0|1|4], the protocol's INFO rule) and the rule set each one
// is here: the one table to change when a rule set is added.
#pragma once

#include "tictactrace/engine/rules.hpp"

#include "tictactrace/base/result.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace ttt::exchange::detail {

// A code the table knows but this program does not play yet: RU[4] renju, RU[8] caro.
struct UnplayedRule {
    std::string sentence;  // "RU[4] is renju, which this version does not play"
};

// What RU[`text`] names on a rows x cols board: the rules or a rule set not played here; or, failing,
// why it names nothing the table knows ("RU[2]", "RU[Japanese]").
using GomocupRuleNamed = std::variant<Rules, UnplayedRule>;
using GomocupRule = Result<GomocupRuleNamed, std::string>;
[[nodiscard]] GomocupRule rules_of_gomocup_code(std::string_view text, int rows, int cols);

}  // namespace ttt::exchange::detail
