// The engine's fold as the gate of every import, and the file's declared result settled against it.
#include "tictactrace/exchange/validate.hpp"

#include "tictactrace/exchange/declared_result.hpp"

#include <type_traits>

namespace ttt::exchange {

namespace {

std::string cell(Pos p) {
    return std::to_string(p.row + 1) + ", " + std::to_string(p.col + 1);
}

// "move 7 (O at 4, 5)", "take-back 2 (of X at 4, 5)", "the resignation of X".
std::string name_event(const Event& event, int move_number, int event_number) {
    return std::visit(
        [&](const auto& ev) -> std::string {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, MovePlayed>) {
                return "move " + std::to_string(move_number) + " (" + to_upper_char(ev.player) + " at " +
                       cell(ev.pos) + ")";
            } else if constexpr (std::is_same_v<T, MoveTakenBack>) {
                return "event " + std::to_string(event_number) + " (take-back of " +
                       to_upper_char(ev.player) + " at " + cell(ev.pos) + ")";
            } else if constexpr (std::is_same_v<T, Resigned>) {
                return "event " + std::to_string(event_number) + " (" + to_upper_char(ev.player) +
                       " resigns)";
            } else if constexpr (std::is_same_v<T, Forfeited>) {
                return "event " + std::to_string(event_number) + " (" + to_upper_char(ev.player) +
                       " forfeits)";
            } else {
                return "event " + std::to_string(event_number) + " (a second creation of the game)";
            }
        },
        event);
}

std::string who(Player p) {
    return p == Player::X ? "X (black)" : "O (white)";
}

}  // namespace

std::variant<GameState, ExchangeError> fold_record(const GameRecord& game, int game_index) {
    // Checked before the engine allocates the board, so a hostile size is refused for its own sake.
    if (auto why = game.rules.validate())
        return ExchangeError{ExchangeErrorKind::BadBoard, "the rules cannot be played: " + *why, game.where,
                             game_index};
    GameState state;
    if (auto error = ttt::apply(state, creating_event(game)))
        // A set-up's refusal already says that the game cannot start, and why.
        return ExchangeError{ExchangeErrorKind::BadBoard,
                             error->kind == MoveErrorKind::BadSetUp
                                 ? error->message
                                 : "the game cannot be created: " + error->message,
                             game.where, game_index};
    int moves = 0;
    for (std::size_t i = 0; i < game.events.size(); ++i) {
        const RecordedEvent& recorded = game.events[i];
        if (std::holds_alternative<MovePlayed>(recorded.event)) ++moves;
        if (auto error = apply(state, recorded.event)) {
            const ExchangeErrorKind kind = error->kind == MoveErrorKind::BadRules
                                               ? ExchangeErrorKind::BadBoard
                                               : ExchangeErrorKind::IllegalEvent;
            return ExchangeError{
                kind, name_event(recorded.event, moves, static_cast<int>(i) + 1) + ": " + error->message,
                recorded.where, game_index};
        }
    }
    return state;
}

void settle_declared_result(GameRecord& game, GameState& state, int game_index,
                            std::vector<ImportNote>& notes) {
    if (game.declared_result.empty()) return;
    const auto declared = parse_declared_result(game.declared_result);
    const std::string claim = "the file declares " + game.declared_result;
    const auto note = [&](std::string message, bool disagreement) {
        notes.push_back(ImportNote{game_index, game.result_where, std::move(message), disagreement});
    };
    if (!declared) {
        note(claim + ", which is not a result this program can check", false);
        return;
    }
    const Position& position = state.position;
    const Outcome& outcome = position.outcome();
    const std::string fold = describe_outcome(position);

    if (declared->draw) {
        if (outcome.status != Status::Draw) note(claim + " (a draw) but the fold gives " + fold, true);
        return;
    }
    const Player winner = *declared->winner;
    if (outcome.status == Status::Playing && declared->ends_without_a_line()) {
        // The moves alone leave the game open: the declared resignation is what ended it, so the log
        // records it the only way the engine knows, as the loser resigning after the last move.
        const std::int64_t when = game.events.empty() ? game.created_ms : game.events.back().recorded_ms;
        const Resigned resigned{other(winner)};
        if (auto error = apply(state, resigned)) {
            note(claim + " but its resignation cannot be recorded: " + error->message, true);
            return;
        }
        append_event(game, resigned, when, game.result_where);
        std::string message =
            claim + ": recorded as " + who(other(winner)) + " resigning after the last move";
        if (declared->reason != ResultReason::Resign)
            message += " (the engine knows no loss on time or forfeit)";
        note(std::move(message), false);
        return;
    }
    const bool same_winner = outcome.winner == winner && outcome.status != Status::Draw;
    if (!same_winner || outcome.status == Status::Playing) {
        note(claim + " (" + who(winner) + " wins) but the fold gives " + fold, true);
        return;
    }
    if (declared->margin && position.rules().kind == RuleKind::Score && outcome.status == Status::Won) {
        const std::int64_t margin =
            position.scores().of(winner).total() - position.scores().of(other(winner)).total();
        if (margin != *declared->margin)
            note(claim + " but the fold gives a margin of " + std::to_string(margin), true);
    }
}

std::optional<ExchangeError> validate_games(std::vector<GameRecord>& games, std::vector<ImportNote>& notes) {
    for (std::size_t g = 0; g < games.size(); ++g) {
        auto folded = fold_record(games[g], static_cast<int>(g));
        if (auto* error = std::get_if<ExchangeError>(&folded)) return std::move(*error);
        settle_declared_result(games[g], std::get<GameState>(folded), static_cast<int>(g), notes);
    }
    return std::nullopt;
}

}  // namespace ttt::exchange
