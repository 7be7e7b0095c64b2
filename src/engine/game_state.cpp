// apply(state, event): the one place where a logged event becomes a change of position; and
// unapply, which steps back over the last one.
#include "tictactrace/engine/game_state.hpp"

#include "tictactrace/engine/event_words.hpp"
#include "tictactrace/engine/player_name.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

namespace ttt {

namespace {

MoveResult start(GameState& state, const Rules& rules, const std::string& x, const std::string& o) {
    if (state.created) return fail(MoveError{MoveErrorKind::NotAllowed, "the game has already been created"});
    if (auto valid = rules.validate(); !valid) return fail(MoveError{MoveErrorKind::BadRules, valid.error()});
    state.created = true;
    state.x_name = x;
    state.o_name = o;
    state.position = Position(rules);
    state.steps = 0;
    return {};
}

// An opening rule needs a board of five in a row with room for its stones.
MoveResult check_opening(const Rules& rules, OpeningRule opening) {
    if (opening == OpeningRule::None) return {};
    if (!rules.has_k_in_a_row() || rules.k < 5 || rules.rows < 5 || rules.cols < 5)
        return fail(MoveError{MoveErrorKind::BadRules, std::string("the ") + name_of(opening) +
                                                           " opening is for games of five in a row, not " +
                                                           describe(rules)});
    return {};
}

const char* choice_words(const OpeningStep& step) {
    return step.may_place_two ? "to play black, to play white, or to place two more stones"
                              : "to play black or to play white";
}

// A move, a take-back or a choice as the opening allows it, or why not.
MoveResult opening_allows(const GameState& state, const Event& event) {
    const OpeningState& o = state.opening;
    const int stones = state.position.move_count();
    const auto step = opening_step(o, stones);
    if (const auto* chosen = std::get_if<OpeningChosen>(&event)) {
        if (!step || step->kind != OpeningStep::Kind::Choose)
            return fail(MoveError{MoveErrorKind::NotAllowed,
                                  o.rule == OpeningRule::None ? "this game has no opening rule to choose in"
                                                              : "no choice of the opening is due here"});
        if (chosen->by != step->who)
            return fail(MoveError{MoveErrorKind::WrongPlayer, "it is " + name_of(o, step->who) +
                                                                  "'s choice, not " + name_of(o, chosen->by) +
                                                                  "'s"});
        if (chosen->choice == OpeningChoice::PlaceTwo && !step->may_place_two)
            return fail(MoveError{MoveErrorKind::NotAllowed,
                                  "placing two more stones is swap2's first choice, not this one"});
        if (state.position.outcome().over())
            return fail(MoveError{MoveErrorKind::NotAllowed, "the game is over"});
        return {};
    }
    if (std::holds_alternative<MovePlayed>(event) && step && step->kind == OpeningStep::Kind::Choose &&
        !state.position.outcome().over())
        return fail(MoveError{MoveErrorKind::NotAllowed, "the opening waits for " + name_of(o, step->who) +
                                                             "'s choice: " + choice_words(*step)});
    if (std::holds_alternative<MoveTakenBack>(event) && o.count > 0 &&
        stones - 1 < o.stones_at[static_cast<std::size_t>(o.count - 1)])
        return fail(MoveError{MoveErrorKind::NotAllowed,
                              "the opening's stones stay once the choice after them was made"});
    return {};
}

// What a study event can be checked for on the main line's state alone: the node it names is an event
// before it, its cells are on the board. The rest (that the node is one of the tree's and not set aside,
// that a variation's move is legal there) needs the tree: study_tree.hpp.
MoveResult check_study(const GameState& state, const Event& event) {
    const std::int64_t next = static_cast<std::int64_t>(state.steps) + 1;
    const auto names_earlier = [&](std::int64_t node, std::int64_t lowest, const char* what) -> MoveResult {
        if (node < lowest || node >= next)
            return fail(MoveError{MoveErrorKind::NotAllowed, std::string(what) + " names node " +
                                                                 std::to_string(node) +
                                                                 ", which is not an event before it"});
        return {};
    };
    const Rules& rules = state.position.rules();
    return std::visit(
        [&](const auto& ev) -> MoveResult {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, VariationPlayed>) {
                if (auto named = names_earlier(ev.parent, 0, "a variation"); !named) return named;
                if (!state.position.board().contains(ev.pos))
                    return fail(MoveError{MoveErrorKind::OffBoard, cell_label(ev.pos) + " is off the " +
                                                                       size_label(rules) + " board"});
                return {};
            } else if constexpr (std::is_same_v<T, LinePromoted>) {
                return names_earlier(ev.node, 1, "a promotion");
            } else if constexpr (std::is_same_v<T, LineSetAside>) {
                return names_earlier(ev.node, 1, "setting a line aside");
            } else if constexpr (std::is_same_v<T, Annotated>) {
                if (auto named = names_earlier(ev.node, 0, "an annotation"); !named) return named;
                if (auto checked = check_annotation(*ev.note, rules.rows, rules.cols); !checked)
                    return fail(MoveError{MoveErrorKind::NotAllowed, checked.error()});
                return {};
            } else {
                return fail(MoveError{MoveErrorKind::NotAllowed, "not an event of the study"});
            }
        },
        event);
}

}  // namespace

std::optional<OpeningStep> opening_step(const GameState& state) noexcept {
    return opening_step(state.opening, state.position.move_count());
}

MoveResult apply(GameState& state, const Event& event) {
    if (const auto* created = std::get_if<GameCreated>(&event)) {
        if (state.created) return start(state, created->rules, created->x_name, created->o_name);
        if (auto allowed = check_opening(created->rules, created->opening); !allowed) return allowed;
        auto started = start(state, created->rules, created->x_name, created->o_name);
        if (started.has_value())
            state.opening = OpeningState{created->opening, {}, {}, 0, created->x_name, created->o_name};
        return started;
    }
    if (const auto* forked = std::get_if<GameForked>(&event)) {
        if (forked->at < 0)
            return fail(MoveError{MoveErrorKind::NotAllowed, "a fork point cannot be negative"});
        auto started = start(state, forked->rules, forked->x_name, forked->o_name);
        if (started.has_value()) {
            state.forked_from = forked->from_game;
            state.forked_at = forked->at;
        }
        return started;
    }
    if (const auto* set = std::get_if<GameSetUp>(&event)) {
        const GameSetUp::Start& from = *set->start;
        if (from.from_game && from.at < 0)
            return fail(MoveError{MoveErrorKind::NotAllowed, "a fork point cannot be negative"});
        GameState started = state;
        if (auto made = start(started, set->rules, set->x_name, set->o_name); !made) return made;
        if (auto placed = started.position.set_up(from.setup); !placed) return placed;
        if (from.from_game) {
            started.forked_from = *from.from_game;
            started.forked_at = from.at;
        }
        state = std::move(started);
        return {};
    }
    if (!state.created)
        return fail(MoveError{MoveErrorKind::NotAllowed, "the game has not been created yet"});

    if (is_study(event)) {
        if (auto checked = check_study(state, event); !checked) return checked;
        ++state.steps;
        return {};
    }
    if (auto allowed = opening_allows(state, event); !allowed) return allowed;
    Position& pos = state.position;
    MoveResult applied = std::visit(
        [&](const auto& ev) -> MoveResult {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, OpeningChosen>) {
                OpeningState& o = state.opening;
                o.choices[static_cast<std::size_t>(o.count)] = ev.choice;
                o.stones_at[static_cast<std::size_t>(o.count)] = pos.move_count();
                ++o.count;
                const ColourNames names = names_after(o);
                state.x_name = names.x;
                state.o_name = names.o;
                return {};
            } else if constexpr (std::is_same_v<T, MovePlayed>) {
                if (ev.player != pos.to_move() && !pos.outcome().over())
                    return fail(MoveError{MoveErrorKind::WrongPlayer,
                                          std::string("it is ") + to_upper_char(pos.to_move()) +
                                              "'s turn, not " + to_upper_char(ev.player) + "'s"});
                return pos.play(ev.pos);
            } else if constexpr (std::is_same_v<T, MoveTakenBack>) {
                const auto last = pos.last_move();
                if (last && (*last != ev.pos || other(pos.to_move()) != ev.player))
                    return fail(MoveError{MoveErrorKind::NotAllowed,
                                          "the take-back names " + cell_label(ev.pos) +
                                              " but the last move is " + cell_label(*last)});
                return pos.take_back();
            } else if constexpr (std::is_same_v<T, Resigned>) {
                return pos.resign(ev.player);
            } else if constexpr (std::is_same_v<T, Forfeited>) {
                if (auto checked = check_player_name(ev.detail, "the forfeit's detail"); !checked)
                    return fail(MoveError{MoveErrorKind::NotAllowed, checked.error()});
                return pos.forfeit(ev.player, ev.reason);
            } else if constexpr (std::is_same_v<T, Adjudicated>) {
                if (auto checked = check_player_name(ev.reason, "the adjudication's reason"); !checked)
                    return fail(MoveError{MoveErrorKind::NotAllowed, checked.error()});
                return pos.adjudicate(ev.winner);
            } else {
                return fail(MoveError{MoveErrorKind::NotAllowed, "unexpected event"});
            }
        },
        event);
    if (applied.has_value()) ++state.steps;
    return applied;
}

MoveResult unapply(GameState& state, const Event& last_applied) {
    if (is_creating(last_applied))
        return fail(MoveError{MoveErrorKind::NotAllowed, "the event that creates a game cannot be undone"});
    if (!state.created)
        return fail(MoveError{MoveErrorKind::NotAllowed, "the game has not been created yet"});
    if (state.steps == 0)
        return fail(
            MoveError{MoveErrorKind::NotAllowed, "no event has been applied since the game was created"});

    if (is_study(last_applied)) {
        --state.steps;  // the position never changed
        return {};
    }
    Position& pos = state.position;
    auto not_last = [](Player who, const std::string& what) {
        return fail(MoveError{MoveErrorKind::NotAllowed,
                              std::string(1, to_upper_char(who)) + what + " is not the last event applied"});
    };
    MoveResult applied = std::visit(
        [&](const auto& ev) -> MoveResult {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, OpeningChosen>) {
                OpeningState& o = state.opening;
                if (o.count == 0 || o.choices[static_cast<std::size_t>(o.count - 1)] != ev.choice ||
                    o.stones_at[static_cast<std::size_t>(o.count - 1)] != pos.move_count() ||
                    pos.outcome().over())
                    return fail(MoveError{MoveErrorKind::NotAllowed,
                                          "the opening's choice is not the last event applied"});
                --o.count;
                // As if never made: two states of the same events compare equal.
                o.choices[static_cast<std::size_t>(o.count)] = OpeningChoice{};
                o.stones_at[static_cast<std::size_t>(o.count)] = 0;
                const ColourNames names = names_after(o);
                state.x_name = names.x;
                state.o_name = names.o;
                return {};
            } else if constexpr (std::is_same_v<T, MovePlayed>) {
                // After a move, either the game is on or the move ended it; a resignation would be later.
                if (pos.last_move() != ev.pos || pos.board().at(ev.pos) != cell_of(ev.player) ||
                    pos.outcome().status == Status::Resigned || pos.outcome().status == Status::Forfeited ||
                    pos.outcome().status == Status::Adjudicated)
                    return not_last(ev.player, "'s move at " + cell_label(ev.pos));
                return pos.take_back();
            } else if constexpr (std::is_same_v<T, MoveTakenBack>) {
                // Right after a take-back the game is on, the retracted mover is to move, the cell empty.
                if (pos.outcome().over() || pos.to_move() != ev.player || !pos.board().contains(ev.pos) ||
                    pos.board().at(ev.pos) != Cell::Empty)
                    return not_last(ev.player, "'s take-back at " + cell_label(ev.pos));
                return pos.play(ev.pos);
            } else if constexpr (std::is_same_v<T, Resigned>) {
                if (pos.outcome().status != Status::Resigned || pos.outcome().winner != other(ev.player))
                    return not_last(ev.player, "'s resignation");
                return pos.take_back_resignation();
            } else if constexpr (std::is_same_v<T, Forfeited>) {
                const Outcome& out = pos.outcome();
                if (out.status != Status::Forfeited || out.winner != other(ev.player) ||
                    out.forfeit != ev.reason)
                    return not_last(ev.player, "'s forfeit");
                return pos.take_back_forfeit();
            } else if constexpr (std::is_same_v<T, Adjudicated>) {
                const Outcome& out = pos.outcome();
                if (out.status != Status::Adjudicated || out.winner != ev.winner)
                    return fail(MoveError{MoveErrorKind::NotAllowed,
                                          "the adjudication is not the last event applied"});
                return pos.take_back_adjudication();
            } else {
                return fail(MoveError{MoveErrorKind::NotAllowed, "unexpected event"});
            }
        },
        last_applied);
    if (applied.has_value()) --state.steps;
    return applied;
}

Result<GameState, FoldError> fold(std::span<const Event> events, int steps) {
    GameState state;
    if (events.empty())
        return fail(
            FoldError{0, MoveError{MoveErrorKind::NotAllowed, "a game needs a creating event first"}});
    if (!is_creating(events.front()))
        return fail(
            FoldError{0, MoveError{MoveErrorKind::NotAllowed, "a game must start with its creation"}});
    const std::size_t last =
        steps < 0 ? events.size() : std::min(events.size(), static_cast<std::size_t>(steps) + 1);
    for (std::size_t i = 0; i < last; ++i)
        if (auto applied = apply(state, events[i]); !applied)
            return fail(FoldError{static_cast<int>(i), std::move(applied).error()});
    return state;
}

}  // namespace ttt
