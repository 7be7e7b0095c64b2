// Between a game record and the event log the engine folds.
#include "tictactrace/exchange/game_record.hpp"

namespace ttt::exchange {

void append_event(GameRecord& game, const Event& event, std::int64_t recorded_ms, SourceSpot where) {
    // Built in place: GCC 12 warns (falsely) about moving a temporary event variant into the vector.
    RecordedEvent& added = game.events.emplace_back();
    added.event = event;
    added.recorded_ms = recorded_ms;
    added.where = where;
}

Event creating_event(const GameRecord& game) {
    if (game.setup) {
        GameSetUp::Start start{*game.setup, std::nullopt, 0};
        if (game.forked) {
            start.from_game = game.forked->from_game;
            start.at = game.forked->at;
        }
        return GameSetUp{game.rules, game.x_name, game.o_name, std::move(start)};
    }
    if (game.forked)
        return GameForked{game.forked->from_game, game.forked->at, game.rules, game.x_name, game.o_name};
    return GameCreated{game.rules, game.x_name, game.o_name, game.opening};
}

std::vector<Event> to_events(const GameRecord& game) {
    std::vector<Event> events;
    events.reserve(game.events.size() + 1);
    events.push_back(creating_event(game));
    for (const RecordedEvent& e : game.events) events.push_back(e.event);
    return events;
}

Result<GameRecord, std::string> record_from_events(std::span<const Event> events,
                                                   std::span<const std::int64_t> times) {
    if (events.empty()) return fail("a game needs at least its creating event");
    if (events.size() != times.size())
        return fail("a game of " + std::to_string(events.size()) + " events came with " +
                    std::to_string(times.size()) + " times");
    GameRecord game;
    if (const auto* created = std::get_if<GameCreated>(&events.front())) {
        game.rules = created->rules;
        game.x_name = created->x_name;
        game.o_name = created->o_name;
        game.opening = created->opening;
    } else if (const auto* forked = std::get_if<GameForked>(&events.front())) {
        game.rules = forked->rules;
        game.x_name = forked->x_name;
        game.o_name = forked->o_name;
        game.forked = ForkOrigin{forked->from_game, forked->at};
    } else if (const auto* set = std::get_if<GameSetUp>(&events.front())) {
        game.rules = set->rules;
        game.x_name = set->x_name;
        game.o_name = set->o_name;
        game.setup = set->start->setup;
        if (set->start->from_game) game.forked = ForkOrigin{*set->start->from_game, set->start->at};
    } else {
        return fail("a game must start with its creation");
    }
    game.created_ms = times.front();
    game.events.reserve(events.size() - 1);
    for (std::size_t i = 1; i < events.size(); ++i)
        game.events.push_back(RecordedEvent{events[i], times[i], {}});
    return game;
}

}  // namespace ttt::exchange
