// Many games, or one very long one, as batches for the store's bulk import: what the tests and the app's
// measurements of a large database start from, made in seconds instead of one append per move.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/store/import_batch.hpp"

#include <cstdint>
#include <cstdio>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

namespace ttt::testing {

// Appends an event of type E made of `args`.
template <class E, class... Args>
void add_event(store::ImportGame& game, std::int64_t recorded_ms, Args&&... args) {
    store::ImportEvent& e = game.events.emplace_back();
    e.set_event(E{std::forward<Args>(args)...});
    e.recorded_ms = recorded_ms;
}

// `count` small games numbered from `first`: five shapes in turn (a classic win for X, a classic game
// being played, gomoku being played, a score game being played, a classic game O resigned), with
// player names that sort in another order than the ids ("x0421337" ...), and times one second apart.
[[nodiscard]] inline std::vector<store::ImportGame> many_games(std::int64_t first, std::int64_t count) {
    std::vector<store::ImportGame> out;
    out.reserve(static_cast<std::size_t>(count));
    for (std::int64_t i = first; i < first + count; ++i) {
        const std::int64_t t = 1'700'000'000'000 + i * 1000;
        // A multiplicative hash of the number: names sort in a different order from ids.
        const auto scrambled =
            static_cast<unsigned>((static_cast<std::uint64_t>(i) * 2654435761u) % 10'000'000u);
        char x_name[16];
        char o_name[16];
        std::snprintf(x_name, sizeof x_name, "x%07u", scrambled);
        std::snprintf(o_name, sizeof o_name, "o%07u", 9'999'999u - scrambled);
        store::ImportGame game;
        const auto when = [&] { return t + static_cast<std::int64_t>(game.events.size()); };
        const auto start = [&](const Rules& rules) {
            add_event<GameCreated>(game, when(), rules, x_name, o_name);
        };
        const auto moves = [&](std::initializer_list<Pos> cells) {
            Player p = Player::X;
            for (const Pos c : cells) {
                add_event<MovePlayed>(game, when(), p, c);
                p = other(p);
            }
        };
        switch (i % 5) {
        case 0:
            start(Rules::classic());
            moves({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
            break;
        case 1:
            start(Rules::classic());
            moves({{1, 1}, {0, 0}});
            break;
        case 2:
            start(Rules::gomoku());
            moves({{7, 7}, {7, 8}, {8, 8}, {6, 6}});
            break;
        case 3:
            start(Rules::score(5, 5));
            moves({{0, 0}, {4, 4}, {0, 1}});
            break;
        default:
            start(Rules::classic());
            moves({{2, 2}});
            add_event<Resigned>(game, when(), Player::O);
            break;
        }
        out.push_back(std::move(game));
    }
    return out;
}

// One score game on a rows x cols board with `moves` moves, the cells visited in a fixed scrambled order
// (i * step mod cells, `step` coprime with the number of cells). With `takeback_every` > 0, each
// takeback_every-th step takes the last move back instead (that cell then stays empty), so the log has
// takebacks scattered through it. `moves` may be at most rows * cols.
[[nodiscard]] inline store::ImportGame long_score_game(int rows, int cols, int moves,
                                                       int takeback_every = 0) {
    const std::int64_t cells = static_cast<std::int64_t>(rows) * cols;
    std::int64_t step = 2654435761 % cells;
    while (std::gcd(step, cells) != 1) ++step;
    store::ImportGame game;
    game.events.reserve(static_cast<std::size_t>(moves) + 1);
    const std::int64_t t = 1'700'000'000'000;
    add_event<GameCreated>(game, t, Rules::score(rows, cols), "Long X", "Long O");
    Player to_move = Player::X;
    Pos last{};  // the mark a take-back retracts, while has_last
    bool has_last = false;
    std::int64_t visited = 0;
    for (int played = 0; played < moves;) {
        const std::int64_t when = t + static_cast<std::int64_t>(game.events.size());
        if (takeback_every > 0 && has_last &&
            game.events.size() % static_cast<std::size_t>(takeback_every) == 0) {
            to_move = other(to_move);
            add_event<MoveTakenBack>(game, when, to_move, last);
            has_last = false;
            --played;
            continue;
        }
        const std::int64_t cell = (visited++ * step) % cells;
        const Pos p{static_cast<int>(cell / cols), static_cast<int>(cell % cols)};
        add_event<MovePlayed>(game, when, to_move, p);
        to_move = other(to_move);
        last = p;
        has_last = true;
        ++played;
    }
    return game;
}

}  // namespace ttt::testing
