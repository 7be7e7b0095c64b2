// The engine's fold as the gate of every import, and the file's declared result settled against it.
#include "tictactrace/exchange/validate.hpp"

#include "tictactrace/engine/event_words.hpp"
#include "tictactrace/engine/player_name.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/exchange/declared_result.hpp"

#include <algorithm>

namespace ttt::exchange {

namespace {

std::string who(Player p) {
    return p == Player::X ? "X (black)" : "O (white)";
}

}  // namespace

Result<GameState, ExchangeError> fold_record(const GameRecord& game, int game_index) {
    // Checked before the engine allocates the board, so a hostile size is refused for its own sake.
    if (auto valid = game.rules.validate(); !valid)
        return fail(ExchangeError{ExchangeErrorKind::BadBoard, "the rules cannot be played: " + valid.error(),
                                  game.where, game_index});
    GameState state;
    if (auto created = ttt::apply(state, creating_event(game)); !created) {
        const MoveError& error = created.error();
        // A set-up's refusal already says that the game cannot start, and why.
        return fail(ExchangeError{ExchangeErrorKind::BadBoard,
                                  error.kind == MoveErrorKind::BadSetUp
                                      ? error.message
                                      : "the game cannot be created: " + error.message,
                                  game.where, game_index});
    }
    int moves = 0;
    for (std::size_t i = 0; i < game.events.size(); ++i) {
        const RecordedEvent& recorded = game.events[i];
        if (kind_of(recorded.event) == EventKind::Move) ++moves;
        if (auto applied = apply(state, recorded.event); !applied) {
            const MoveError& error = applied.error();
            const ExchangeErrorKind kind = error.kind == MoveErrorKind::BadRules
                                               ? ExchangeErrorKind::BadBoard
                                               : ExchangeErrorKind::IllegalEvent;
            return fail(ExchangeError{
                kind,
                // "move 7 (O at 4, 5)", "event 9 (take-back of X at 4, 5)", "event 12 (X resigns)"
                event_words(recorded.event, EventVoice::Refusal,
                            {.move_number = moves, .event_number = static_cast<int>(i) + 1}) +
                    ": " + error.message,
                recorded.where, game_index});
        }
    }
    // A study's events are checked as its tree: a variation's move in the position it is played from,
    // an annotation on a node that is there.
    const bool studied = std::any_of(game.events.begin(), game.events.end(),
                                     [](const RecordedEvent& e) { return is_study(e.event); });
    if (studied) {
        const std::vector<Event> log = to_events(game);
        if (auto tree = StudyTree::build(log); !tree) {
            const FoldError& error = tree.error();
            const auto i = static_cast<std::size_t>(std::max(error.index, 1) - 1);
            const RecordedEvent& recorded = game.events[std::min(i, game.events.size() - 1)];
            return fail(
                ExchangeError{ExchangeErrorKind::IllegalEvent,
                              event_words(recorded.event, EventVoice::Refusal,
                                          {.move_number = moves, .event_number = static_cast<int>(i) + 1}) +
                                  ": " + error.error.message,
                              recorded.where, game_index});
        }
    }
    return state;
}

namespace {

// The words of a record, made safe to keep as a forfeit's detail or an adjudication's reason.
std::string kept_words(std::string_view text) {
    return sanitize_player_name(text).name;
}

}  // namespace

void settle_declared_result(GameRecord& game, GameState& state, int game_index,
                            std::vector<ImportNote>& notes) {
    if (game.declared_result.empty() && game.declared_end.empty()) return;
    const bool psq = game.source_format == "psq";
    const std::string property = psq                            ? "the trailer's result line"
                                 : game.declared_end.empty()    ? "RE"
                                 : game.declared_result.empty() ? "TE"
                                                                : "RE and TE";
    std::string claim;
    if (psq) {
        claim = game.declared_end;
    } else {
        claim = "the file declares";
        if (!game.declared_result.empty()) claim += " RE[" + game.declared_result + "]";
        if (!game.declared_end.empty()) claim += " TE[" + game.declared_end + "]";
    }
    const SourceSpot where = game.result_where.known() ? game.result_where : game.end_where;
    const auto note = [&](std::string message, bool disagreement) {
        notes.push_back(ImportNote{game_index, where, std::move(message), disagreement, false, property});
    };
    // Plain values and flags rather than optionals: GCC 12 takes the optionals' payloads for unset.
    DeclaredResult declared;
    bool has_declared = false;
    if (!game.declared_result.empty())
        if (const auto parsed = parse_declared_result(game.declared_result)) {
            declared = *parsed;
            has_declared = true;
        }
    const bool has_end = !game.declared_end.empty() && !psq;
    const DeclaredEnd end = has_end ? parse_declared_end(game.declared_end) : DeclaredEnd{};
    if (!game.declared_result.empty() && !has_declared && !has_end) {
        note(claim + ", which is not a result this program can check", false);
        return;
    }
    // Who the record says won (or that it was a draw): RE first, else TE's words.
    const bool draw = has_declared ? declared.draw : has_end && end.draw;
    std::optional<Player> winner = has_declared ? declared.winner : std::nullopt;
    if (!winner && !draw && has_end) winner = end.winner;
    if (has_declared && has_end && (end.draw != draw || (end.winner && end.winner != winner))) {
        note(claim + ": RE and TE disagree about who won, so neither was recorded", true);
        return;
    }
    if (!winner && !draw) {
        if (!has_end || end.kind != EndKind::Unterminated)
            note(claim + ", which names no winner and no draw this program can check", false);
        return;
    }

    const Position& position = state.position;
    const Outcome& outcome = position.outcome();
    const std::string fold = describe_outcome(position);
    const Player win = winner.value_or(Player::X);  // read only when not a draw
    const std::string declared_text = draw ? "a draw" : who(win) + " wins";
    const EndKind kind = has_end ? end.kind : EndKind::Other;

    if (outcome.status != Status::Playing) {
        const bool agrees =
            draw ? outcome.status == Status::Draw : outcome.status != Status::Draw && outcome.winner == win;
        if (!agrees) {
            note(claim + " (" + declared_text + ") but the fold gives " + fold, true);
            return;
        }
        if (!draw && has_declared && declared.margin && position.rules().kind == RuleKind::Score &&
            outcome.status == Status::Won) {
            const std::int64_t margin =
                position.scores().of(win).total() - position.scores().of(other(win)).total();
            if (margin != *declared.margin)
                note(claim + " but the fold gives a margin of " + std::to_string(margin), true);
        }
        return;
    }

    // The moves alone leave the game open: what the record says ended it becomes the log's last event,
    // at the time of the last move.
    std::optional<Event> ending;
    std::string recorded;
    // The record's own words: TE, else RE; the judge's line for a PSQ file.
    const std::string words = kept_words(psq                         ? claim
                                         : game.declared_end.empty() ? game.declared_result
                                                                     : game.declared_end);
    if (kind == EndKind::Line || kind == EndKind::FullBoard) {
        note(claim + " (" + declared_text + ") but the fold gives " + fold, true);
        return;
    }
    // A foul ends only a renju game: under other rules the same point was an ordinary move.
    if (kind == EndKind::Foul && !position.rules().has_forbidden_moves()) {
        note(claim + ": a foul of renju, and the game is not read under renju, so the end was not recorded",
             true);
        return;
    }
    if (draw) {
        ending = Adjudicated{std::nullopt, has_end ? words : kept_words(game.declared_result)};
        recorded = "a draw by adjudication";
    } else {
        const Player loser = other(win);
        const auto forfeit = [&](ForfeitReason reason) {
            ending = Forfeited{loser, reason, words};
            recorded = who(loser) + " forfeiting (" + describe(reason) + ")";
        };
        if (kind == EndKind::Timeout)
            forfeit(ForfeitReason::Timeout);
        else if (kind == EndKind::Crash)
            forfeit(ForfeitReason::Crash);
        else if (kind == EndKind::IllegalMove)
            forfeit(ForfeitReason::IllegalMove);
        else if (kind == EndKind::Foul)
            forfeit(ForfeitReason::Foul);
        else if (!has_end && has_declared && declared.reason == ResultReason::Time)
            forfeit(ForfeitReason::Timeout);
        else if (!has_end && has_declared && declared.reason == ResultReason::Resign) {
            ending = Resigned{loser};
            recorded = who(loser) + " resigning";
        } else if (has_end || psq || (has_declared && declared.reason == ResultReason::Forfeit)) {
            // A win the record declares without a line, a resignation or a reason the engine knows
            // ("W+F" says a forfeit but not why): decided off the board, in the record's own words.
            ending = Adjudicated{win, has_end || psq ? words : kept_words(game.declared_result)};
            recorded = "a win adjudicated to " + who(win);
        } else {
            note(claim + " (" + declared_text + ") but the fold gives " + fold, true);
            return;
        }
    }
    if (auto applied = ttt::apply(state, *ending); !applied) {
        note(claim + " but its end cannot be recorded: " + applied.error().message, true);
        return;
    }
    const std::int64_t when = game.events.empty() ? game.created_ms : game.events.back().recorded_ms;
    append_event(game, *ending, when, where);
    note(claim + ": recorded as " + recorded + " after the last move", false);
}

Result<void, ExchangeError> validate_games(std::vector<GameRecord>& games, std::vector<ImportNote>& notes) {
    for (std::size_t g = 0; g < games.size(); ++g) {
        auto folded = fold_record(games[g], static_cast<int>(g));
        if (!folded) return fail(std::move(folded).error());
        settle_declared_result(games[g], folded.value(), static_cast<int>(g), notes);
    }
    return {};
}

}  // namespace ttt::exchange
