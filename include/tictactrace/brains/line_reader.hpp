// A stream cut into lines. A Gomocup brain may end a line with CR LF, LF or CR alone, and may write
// anything at all: a line longer than the limit is garbage (a brain writing megabytes without a newline
// must not make us hold megabytes), so the reader stops keeping it and says so. The same reader cuts what a
// manager sends to our own brain, where an overlong line is skipped instead and reading goes on.
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

// What becomes of a line that grows past the limit.
enum class Overlong {
    Stop,  // nothing more is read: the stream is garbage from there (a brain's output)
    Skip,  // the rest of it is dropped up to its end, where it comes out marked too long (a manager's input)
};

// One line as it came out, without its line end.
struct Line {
    std::string text;       // the line; when too_long, only its first max_line() bytes
    bool too_long = false;  // it grew past the limit and was skipped (Overlong::Skip)
};

class LineReader {
public:
    explicit LineReader(std::size_t max_line = kDefaultMaxLine, Overlong overlong = Overlong::Stop)
        : m_max_line(max_line), m_overlong(overlong) {}

    // Takes the next bytes of output, in whatever pieces they were read. Holds no more than max_line()
    // bytes of a line whatever comes, plus the complete lines not yet taken.
    void feed(std::string_view bytes);
    // The input has ended: what came after the last line end, if anything, is a last line.
    void finish();
    // The oldest complete line not yet taken; nullopt when none is complete.
    [[nodiscard]] std::optional<Line> next_line();
    // The same, the text alone: for Overlong::Stop, where no line comes out too long.
    [[nodiscard]] std::optional<std::string> next();
    // Whether a line grew past the limit before its end came, under Overlong::Stop. Stays true: the stream
    // is garbage from there. Never true under Overlong::Skip.
    [[nodiscard]] bool overflowed() const noexcept { return m_overflowed; }
    // The start of the line being received (of the overlong one once overflowed), to quote it.
    [[nodiscard]] std::string_view partial() const noexcept { return m_partial; }
    [[nodiscard]] std::size_t max_line() const noexcept { return m_max_line; }

private:
    // Keeps what fits of a piece of the line being received, and deals with the rest as m_overlong says.
    void take(std::string_view piece);
    void end_line();

    std::size_t m_max_line;
    Overlong m_overlong;
    std::string m_partial;
    std::deque<Line> m_lines;
    bool m_after_cr = false;  // the last byte ended a line with CR: an LF right after it belongs to it
    bool m_overflowed = false;
    bool m_skipping = false;  // Overlong::Skip: the line being received is too long, its rest is dropped
};

}  // namespace ttt::brains
