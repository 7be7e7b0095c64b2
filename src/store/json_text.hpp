// The small JSON subset the event payloads use: objects, arrays, strings, integers and booleans, written and
// read without building a tree, so decoding a 10,000-move game stays a few milliseconds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ttt::store::detail {

// A forward-only reader over one JSON text. Every method returns false on malformed input and then
// leaves error() saying where.
class JsonReader {
public:
    explicit JsonReader(std::string_view text) noexcept : m_text(text) {}

    [[nodiscard]] bool begin_object();
    // Moves to the next member of the current object: true with its key in `key`, false at the closing
    // brace (check error() to tell the end from a syntax error).
    [[nodiscard]] bool next_member(std::string& key);
    // An array: begin_array(), then next_element(first) before each element, with `first` true before
    // the first one (the reader sets it false): true when an element follows, false at the closing
    // bracket (check error() to tell the end from a syntax error). Nested arrays keep their own flags.
    [[nodiscard]] bool begin_array();
    [[nodiscard]] bool next_element(bool& first);
    [[nodiscard]] bool read_int(std::int64_t& value);
    [[nodiscard]] bool read_bool(bool& value);
    [[nodiscard]] bool read_string(std::string& value);
    // Skips one value of any kind (for members a newer writer added).
    [[nodiscard]] bool skip_value(int depth = 0);
    // True when only whitespace is left.
    [[nodiscard]] bool at_end();

    [[nodiscard]] const std::string& error() const noexcept { return m_error; }

private:
    void skip_space() noexcept;
    bool fail(const char* what);
    bool read_hex4(unsigned& code);

    std::string_view m_text;
    std::size_t m_pos = 0;
    bool m_first_member = true;
    std::string m_error;
};

}  // namespace ttt::store::detail
