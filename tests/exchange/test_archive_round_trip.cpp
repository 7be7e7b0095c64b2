// One round-trip body for every cereal archive kind (as cereal's own tests do): every rule set and the
// extreme board sizes survive export then import, fold for fold.
#include "test_games.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

namespace ttt::exchange::test {

struct JsonArchive {
    static constexpr Format kFormat = Format::Json;
};
struct XmlArchive {
    static constexpr Format kFormat = Format::Xml;
};
struct BinaryArchive {
    static constexpr Format kFormat = Format::Binary;
};

}  // namespace ttt::exchange::test

TYPE_TO_STRING(ttt::exchange::test::JsonArchive);
TYPE_TO_STRING(ttt::exchange::test::XmlArchive);
TYPE_TO_STRING(ttt::exchange::test::BinaryArchive);

namespace ttt::exchange {

using test::BinaryArchive;
using test::JsonArchive;
using test::XmlArchive;

namespace {

struct Case {
    const char* name;
    Rules rules;
    test::PlayOptions play;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    out.push_back({"classic", Rules::classic(), {9, 11, false, false}});
    out.push_back({"classic with take-backs", Rules::classic(), {12, 12, true, false}});
    out.push_back({"classic resigned", Rules::classic(), {3, 13, false, true}});
    out.push_back({"fullline 4x5", Rules::fullline(4, 5), {20, 14, true, false}});
    out.push_back({"gomoku 15x15", Rules::gomoku(false, 15, 15), {120, 15, true, false}});
    out.push_back({"gomoku exact 15x15", Rules::gomoku(true, 15, 15), {120, 16, false, true}});
    out.push_back({"mnk 7x6 k4", Rules::mnk(7, 6, 4, false), {42, 17, true, false}});
    out.push_back({"score 5x5", Rules::score(5, 5), {25, 18, false, false}});
    out.push_back({"score 6x4 min_run 2", Rules::score(6, 4, 2, 50), {24, 19, true, false}});
    out.push_back({"mnk 1x1", Rules::mnk(1, 1, 1, false), {1, 20, false, false}});
    out.push_back({"fullline 1x1", Rules::fullline(1, 1), {1, 21, false, false}});
    out.push_back({"score 1x1", Rules::score(1, 1), {1, 22, false, false}});
    out.push_back({"gomoku 1000x1000 sparse", Rules::gomoku(false, 1000, 1000), {40, 23, true, false}});
    out.push_back({"score 1000x1000 sparse", Rules::score(1000, 1000), {30, 24, false, true}});
    out.push_back({"mnk 1x1000", Rules::mnk(1, 1000, 5, true), {60, 25, true, false}});
    out.push_back({"renju 15x15", Rules::renju(), {120, 26, true, false}});
    out.push_back({"caro 19x19", Rules::caro(19, 19), {150, 27, false, true}});
    return out;
}

// `original` written alone to an archive of `format` and read back: equal, and folding alike at every step.
GameRecord round_trip(const GameRecord& original, Format format) {
    const std::string bytes = write_archive(std::vector<GameRecord>{original}, format);
    auto read = read_archive(bytes, format);
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    const auto& back = read.value();
    REQUIRE(back.size() == 1);
    CHECK(back.front() == original);
    test::check_same_fold_at_every_step(original, back.front());
    return back.front();
}

}  // namespace

TEST_CASE_TEMPLATE("archive round trip keeps every fold", Kind, JsonArchive, XmlArchive, BinaryArchive) {
    for (const Case& c : cases()) {
        CAPTURE(c.name);
        GameRecord original = test::random_game(c.rules, c.play);
        original.x_name = "Ann \"the <first>\" & ]co[";
        original.o_name = "Bob \\ O'Brien, ünïcødé";  // a backslash: JSON escapes it, the name rule allows it
        original.declared_result = "B+R";
        original.source_format = "sgf";
        original.source_id = 42;

        (void)round_trip(original, Kind::kFormat);
    }
}

TEST_CASE_TEMPLATE("archive round trip keeps a forfeit: who, why and the detail", Kind, JsonArchive,
                   XmlArchive, BinaryArchive) {
    for (const ForfeitReason reason : {ForfeitReason::Crash, ForfeitReason::Timeout, ForfeitReason::Garbage,
                                       ForfeitReason::IllegalMove, ForfeitReason::Foul}) {
        CAPTURE(name_of(reason));
        GameRecord original = test::random_game(Rules::gomoku(), {12, 31, true, false});
        append_event(original, Forfeited{Player::O, reason, "answered \"<ok>\" & left, «über»"},
                     1'700'000'100'000);
        const Outcome& outcome = test::fold_all(round_trip(original, Kind::kFormat)).position.outcome();
        CHECK(outcome.status == Status::Forfeited);
        CHECK(outcome.winner == Player::X);
        CHECK(outcome.forfeit == reason);
    }
}

TEST_CASE_TEMPLATE("archive of many games keeps their order and forks", Kind, JsonArchive, XmlArchive,
                   BinaryArchive) {
    std::vector<GameRecord> games;
    for (std::uint32_t seed = 1; seed <= 6; ++seed)
        games.push_back(
            test::random_game(Rules::mnk(5, 5, 4, false), {25, seed, seed % 2 == 0, seed % 3 == 0}));
    games[2].forked = ForkOrigin{7, 3};
    games[4].x_name.clear();

    const std::string bytes = write_archive(games, Kind::kFormat);
    CHECK(sniff_format(bytes) == Kind::kFormat);
    auto read = read_games(bytes, {});
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    const GamesRead& back = read.value();
    CHECK(back.format == Kind::kFormat);
    REQUIRE(back.games.size() == games.size());
    for (std::size_t g = 0; g < games.size(); ++g) {
        CAPTURE(g);
        CHECK(back.games[g] == games[g]);
        test::check_same_fold_at_every_step(games[g], back.games[g]);
    }
    CHECK(test::fold_all(back.games[2]).forked_from == 7);
}

TEST_CASE_TEMPLATE("an empty archive holds no games", Kind, JsonArchive, XmlArchive, BinaryArchive) {
    const std::string bytes = write_archive({}, Kind::kFormat);
    auto read = read_archive(bytes, Kind::kFormat);
    REQUIRE(read.has_value());
    CHECK(read.value().empty());
}

TEST_CASE_TEMPLATE("each event of an archive knows where it was read", Kind, JsonArchive, XmlArchive,
                   BinaryArchive) {
    const std::vector<GameRecord> games{test::random_game(Rules::classic(), {5, 3}),
                                        test::random_game(Rules::classic(), {6, 4})};
    const std::string bytes = write_archive(games, Kind::kFormat);
    auto read = read_archive(bytes, Kind::kFormat);
    REQUIRE(read.has_value());
    const auto& back = read.value();
    std::int64_t previous = -1;
    for (const GameRecord& game : back) {
        REQUIRE(game.where.known());
        CHECK(game.where.byte_offset > previous);
        previous = game.where.byte_offset;
        for (const RecordedEvent& e : game.events) {
            REQUIRE(e.where.known());
            CHECK(e.where.byte_offset > previous);
            previous = e.where.byte_offset;
            if (Kind::kFormat == Format::Binary) {
                CHECK(e.where.line == 0);
            } else {
                // The spot is the start of the event's object or element.
                CHECK(e.where.line > 1);
                const char opening = Kind::kFormat == Format::Json ? '{' : '<';
                CHECK(bytes[static_cast<std::size_t>(e.where.byte_offset)] == opening);
            }
        }
    }
}

}  // namespace ttt::exchange

namespace ttt::exchange {

TEST_CASE_TEMPLATE("archive round trip keeps a set-up exactly", Kind, JsonArchive, XmlArchive,
                   BinaryArchive) {
    // The article's example as it is, played on and taken back, a gomoku set-up with O given the
    // move and an empty one, and a fork of a set-up game: every set-up, its order of marks and who
    // moves next come back as they were.
    std::vector<GameRecord> games;
    games.push_back(test::set_up_game(Rules::score(7, 7), test::article_set_up(), 0));
    games.push_back(test::set_up_game(Rules::score(7, 7), test::article_set_up(), 5, true));
    SetUp gomoku{{{7, 7}, {7, 8}, {8, 8}}, {{6, 6}}, Player::O};
    games.push_back(test::set_up_game(Rules::gomoku(false, 15, 15), gomoku, 12));
    games.push_back(test::set_up_game(Rules::mnk(4, 4, 3, false), SetUp{{}, {}, Player::O}, 3));
    games.push_back(test::set_up_game(Rules::score(7, 7), test::article_set_up(), 2));
    games.back().forked = ForkOrigin{2, 3};
    games.push_back(test::random_game(Rules::classic(), {5, 3}));  // a plain game beside them

    const std::string bytes = write_archive(games, Kind::kFormat);
    auto read = read_games(bytes, {});
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    const GamesRead& back = read.value();
    REQUIRE(back.games.size() == games.size());
    for (std::size_t g = 0; g < games.size(); ++g) {
        CAPTURE(g);
        CHECK(back.games[g] == games[g]);
        test::check_same_fold_at_every_step(games[g], back.games[g]);
    }
    REQUIRE(back.games[0].setup);
    CHECK(back.games[0].setup->x.size() == 18);
    CHECK(back.games[0].setup->o.empty());
    const GameState article = test::fold_all(back.games[0]);
    CHECK(article.position.scores().of(Player::X).total() == 1600);
    CHECK(article.position.scores().of(Player::O).total() == 0);
    CHECK(article.position.to_move() == Player::O);
    CHECK(test::fold_all(back.games[3]).position.to_move() == Player::X);  // O, X, O played
    CHECK_FALSE(back.games[5].setup);
    CHECK(test::fold_all(back.games[4]).forked_from == 2);
}

TEST_CASE("an archive is written at the oldest game record version that holds its games") {
    // The version cereal writes with the first game: 1 without set-ups or forfeits, 2 with a set-up, 3 with
    // a forfeit, 4 with an adjudication, 5 with an opening rule (a release that knows 2 then says "from a
    // newer tictactrace" instead of "unknown event").
    const auto game_version = [](const std::vector<GameRecord>& games) {
        const std::string json = write_archive(games, Format::Json);
        const auto games_at = json.find("\"games\"");
        REQUIRE(games_at != std::string::npos);
        const std::string key = "\"cereal_class_version\": ";
        const auto at = json.find(key, games_at);
        REQUIRE(at != std::string::npos);
        return json.substr(at + key.size(), 1);
    };
    GameRecord plain = test::random_game(Rules::gomoku(), {12, 31});
    GameRecord set_up = test::set_up_game(Rules::score(7, 7), test::article_set_up(), 2);
    GameRecord forfeit = plain;
    append_event(forfeit, Forfeited{Player::O, ForfeitReason::Timeout, "no answer"}, 1'700'000'100'000);
    GameRecord adjudicated = plain;
    append_event(adjudicated, Adjudicated{std::nullopt, "Draw by adjudication"}, 1'700'000'100'000);
    GameRecord adjudicated_win = plain;
    append_event(adjudicated_win, Adjudicated{Player::O, "«über» <win> & more"}, 1'700'000'100'000);
    // A swap2 game: three stones, the second player's choice of black, a fourth stone.
    GameRecord swap2;
    swap2.rules = Rules::gomoku();
    swap2.x_name = "Ann";
    swap2.o_name = "Bob";
    swap2.opening = OpeningRule::Swap2;
    swap2.created_ms = 1'700'000'000'000;
    append_event(swap2, MovePlayed{Player::X, {7, 7}}, 1'700'000'001'000);
    append_event(swap2, MovePlayed{Player::O, {7, 8}}, 1'700'000'002'000);
    append_event(swap2, MovePlayed{Player::X, {8, 8}}, 1'700'000'003'000);
    append_event(swap2, OpeningChosen{Opener::Second, OpeningChoice::TakeBlack}, 1'700'000'004'000);
    append_event(swap2, MovePlayed{Player::O, {6, 6}}, 1'700'000'005'000);
    CHECK(game_version({plain}) == "1");
    CHECK(game_version({plain, swap2}) == "5");
    CHECK(game_version({adjudicated, swap2, set_up}) == "5");
    CHECK(game_version({forfeit, adjudicated}) == "4");
    CHECK(game_version({plain, adjudicated_win}) == "4");
    CHECK(game_version({plain, set_up}) == "2");
    CHECK(game_version({plain, forfeit}) == "3");
    CHECK(game_version({set_up, forfeit}) == "3");
    // A game with a study: a variation and an annotation.
    GameRecord studied = plain;
    const Pos first = std::get<MovePlayed>(plain.events.front().event).pos;
    const Pos elsewhere = first == Pos{0, 0} ? Pos{0, 1} : Pos{0, 0};
    append_event(studied, VariationPlayed{1, Player::O, elsewhere}, 1'700'000'100'000);
    Annotation note;
    note.comment = "a weaker answer";
    note.glyph = Glyph::Dubious;
    note.shapes.push_back(Shape{ShapeKind::Arrow, {0, 0}, Pos{2, 2}, ShapeColour::Red, ""});
    append_event(studied, Annotated{static_cast<std::int64_t>(studied.events.size()), note},
                 1'700'000'100'001);
    CHECK(game_version({plain, studied}) == "6");

    // Read back, every version is the same games; and a reader that knew only version 2 is told why not.
    for (const auto& games : {std::vector{plain}, std::vector{plain, set_up}, std::vector{set_up, forfeit},
                              std::vector{adjudicated, set_up, adjudicated_win, forfeit},
                              std::vector{swap2, plain, set_up}, std::vector{studied, plain}}) {
        for (const Format format : {Format::Binary, Format::Json, Format::Xml}) {
            const auto back = read_archive(write_archive(games, format), format);
            REQUIRE(back.has_value());
            CHECK(back.value() == games);
        }
    }
    const std::string newer =
        test::replace_once(write_archive(std::vector{plain, swap2}, Format::Json),
                           "\"cereal_class_version\": 5", "\"cereal_class_version\": 7");
    const auto refused = read_archive(newer, Format::Json);
    REQUIRE(failed_with<ExchangeError>(refused));
    CHECK(refused.error().kind == ExchangeErrorKind::TooNew);
    CHECK(refused.error().message == "games of format version 7 come from a newer tictactrace");
}

}  // namespace ttt::exchange
