// A file's bytes to validated games, whatever the format: what `import` does before it writes
// anything, and what each fuzz target drives.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/format.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"
#include "tictactrace/exchange/import_options.hpp"
#include "tictactrace/exchange/lesson.hpp"

#include <optional>

#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange {

struct GamesRead {
    Format format = Format::Json;
    std::vector<GameRecord> games;  // every game folded by the engine without an error
    std::vector<ImportNote> notes;  // what the user should know: declared results, skipped variations
    std::optional<LessonPlan> lesson;  // a lesson file's lesson, checked against the games
};

// Reads and validates every game of `bytes`. The first problem refuses the whole file: an import is all
// or nothing (a lesson whose moments do not fit its games included). Declared resignations become
// Resigned events (see settle_declared_result).
[[nodiscard]] Result<GamesRead, ExchangeError> read_games(std::string_view bytes,
                                                          const ImportOptions& options);

}  // namespace ttt::exchange
