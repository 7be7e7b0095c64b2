// Cutting a stream into lines, with a limit on their length.
#include "tictactrace/brains/line_reader.hpp"

namespace ttt::brains {

void LineReader::feed(std::string_view bytes) {
    // A piece at a time, up to the next line end: a long line costs one search, not a step per byte.
    while (!bytes.empty() && !m_overflowed) {
        if (m_after_cr && bytes.front() == '\n') {
            bytes.remove_prefix(1);
            m_after_cr = false;
            continue;
        }
        m_after_cr = false;
        const std::size_t end = bytes.find_first_of("\r\n");
        take(bytes.substr(0, end));
        if (end == std::string_view::npos || m_overflowed) return;  // nothing after an overlong line is read
        m_after_cr = bytes[end] == '\r';
        end_line();
        bytes.remove_prefix(end + 1);
    }
}

void LineReader::take(std::string_view piece) {
    if (m_skipping) return;
    const std::size_t room = m_max_line - m_partial.size();
    if (piece.size() <= room) {
        m_partial.append(piece);
        return;
    }
    m_partial.append(piece.substr(0, room));  // its start, to quote it
    if (m_overlong == Overlong::Stop)
        m_overflowed = true;  // the caller gives up on the stream
    else
        m_skipping = true;
}

void LineReader::end_line() {
    m_lines.push_back(Line{std::move(m_partial), m_skipping});
    m_partial.clear();
    m_skipping = false;
}

void LineReader::finish() {
    if (m_overflowed || (m_partial.empty() && !m_skipping)) return;
    end_line();
}

std::optional<Line> LineReader::next_line() {
    if (m_lines.empty()) return std::nullopt;
    Line line = std::move(m_lines.front());
    m_lines.pop_front();
    return line;
}

std::optional<std::string> LineReader::next() {
    auto line = next_line();
    if (!line) return std::nullopt;
    return std::move(line->text);
}

}  // namespace ttt::brains
