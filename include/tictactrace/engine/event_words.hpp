// The words of every event, in one place: the CLI's `history` lines, the window's sentences (the Events
// panel's meaning, the timeline's sentence and the History panel's event column) and an import's refusal
// all read them here, each in its own voice. Pure text, no I/O: standard library and the base layer only.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/opening.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace ttt {

// Who reads an event's words, and so which words it gets.
enum class EventVoice : unsigned char {
    HistoryLine,  // the CLI's `history`: "move 3: X (2, 3)", "takeback of move 3: X (2, 3)", "created"
    Meaning,      // what it does to the game, for the Events panel: "X marks (2, 3)"
    Sentence,     // the timeline's sentence: "X plays (2, 3)", "O takes back (2, 3)", "Game start"
    Label,        // the History panel's event column: "move", "takeback of move 3", "game start"
    Refusal,      // how an import's refusal names it: "move 7 (O at 4, 5)", "event 9 (X resigns)"
};

// What an event's words need beyond the event itself: its place in the game.
struct EventPlace {
    int move_number = 0;     // the move a move places, or the one a take-back retracts (1-based)
    int event_number = 0;    // its number among the game's events after the creating one (a refusal's)
    bool inherited = false;  // a move a fork copied from its source
    // The game's source, for an inherited move's label.
    std::optional<std::int64_t> forked_from = std::nullopt;
    const OpeningState* opening = nullptr;  // the opening's players, for a choice's sentence and label
};

// The words `voice` says for `event`. Every alternative of the Event variant has words in every voice.
[[nodiscard]] std::string event_words(const Event& event, EventVoice voice, const EventPlace& place = {});
// The same, appended to `out`.
void append_event_words(std::string& out, const Event& event, EventVoice voice, const EventPlace& place = {});

// Who an event names (a move's, a take-back's, a resignation's or a forfeit's player, an adjudication's
// winner), read from its fields; nullopt when it names none (a creation, a draw, an opening's choice).
[[nodiscard]] std::optional<Player> player_named(const Event& event) noexcept;
// The cell an event names (a move's or a take-back's), read from its fields.
[[nodiscard]] std::optional<Pos> cell_named(const Event& event) noexcept;

// [SECTION] The pieces the events' words are made of, which the window and the CLI use besides.

// Where a fork came from, short (the window's): "#3", or "a game outside this database" for a fork
// imported without its source (its link is game 0).
[[nodiscard]] std::string fork_source_short(std::optional<std::int64_t> from);
// The same in the CLI's words: "game 3", or "a game outside this database".
[[nodiscard]] std::string fork_source_long(std::int64_t from);
// "3x3", "15x15", "100x100".
[[nodiscard]] std::string size_label(const Rules& rules);
// A short rules label for tables: "classic", "gomoku (exact)", "mnk k=4", "score", "fullline".
[[nodiscard]] std::string rules_label(const Rules& rules);

}  // namespace ttt
