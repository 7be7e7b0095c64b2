// The nearest known word by edit distance (with neighbours swapped as one edit: "lsit" is one from "list").
#include "cli/suggestion.hpp"

#include <algorithm>

namespace ttt::cli {

int edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the table: a swap looks two rows back.
    const std::size_t n = b.size();
    std::vector<int> before(n + 1), previous(n + 1), current(n + 1);
    for (std::size_t j = 0; j <= n; ++j) previous[j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = static_cast<int>(i);
        for (std::size_t j = 1; j <= n; ++j) {
            const int replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, replace});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[n];
}

std::optional<std::string> closest_word(std::string_view typed, const std::vector<std::string>& candidates) {
    const int allowed = typed.size() <= 4 ? 1 : 2;
    std::optional<std::string> best;
    int best_distance = allowed + 1;
    for (const std::string& word : candidates) {
        const int d = edit_distance(typed, word);
        // A suggestion that shares nothing with what was typed is a guess, not a correction.
        if (d < best_distance && d < static_cast<int>(std::max(typed.size(), word.size()))) {
            best = word;
            best_distance = d;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& candidates) {
    const auto word = closest_word(typed, candidates);
    return word ? "; did you mean '" + *word + "'?" : std::string();
}

}  // namespace ttt::cli
