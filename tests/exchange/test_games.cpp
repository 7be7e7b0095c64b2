// Deterministic games and fold comparisons shared by the exchange tests.
#include "test_games.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>

namespace ttt::exchange::test {

GameRecord random_game(const Rules& rules, const PlayOptions& options) {
    std::mt19937 rng(options.seed);
    GameRecord game;
    game.rules = rules;
    game.x_name = options.x_name;
    game.o_name = options.o_name;
    game.created_ms = 1'700'000'000'000 + static_cast<std::int64_t>(options.seed);
    std::int64_t now = game.created_ms;
    const auto tick = [&] { return now += 500 + static_cast<std::int64_t>(rng() % 1000); };

    Position position(rules);
    const int cells = rules.rows * rules.cols;
    for (int played = 0; played < options.moves && !position.outcome().over(); ++played) {
        if (options.takebacks && position.move_count() > 0 && rng() % 5 == 0) {
            const Pos last = *position.last_move();
            const Player who = other(position.to_move());
            REQUIRE_FALSE(position.take_back());
            append_event(game, MoveTakenBack{who, last}, tick());
        }
        // A random cell; on a crowded board the next empty one after it.
        int index = static_cast<int>(rng() % static_cast<std::uint32_t>(cells));
        for (int tries = 0; tries < cells; ++tries, index = (index + 1) % cells)
            if (position.board().at(index) == Cell::Empty) break;
        const Pos p = position.board().pos(index);
        const Player mover = position.to_move();
        REQUIRE_FALSE(position.play(p));
        append_event(game, MovePlayed{mover, p}, tick());
    }
    if (options.resign && !position.outcome().over())
        append_event(game, Resigned{position.to_move()}, tick());
    return game;
}

void check_same_fold_at_every_step(const GameRecord& a, const GameRecord& b) {
    const std::vector<Event> ea = to_events(a);
    const std::vector<Event> eb = to_events(b);
    REQUIRE(ea.size() == eb.size());
    GameState sa;
    GameState sb;
    for (std::size_t i = 0; i < ea.size(); ++i) {
        CAPTURE(i);
        REQUIRE_FALSE(apply(sa, ea[i]));
        REQUIRE_FALSE(apply(sb, eb[i]));
        CHECK(sa.position == sb.position);
        CHECK(sa.steps == sb.steps);
        CHECK(sa.x_name == sb.x_name);
        CHECK(sa.o_name == sb.o_name);
        CHECK(sa.forked_from == sb.forked_from);
        CHECK(sa.forked_at == sb.forked_at);
    }
}

GameState fold_all(const GameRecord& game) {
    const std::vector<Event> events = to_events(game);
    auto folded = fold(events);
    REQUIRE(std::holds_alternative<GameState>(folded));
    return std::get<GameState>(std::move(folded));
}

std::string read_text_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

std::filesystem::path fixture_path(const std::string& name) {
    return std::filesystem::path(TTT_EXCHANGE_FIXTURES) / name;
}

std::filesystem::path sample_path(const std::string& name) {
    return std::filesystem::path(TTT_SAMPLES_DIR) / name;
}

}  // namespace ttt::exchange::test
