// The loop at the heart of each alpha-beta search: the moves of a node tried in order, the window
// narrowed by each value, a cut once a move is good enough that the other side would never allow it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace ttt::detail {

struct BestReply {
    std::int64_t value = std::numeric_limits<std::int64_t>::min() / 2;
    int move = -1;  // -1 when there were no moves
};

// `value_of(move)` searches a move under the window as it stands (it reads `alpha`); `stopped()` says
// the budget ran out, and then the node's value is worthless: nullopt.
template <class ValueOf, class Stopped>
[[nodiscard]] std::optional<BestReply> best_reply(const std::vector<int>& moves, std::int64_t& alpha,
                                                  std::int64_t beta, ValueOf&& value_of, Stopped&& stopped) {
    BestReply best;
    for (const int m : moves) {
        const std::int64_t v = value_of(m);
        if (stopped()) return std::nullopt;
        if (v > best.value) best = BestReply{v, m};
        alpha = std::max(alpha, v);
        if (alpha >= beta) break;
    }
    return best;
}

}  // namespace ttt::detail
