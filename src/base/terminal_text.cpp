// Escaping what a terminal would act on.
#include "tictactrace/base/terminal_text.hpp"

#include "tictactrace/base/utf8.hpp"

namespace ttt::base {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void append_hex(std::string& out, const char* prefix, unsigned value, int digits) {
    out += prefix;
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xF];
}

}  // namespace

void append_terminal_safe(std::string& out, std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const Utf8Char c = decode_utf8(text, i);
        if (c.length == 0) {
            append_hex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
            ++i;
            continue;
        }
        if (is_unshowable(c.code_point)) {
            // One byte (C0, DEL) reads best as \x..; a multi-byte character by its code point.
            if (c.length == 1)
                append_hex(out, "\\x", static_cast<unsigned>(c.code_point), 2);
            else
                append_hex(out, "\\u", static_cast<unsigned>(c.code_point), 4);
        } else {
            out.append(text.substr(i, c.length));
        }
        i += c.length;
    }
}

std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    append_terminal_safe(out, text);
    return out;
}

}  // namespace ttt::base
