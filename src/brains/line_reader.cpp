// Cutting a brain's output into lines, with a limit on their length.
#include "tictactrace/brains/line_reader.hpp"

namespace ttt::brains {

void LineReader::feed(std::string_view bytes) {
    for (const char c : bytes) {
        if (m_overflowed) return;  // nothing after an overlong line is read: the caller gives up on it
        if (c == '\n' && m_after_cr) {
            m_after_cr = false;
            continue;
        }
        m_after_cr = c == '\r';
        if (c == '\n' || c == '\r') {
            m_lines.push_back(std::move(m_partial));
            m_partial.clear();
            continue;
        }
        if (m_partial.size() == m_max_line) {
            m_overflowed = true;
            return;
        }
        m_partial += c;
    }
}

void LineReader::finish() {
    if (m_overflowed || m_partial.empty()) return;
    m_lines.push_back(std::move(m_partial));
    m_partial.clear();
}

std::optional<std::string> LineReader::next() {
    if (m_lines.empty()) return std::nullopt;
    std::string line = std::move(m_lines.front());
    m_lines.pop_front();
    return line;
}

}  // namespace ttt::brains
