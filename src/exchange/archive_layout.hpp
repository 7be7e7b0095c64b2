// Where the games and events of a text archive begin, found before cereal parses it. The scanners never
// recurse, so they also refuse nesting deep enough to overflow cereal's recursive parsers.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange::detail {

struct ArchiveLayout {
    std::int64_t root = 0;                          // byte offset of the archive's root object or element
    std::vector<std::int64_t> games;                // byte offset of each game's object or element
    std::vector<std::vector<std::int64_t>> events;  // per game, the byte offset of each event
};

// JSON: a syntax check (with the offending line and column) plus the layout of
// {"tictactrace": {"games": [{..., "events": [{...}]}]}}.
[[nodiscard]] Result<ArchiveLayout, ExchangeError> scan_json(std::string_view text);

// XML: the same for <cereal><tictactrace><games><value0>...<events><value0/>...
[[nodiscard]] Result<ArchiveLayout, ExchangeError> scan_xml(std::string_view text);

}  // namespace ttt::exchange::detail
