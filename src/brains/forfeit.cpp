// Quoting what a brain said, and the event of its forfeit.
#include "tictactrace/brains/forfeit.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/engine/player_name.hpp"

namespace ttt::brains {

std::string quote_brain(std::string_view said, std::size_t max_bytes) {
    const bool cut = said.size() > max_bytes;
    if (cut) {
        // Back up over UTF-8 continuation bytes so that a character is never split into an invalid byte.
        std::size_t end = max_bytes;
        while (end > 0 && (static_cast<unsigned char>(said[end]) & 0xC0) == 0x80) --end;
        said = said.substr(0, end);
    }
    std::string out = "\"";
    base::append_terminal_safe(out, said);
    out += cut ? "...\"" : "\"";
    return out;
}

Forfeited forfeit_event(Player who, const Forfeit& lost) {
    return Forfeited{who, lost.reason, sanitize_player_name(lost.detail).name};
}

}  // namespace ttt::brains
