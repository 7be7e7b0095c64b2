// The words the window shows for a game: the status line of the first-project and gomoku articles, history
// rows, outcomes.
#pragma once

#include "model/game_session.hpp"
#include "tictactrace/engine/event_words.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/store/game_summary.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ttt::app {

// `text` as a sentence of its own: a capital first (a notice may begin with a game's name, "game #7 ..."),
// and with `full_stop`, a full stop last.
[[nodiscard]] std::string as_sentence(std::string text, bool full_stop = true);

// "Next player: X", "Winner: O", "Draw: the board is full", "Winner: X (O resigned)" (the gomoku article's
// words).
[[nodiscard]] std::string status_line(const Position& position);

// Why the game ended, in a sentence: "X made five in a row.", "The board is full: 300 to 300."...
[[nodiscard]] std::string outcome_review(const Position& position);
[[nodiscard]] std::string outcome_review(const GameEnd& end);

// The history's last row, short: "X wins: five in a row", "O wins on score, 3400 to 3100", "Draw: the
// board is full", "O wins: X resigned".
[[nodiscard]] std::string outcome_headline(const Position& position);
[[nodiscard]] std::string outcome_headline(const GameEnd& end);

// Where a fork came from, short: "#3", or "a game outside this database" for a fork imported without
// its source (its link is game 0). The events' words use it too (engine/event_words.hpp).
[[nodiscard]] inline std::string fork_source(std::optional<std::int64_t> from) {
    return fork_source_short(from);
}

// The event a history row shows, where it stands in `game` (the open game, at any step): the place its
// words need (engine/event_words.hpp).
[[nodiscard]] EventPlace place_of(const TimelineRow& row, const GameState& game) noexcept;

// One history row's sentence: "X plays (3, 4)", "O takes back (2, 2)", "X resigns", "Game start".
[[nodiscard]] std::string row_text(const TimelineRow& row, const GameState& game);

// The status column of the browser: "playing", "X won", "draw", "O won (X resigned)".
[[nodiscard]] std::string summary_status(const store::GameSummary& game);

// "3x3", "15x15", "100x100"; a short rules label for tables: "classic", "gomoku (exact)", "mnk k=4".
// The events' words use them too (engine/event_words.hpp).
using ttt::rules_label;
using ttt::size_label;

// "just now", "5 min ago", "3 h ago", or the date ("2024-05-01") for anything older than a day.
[[nodiscard]] std::string age_label(std::int64_t then_ms, std::int64_t now_ms);

// "Can't play there: cell (2, 3) is already taken by X.", "Can't play (2, 3): the game is over: X has won."
[[nodiscard]] std::string explain_rejected_move(Pos p, const MoveError& error);

}  // namespace ttt::app
