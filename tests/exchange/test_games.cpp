// Deterministic games and fold comparisons shared by the exchange tests.
#include "test_games.hpp"

#include "tictactrace/exchange/read_games.hpp"

#include "../common/random_game.hpp"

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
    // Each event half a second to a second and a half after the one before, drawn from the same rng as
    // the moves, as it is made.
    const auto tick = [&] { return now += 500 + static_cast<std::int64_t>(rng() % 1000); };

    ttt::testing::RandomGameOptions play;
    play.steps = options.moves;
    play.takeback_one_in = options.takebacks ? 5 : 0;
    play.move_after_takeback = true;
    // A random cell, or on a crowded board the next empty one after it: the draw these seeds were picked
    // with (a test edits the second game's move at (1, 3) and must not find it in the first).
    play.draw = ttt::testing::CellDraw::Scan;
    bool over = false;
    Player to_move = Player::X;
    (void)ttt::testing::random_game(rules, rng, play, [&](const Event& e, const Position& after) {
        append_event(game, e, tick());
        over = after.outcome().over();
        to_move = after.to_move();
    });
    if (options.resign && !over) append_event(game, Resigned{to_move}, tick());
    return game;
}

SetUp article_set_up() {
    SetUp setup;
    const char* const rows[] = {"xxx.xxx", ".......", "..x.x..", ".....x.", "xx.....", ".xxx...", "...xxxx"};
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 7; ++c)
            if (rows[r][c] == 'x') setup.x.push_back({r, c});
    setup.to_move = Player::O;
    return setup;
}

GameRecord set_up_game(const Rules& rules, const SetUp& setup, int moves, bool takeback) {
    GameRecord game;
    game.rules = rules;
    game.x_name = "Teacher";
    game.o_name = "Class";
    game.setup = setup;
    game.created_ms = 1'700'000'000'000;
    GameState state;
    REQUIRE(ttt::apply(state, creating_event(game)));
    std::int64_t now = game.created_ms;
    const Board& board = state.position.board();
    for (int i = 0; i < moves && !state.position.outcome().over(); ++i) {
        Pos next{-1, -1};
        for (int r = 0; r < board.rows() && next.row < 0; ++r)
            for (int c = 0; c < board.cols() && next.row < 0; ++c)
                if (board.at({r, c}) == Cell::Empty) next = {r, c};
        const Event move = MovePlayed{state.position.to_move(), next};
        REQUIRE(ttt::apply(state, move));
        append_event(game, move, now += 1000);
    }
    if (takeback) {
        const Player last = other(state.position.to_move());
        const Event back = MoveTakenBack{last, *state.position.last_move()};
        REQUIRE(ttt::apply(state, back));
        append_event(game, back, now += 1000);
    }
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
        REQUIRE(apply(sa, ea[i]));
        REQUIRE(apply(sb, eb[i]));
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
    REQUIRE(folded.has_value());
    return std::move(folded).value();
}

ExchangeError read_error(std::string_view bytes, std::optional<Format> format) {
    ImportOptions options;
    options.format = format;
    return read_error(bytes, options);
}

ExchangeError read_error(std::string_view bytes, const ImportOptions& options) {
    auto read = read_games(bytes, options);
    REQUIRE(failed_with<ExchangeError>(read));
    return std::move(read).error();
}

GamesRead read_ok(std::string_view bytes, const ImportOptions& options) {
    auto read = read_games(bytes, options);
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    return std::move(read).value();
}

std::string replace_once(std::string text, std::string_view from, std::string_view to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
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
