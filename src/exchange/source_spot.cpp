// Locations in input files, as error messages print them.
#include "tictactrace/exchange/source_spot.hpp"

#include <algorithm>

namespace ttt::exchange {

std::string describe(const SourceSpot& spot) {
    if (spot.line > 0) {
        std::string text = "line " + std::to_string(spot.line);
        if (spot.column > 0) text += ", column " + std::to_string(spot.column);
        return text;
    }
    if (spot.byte_offset >= 0) return "byte " + std::to_string(spot.byte_offset);
    return {};
}

LineIndex::LineIndex(std::string_view text) : m_size(text.size()) {
    m_line_starts.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') m_line_starts.push_back(i + 1);
}

SourceSpot LineIndex::spot(std::size_t offset) const {
    offset = std::min(offset, m_size);
    const auto next = std::upper_bound(m_line_starts.begin(), m_line_starts.end(), offset);
    const auto line = static_cast<std::size_t>(next - m_line_starts.begin());  // 1-based: next is one past
    SourceSpot spot;
    spot.line = static_cast<int>(line);
    spot.column = static_cast<int>(offset - m_line_starts[line - 1]) + 1;
    spot.byte_offset = static_cast<std::int64_t>(offset);
    return spot;
}

SourceSpot spot_at_offset(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    SourceSpot spot;
    spot.line = 1 + static_cast<int>(
                        std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
    const auto line_start = text.rfind('\n', offset == 0 ? std::string_view::npos : offset - 1);
    const std::size_t start = (offset == 0 || line_start == std::string_view::npos) ? 0 : line_start + 1;
    spot.column = static_cast<int>(offset - start) + 1;
    spot.byte_offset = static_cast<std::int64_t>(offset);
    return spot;
}

}  // namespace ttt::exchange
