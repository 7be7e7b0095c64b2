// The win explainer's traces and stepper, links to a step, and the comparison's growth table.
//
// [SECTION] Links
// [SECTION] The traces
// [SECTION] Moving and playing
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
    m_index = std::clamp(m_index, 0, std::max(0, count() - 1));
    m_clock.forget_fraction();
}

bool WinExplainerState::choose(WinAlgorithm algorithm) noexcept {
    if (!trace_of(algorithm)) return false;
    if (algorithm != m_algorithm) {
        m_algorithm = algorithm;
        m_index = 0;
        m_clock.pause();
        m_clock.forget_fraction();
    }
    return true;
}

const WinTrace* WinExplainerState::trace_of(WinAlgorithm algorithm) const noexcept {
    for (std::size_t i = 0; i < m_algorithms.size(); ++i)
        if (m_algorithms[i] == algorithm) return &m_traces[i];
    return nullptr;
}

int WinExplainerState::count() const noexcept {
    const WinTrace* t = trace();
    return t ? static_cast<int>(t->steps.size()) : 0;
}

const WinStep* WinExplainerState::step() const noexcept {
    const WinTrace* t = trace();
    if (!t || m_index >= static_cast<int>(t->steps.size())) return nullptr;
    return &t->steps[static_cast<std::size_t>(m_index)];
}

WinWork WinExplainerState::work() const noexcept {
    const WinStep* s = step();
    return s ? s->work : WinWork{};
}

// [SECTION] Moving and playing

void WinExplainerState::first() noexcept {
    m_index = 0;
    m_clock.forget_fraction();
}

void WinExplainerState::last() noexcept {
    m_index = std::max(0, count() - 1);
    m_clock.forget_fraction();
    m_clock.pause();
}

void WinExplainerState::next() noexcept {
    m_index = std::min(m_index + 1, std::max(0, count() - 1));
}

void WinExplainerState::prev() noexcept {
    m_index = std::max(m_index - 1, 0);
}

void WinExplainerState::go_to(int index) noexcept {
    m_index = std::clamp(index, 0, std::max(0, count() - 1));
    m_clock.forget_fraction();
}

void WinExplainerState::play() noexcept {
    if (at_last()) first();
    if (count() > 1) m_clock.start();
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
