// Checking and sanitizing players' names.
#include "tictactrace/engine/player_name.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/base/utf8.hpp"

namespace ttt {

namespace {

std::string hex(unsigned value, int digits) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xF];
    return out;
}

}  // namespace

Result<void, std::string> check_player_name(std::string_view name, std::string_view subject) {
    return check_shown_text(name, subject, kMaxPlayerNameBytes, false);
}

Result<void, std::string> check_shown_text(std::string_view name, std::string_view subject,
                                           std::size_t max_bytes, bool line_breaks) {
    const std::string who(subject);
    if (name.size() > max_bytes)
        return fail(who + " is " + std::to_string(name.size()) + " bytes long; at most " +
                    std::to_string(max_bytes) + " are allowed");
    for (std::size_t i = 0; i < name.size();) {
        const base::Utf8Char c = base::decode_utf8(name, i);
        if (c.length == 0)
            return fail(who + " is not valid UTF-8 (byte 0x" + hex(static_cast<unsigned char>(name[i]), 2) +
                        " at offset " + std::to_string(i) + ")");
        if (base::is_control_character(c.code_point) && !(line_breaks && c.code_point == '\n'))
            return fail(who + " holds a control character (U+" + hex(static_cast<unsigned>(c.code_point), 4) +
                        ")");
        if (base::is_bidi_control(c.code_point))
            return fail(who + " holds a bidi control character (U+" +
                        hex(static_cast<unsigned>(c.code_point), 4) +
                        "), which would reorder the text shown around it");
        i += c.length;
    }
    return {};
}

SanitizedName sanitize_player_name(std::string_view text) {
    SanitizedName out;
    out.original_bytes = text.size();
    for (std::size_t i = 0; i < text.size();) {
        const base::Utf8Char c = base::decode_utf8(text, i);
        std::string_view piece = text.substr(i, c.length);
        if (c.length == 0 || base::is_unshowable(c.code_point)) {
            piece = base::kReplacementCharacter;
            ++out.replaced;
        }
        i += c.length == 0 ? 1 : c.length;
        // Past the limit only the count goes on, so that a note can say how much the whole text held.
        if (out.cut) continue;
        if (out.name.size() + piece.size() > kMaxPlayerNameBytes)
            out.cut = true;
        else
            out.name += piece;
    }
    return out;
}

}  // namespace ttt
