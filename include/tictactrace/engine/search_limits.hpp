// How much a search may spend: wall-clock time, nodes, or both (whichever runs out first).
#pragma once

#include <cstdint>

namespace ttt {

struct SearchLimits {
    std::int64_t time_ms = 0;  // 0: no time limit
    std::int64_t nodes = 0;    // 0: no node limit. A node limit alone makes a search repeatable exactly.

    [[nodiscard]] bool unlimited() const noexcept { return time_ms <= 0 && nodes <= 0; }
    friend bool operator==(const SearchLimits&, const SearchLimits&) = default;
};

}  // namespace ttt
