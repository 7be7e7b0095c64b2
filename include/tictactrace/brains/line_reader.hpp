// The brain's output cut into lines. A Gomocup brain may end a line with CR LF, LF or CR alone, and may
// write anything at all: a line longer than the limit is garbage (a brain writing megabytes without a
// newline must not make us hold megabytes), so the reader stops keeping it and says so.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::brains {

// Long enough for any answer of the protocol (ABOUT is the longest, a few hundred bytes), short enough
// that a runaway brain costs nothing.
inline constexpr std::size_t kDefaultMaxLine = 16 * 1024;

class LineReader {
public:
    explicit LineReader(std::size_t max_line = kDefaultMaxLine) : m_max_line(max_line) {}

    // Takes the next bytes of output, in whatever pieces they were read.
    void feed(std::string_view bytes);
    // The input has ended: what came after the last line end, if anything, is a last line.
    void finish();
    // The oldest complete line not yet taken, without its line end; nullopt when none is complete.
    [[nodiscard]] std::optional<std::string> next();
    // Whether a line grew past the limit before its end came. Stays true: the stream is garbage from there.
    [[nodiscard]] bool overflowed() const noexcept { return m_overflowed; }
    // The start of the line being received (of the overlong one once overflowed), to quote it.
    [[nodiscard]] std::string_view partial() const noexcept { return m_partial; }
    [[nodiscard]] std::size_t max_line() const noexcept { return m_max_line; }

private:
    std::size_t m_max_line;
    std::string m_partial;
    std::deque<std::string> m_lines;
    bool m_after_cr = false;  // the last byte ended a line with CR: an LF right after it belongs to it
    bool m_overflowed = false;
};

}  // namespace ttt::brains
