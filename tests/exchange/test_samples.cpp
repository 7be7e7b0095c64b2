// Every sample imports, and its fold gives what samples/README.md says.
#include "../common/child_process.hpp"
#include "../common/temp_dir.hpp"
#include "test_games.hpp"

#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sample_games.hpp"

#include <unistd.h>

#include <filesystem>

#include <doctest/doctest.h>

namespace ttt::exchange {

namespace {

GameRecord read_sample(const std::string& name, Format expected) {
    const std::string bytes = test::read_text_file(test::sample_path(name));
    auto read = read_games(bytes, {});
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    const GamesRead& games = read.value();
    CHECK(games.format == expected);
    REQUIRE(games.games.size() == 1);
    for (const ImportNote& note : games.notes) CHECK_FALSE(note.disagreement);
    return games.games.front();
}

Board board_of(std::initializer_list<const char*> rows) {
    std::string text;
    for (const char* row : rows) text += std::string(row) + "\n";
    auto board = parse_board_text(text);
    REQUIRE(board.has_value());
    return board.value();
}

}  // namespace

TEST_CASE("sample score_7x7_in_play reaches the article's matrix worth 1300 horizontally and 1600 in all") {
    const GameRecord game = read_sample("score_7x7_in_play.json", Format::Json);
    CHECK(game.rules == Rules::score(7, 7));
    const GameState state = test::fold_all(game);
    const Position& p = state.position;
    CHECK(p.move_count() == 35);
    CHECK(p.outcome().status == Status::Playing);
    // X's 0/1 matrix is exactly the article's.
    const char* matrix[7] = {"1110111", "0000000", "0010100", "0000010", "1100000", "0111000", "0001111"};
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 7; ++c) {
            CAPTURE(r);
            CAPTURE(c);
            CHECK((p.board().at(Pos{r, c}) == Cell::X) == (matrix[r][c] == '1'));
        }
    CHECK(p.scores().of(Player::X)[Direction::Horizontal] == 1300);
    CHECK(p.scores().of(Player::X)[Direction::Vertical] == 0);
    CHECK(p.scores().of(Player::X)[Direction::Diagonal45] == 0);
    CHECK(p.scores().of(Player::X)[Direction::DiagonalMinus45] == 300);
    CHECK(p.scores().of(Player::X).total() == 1600);
    CHECK(p.scores().of(Player::O).total() == 600);
    CHECK(game.x_name == "Xena");
}

TEST_CASE("sample scoring_article_7x7 is the scoring article's 7x7 example as the article has it") {
    const GameRecord game = read_sample("scoring_article_7x7.json", Format::Json);
    CHECK(game.rules == Rules::score(7, 7));
    // What the browser shows: the game is named after the article.
    CHECK(game.x_name == "The scoring article's 7×7 example");
    CHECK(game.o_name == "O (no marks in the article)");
    // X's 18 marks and no O mark, set up rather than played.
    REQUIRE(game.setup);
    CHECK(game.setup->x.size() == 18);
    CHECK(game.setup->o.empty());
    CHECK(game.events.empty());
    const Position& p = test::fold_all(game).position;
    CHECK(p.board() ==
          board_of({"xxx.xxx", ".......", "..x.x..", ".....x.", "xx.....", ".xxx...", "...xxxx"}));
    CHECK(p.move_count() == 0);
    CHECK(p.to_move() == Player::O);
    CHECK(p.scores().of(Player::X)[Direction::Horizontal] == 1300);
    CHECK(p.scores().of(Player::X)[Direction::DiagonalMinus45] == 300);
    CHECK(p.scores().of(Player::X).total() == 1600);
    CHECK(p.scores().of(Player::O).total() == 0);
}

TEST_CASE("sample classic_draw is a draw") {
    const GameRecord game = read_sample("classic_draw.json", Format::Json);
    CHECK(game.rules == Rules::classic());
    const GameState state = test::fold_all(game);
    CHECK(state.position.outcome().status == Status::Draw);
    CHECK(state.position.board() == board_of({"oxx", "xxo", "oox"}));
}

TEST_CASE("sample fullline_4x5 is won by a whole column") {
    const GameRecord game = read_sample("fullline_4x5.json", Format::Json);
    CHECK(game.rules == Rules::fullline(4, 5));
    const GameState state = test::fold_all(game);
    const Outcome& outcome = state.position.outcome();
    CHECK(outcome.status == Status::Won);
    CHECK(outcome.winner == Player::X);
    CHECK(outcome.winning_line == std::vector<Pos>{{0, 2}, {1, 2}, {2, 2}, {3, 2}});
    CHECK(state.position.move_count() == 7);
}

TEST_CASE("sample gomoku_15x15 is black's five on a diagonal") {
    const GameRecord game = read_sample("gomoku_15x15.sgf", Format::Sgf);
    CHECK(game.rules == Rules::gomoku(false, 15, 15));
    CHECK(game.x_name == "Black Stone");
    CHECK(game.declared_result == "B+");
    const GameState state = test::fold_all(game);
    const Outcome& outcome = state.position.outcome();
    CHECK(outcome.status == Status::Won);
    CHECK(outcome.winner == Player::X);
    CHECK(outcome.winning_line == std::vector<Pos>{{6, 4}, {7, 5}, {8, 6}, {9, 7}, {10, 8}});
    CHECK(state.position.move_count() == 27);
}

TEST_CASE("sample score_5x5_complete fills the board and X wins 2200 to 500") {
    const GameRecord game = read_sample("score_5x5_complete.json", Format::Json);
    CHECK(game.rules == Rules::score(5, 5));
    const GameState state = test::fold_all(game);
    const Position& p = state.position;
    CHECK(p.board().full());
    CHECK(p.outcome().status == Status::Won);
    CHECK(p.outcome().winner == Player::X);
    CHECK(p.scores().of(Player::X).total() == 2200);
    CHECK(p.scores().of(Player::O).total() == 500);
    CHECK(p.board() == board_of({"ooxoo", "ooooo", "xxxxx", "xooxo", "xxxxx"}));
}

TEST_CASE("the samples go into an empty database once") {
    store::EventStore db = store::EventStore::open_in_memory();
    auto first = import_samples_if_empty(db, test::sample_path(""), 1000);
    REQUIRE(first.has_value());
    CHECK(first.value().size() == 6);
    // Not empty any more: nothing is imported again.
    auto second = import_samples_if_empty(db, test::sample_path(""), 2000);
    REQUIRE(second.has_value());
    CHECK(second.value().empty());
    CHECK(db.list_games().size() == 6);
    CHECK(db.verify().ok());

    store::EventStore other = store::EventStore::open_in_memory();
    auto missing = import_samples_if_empty(other, test::sample_path("no-such-folder"), 1000);
    REQUIRE(missing.has_value());
    CHECK(missing.value().empty());
}

TEST_CASE("two first runs at once, in two processes, import the samples once") {
    const ttt::testing::TempDir dir("ttt-samples-race");
    const std::filesystem::path db = dir.file("games.db");
    { (void)store::EventStore::open(db); }  // the empty log both find
    // Each child (this test forked, no other program) opens the log, sees it empty, says it is ready and
    // waits to be told to go, then imports: the window in which the old emptiness check let both through.
    const auto first_run = [&] {
        int status = 1;
        try {
            auto store = store::EventStore::open(db);
            const bool empty = store.list_games().empty();
            char byte = 0;
            (void)!::write(STDOUT_FILENO, "r\n", 2);
            (void)!::read(STDIN_FILENO, &byte, 1);
            if (empty) {
                const auto imported = import_samples_if_empty(store, test::sample_path(""), 1000);
                status = imported.has_value() ? 0 : 2;
            }
        } catch (...) {
            status = 3;
        }
        return status;
    };
    ttt::testing::ChildOptions streams;
    streams.in = ttt::testing::Stream::pipe();
    streams.out = ttt::testing::Stream::pipe();
    std::vector<ttt::testing::ChildProcess> children;
    for (int c = 0; c < 2; ++c)
        children.push_back(ttt::testing::ChildProcess::fork_running(first_run, streams));
    for (auto& child : children) REQUIRE(child.read_line(30000) == "r");
    for (auto& child : children) REQUIRE(child.write("g"));
    for (auto& child : children) CHECK(child.wait() == 0);
    {
        auto store = store::EventStore::open(db);
        CHECK(store.list_games().size() == 6);
        CHECK(store.verify().ok());
    }
}

}  // namespace ttt::exchange
