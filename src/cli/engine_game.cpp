// One game between two engines, each event handed to the caller's writer.
#include "cli/engine_game.hpp"

#include <tictactrace/brains/forfeit.hpp>
#include <tictactrace/engine/position.hpp>

#include <chrono>
#include <variant>

namespace ttt::cli {

namespace {

std::size_t side_of(Player p) noexcept {
    return p == Player::X ? 0 : 1;
}

}  // namespace

EngineGame play_engine_game(EnginePlayer& x, EnginePlayer& o, const Rules& rules, const Opening& opening,
                            std::uint64_t seed, const EventWriter& write, const std::function<bool()>& stop) {
    EngineGame result;
    const std::array<EnginePlayer*, 2> engines{&x, &o};
    std::array<std::optional<brains::Forfeit>, 2> lost_before;
    for (const Player who : {Player::X, Player::O}) {
        brains::Reply ready = engines[side_of(who)]->prepare(rules);
        if (const auto* refused = std::get_if<brains::Refused>(&ready)) {
            result.end = EngineGame::End::Refused;
            result.refused_by = who;
            result.refusal = refused->detail;
            return result;
        }
        if (const brains::Forfeit* lost = brains::forfeit_of(ready)) lost_before[side_of(who)] = *lost;
    }
    const auto written = [&](const Event& e) {
        if (auto status = write(e)) {
            result.end = EngineGame::End::Unwritten;
            result.status = *status;
            return false;
        }
        return true;
    };
    Position position(rules);
    const auto forfeit = [&](Player who, const brains::Forfeit& lost) {
        result.sides[side_of(who)].forfeit = lost.reason;
        (void)position.forfeit(who, lost.reason);
        return written(brains::forfeit_event(who, lost));
    };
    if (!written(GameCreated{rules, x.name(), o.name()})) return result;
    for (const Pos p : opening) {
        const Player mover = position.to_move();
        (void)position.play(p);
        if (!written(MovePlayed{mover, p})) return result;
    }
    for (const Player who : {Player::X, Player::O})
        if (const auto& lost = lost_before[side_of(who)]; lost && !position.outcome().over())
            if (!forfeit(who, *lost)) return result;
    while (!position.outcome().over()) {
        if (stop()) {
            result.end = EngineGame::End::Stopped;
            return result;
        }
        const Player mover = position.to_move();
        SideRecord& side = result.sides[side_of(mover)];
        const auto started = std::chrono::steady_clock::now();
        const brains::MoveReply reply = engines[side_of(mover)]->move(position, seed);
        side.move_us +=
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started)
                .count();
        ++side.moves;
        if (const auto* refused = std::get_if<brains::Refused>(&reply)) {
            result.end = EngineGame::End::Refused;
            result.refused_by = mover;
            result.refusal = refused->detail;
            return result;
        }
        if (const brains::Forfeit* lost = brains::forfeit_of(reply)) {
            if (!forfeit(mover, *lost)) return result;
            break;
        }
        const Pos p = std::get<Pos>(reply);
        (void)position.play(p);
        if (!written(MovePlayed{mover, p})) return result;
    }
    result.winner = position.outcome().winner;
    return result;
}

}  // namespace ttt::cli
