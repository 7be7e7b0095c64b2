// One game as files carry it: rules, players, every event with the time it was recorded, and what the
// file itself claims about the result. The common shape behind every format of the exchange layer.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/exchange/source_spot.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace ttt::exchange {

// An event after the creating one (a move, a takeback, a resignation) and when it was recorded.
struct RecordedEvent {
    Event event;
    std::int64_t recorded_ms = 0;  // milliseconds since the Unix epoch (UTC)
    SourceSpot where;              // where a reader found it; never written, not part of equality

    friend bool operator==(const RecordedEvent& a, const RecordedEvent& b) {
        return a.event == b.event && a.recorded_ms == b.recorded_ms;
    }
};

// A game that was forked from another in the database it came from.
struct ForkOrigin {
    std::int64_t from_game = 0;
    int at = 0;
    friend bool operator==(const ForkOrigin&, const ForkOrigin&) = default;
};

struct GameRecord {
    Rules rules;
    std::string x_name;  // black in SGF and PSQ: moves first
    std::string o_name;
    std::optional<ForkOrigin> forked;         // set for a fork (a GameForked, or a GameSetUp with a source)
    std::optional<SetUp> setup;               // set when the game starts from a set-up (a GameSetUp)
    OpeningRule opening = OpeningRule::None;  // a GameCreated's opening rule (swap, swap2)
    std::int64_t created_ms = 0;              // when the creating event was recorded
    std::vector<RecordedEvent> events;        // every event after the creating one, in order

    // What the file said about the result (SGF's RE, e.g. "W+Resign"); empty when it said nothing.
    // Kept as text: the fold, not this, decides the outcome.
    std::string declared_result;
    SourceSpot result_where;  // where a reader found the declared result; never written
    // How the file says the game ended, in its own words (SGF's TE, "White win by opponent crash"); with
    // the declared result it may become the log's ending event. Empty when it said nothing; never
    // written, not part of equality.
    std::string declared_end;
    SourceSpot end_where;        // where a reader found it; never written
    std::string source_format;   // "json", "sgf", ... : what it was read from; empty when made here
    std::int64_t source_id = 0;  // its id in the database it was exported from; 0 when unknown
    SourceSpot where;            // where a reader found the game; never written

    friend bool operator==(const GameRecord& a, const GameRecord& b) {
        return a.rules == b.rules && a.x_name == b.x_name && a.o_name == b.o_name && a.forked == b.forked &&
               a.setup == b.setup && a.opening == b.opening && a.created_ms == b.created_ms &&
               a.events == b.events && a.declared_result == b.declared_result &&
               a.source_format == b.source_format && a.source_id == b.source_id;
    }
};

// Appends one recorded event to `game`.
void append_event(GameRecord& game, const Event& event, std::int64_t recorded_ms, SourceSpot where = {});

// The creating event: a GameSetUp when `setup` is set (a fork of a set-up game carries `forked` in it),
// else a GameForked when `forked` is set, else a GameCreated.
[[nodiscard]] Event creating_event(const GameRecord& game);

// The whole log: the creating event, then every recorded event.
[[nodiscard]] std::vector<Event> to_events(const GameRecord& game);

// A record from a log read elsewhere (the store): `events[0]` must create the game and `times` hold
// one time per event. Returns a sentence when the log does not start with a creating event or the
// sizes differ.
[[nodiscard]] Result<GameRecord, std::string> record_from_events(std::span<const Event> events,
                                                                 std::span<const std::int64_t> times);

}  // namespace ttt::exchange
