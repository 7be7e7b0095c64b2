// Reading the JSON subset of the event payloads (writing goes through base/json_string.hpp).
#include "json_text.hpp"

#include "tictactrace/base/utf8.hpp"

#include <charconv>

namespace ttt::store::detail {

void JsonReader::skip_space() noexcept {
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        ++m_pos;
    }
}

bool JsonReader::fail(const char* what) {
    if (m_error.empty()) m_error = std::string(what) + " at byte " + std::to_string(m_pos);
    return false;
}

bool JsonReader::begin_object() {
    skip_space();
    if (m_pos >= m_text.size() || m_text[m_pos] != '{') return fail("expected '{'");
    ++m_pos;
    m_first_member = true;
    return true;
}

bool JsonReader::next_member(std::string& key) {
    skip_space();
    if (m_pos >= m_text.size()) return fail("unterminated object");
    if (m_text[m_pos] == '}') {
        ++m_pos;
        m_first_member = false;
        return false;
    }
    if (!m_first_member) {
        if (m_text[m_pos] != ',') return fail("expected ',' or '}'");
        ++m_pos;
    }
    m_first_member = false;
    if (!read_string(key)) return false;
    skip_space();
    if (m_pos >= m_text.size() || m_text[m_pos] != ':') return fail("expected ':'");
    ++m_pos;
    return true;
}

bool JsonReader::begin_array() {
    skip_space();
    if (m_pos >= m_text.size() || m_text[m_pos] != '[') return fail("expected '['");
    ++m_pos;
    return true;
}

bool JsonReader::next_element(bool& first) {
    skip_space();
    if (m_pos >= m_text.size()) return fail("unterminated array");
    if (m_text[m_pos] == ']') {
        ++m_pos;
        return false;
    }
    if (!first) {
        if (m_text[m_pos] != ',') return fail("expected ',' or ']'");
        ++m_pos;
    }
    first = false;
    return true;
}

bool JsonReader::read_int(std::int64_t& value) {
    skip_space();
    const char* first = m_text.data() + m_pos;
    const char* last = m_text.data() + m_text.size();
    const auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec != std::errc{} || ptr == first) return fail("expected an integer");
    m_pos += static_cast<std::size_t>(ptr - first);
    if (m_pos < m_text.size() && (m_text[m_pos] == '.' || m_text[m_pos] == 'e' || m_text[m_pos] == 'E'))
        return fail("expected an integer");
    return true;
}

bool JsonReader::read_bool(bool& value) {
    skip_space();
    const std::string_view rest = m_text.substr(m_pos);
    if (rest.starts_with("true")) {
        value = true;
        m_pos += 4;
        return true;
    }
    if (rest.starts_with("false")) {
        value = false;
        m_pos += 5;
        return true;
    }
    return fail("expected true or false");
}

bool JsonReader::read_hex4(unsigned& code) {
    if (m_pos + 4 > m_text.size()) return fail("truncated \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
        const char c = m_text[m_pos++];
        code <<= 4;
        if (c >= '0' && c <= '9')
            code |= static_cast<unsigned>(c - '0');
        else if (c >= 'a' && c <= 'f')
            code |= static_cast<unsigned>(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            code |= static_cast<unsigned>(c - 'A' + 10);
        else
            return fail("bad \\u escape");
    }
    return true;
}

bool JsonReader::read_string(std::string& value) {
    skip_space();
    if (m_pos >= m_text.size() || m_text[m_pos] != '"') return fail("expected a string");
    ++m_pos;
    value.clear();
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos++];
        if (c == '"') return true;
        if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
        if (c != '\\') {
            value.push_back(c);
            continue;
        }
        if (m_pos >= m_text.size()) break;
        const char e = m_text[m_pos++];
        switch (e) {
        case '"': value.push_back('"'); break;
        case '\\': value.push_back('\\'); break;
        case '/': value.push_back('/'); break;
        case 'b': value.push_back('\b'); break;
        case 'f': value.push_back('\f'); break;
        case 'n': value.push_back('\n'); break;
        case 'r': value.push_back('\r'); break;
        case 't': value.push_back('\t'); break;
        case 'u': {
            unsigned code = 0;
            if (!read_hex4(code)) return false;
            if (code >= 0xd800 && code < 0xdc00) {
                unsigned low = 0;
                if (m_pos + 2 > m_text.size() || m_text[m_pos] != '\\' || m_text[m_pos + 1] != 'u')
                    return fail("unpaired surrogate");
                m_pos += 2;
                if (!read_hex4(low)) return false;
                if (low < 0xdc00 || low >= 0xe000) return fail("unpaired surrogate");
                code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
            } else if (code >= 0xdc00 && code < 0xe000) {
                return fail("unpaired surrogate");
            }
            base::append_utf8(value, static_cast<char32_t>(code));
            break;
        }
        default: return fail("bad escape");
        }
    }
    return fail("unterminated string");
}

bool JsonReader::skip_value(int depth) {
    if (depth > 32) return fail("nesting too deep");
    skip_space();
    if (m_pos >= m_text.size()) return fail("expected a value");
    const char c = m_text[m_pos];
    if (c == '"') {
        std::string ignored;
        return read_string(ignored);
    }
    if (c == '{') {
        ++m_pos;
        m_first_member = true;
        std::string key;
        while (next_member(key))
            if (!skip_value(depth + 1)) return false;
        return m_error.empty();
    }
    if (c == '[') {
        ++m_pos;
        skip_space();
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
            return true;
        }
        for (;;) {
            if (!skip_value(depth + 1)) return false;
            skip_space();
            if (m_pos >= m_text.size()) return fail("unterminated array");
            if (m_text[m_pos] == ']') {
                ++m_pos;
                return true;
            }
            if (m_text[m_pos] != ',') return fail("expected ',' or ']'");
            ++m_pos;
        }
    }
    if (c == 't' || c == 'f') {
        bool ignored = false;
        return read_bool(ignored);
    }
    if (m_text.substr(m_pos).starts_with("null")) {
        m_pos += 4;
        return true;
    }
    // A number, possibly with a fraction or an exponent.
    const std::size_t start = m_pos;
    while (m_pos < m_text.size() &&
           std::string_view("+-0123456789.eE").find(m_text[m_pos]) != std::string_view::npos)
        ++m_pos;
    if (m_pos == start) return fail("expected a value");
    return true;
}

bool JsonReader::at_end() {
    skip_space();
    return m_pos == m_text.size();
}

}  // namespace ttt::store::detail
