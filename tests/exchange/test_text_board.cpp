// Text boards in: the article's 7x7 example imports as a set-up game, rules are required, who moves next
// can be chosen, and a board the rules cannot start from is refused with one sentence.
#include "test_games.hpp"

#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

namespace ttt::exchange {

namespace {

// The scoring article's 7x7 example as `tictactrace score` reads it.
const char* const kArticle = "xxx.xxx\n.......\n..x.x..\n.....x.\nxx.....\n.xxx...\n...xxxx\n";

ImportOptions with_rules(const char* name) {
    ImportOptions options;
    options.rules = RulesChoice{name};
    options.now_ms = 1'700'000'000'000;
    return options;
}

GameRecord one_game(std::string_view text, const ImportOptions& options) {
    const GamesRead games = test::read_ok(text, options);
    REQUIRE(games.games.size() == 1);
    return games.games.front();
}

}  // namespace

TEST_CASE("the article's 7x7 board imports as a set-up game worth 1600 to X and 0 to O") {
    CHECK(sniff_format(kArticle) == Format::Board);
    const GameRecord game = one_game(kArticle, with_rules("score"));
    CHECK(game.rules == Rules::score(7, 7));
    CHECK(game.setup == test::article_set_up());  // O to move: X has more marks
    CHECK(game.events.empty());
    CHECK(game.created_ms == 1'700'000'000'000);
    CHECK(game.source_format == "board");
    const GameState state = test::fold_all(game);
    CHECK(state.position.scores().of(Player::X).total() == 1600);
    CHECK(state.position.scores().of(Player::O).total() == 0);
    CHECK(state.position.to_move() == Player::O);
    CHECK(state.position.moves().empty());
}

TEST_CASE("a text board says who moves next by --to-move, else by its marks") {
    ImportOptions options = with_rules("mnk");
    CHECK(one_game("x..\n.o.\n...\n", options).setup->to_move == Player::X);  // as many of each
    CHECK(one_game("x..\n.o.\nx..\n", options).setup->to_move == Player::O);
    options.to_move = Player::O;
    CHECK(one_game("x..\n.o.\n...\n", options).setup->to_move == Player::O);
    // Upper case, spaces around a row and blank lines read as `score` reads them.
    const GameRecord spaced = one_game("\n  X.O  \n\n...\n", options);
    CHECK(spaced.rules.rows == 2);
    CHECK(spaced.setup == SetUp{{{0, 0}}, {{0, 2}}, Player::O});
}

TEST_CASE("a text board needs rules the board can be played under") {
    ExchangeError e = test::read_error(kArticle, ImportOptions{});
    CHECK(e.kind == ExchangeErrorKind::Unsupported);
    CHECK(e.describe() == "a text board carries no rules: give --rules (classic, fullline, gomoku, mnk, "
                          "score, renju or caro), played on its 7x7 board");
    e = test::read_error(kArticle, with_rules("classic"));
    CHECK(e.kind == ExchangeErrorKind::BadBoard);
    CHECK(e.describe() ==
          "the board is 7x7: classic is 3x3 with three in a row; use --rules mnk for other sizes");
    // Five in a row is a game gomoku has already ended; the score rules take the same board.
    const char* const five = "xxxxx....\n.........\noooo.....\n";
    e = test::read_error(five, with_rules("gomoku"));
    CHECK(e.message ==
          "the set-up cannot start a game: it is already won: X has 5 in a row from (1, 1) to (1, "
          "5); set up a position that can still be played");
    const GameState scored = test::fold_all(one_game(five, with_rules("score")));
    CHECK(scored.position.scores().of(Player::X).total() == 500);
    CHECK(scored.position.scores().of(Player::O).total() == 400);
    // A board that does not parse is refused with its line.
    e = test::read_error("xo.\nx.\n", with_rules("score"));
    CHECK(e.kind == ExchangeErrorKind::Malformed);
    CHECK(e.describe() == "line 2: ragged board: this row has 2 cells, the first row has 3");
    e = test::read_error("xo?\n", ImportOptions{Format::Board, RulesChoice{"score"}, 0, {}});
    CHECK(e.describe() == "line 1: unexpected '?' in column 3: expected 'x', 'o' or '.'");
}

TEST_CASE("--to-move is only for text boards, and a board is not an export format") {
    ImportOptions options;
    options.to_move = Player::O;
    const ExchangeError e = test::read_error("(;GM[4];B[hh])", options);
    CHECK(e.message == "--to-move is for text boards; a file in sgf says who moves by its moves (or PL[])");
    const GameRecord game = test::random_game(Rules::classic(), {3, 1});
    auto written = write_games(std::span<const GameRecord>(&game, 1), Format::Board);
    REQUIRE(failed_with<ExchangeError>(written));
    CHECK(written.error().message.starts_with("a text board holds one position"));
}

TEST_CASE("format names are read in any case") {
    CHECK(format_from_name("SGF") == Format::Sgf);
    CHECK(format_from_name("Json") == Format::Json);
    CHECK(format_from_name("BOARD") == Format::Board);
    CHECK(format_from_name("psq") == Format::Psq);
    CHECK_FALSE(format_from_name("sgff"));
    CHECK_FALSE(format_from_name(""));
    // A board's first row is cells and nothing else; text that only starts like one is not a board.
    CHECK(sniff_format("  ...\n.x.\n") == Format::Board);
    CHECK(sniff_format("x.o \r\n") == Format::Board);
    CHECK(sniff_format("xylophone") == Format::Binary);
    CHECK(sniff_format("x o x\n") == Format::Binary);
}

}  // namespace ttt::exchange
