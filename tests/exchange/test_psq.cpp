// PSQ in and out: the real Gomocup fixture, line ends, the end of the moves, errors with line numbers.
#include "test_games.hpp"

#include "tictactrace/exchange/psq.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <limits>

namespace ttt::exchange {

namespace {

using test::read_error;
using test::read_ok;

std::string without_cr(std::string text) {
    text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
    return text;
}

}  // namespace

TEST_CASE("the gomocup fixture ends with the second player's five at move 16") {
    const std::string text = test::read_text_file(test::fixture_path("psq/piskvork_crlf_o_wins.psq"));
    REQUIRE(text.find("\r\n") != std::string::npos);  // the fixture keeps Piskvork's CRLF
    CHECK(sniff_format(text) == Format::Psq);
    ImportOptions options;
    options.now_ms = 1'000'000;
    const GamesRead read = read_ok(text, options);
    REQUIRE(read.games.size() == 1);
    const GameRecord& game = read.games.front();
    CHECK(game.rules == Rules::gomoku(false, 20, 20));
    CHECK(game.x_name == "alpha.exe");
    CHECK(game.o_name == "beta.zip");
    REQUIRE(game.events.size() == 16);
    // "10,10,300": x is the column; times add up from the import time.
    CHECK(game.events[0].event == Event{MovePlayed{Player::X, {9, 9}}});
    CHECK(game.events[0].recorded_ms == 1'000'300);
    CHECK(game.events[1].event == Event{MovePlayed{Player::O, {4, 2}}});
    CHECK(game.events[1].recorded_ms == 1'002'400);
    CHECK(game.events[15].where.line == 17);

    const GameState state = test::fold_all(game);
    CHECK(state.position.outcome().status == Status::Won);
    CHECK(state.position.outcome().winner == Player::O);
    // Row 5, columns 3 to 7 (1-based), completed by "7,5".
    const std::vector<Pos> line{{4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}};
    CHECK(state.position.outcome().winning_line == line);
    CHECK(read.notes.empty());

    // The fold after move 15 is still open: the five is move 16's.
    GameRecord before = game;
    before.events.pop_back();
    CHECK(test::fold_all(before).position.outcome().status == Status::Playing);
}

TEST_CASE("psq reads LF files, x,y lines without a time as Piskvork does, and stops at the first non-move") {
    ImportOptions options;
    options.now_ms = 5'000;
    const GamesRead read =
        read_ok("Piskvorky 15x10, 11:11, 0\n1,1,0\n2,2,10\n3,3\n4,4,10\nend\n5,5,0\n", options);
    const GameRecord& game = read.games.front();
    CHECK(game.rules == Rules::gomoku(false, 10, 15));
    REQUIRE(game.events.size() == 4);
    // "3,3" is a move without a time: it is recorded at the time of the move before.
    CHECK(game.events[2].event == Event{MovePlayed{Player::X, {2, 2}}});
    CHECK(game.events[2].recorded_ms == 5'010);
    CHECK(game.events[3].recorded_ms == 5'020);
    CHECK(game.x_name.empty());
    // "5,5,0" after the stop is a move left out: a warning says so.
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes[0].warns());
    CHECK(read.notes[0].describe() ==
          "line 6, column 1: game 1: the moves: the moves end after line 5: 1 later line that looks like a "
          "move was ignored (a PSQ game stops at the first line that is not a move, x,y or x,y,ms)");
}

TEST_CASE("psq: a number too large for 64 bits or junk between moves ends the moves with a warning") {
    SUBCASE("an overflowing number") {
        const GamesRead read = read_ok(
            "Piskvorky 20x20, 11:11, 0\n1,1,0\n99999999999999999999,1,0\n3,3,0\n4,4,0\neng1\neng2\n0\n");
        CHECK(read.games.front().events.size() == 1);
        REQUIRE(read.notes.size() == 1);
        CHECK(read.notes[0].where.line == 3);
        CHECK(read.notes[0].message.starts_with(
            "the moves end after line 2: 3 later lines that look like moves were ignored"));
        CHECK(read.notes[0].warns());
    }
    SUBCASE("junk between moves") {
        const GamesRead read =
            read_ok("Piskvorky 20x20, 11:11, 0\r\n1,1,0\r\n2,2,0\r\noops\r\n3,3,0\r\n -4 , 4,0\r\n");
        CHECK(read.games.front().events.size() == 2);
        REQUIRE(read.notes.size() == 1);
        CHECK(read.notes[0].message.starts_with(
            "the moves end after line 3: 2 later lines that look like moves were ignored"));
    }
    SUBCASE("Piskvork's trailer alone is no warning") {
        const GamesRead read = read_ok("Piskvorky 20x20, 11:11, 0\n1,1,0\neng1\neng2\n-1\n");
        CHECK(read.notes.empty());
        CHECK(read.games.front().x_name == "eng1");
    }
}

TEST_CASE("psq errors name the line") {
    SUBCASE("a taken cell") {
        const ExchangeError e = read_error("Piskvorky 20x20, 7:7, 0\r\n10,10,1\r\n11,11,1\r\n10,10,1\r\n");
        CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
        CHECK(e.describe() ==
              "line 4, column 1: game 1: move 3 (X at 10, 10): cell (10, 10) is already taken by X");
    }
    SUBCASE("off the board") {
        const ExchangeError e = read_error("Piskvorky 20x20, 7:7, 0\n21,1,5\n");
        CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
        CHECK(e.where.line == 2);
        CHECK(e.message.find("off the 20x20 board") != std::string::npos);
    }
    SUBCASE("far off the board: the file's own number") {
        const ExchangeError e = read_error("Piskvorky 20x20, 7:7, 0\n1,1,0\n9000000000000000000,2,0\n");
        CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
        CHECK(e.describe() ==
              "line 3, column 1: game 1: move 2: column 9000000000000000000 is off the board");
        const ExchangeError y = read_error("Piskvorky 20x20, 7:7, 0\n1,-9223372036854775808,0\n");
        CHECK(y.message == "move 1: row -9223372036854775808 is off the board");
    }
    SUBCASE("after the game ended") {
        const ExchangeError e = read_error(
            "Piskvorky 9x9, 7:7, 0\n1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n4,2,0\n5,1,0\n5,2,0\n");
        CHECK(e.where.line == 11);
        CHECK(e.message.find("the game is over") != std::string::npos);
    }
    SUBCASE("a board of zero or absurd size") {
        ExchangeError e = read_error("Piskvorky 0x20, 7:7, 0\n");
        CHECK(e.kind == ExchangeErrorKind::BadBoard);
        CHECK(e.where.line == 1);
        e = read_error("Piskvorky 5000x5000, 7:7, 0\n");
        CHECK(e.kind == ExchangeErrorKind::BadBoard);
        e = read_error("Piskvorky big, 7:7, 0\n");
        CHECK(e.kind == ExchangeErrorKind::Malformed);
    }
}

TEST_CASE("psq round trip keeps moves times and names") {
    GameRecord game =
        test::random_game(Rules::gomoku(false, 20, 20), {70, 9, false, false, "engine one", "engine two"});
    auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Psq);
    REQUIRE(text.has_value());
    const std::string& psq = text.value();
    CHECK(psq.starts_with("Piskvorky 20x20, 11:11, 0\r\n"));
    ImportOptions options;
    options.now_ms = game.created_ms;
    const GamesRead read = read_ok(psq, options);
    REQUIRE(read.games.size() == 1);
    CHECK(read.games.front() == [&] {
        GameRecord expected = game;
        expected.source_format = "psq";
        return expected;
    }());
    test::check_same_fold_at_every_step(game, read.games.front());
    // LF instead of CRLF reads the same.
    CHECK(read_games(without_cr(psq), options).value().games.front() == read.games.front());
}

TEST_CASE("psq says what a game loses in a PSQ file: an end off the board, its variations, its comments") {
    // X (8, 8), O (9, 9), X (8, 9), then O resigns: the moves go in the file, the resignation cannot.
    GameRecord game;
    game.rules = Rules::gomoku();
    for (const auto& [player, pos] :
         {std::pair{Player::X, Pos{7, 7}}, std::pair{Player::O, Pos{8, 8}}, std::pair{Player::X, Pos{7, 8}}})
        game.events.push_back(RecordedEvent{Event{MovePlayed{player, pos}}, 0, {}});
    CHECK(psq_left_out(game).empty());  // moves alone: the file holds them all
    game.events.push_back(RecordedEvent{Event{VariationPlayed{1, Player::O, Pos{0, 0}}}, 0, {}});
    game.events.push_back(RecordedEvent{Event{VariationPlayed{1, Player::O, Pos{0, 1}}}, 0, {}});
    game.events.push_back(RecordedEvent{Event{Annotated{2, Annotation{"a comment", {}, {}, {}}}}, 0, {}});
    // A step's annotation cleared again carries nothing.
    game.events.push_back(RecordedEvent{Event{Annotated{3, Annotation{"gone", {}, {}, {}}}}, 0, {}});
    game.events.push_back(RecordedEvent{Event{Annotated{3, Annotation{}}}, 0, {}});
    game.events.push_back(RecordedEvent{Event{Resigned{Player::O}}, 0, {}});
    CHECK(psq_left_out(game) == "the end (O resigned), 2 variations, 1 step's comment or marks");
    // What is left out stays out: the file still reads back as the moves.
    auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Psq);
    REQUIRE(text.has_value());
    CHECK(read_ok(text.value()).games.front().events.size() == 3);
}

TEST_CASE("psq holds one game") {
    const std::vector<GameRecord> two{test::random_game(Rules::gomoku(), {5, 1}),
                                      test::random_game(Rules::gomoku(), {5, 2})};
    auto text = write_games(two, Format::Psq);
    REQUIRE(failed_with<ExchangeError>(text));
    CHECK(text.error().kind == ExchangeErrorKind::Unsupported);
}

TEST_CASE("psq export of a set-up game is refused, naming the reason") {
    const GameRecord game =
        test::set_up_game(Rules::gomoku(false, 15, 15), SetUp{{{7, 7}, {7, 8}}, {{6, 6}}, Player::O}, 4);
    auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Psq);
    REQUIRE(failed_with<ExchangeError>(text));
    const ExchangeError& e = text.error();
    CHECK(e.kind == ExchangeErrorKind::Unsupported);
    CHECK(e.message ==
          "a PSQ file cannot hold a set-up position (2 X, 1 O): it lists moves from an empty board "
          "only; export as json, xml, binary or sgf instead");
}

}  // namespace ttt::exchange

namespace ttt::exchange {

TEST_CASE("psq export of extreme times writes gaps it can hold") {
    GameRecord game;
    game.rules = Rules::gomoku(false, 15, 15);
    game.created_ms = std::numeric_limits<std::int64_t>::min();
    append_event(game, MovePlayed{Player::X, {7, 7}}, std::numeric_limits<std::int64_t>::max());
    append_event(game, MovePlayed{Player::O, {7, 8}}, 0);
    auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Psq);
    REQUIRE(text.has_value());
    // The first gap is capped at 2^31 - 1 ms; time going backwards is written as 0.
    CHECK(text.value() == "Piskvorky 15x15, 11:11, 0\r\n8,8,2147483647\r\n9,8,0\r\n0\r\n");
}

}  // namespace ttt::exchange
