// Strict UTF-8 decoding: the ranges are those of RFC 3629's table of well-formed byte sequences.
#include "tictactrace/base/utf8.hpp"

namespace ttt::base {

Utf8Char decode_utf8(std::string_view text, std::size_t at) noexcept {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const auto in = [&](std::size_t k, unsigned lo, unsigned hi) {
        return k < text.size() && byte(k) >= lo && byte(k) <= hi;
    };
    const auto tail = [&](std::size_t k) { return static_cast<char32_t>(byte(k) & 0x3F); };
    const unsigned b0 = byte(at);
    const Utf8Char invalid{0, b0};
    if (b0 < 0x80) return {1, b0};
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        if (!in(at + 1, 0x80, 0xBF)) return invalid;
        return {2, (static_cast<char32_t>(b0 & 0x1F) << 6) | tail(at + 1)};
    }
    if (b0 >= 0xE0 && b0 <= 0xEF) {
        // E0 would be overlong below A0; ED above 9F would be a surrogate.
        const unsigned lo = b0 == 0xE0 ? 0xA0 : 0x80;
        const unsigned hi = b0 == 0xED ? 0x9F : 0xBF;
        if (!in(at + 1, lo, hi) || !in(at + 2, 0x80, 0xBF)) return invalid;
        return {3, (static_cast<char32_t>(b0 & 0x0F) << 12) | (tail(at + 1) << 6) | tail(at + 2)};
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
        // F0 would be overlong below 90; F4 above 8F would pass U+10FFFF.
        const unsigned lo = b0 == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = b0 == 0xF4 ? 0x8F : 0xBF;
        if (!in(at + 1, lo, hi) || !in(at + 2, 0x80, 0xBF) || !in(at + 3, 0x80, 0xBF)) return invalid;
        return {4, (static_cast<char32_t>(b0 & 0x07) << 18) | (tail(at + 1) << 12) | (tail(at + 2) << 6) |
                       tail(at + 3)};
    }
    return invalid;
}

bool is_valid_utf8(std::string_view text) noexcept {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = decode_utf8(text, i).length;
        if (length == 0) return false;
        i += length;
    }
    return true;
}

void append_utf8(std::string& out, char32_t c) {
    const auto put = [&](unsigned value) { out.push_back(static_cast<char>(value)); };
    const auto code = static_cast<unsigned>(c);
    if (code < 0x80) {
        put(code);
    } else if (code < 0x800) {
        put(0xC0 | (code >> 6));
        put(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        put(0xE0 | (code >> 12));
        put(0x80 | ((code >> 6) & 0x3F));
        put(0x80 | (code & 0x3F));
    } else {
        put(0xF0 | (code >> 18));
        put(0x80 | ((code >> 12) & 0x3F));
        put(0x80 | ((code >> 6) & 0x3F));
        put(0x80 | (code & 0x3F));
    }
}

}  // namespace ttt::base
