// Quoting text for JSON: runs of ordinary characters are copied whole, only what needs it is escaped.
#include "tictactrace/base/json_string.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/base/utf8.hpp"

namespace ttt::base {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_u_escape(std::string& out, char32_t c) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 0xF];
}

// The short escape JSON has for `c`, or nullptr.
const char* short_escape(char32_t c) noexcept {
    switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    default: return nullptr;
    }
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    std::size_t run = 0;  // the start of the characters not yet copied, which need no escape
    std::size_t i = 0;
    while (i < text.size()) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\') {
            ++i;
            continue;
        }
        const Utf8Char c = decode_utf8(text, i);
        if (c.length > 1 && !is_unshowable(c.code_point)) {
            i += c.length;
            continue;
        }
        out.append(text.substr(run, i - run));
        if (c.length == 0) {
            out += kReplacementCharacter;
            ++i;
        } else {
            if (const char* escape = short_escape(c.code_point))
                out += escape;
            else
                append_u_escape(out, c.code_point);
            i += c.length;
        }
        run = i;
    }
    out.append(text.substr(run));
    out += '"';
}

std::string json_quote(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    append_json_string(out, text);
    return out;
}

}  // namespace ttt::base
