// A player's name as an importer takes it from a file: made acceptable by the engine's one rule, with a
// warning when that changed it, so that what a file holds can never reach the log or a terminal raw.
#pragma once

#include "tictactrace/engine/player.hpp"
#include "tictactrace/exchange/import_note.hpp"
#include "tictactrace/exchange/source_spot.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange::detail {

// `text` sanitized (see sanitize_player_name). When anything was replaced or cut, a warning for game
// `game_index` names the property the file held it in, e.g. "PB (X's name) held 3 characters that cannot
// be shown (control characters, bidi controls or invalid UTF-8); they were replaced by U+FFFD" or
// "PW (O's name) was 104857600 bytes; it was cut to 200 bytes".
[[nodiscard]] std::string imported_name(std::string_view text, std::string_view property, Player player,
                                        int game_index, SourceSpot where, std::vector<ImportNote>& notes);

}  // namespace ttt::exchange::detail
