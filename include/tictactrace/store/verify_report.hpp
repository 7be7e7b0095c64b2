// What `verify` found: every game refolded and compared with its projection, plus SQLite's integrity check.
#pragma once

#include <string>
#include <vector>

namespace ttt::store {

struct VerifyReport {
    int games_checked = 0;
    long long events_checked = 0;
    // One sentence per difference, naming the game and what differs (e.g. "game 4: projection says
    // 7 moves, the fold gives 6"); empty when everything agrees.
    std::vector<std::string> problems;
    // The lines PRAGMA integrity_check returned: exactly {"ok"} for a healthy file.
    std::vector<std::string> integrity;

    [[nodiscard]] bool ok() const noexcept {
        return problems.empty() && integrity.size() == 1 && integrity.front() == "ok";
    }
};

}  // namespace ttt::store
