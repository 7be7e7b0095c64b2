// Where in an input file something was read: line and column for text formats, a byte offset for binary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange {

struct SourceSpot {
    int line = 0;                   // 1-based; 0 when the format has no lines (binary) or it is unknown
    int column = 0;                 // 1-based byte column within the line; 0 when unknown
    std::int64_t byte_offset = -1;  // 0-based offset into the file; -1 when unknown

    [[nodiscard]] bool known() const noexcept { return line > 0 || byte_offset >= 0; }
    friend bool operator==(const SourceSpot&, const SourceSpot&) = default;
};

// "line 3, column 7", "line 3", "byte 1024", or "" when nothing is known.
[[nodiscard]] std::string describe(const SourceSpot& spot);

// Line and column of byte offsets in one text, found by a binary search over its line starts: cheap
// enough to locate every event of a large file. Lines end at '\n'; columns count bytes from 1.
class LineIndex {
public:
    explicit LineIndex(std::string_view text);
    // The spot of byte `offset` (clamped to the end of the text), its byte offset included.
    [[nodiscard]] SourceSpot spot(std::size_t offset) const;

private:
    std::vector<std::size_t> m_line_starts;
    std::size_t m_size = 0;
};

// The same for one offset, without keeping an index.
[[nodiscard]] SourceSpot spot_at_offset(std::string_view text, std::size_t offset);

}  // namespace ttt::exchange
