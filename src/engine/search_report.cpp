// How search methods are named.
#include "tictactrace/engine/search_report.hpp"

namespace ttt {

const char* name_of(SearchMethod method) noexcept {
    switch (method) {
    case SearchMethod::None: return "none";
    case SearchMethod::Random: return "random";
    case SearchMethod::Greedy: return "greedy";
    case SearchMethod::Solver: return "solver";
    case SearchMethod::ThreatSearch: return "threat_search";
    case SearchMethod::ScoreSearch: return "score_search";
    }
    return "?";
}

}  // namespace ttt
