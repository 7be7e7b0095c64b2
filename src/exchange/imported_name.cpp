// Players' names read from files, sanitized with a warning.
#include "imported_name.hpp"

#include "tictactrace/engine/player_name.hpp"

namespace ttt::exchange::detail {

std::string imported_name(std::string_view text, std::string_view property, Player player, int game_index,
                          SourceSpot where, std::vector<ImportNote>& notes) {
    SanitizedName sanitized = sanitize_player_name(text);
    if (!sanitized.changed()) return std::move(sanitized.name);
    const std::string subject =
        std::string(property) + " (" + std::string(1, to_upper_char(player)) + "'s name)";
    const auto warn = [&](std::string message) {
        notes.push_back(ImportNote{
            game_index, where, std::move(message), false, true, {}});  // the message names the property
    };
    if (sanitized.replaced > 0) {
        const bool one = sanitized.replaced == 1;
        warn(subject + " held " + std::to_string(sanitized.replaced) +
             (one ? " character that cannot be shown (a control character, a bidi control or invalid UTF-8); "
                    "it was replaced by U+FFFD"
                  : " characters that cannot be shown (control characters, bidi controls or invalid UTF-8); "
                    "they were replaced by U+FFFD"));
    }
    if (sanitized.cut)
        warn(subject + " was " + std::to_string(sanitized.original_bytes) + " bytes; it was cut to " +
             std::to_string(sanitized.name.size()) + " bytes");
    return std::move(sanitized.name);
}

}  // namespace ttt::exchange::detail
