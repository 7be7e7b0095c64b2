// A tiny streaming JSON writer for the CLI's machine-readable output.
#include "cli/json_writer.hpp"

#include <cassert>
#include <cstddef>

namespace ttt::cli {

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 when the bytes there are not one.
// The ranges are those of RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const auto in = [&](std::size_t k, unsigned lo, unsigned hi) {
        return k < text.size() && byte(k) >= lo && byte(k) <= hi;
    };
    const unsigned b0 = byte(i);
    if (b0 < 0x80) return 1;
    if (b0 >= 0xC2 && b0 <= 0xDF) return in(i + 1, 0x80, 0xBF) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        const unsigned lo = b0 == 0xE0 ? 0xA0 : 0x80;
        const unsigned hi = b0 == 0xED ? 0x9F : 0xBF;
        return in(i + 1, lo, hi) && in(i + 2, 0x80, 0xBF) ? 3 : 0;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        const unsigned lo = b0 == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = b0 == 0xF4 ? 0x8F : 0xBF;
        return in(i + 1, lo, hi) && in(i + 2, 0x80, 0xBF) && in(i + 3, 0x80, 0xBF) ? 4 : 0;
    }
    return 0;
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_sequence_length(text, i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

std::string json_quote(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            ++i;
            continue;
        case '\\':
            out += "\\\\";
            ++i;
            continue;
        case '\b':
            out += "\\b";
            ++i;
            continue;
        case '\f':
            out += "\\f";
            ++i;
            continue;
        case '\n':
            out += "\\n";
            ++i;
            continue;
        case '\r':
            out += "\\r";
            ++i;
            continue;
        case '\t':
            out += "\\t";
            ++i;
            continue;
        default: break;
        }
        if (c < 0x20) {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
            ++i;
            continue;
        }
        const std::size_t n = utf8_sequence_length(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
            ++i;
            continue;
        }
        out.append(text.substr(i, n));
        i += n;
    }
    out += '"';
    return out;
}

void JsonWriter::before_value() {
    if (m_after_key) {
        m_after_key = false;
        return;
    }
    // Outside an object a value needs no key: at the top level or as an array element.
    assert(m_frames.empty() || m_frames.back() == Frame::Array);
    if (!m_frames.empty() && !m_first) m_out += ',';
    m_first = false;
}

JsonWriter& JsonWriter::begin_object() {
    before_value();
    m_out += '{';
    m_frames.push_back(Frame::Object);
    m_first = true;
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    assert(!m_frames.empty() && m_frames.back() == Frame::Object && !m_after_key);
    m_out += '}';
    m_frames.pop_back();
    m_first = false;
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    before_value();
    m_out += '[';
    m_frames.push_back(Frame::Array);
    m_first = true;
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    assert(!m_frames.empty() && m_frames.back() == Frame::Array);
    m_out += ']';
    m_frames.pop_back();
    m_first = false;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    assert(!m_frames.empty() && m_frames.back() == Frame::Object && !m_after_key);
    if (!m_first) m_out += ',';
    m_first = false;
    m_out += json_quote(name);
    m_out += ':';
    m_after_key = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    before_value();
    m_out += json_quote(text);
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
    before_value();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t number) {
    before_value();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    before_value();
    m_out += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    before_value();
    m_out += "null";
    return *this;
}

}  // namespace ttt::cli
