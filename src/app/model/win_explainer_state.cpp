// The win explainer's traces (moving and playing are the Stepper's), links to a step, and the comparison's
// growth table.
//
// [SECTION] Links
// [SECTION] The traces
// [SECTION] The growth table
#include "model/win_explainer_state.hpp"

#include <algorithm>
#include <charconv>

namespace ttt::app {

// [SECTION] Links

std::optional<WinLink> parse_win_link(std::string_view text) {
    WinLink link;
    if (text.empty()) return link;
    if (text == "compare") {
        link.compare = true;
        return link;
    }
    const auto slash = text.find('/');
    const std::string_view head = text.substr(0, slash);
    const std::string_view tail =
        slash == std::string_view::npos ? std::string_view{} : text.substr(slash + 1);
    const auto number = [](std::string_view s) -> std::optional<int> {
        int n = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec != std::errc{} || end != s.data() + s.size() || n < 1) return std::nullopt;
        return n;
    };
    if (const auto algorithm = win_algorithm_from_name(head)) {
        link.algorithm = algorithm;
        if (slash == std::string_view::npos) return link;
        link.step = number(tail);
        return link.step ? std::optional(link) : std::nullopt;
    }
    if (slash != std::string_view::npos) return std::nullopt;
    link.step = number(head);
    return link.step ? std::optional(link) : std::nullopt;
}

// [SECTION] The traces

void WinExplainerState::set_position(const Board& board, const Rules& rules, std::optional<Pos> last) {
    m_algorithms = board.size() <= kMaxCells ? win_algorithms_for(rules) : std::vector<WinAlgorithm>{};
    m_traces.clear();
    m_traces.reserve(m_algorithms.size());
    for (const WinAlgorithm a : m_algorithms) m_traces.push_back(trace_win(a, board, rules, last));
    if (!m_algorithms.empty() &&
        std::find(m_algorithms.begin(), m_algorithms.end(), m_algorithm) == m_algorithms.end())
        m_algorithm = m_algorithms.front();
    m_stepper.set_count(steps_of_trace());
    m_stepper.forget_fraction();
}

bool WinExplainerState::choose(WinAlgorithm algorithm) noexcept {
    if (!trace_of(algorithm)) return false;
    if (algorithm != m_algorithm) {
        m_algorithm = algorithm;
        m_stepper.set_count(steps_of_trace());
        m_stepper.first();
        m_stepper.pause();
    }
    return true;
}

const WinTrace* WinExplainerState::trace_of(WinAlgorithm algorithm) const noexcept {
    for (std::size_t i = 0; i < m_algorithms.size(); ++i)
        if (m_algorithms[i] == algorithm) return &m_traces[i];
    return nullptr;
}

int WinExplainerState::steps_of_trace() const noexcept {
    const WinTrace* t = trace();
    return t ? static_cast<int>(t->steps.size()) : 0;
}

const WinStep* WinExplainerState::step() const noexcept {
    const WinTrace* t = trace();
    if (!t || index() >= static_cast<int>(t->steps.size())) return nullptr;
    return &t->steps[static_cast<std::size_t>(index())];
}

WinWork WinExplainerState::work() const noexcept {
    const WinStep* s = step();
    return s ? s->work : WinWork{};
}

// [SECTION] The growth table

std::vector<GrowthRow> growth_table(const Rules& rules) {
    std::vector<GrowthRow> rows;
    rows.reserve(98);
    const bool full_line = rules.kind == RuleKind::FullLine;
    for (int n = 3; n <= 100; ++n) {
        GrowthRow row;
        row.n = n;
        row.lines = full_line ? count_full_lines(n, n) : count_lines(n, n, rules.k);
        row.walk_cells = rules.has_k_in_a_row() ? walk_cells_at_most(rules, n) : 0;
        rows.push_back(row);
    }
    return rows;
}

}  // namespace ttt::app
