// SGF in and out: the real renju fixture, the format's corners, errors with line and column, round trips.
#include "test_games.hpp"

#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sgf.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

namespace ttt::exchange {

namespace {

using test::read_error;
using test::read_ok;

Pos at(int row1, int col1) {
    return {row1 - 1, col1 - 1};
}

}  // namespace

TEST_CASE("the renju fixture imports with black resigning after 10 moves") {
    const std::string text = test::read_text_file(test::fixture_path("sgf/renju_resigned_with_comment.sgf"));
    CHECK(sniff_format(text) == Format::Sgf);
    const GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 1);
    const GameRecord& game = read.games.front();
    CHECK(game.rules == Rules::gomoku(false, 15, 15));
    CHECK(game.x_name == "Karel");
    CHECK(game.o_name == "Ilse");
    CHECK(game.declared_result == "W+Resign");
    // DT[2025-05-14]: every event is stamped with midnight UTC of that day.
    CHECK(game.created_ms == 1'747'180'800'000);

    // Ten moves, B[hh] first (column h, row h), then the declared resignation as an event.
    // Ten moves, what the root keeps for the file written back (the editor's OB and LZ, the game's name,
    // the event, the ranks, the time and the komi), Ilse's thinking as a comment on W[gg], the declared
    // resignation.
    REQUIRE(game.events.size() == 13);
    CHECK(game.events[0].event == Event{MovePlayed{Player::X, at(8, 8)}});
    CHECK(game.events[1].event == Event{MovePlayed{Player::O, at(8, 9)}});
    CHECK(game.events[9].event == Event{MovePlayed{Player::O, at(9, 9)}});
    const auto& root = std::get<Annotated>(game.events[10].event);
    CHECK(root.node == 0);
    CHECK(root.note->kept == std::vector<KeptProperty>{{"OB", {"2"}},
                                                       {"LZ", {"dd", "ee"}},
                                                       {"GN", {"Karel-Ilse(B) : club rule"}},
                                                       {"EV", {"club evening"}},
                                                       {"WR", {"2k*"}},
                                                       {"BR", {"1d "}},
                                                       {"TM", {"900"}},
                                                       {"KM", {"5.5"}}});
    CHECK(game.events[11].event == Event{Annotated{4, Annotation{"Ilse thinks for a while.", {}, {}, {}}}});
    CHECK(game.events[12].event == Event{Resigned{Player::X}});
    CHECK(game.events[0].where == SourceSpot{13, 2, game.events[0].where.byte_offset});
    CHECK(game.events[5].where.line == 16);
    CHECK(game.events[5].where.column == 8);

    const GameState state = test::fold_all(game);
    CHECK(state.position.move_count() == 10);
    CHECK(state.position.outcome().status == Status::Resigned);
    CHECK(state.position.outcome().winner == Player::O);

    // The resignation is reported, not hidden; it agrees with the declaration.
    REQUIRE(read.notes.size() == 1);
    CHECK_FALSE(read.notes.front().disagreement);
    CHECK(read.notes.front().where.line == 7);
    CHECK(read.notes.front().describe().find("W+Resign") != std::string::npos);
}

TEST_CASE("sgf collections give one game each") {
    const std::string text = "(;GM[4]FF[4]SZ[15]PB[Ann]PW[Bob];B[hh];W[ii])\n"
                             "(;GM[4]FF[4]SZ[9:7]PB[Cy]PW[Di];B[aa];W[ig])";
    const GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 2);
    CHECK(read.games[0].rules == Rules::gomoku(false, 15, 15));
    CHECK(read.games[1].rules.cols == 9);
    CHECK(read.games[1].rules.rows == 7);
    // SZ[cols:rows], and "ig" is column i (9), row g (7): the bottom-right corner.
    CHECK(read.games[1].events[1].event == Event{MovePlayed{Player::O, at(7, 9)}});
    CHECK(read.games[1].x_name == "Cy");
}

TEST_CASE("sgf comments escapes line breaks unknown properties and an empty last node are accepted") {
    const std::string text = "(;FF[4]GM[4]SZ[15]XY[unknown][values]C[a comment with \\] and\nline breaks]\r\n"
                             "PB[Black \\\\ player]PW[White\\\nplayer]\n"
                             ";B[hh]C[nice]\n;W[hi]\n;B[hj];)";
    const GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 1);
    const GameRecord& game = read.games.front();
    CHECK(game.x_name == "Black \\ player");
    CHECK(game.o_name == "Whiteplayer");  // a soft line break vanishes
    // Three moves, then the comments: the root's on the start, "nice" on B[hh].
    REQUIRE(game.events.size() == 5);
    CHECK(game.events[2].event == Event{MovePlayed{Player::X, at(10, 8)}});
    // XY, which nothing here reads, is kept with the root's comment, to be written back.
    CHECK(game.events[3].event ==
          Event{Annotated{
              0,
              Annotation{"a comment with ] and\nline breaks", {}, {}, {}, {{"XY", {"unknown", "values"}}}}}});
    CHECK(game.events[4].event == Event{Annotated{1, Annotation{"nice", {}, {}, {}}}});
}

TEST_CASE("sgf variations become the game's variations after its own moves") {
    const std::string text = "(;GM[4]SZ[15];B[hh](;W[ii];B[jj])(;W[aa];B[bb]))";
    const GamesRead read = read_ok(text);
    const auto& events = read.games.front().events;
    REQUIRE(events.size() == 5);
    CHECK(events[1].event == Event{MovePlayed{Player::O, at(9, 9)}});
    // W[aa] from B[hh] (node 1) is node 4; B[bb] follows it.
    CHECK(events[3].event == Event{VariationPlayed{1, Player::O, at(1, 1)}});
    CHECK(events[4].event == Event{VariationPlayed{4, Player::X, at(2, 2)}});
    CHECK(events[3].where.column == 36);
    CHECK(read.notes.empty());
}

TEST_CASE(
    "a line whose first child is a comment with no move goes on with the next child, as GOWrite writes it") {
    // After W[hi] the main line ends in a node that only comments; the next children are the moves that
    // follow. A game's last step can have no variation, so B[ii] goes on with the game and B[jj] is the
    // variation; the comment is W[hi]'s, after its own.
    const std::string text =
        "(;GM[4]SZ[15];B[hh];W[hi]C[first](;C[comment only])(;B[ii]C[side line])(;B[jj]))";
    const GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 1);
    const auto& events = read.games.front().events;
    REQUIRE(events.size() == 6);
    CHECK(events[0].event == Event{MovePlayed{Player::X, at(8, 8)}});
    CHECK(events[1].event == Event{MovePlayed{Player::O, at(9, 8)}});
    CHECK(events[2].event == Event{MovePlayed{Player::X, at(9, 9)}});
    CHECK(events[3].event == Event{VariationPlayed{2, Player::X, at(10, 10)}});
    CHECK(events[4].event == Event{Annotated{2, Annotation{"first\n\ncomment only", {}, {}, {}}}});
    CHECK(events[5].event == Event{Annotated{3, Annotation{"side line", {}, {}, {}}}});
    // A node with no move and no comment, first of two, changes nothing.
    const GamesRead bare = read_ok("(;GM[4]SZ[15];B[hh](;)(;W[ii]))");
    REQUIRE(bare.games.front().events.size() == 2);
    CHECK(bare.games.front().events[1].event == Event{MovePlayed{Player::O, at(9, 9)}});
}

TEST_CASE("a renju SGF tree's foul variation is marked on its step, and the rest of the tree stays") {
    // (8, 8) makes two open threes for X after these eight moves; the tree tries it as a variation.
    const std::string text = "(;GM[4]SZ[15];B[fh];W[aa];B[gh];W[oa];B[hf];W[ao];B[hg];W[oo]"
                             "(;B[ba])(;B[hh]C[a foul];W[ab])(;B[cc]))";
    ImportOptions renju;
    renju.rules = RulesChoice{"renju", 0, false};
    const GamesRead read = read_ok(text, renju);
    const auto& events = read.games.front().events;
    REQUIRE(events.size() == 11);
    CHECK(events[9].event == Event{VariationPlayed{8, Player::X, at(3, 3)}});
    const auto& mark = std::get<Annotated>(events[10].event);
    CHECK(mark.node == 8);
    CHECK(mark.note->comment == "Foul: X (black) at (8, 8) is a double-three, forbidden in renju. a foul");
    CHECK(mark.note->shapes ==
          std::vector<Shape>{Shape{ShapeKind::Triangle, at(8, 8), std::nullopt, ShapeColour::Red, {}}});
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().where.line == 1);
    CHECK(read.notes.front().where.column == 72);  // at B[hh]
}

TEST_CASE("a value too long to quote whole is cut with an ellipsis, never mistaken for the file's") {
    CHECK(read_error("(;GM[4]SZ[99999999999999999999999];B[aa])").message ==
          "SZ[9999999999999999\u2026] is not a board size");
    // A short value is quoted whole, and a cut never splits a character.
    CHECK(read_error("(;GM[4]SZ[x];B[aa])").message == "SZ[x] is not a board size");
    std::string accents;
    for (int i = 0; i < 9; ++i) accents += "\xC3\xA9";  // e acute, two bytes each
    // "a" and 7 of them are 15 bytes; the 16th is half of the 8th, which is left out whole.
    CHECK(read_error("(;GM[4]SZ[a" + accents + "];B[aa])").message ==
          "SZ[a" + accents.substr(0, 14) + "\u2026] is not a board size");
}

TEST_CASE("sgf rules come from the flag when one is given") {
    const std::string text = "(;GM[4]SZ[7];B[aa];W[bb];B[ab];W[bc];B[ac];W[bd];B[ad])";
    ImportOptions options;
    options.rules = RulesChoice{"mnk", 4, false};
    const GamesRead read = read_ok(text, options);
    CHECK(read.games.front().rules == Rules::mnk(7, 7, 4, false));
    const GameState state = test::fold_all(read.games.front());
    CHECK(state.position.outcome().status == Status::Won);
    CHECK(state.position.outcome().winner == Player::X);

    options.rules = RulesChoice{"gomoku", 0, true};
    CHECK(read_ok("(;GM[4]SZ[15];B[hh])", options).games.front().rules == Rules::gomoku(true, 15, 15));

    options.rules = RulesChoice{"classic", 0, false};
    const ExchangeError error = read_error("(;GM[4]SZ[15];B[hh])", options);
    CHECK(error.kind == ExchangeErrorKind::BadBoard);
    CHECK(error.message.find("3x3") != std::string::npos);
}

TEST_CASE("sgf results that disagree with the fold are reported and the game still imports") {
    // Black makes five in a row; the file says white won.
    const std::string text = "(;GM[4]SZ[15]RE[W+];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd];B[ae])";
    const GamesRead read = read_ok(text);
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().disagreement);
    CHECK(read.notes.front().describe() ==
          "line 1, column 14: game 1: RE: the file declares RE[W+] (O (white) wins) but the fold gives X won "
          "with a line");
    CHECK(test::fold_all(read.games.front()).position.outcome().winner == Player::X);

    // A draw declared on a board that is neither full nor won: one by agreement or adjudication, which
    // the log records as such.
    const GamesRead draw = read_ok("(;GM[4]SZ[15]RE[0];B[aa])");
    REQUIRE(draw.notes.size() == 1);
    CHECK_FALSE(draw.notes.front().warns());
    CHECK(draw.games.front().events.back().event == Event{Adjudicated{std::nullopt, "0"}});
    CHECK(test::fold_all(draw.games.front()).position.outcome().status == Status::Adjudicated);
    // A draw declared while one side has five is a disagreement.
    const GamesRead wrong_draw =
        read_ok("(;GM[4]SZ[15]RE[Draw];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd];B[ae])");
    REQUIRE(wrong_draw.notes.size() == 1);
    CHECK(wrong_draw.notes.front().disagreement);
}

TEST_CASE("sgf errors name the line and column") {
    SUBCASE("a move on a taken cell") {
        const ExchangeError e = read_error("(;GM[4]SZ[15]\n;B[hh];W[ii]\n;B[hh])");
        CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
        CHECK(e.describe() ==
              "line 3, column 2: game 1: move 3 (X at 8, 8): cell (8, 8) is already taken by X");
    }
    SUBCASE("a move off the board") {
        const ExchangeError e = read_error("(;GM[4]SZ[5];B[aa];W[fa])");
        CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
        CHECK(e.where == SourceSpot{1, 20, 19});
        CHECK(e.message.find("off the 5x5 board") != std::string::npos);
    }
    SUBCASE("a move after the game ended") {
        const ExchangeError e =
            read_error("(;GM[4]SZ[15];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd];B[ae]\n;W[be])");
        CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
        CHECK(e.where.line == 2);
        CHECK(e.where.column == 2);
        CHECK(e.message.find("the game is over") != std::string::npos);
    }
    SUBCASE("two moves of the same colour in a row") {
        const ExchangeError e = read_error("(;GM[4];B[aa];B[bb])");
        CHECK(e.where.column == 15);
        CHECK(e.message.find("O's turn") != std::string::npos);
    }
    SUBCASE("a board of zero or absurd size") {
        ExchangeError e = read_error("(;GM[4]\nSZ[0];B[aa])");
        CHECK(e.kind == ExchangeErrorKind::BadBoard);
        CHECK(e.where == SourceSpot{2, 1, 8});
        e = read_error("(;GM[4]SZ[99999:3])");
        CHECK(e.kind == ExchangeErrorKind::BadBoard);
        CHECK(e.where.column == 8);
    }
    SUBCASE("a truncated file") {
        ExchangeError e = read_error("(;GM[4]SZ[15];B[hh];W[i");
        CHECK(e.kind == ExchangeErrorKind::Truncated);
        CHECK(e.message.find("line 1, column 22") != std::string::npos);  // where the value opened
        e = read_error("(;GM[4]SZ[15];B[hh]\n");
        CHECK(e.kind == ExchangeErrorKind::Truncated);
        CHECK(e.where.line == 2);
    }
    SUBCASE("broken syntax") {
        ExchangeError e = read_error("(;GM[4]SZ[15];B[hh]]", ImportOptions{Format::Sgf, {}, 0, {}});
        CHECK(e.kind == ExchangeErrorKind::Malformed);
        CHECK(e.where.column == 20);
        e = read_error("(;GM[4];B[h])");
        CHECK(e.message.find("not a point") != std::string::npos);
        e = read_error("(;GM[1];B[hh])");
        CHECK(e.kind == ExchangeErrorKind::Unsupported);
        e = read_error("(;GM[4]AE[aa];B[cc])");
        CHECK(e.kind == ExchangeErrorKind::Unsupported);
        e = read_error("(;GM[4];B[])");
        CHECK(e.kind == ExchangeErrorKind::Unsupported);
        e = read_error("(GM[4])");
        CHECK(e.kind == ExchangeErrorKind::Malformed);
    }
}

TEST_CASE("sgf export writes the result of the fold") {
    GameRecord game;
    game.rules = Rules::gomoku(false, 15, 15);
    game.x_name = "A]nn";
    game.o_name = "Bob";
    game.created_ms = 1'065'484'800'000;
    const auto write = [&] {
        auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Sgf);
        REQUIRE(text.has_value());
        return text.value();
    };
    for (int i = 0; i < 4; ++i) {
        append_event(game, MovePlayed{Player::X, {0, i}}, 1);
        append_event(game, MovePlayed{Player::O, {1, i}}, 2);
    }
    CHECK(write().find("RE[") == std::string::npos);  // still playing: no result
    CHECK(write().find("PB[A\\]nn]") != std::string::npos);
    CHECK(write().find("DT[2003-10-07]") != std::string::npos);
    append_event(game, MovePlayed{Player::X, {0, 4}}, 3);
    CHECK(write().find("RE[B+]") != std::string::npos);
    CHECK(write().find(";B[ea])") != std::string::npos);

    game.events.pop_back();
    append_event(game, Resigned{Player::X}, 3);
    CHECK(write().find("RE[W+R]") != std::string::npos);

    // A forfeit on time is SGF's "T"; any other forfeit its "F"; the winner is the side that did not.
    game.events.pop_back();
    append_event(game, Forfeited{Player::X, ForfeitReason::Timeout, "no answer"}, 3);
    CHECK(write().find("RE[W+T]") != std::string::npos);
    for (const ForfeitReason reason :
         {ForfeitReason::Crash, ForfeitReason::Garbage, ForfeitReason::IllegalMove}) {
        game.events.pop_back();
        append_event(game, Forfeited{Player::X, reason, "gone"}, 3);
        CHECK(write().find("RE[W+F]") != std::string::npos);
    }
    game.events.pop_back();
    append_event(game, MovePlayed{Player::X, {5, 5}}, 3);
    append_event(game, Forfeited{Player::O, ForfeitReason::Timeout, "no answer"}, 3);
    CHECK(write().find("RE[B+T]") != std::string::npos);

    // A score-mode win carries its margin; a draw is 0.
    GameRecord scored;
    scored.rules = Rules::score(3, 3);
    for (Pos p :
         {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{2, 1}, Pos{0, 2}, Pos{1, 2}, Pos{1, 1}, Pos{2, 2}, Pos{2, 0}})
        append_event(scored, MovePlayed{static_cast<Player>(scored.events.size() % 2), p}, 0);
    const GameState state = test::fold_all(scored);
    REQUIRE(state.position.outcome().status == Status::Won);
    // X: the top row and the '/' diagonal, 300 each; O has no run of three.
    CHECK(state.position.scores().of(Player::X).total() == 600);
    CHECK(state.position.scores().of(Player::O).total() == 0);
    auto text = write_games(std::span<const GameRecord>(&scored, 1), Format::Sgf);
    REQUIRE(text.has_value());
    CHECK(text.value().find("RE[B+600]") != std::string::npos);

    GameRecord drawn;
    drawn.rules = Rules::classic();
    for (Pos p :
         {Pos{0, 0}, Pos{1, 1}, Pos{2, 2}, Pos{0, 1}, Pos{2, 1}, Pos{2, 0}, Pos{0, 2}, Pos{1, 2}, Pos{1, 0}})
        append_event(drawn, MovePlayed{static_cast<Player>(drawn.events.size() % 2), p}, 0);
    REQUIRE(test::fold_all(drawn).position.outcome().status == Status::Draw);
    text = write_games(std::span<const GameRecord>(&drawn, 1), Format::Sgf);
    CHECK(text.value().find("RE[0]") != std::string::npos);

    GameRecord wide;
    wide.rules = Rules::gomoku(false, 60, 60);
    CHECK(failed_with<ExchangeError>(write_games(std::span<const GameRecord>(&wide, 1), Format::Sgf)));
}

TEST_CASE("sgf round trip keeps the fold of every rule set") {
    const std::vector<Rules> rule_sets{Rules::classic(),
                                       Rules::fullline(4, 5),
                                       Rules::gomoku(false, 15, 15),
                                       Rules::gomoku(true, 20, 20),
                                       Rules::mnk(7, 6, 4, true),
                                       Rules::score(5, 5),
                                       Rules::mnk(1, 1, 1, false),
                                       Rules::gomoku(false, 52, 52),
                                       Rules::renju(),
                                       Rules::caro(19, 19)};
    std::uint32_t seed = 100;
    for (const Rules& rules : rule_sets) {
        for (bool resign : {false, true}) {
            CAPTURE(describe(rules));
            GameRecord game = test::random_game(rules, {60, ++seed, false, resign, "Ann", "Bob"});
            // SGF keeps a date, not times: every event of the original at its creation time.
            for (RecordedEvent& e : game.events)
                e.recorded_ms = game.created_ms - game.created_ms % 86'400'000;
            game.created_ms -= game.created_ms % 86'400'000;
            auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Sgf);
            REQUIRE(text.has_value());
            const GamesRead read = read_ok(text.value());
            REQUIRE(read.games.size() == 1);
            const GameRecord& back = read.games.front();
            CHECK(back.rules == rules);
            CHECK(back.created_ms == game.created_ms);
            test::check_same_fold_at_every_step(game, back);
            for (const ImportNote& note : read.notes) CHECK_FALSE(note.disagreement);
        }
    }
}

TEST_CASE("sgf export of a game with take-backs writes its final line") {
    GameRecord game = test::random_game(Rules::gomoku(false, 15, 15), {40, 7, true, false});
    auto text = write_games(std::span<const GameRecord>(&game, 1), Format::Sgf);
    REQUIRE(text.has_value());
    const GamesRead read = read_ok(text.value());
    CHECK(test::fold_all(read.games.front()).position.moves() == test::fold_all(game).position.moves());
}

TEST_CASE("sgf export writes a set-up as AB, AW and PL in the root node, and reads it back") {
    GameRecord article = test::set_up_game(Rules::score(7, 7), test::article_set_up(), 0);
    article.created_ms = 1'700'006'400'000;  // midnight: SGF keeps only the date
    const auto written = write_games(std::span<const GameRecord>(&article, 1), Format::Sgf);
    REQUIRE(written.has_value());
    const std::string& text = written.value();
    // The root node ends with the set-up; no move follows.
    CHECK(text.find("\nAB[aa][ba][ca][ea][fa][ga][cc][ec][fd][ae][be][bf][cf][df][dg][eg][fg][gg]PL[W]\n)") !=
          std::string::npos);
    CHECK(text.find("AW[") == std::string::npos);  // O has no marks
    GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 1);
    GameRecord back = read.games.front();
    CHECK(back.rules == Rules::score(7, 7));
    CHECK(back.setup == article.setup);
    CHECK(back.created_ms == article.created_ms);
    const GameState state = test::fold_all(back);
    CHECK(state.position.scores().of(Player::X).total() == 1600);
    CHECK(state.position.scores().of(Player::O).total() == 0);

    // Both colours, O to move, moves after it: W moves first in the game tree.
    GameRecord gomoku =
        test::set_up_game(Rules::gomoku(false, 15, 15), SetUp{{{7, 7}, {7, 8}}, {{6, 6}}, Player::O}, 6);
    gomoku.created_ms = article.created_ms;
    for (RecordedEvent& e : gomoku.events) e.recorded_ms = gomoku.created_ms;
    const auto written_gomoku = write_games(std::span<const GameRecord>(&gomoku, 1), Format::Sgf);
    REQUIRE(written_gomoku.has_value());
    const std::string& gomoku_text = written_gomoku.value();
    CHECK(gomoku_text.find("AB[hh][ih]AW[gg]PL[W]\n;W[aa];B[ba]") != std::string::npos);
    read = read_ok(gomoku_text);
    REQUIRE(read.games.size() == 1);
    CHECK(read.games.front().setup == gomoku.setup);
    test::check_same_fold_at_every_step(gomoku, read.games.front());
}

TEST_CASE("sgf set-up stones import as points and rectangles, before the first move") {
    const ImportOptions score{Format::Sgf, RulesChoice{"score"}, 0, {}};
    // The article's example, its runs written as FF[4] rectangles.
    GamesRead read = read_ok("(;GM[4]FF[4]SZ[7]AB[aa:ca][ea:ga][cc][ec][fd][ae:be][bf:df][dg:gg])", score);
    REQUIRE(read.games.size() == 1);
    const GameRecord& article = read.games.front();
    REQUIRE(article.setup);
    CHECK(article.setup->x.size() == 18);
    CHECK(article.setup->o.empty());
    CHECK(article.setup->to_move == Player::O);  // X has more marks: O moves next
    const GameState state = test::fold_all(article);
    CHECK(state.position.scores().of(Player::X).total() == 1600);
    CHECK(state.position.scores().of(Player::O).total() == 0);

    // A rectangle given from either corner, PL naming who moves, AB and AW in the first nodes.
    read = read_ok("(;GM[4]SZ[15]AB[cc:aa];AW[ee][ff]PL[B];B[hh];W[ii])");
    SetUp expected{{at(1, 1), at(1, 2), at(1, 3), at(2, 1), at(2, 2), at(2, 3), at(3, 1), at(3, 2), at(3, 3)},
                   {at(5, 5), at(6, 6)},
                   Player::X};
    CHECK(read.games.front().setup == expected);
    CHECK(read.games.front().events.size() == 2);
    // No PL: the first move's colour says who moves next; without moves, the marks do.
    CHECK(read_ok("(;GM[4]AB[aa][bb]AW[cc];W[dd])").games.front().setup->to_move == Player::O);
    CHECK(read_ok("(;GM[4]AB[aa]AW[cc])").games.front().setup->to_move == Player::X);
    // PL[W] alone: an empty board that O starts on. PL[B] alone is a plain game.
    const GameRecord o_first = read_ok("(;GM[4]PL[W];W[hh];B[ii])").games.front();
    REQUIRE(o_first.setup);
    CHECK(o_first.setup->marks() == 0);
    CHECK_FALSE(read_ok("(;GM[4]PL[B];B[hh])").games.front().setup);
    // PL after a move may repeat whose turn it is.
    CHECK(read_ok("(;GM[4];B[hh]PL[W];W[ii])").games.front().events.size() == 2);
}

TEST_CASE("sgf set-ups that cannot be replayed are refused with a sentence") {
    ExchangeError e = read_error("(;GM[4]SZ[15];B[hh];AB[aa];W[ii])");
    CHECK(e.kind == ExchangeErrorKind::Unsupported);
    CHECK(e.message == "AB after the game's first move changes the board in the middle of the game, which "
                       "cannot be replayed; only a set-up before the first move can");
    CHECK(e.where.column == 21);
    e = read_error("(;GM[4]SZ[15];B[hh]AW[aa])");
    CHECK(e.message.starts_with("AW after the game's first move"));
    e = read_error("(;GM[4]AB[aa]\nAE[aa])");
    CHECK(e.kind == ExchangeErrorKind::Unsupported);
    CHECK(e.message.starts_with("AE clears points"));
    CHECK(e.where.line == 2);
    e = read_error("(;GM[4];B[hh]PL[B])");
    CHECK(e.message.find("move twice") != std::string::npos);
    e = read_error("(;GM[4]PL[X])");
    CHECK(e.message == "PL[X] names no player: expected PL[B] or PL[W]");
    e = read_error("(;GM[4]AB[aa][b])");
    CHECK(e.kind == ExchangeErrorKind::Malformed);
    CHECK(e.message.starts_with("AB[b] is not a point or a rectangle of points"));
    CHECK(e.where.column == 14);
    e = read_error("(;GM[4]AB[aa:b])");
    CHECK(e.kind == ExchangeErrorKind::Malformed);
    // The rules decide what a set-up may be: five in a row is a finished gomoku game, a stone off the
    // board is no position, and a point given to both players is none either.
    e = read_error("(;GM[4]SZ[15]AB[aa:ea])");
    CHECK(e.message ==
          "the set-up cannot start a game: it is already won: X has 5 in a row from (1, 1) to (1, "
          "5); set up a position that can still be played");
    e = read_error("(;GM[4]SZ[9]AB[jj])");
    CHECK(e.message.find("X at (10, 10) is off the 9x9 board") != std::string::npos);
    e = read_error("(;GM[4]AB[cc]AW[cc])");
    CHECK(e.message.find("both X and O are given (3, 3)") != std::string::npos);
    // Under the score rules the same five marks are a position like any other.
    const ImportOptions score{Format::Sgf, RulesChoice{"score"}, 0, {}};
    CHECK(test::fold_all(read_ok("(;GM[4]SZ[15]AB[aa:ea])", score).games.front())
              .position.scores()
              .of(Player::X)
              .total() == 500);
}

TEST_CASE(
    "sgf export writes RU as the Gomocup rule code where it names the rules exactly, and reads it back") {
    // Other programs (c-gomoku-cli, the Gomocup tools) write and read RU as the code; our own words stay
    // for the rule sets the codes do not name.
    const std::pair<Rules, std::string> cases[] = {
        {Rules::gomoku(), "RU[0]"},
        {Rules::gomoku(true), "RU[1]"},
        {Rules::renju(), "RU[4]"},
        {Rules::caro(), "RU[8]"},
        {Rules::mnk(9, 9, 4), "RU[tictactrace:mnk rows=9 cols=9 k=4 exact=0 min_run=3 points=100]"}};
    for (const auto& [rules, ru] : cases) {
        GameRecord game;
        game.rules = rules;
        game.x_name = "Ann";
        game.o_name = "Bob";
        append_event(game, MovePlayed{Player::X, {4, 4}}, 0);
        append_event(game, MovePlayed{Player::O, {4, 5}}, 0);
        const auto text = write_sgf(std::span<const GameRecord>(&game, 1));
        REQUIRE(text.has_value());
        CAPTURE(describe(rules));
        CHECK(text.value().find(ru) != std::string::npos);
        const GamesRead back = read_ok(text.value());
        REQUIRE(back.games.size() == 1);
        CHECK(back.games.front().rules == rules);
    }
}

}  // namespace ttt::exchange
