// Records written by other programs read as their writers meant them: c-gomoku-cli's RU, TE, DT and
// C[...ms], the Gomocup judge's PSQ trailer, Piskvork's x,y lines and first-mover field, SGF's default game
// (Go), and the round trip of what they become.
#include "test_games.hpp"

#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace ttt::exchange {

namespace {

using test::read_error;
using test::read_ok;

std::string fixture(const std::string& name) {
    return test::read_text_file(test::fixture_path(name));
}

ImportOptions at_time(std::int64_t now_ms) {
    ImportOptions options;
    options.now_ms = now_ms;
    return options;
}

constexpr std::int64_t kImportTime = 1'000'000;
// 2026-12-01 00:00:00 UTC.
constexpr std::int64_t kFirstOfDecember = 1'796'083'200'000;

}  // namespace

TEST_CASE("an SGF without GM is Go, refused unless --rules names the game") {
    const ExchangeError go = read_error(fixture("sgf/go/shift_jis_no_gm.sgf"));
    CHECK(go.kind == ExchangeErrorKind::Unsupported);
    CHECK(go.message.starts_with("no GM property: the SGF default is Go"));
    CHECK(go.where.line == 2);  // the first move, where the file had to have said which game it is

    const std::string text = fixture("sgf/handmade/no_gm.sgf");
    CHECK(read_error(text).message.starts_with("no GM property: the SGF default is Go"));
    ImportOptions options = at_time(kImportTime);
    options.rules = RulesChoice{"gomoku", 0, false};
    const GamesRead read = read_ok(text, options);
    REQUIRE(read.games.size() == 1);
    CHECK(read.games.front().events.size() == 3);
    CHECK(read.games.front().created_ms == kFirstOfDecember);

    // Any game but gomoku is named when refused.
    constexpr std::string_view kAnyway = "; give --rules to read the game as gomoku anyway";
    CHECK(read_error("(;GM[1];B[hh])").message == "GM[1] is Go, not gomoku (GM[4])" + std::string(kAnyway));
    CHECK(read_error("(;GM[3];B[hh])").message ==
          "GM[3] is chess, not gomoku (GM[4])" + std::string(kAnyway));
    CHECK(read_error("(;GM[99];B[hh])").message ==
          "GM[99] is a game the SGF standard does not number, not gomoku (GM[4])" + std::string(kAnyway));
    // Renju editors write their games as Go: --rules reads them as the user says, and says so.
    const GamesRead as_go = read_ok("(;GM[1];B[hh])", options);
    CHECK(as_go.games.front().events.size() == 1);
    REQUIRE(as_go.notes.size() == 1);
    CHECK(as_go.notes.front().message ==
          "GM[1] is Go; the game is read under --rules as gomoku 15x15, five in a row");
}

TEST_CASE("import options are refused before any byte of a file is looked at") {
    ImportOptions options;
    options.rules = RulesChoice{"chess", 0, false};
    CHECK(check_import_options(options).error() ==
          "unknown rule set 'chess': expected classic, fullline, gomoku, mnk, score, renju or caro");
    // read_games refuses them whatever the bytes, even none.
    CHECK(read_error("", options).message ==
          "unknown rule set 'chess': expected classic, fullline, gomoku, mnk, score, renju or caro");
    options.rules = RulesChoice{"gomoku", 7, false};
    CHECK(check_import_options(options).error() == "gomoku is five in a row; use --rules mnk for another k");
    // A k that only a small board refuses waits for the file's board.
    options.rules = RulesChoice{"mnk", 30, false};
    CHECK(check_import_options(options));
    options.rules = RulesChoice{"gomoku", 0, false};
    options.format = Format::Json;
    CHECK(check_import_options(options).error() ==
          "an archive carries its own rules: --rules is for SGF and PSQ files");
    options = ImportOptions{};
    options.format = Format::Psq;
    options.to_move = Player::O;
    CHECK(check_import_options(options).error().starts_with("--to-move is for text boards"));
}

TEST_CASE("RU chooses the rules: 0 freestyle, 1 exact five, 4 renju and 8 caro") {
    const std::string standard = fixture("sgf/c-gomoku-cli/cli_standard15.sgf");
    const GamesRead read = read_ok(standard, at_time(kImportTime));
    REQUIRE(read.games.size() == 16);
    for (const GameRecord& game : read.games) CHECK(game.rules == Rules::gomoku(true, 15, 15));
    CHECK(read_ok(fixture("sgf/c-gomoku-cli/cli_crash15.sgf")).games.front().rules ==
          Rules::gomoku(false, 15, 15));

    const GamesRead renju = read_ok(fixture("sgf/handmade/renju_ru4.sgf"));
    CHECK(renju.games.front().rules == Rules::renju(15, 15));
    // Its TE declares Black's foul: the log's last event is X forfeiting by a foul.
    const auto* foul = std::get_if<Forfeited>(&renju.games.front().events.back().event);
    REQUIRE(foul);
    CHECK(foul->player == Player::X);
    CHECK(foul->reason == ForfeitReason::Foul);
    CHECK(read_ok("(;GM[4]RU[8];B[hh])").games.front().rules == Rules::caro(15, 15));

    // --rules wins over RU, with a note naming the file's game and property.
    ImportOptions options;
    options.rules = RulesChoice{"gomoku", 0, false};
    const GamesRead chosen = read_ok(standard, options);
    CHECK(chosen.games.front().rules == Rules::gomoku(false, 15, 15));
    REQUIRE(chosen.notes.size() >= 16);
    CHECK(chosen.notes.front().game == 0);
    CHECK(chosen.notes.front().property == "RU");
    CHECK(chosen.notes.front().describe().starts_with(
        "line 1, column 67: game 1: RU: RU[1] names gomoku 15x15"));
    // An RU this program does not know is a note, and the game is freestyle.
    const GamesRead unknown = read_ok("(;GM[4]RU[Japanese];B[hh])");
    CHECK(unknown.games.front().rules == Rules::gomoku(false, 15, 15));
    REQUIRE(unknown.notes.size() == 1);
    CHECK(unknown.notes.front().property == "RU");
    CHECK(unknown.notes.front().message.starts_with("RU[Japanese] is no rule this program knows"));
}

TEST_CASE("c-gomoku-cli's DT and C[...ms] are the events' times") {
    const GamesRead read = read_ok(fixture("sgf/c-gomoku-cli/cli_standard15.sgf"), at_time(kImportTime));
    const GameRecord& game = read.games.front();
    // DT[2026.12.01 08:44:38]: the game starts then; the three opening moves have no time.
    constexpr std::int64_t kStart = 1'796'114'678'000;
    CHECK(game.created_ms == kStart);
    // 59 moves, then what the root keeps for the file written back (the game's number, the event, the
    // round), then the writer's "opening move" on each of the first three, as comments.
    REQUIRE(game.events.size() == 63);
    Annotation root;
    root.kept = {{"GN", {"1"}}, {"EV", {"RapfiB x RapfiA"}}, {"RO", {"1.1"}}};
    CHECK(std::get<Annotated>(game.events[59].event) == Annotated{0, root});
    CHECK(std::get<Annotated>(game.events[60].event) == Annotated{1, Annotation{"opening move", {}, {}, {}}});
    CHECK(std::holds_alternative<MovePlayed>(game.events[58].event));
    CHECK(game.events[0].recorded_ms == kStart);
    CHECK(game.events[2].recorded_ms == kStart);
    CHECK(game.events[3].recorded_ms == kStart + 789);  // W[ig]C[789ms]
    CHECK(game.events[4].recorded_ms == kStart + 789 + 277);
    // The 56 timed moves take 7109 ms together.
    CHECK(game.events.back().recorded_ms == kStart + 7109);
    // TE[Black win by five connection] and the fold agree: nothing to say, nothing added.
    CHECK(test::fold_all(game).position.outcome().status == Status::Won);
    CHECK(test::fold_all(game).position.outcome().winner == Player::X);
    for (const ImportNote& note : read.notes) CHECK_MESSAGE(note.game != 0, note.describe());
}

TEST_CASE("the SGF standard's dates, partial and with more days, and an unreadable one as a note") {
    const auto created = [](const std::string& dt) {
        const GamesRead read = read_ok("(;GM[4]DT[" + dt + "];B[hh])", at_time(kImportTime));
        return read.games.front().created_ms;
    };
    CHECK(created("2026-12-01") == kFirstOfDecember);
    CHECK(created("2026-12-01,02,03") == kFirstOfDecember);
    CHECK(created("1996-05") == 830'908'800'000);
    CHECK(created("1996") == 820'454'400'000);
    CHECK(created("2026.12.01 08:42:54") == 1'796'114'574'000);
    for (const std::string bad : {"yesterday", "2026-02-30", "2026.12.01 25:00:00", "2026-13-01"}) {
        const GamesRead read = read_ok("(;GM[4]DT[" + bad + "];B[hh])", at_time(kImportTime));
        CHECK(read.games.front().created_ms == kImportTime);
        REQUIRE(read.notes.size() == 1);
        CHECK(read.notes.front().property == "DT");
        CHECK_FALSE(read.notes.front().warns());
        CHECK(read.notes.front().describe().starts_with("line 1, column 8: game 1: DT: DT[" + bad + "]"));
    }
}

TEST_CASE("a time forfeit right after the opening ends the game as Forfeited{timeout}") {
    const GamesRead read = read_ok(fixture("sgf/handmade/time_forfeit.sgf"), at_time(kImportTime));
    const GameRecord& game = read.games.front();
    // Four moves, what the root keeps (GN, EV, RO), the three "opening move" comments, the forfeit.
    REQUIRE(game.events.size() == 9);
    constexpr std::int64_t kStart = 1'796'114'574'000;
    CHECK(game.created_ms == kStart);
    CHECK(game.events[3].recorded_ms == kStart + 277);
    CHECK(game.events[8].event ==
          Event{Forfeited{Player::X, ForfeitReason::Timeout, "White win by time forfeit"}});
    CHECK(game.events[8].recorded_ms == kStart + 277);
    const Outcome outcome = test::fold_all(game).position.outcome();
    CHECK(outcome.status == Status::Forfeited);
    CHECK(outcome.winner == Player::O);
    CHECK(outcome.forfeit == ForfeitReason::Timeout);
    REQUIRE(read.notes.size() == 1);
    CHECK_FALSE(read.notes.front().warns());
    CHECK(read.notes.front().describe() ==
          "line 1, column 94: game 1: RE and TE: the file declares RE[W+1] TE[White win by time forfeit]: "
          "recorded as X (black) forfeiting (ran out of time) after the last move");
}

TEST_CASE("c-gomoku-cli's crashes are forfeits of the side that crashed") {
    const GamesRead read = read_ok(fixture("sgf/c-gomoku-cli/cli_crash15.sgf"), at_time(kImportTime));
    REQUIRE(read.games.size() == 4);
    const Player losers[] = {Player::X, Player::O, Player::X, Player::O};
    for (std::size_t g = 0; g < 4; ++g) {
        const GameRecord& game = read.games[g];
        const auto* forfeit = std::get_if<Forfeited>(&game.events.back().event);
        REQUIRE(forfeit);
        CHECK(forfeit->player == losers[g]);
        CHECK(forfeit->reason == ForfeitReason::Crash);
        CHECK(test::fold_all(game).position.outcome().winner == other(losers[g]));
    }
    CHECK(std::get<Forfeited>(read.games[0].events.back().event).detail == "White win by opponent crash");
}

TEST_CASE("declared draws without a full board, and wins by adjudication, end as Adjudicated") {
    const GamesRead te = read_ok("(;GM[4]RE[0]TE[Draw by adjudication];B[hh];W[ii])");
    CHECK(te.games.front().events.back().event == Event{Adjudicated{std::nullopt, "Draw by adjudication"}});
    const GamesRead agreed = read_ok("(;GM[4]RE[Draw];B[hh];W[ii])");
    CHECK(agreed.games.front().events.back().event == Event{Adjudicated{std::nullopt, "Draw"}});
    const GamesRead win = read_ok("(;GM[4]RE[B+1]TE[Black win by adjudication];B[hh];W[ii])");
    CHECK(win.games.front().events.back().event ==
          Event{Adjudicated{Player::X, "Black win by adjudication"}});
    const Outcome outcome = test::fold_all(win.games.front()).position.outcome();
    CHECK(outcome.status == Status::Adjudicated);
    CHECK(outcome.winner == Player::X);
    // A resignation stays one, and an illegal move is a forfeit for it.
    CHECK(read_ok("(;GM[4]RE[W+R];B[hh])").games.front().events.back().event == Event{Resigned{Player::X}});
    CHECK(read_ok("(;GM[4]RE[W+1]TE[White win by opponent illegal move];B[hh])")
              .games.front()
              .events.back()
              .event ==
          Event{Forfeited{Player::X, ForfeitReason::IllegalMove, "White win by opponent illegal move"}});
    CHECK(read_ok("(;GM[4]RE[B+T];B[hh];W[ii])").games.front().events.back().event ==
          Event{Forfeited{Player::O, ForfeitReason::Timeout, "B+T"}});
}

TEST_CASE("a declared result the file cannot make is a warning naming the game and property") {
    // RE and TE disagree about the winner.
    const GamesRead both = read_ok("(;GM[4]RE[B+1]TE[White win by opponent crash];B[hh])");
    CHECK(both.games.front().events.size() == 1);
    REQUIRE(both.notes.size() == 1);
    CHECK(both.notes.front().warns());
    CHECK(both.notes.front().property == "RE and TE");
    // A five the board does not show.
    const GamesRead line = read_ok("(;GM[4]RE[B+1]TE[Black win by five connection];B[hh])");
    CHECK(line.games.front().events.size() == 1);
    REQUIRE(line.notes.size() == 1);
    CHECK(line.notes.front().warns());
    CHECK(
        line.notes.front().describe().starts_with("line 1, column 8: game 1: RE and TE: the file declares"));
    // A renju foul under --rules gomoku.
    ImportOptions options;
    options.rules = RulesChoice{"gomoku", 0, false};
    const GamesRead foul = read_ok(fixture("sgf/handmade/renju_ru4.sgf"), options);
    const auto& foul_events = foul.games.front().events;
    CHECK(std::none_of(foul_events.begin(), foul_events.end(),
                       [](const RecordedEvent& e) { return std::holds_alternative<Forfeited>(e.event); }));
    CHECK(std::any_of(foul.notes.begin(), foul.notes.end(),
                      [](const ImportNote& n) { return n.warns() && n.property == "RE and TE"; }));
}

TEST_CASE("the Gomocup judge's trailer: names by the opening's parity, the result by tournament player") {
    // 0_0_1_1: an opening of three stones, so the first name moved first after it, as white; R=2 names the
    // second name, black, who made five.
    const GamesRead won = read_ok(fixture("psq/gomocupjudge/0_0_1_1.psq"), at_time(kImportTime));
    const GameRecord& game = won.games.front();
    CHECK(game.x_name == "RAPFI_A.zip");
    CHECK(game.o_name == "RAPFI_B.zip");
    CHECK(test::fold_all(game).position.outcome().status == Status::Won);
    CHECK(test::fold_all(game).position.outcome().winner == Player::X);
    CHECK(won.notes.empty());

    // 6_0_1_2: a time-out after four moves; R=1 is the first name, white.
    const GamesRead timeout = read_ok(fixture("psq/gomocupjudge/6_0_1_2.psq"), at_time(kImportTime));
    const GameRecord& lost = timeout.games.front();
    REQUIRE(lost.events.size() == 5);
    CHECK(lost.events.back().event ==
          Event{Adjudicated{Player::O, "the Gomocup judge's result line 1,standard15"}});
    CHECK(lost.events.back().recorded_ms == kImportTime + 821);
    CHECK(test::fold_all(lost).position.outcome().winner == Player::O);
    REQUIRE(timeout.notes.size() == 1);
    CHECK(timeout.notes.front().property == "the trailer's result line");
    CHECK(timeout.notes.front().where.line == 9);

    const GamesRead hand = read_ok(fixture("psq/handmade/judge_timeout.psq"));
    CHECK(hand.games.front().x_name == "RAPFI_A.zip");
    CHECK(hand.games.front().events.back().event ==
          Event{Adjudicated{Player::X, "the Gomocup judge's result line 2,standard15"}});

    // Without a move that took time, the opening cannot be told: a warning, and no result.
    const GamesRead untold = read_ok("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\nA\nB\n-1\n1,t\n");
    CHECK(untold.games.front().events.size() == 2);
    REQUIRE(untold.notes.size() == 1);
    CHECK(untold.notes.front().warns());
    CHECK(untold.notes.front().describe().starts_with("line 7, column 1: game 1: the trailer's result line: "
                                                      "the Gomocup judge's result 1,t names tournament "
                                                      "player 1, but"));
}

TEST_CASE("Piskvork's x,y lines and its header's first-mover field") {
    const GamesRead read = read_ok(fixture("psq/handmade/piskvork_xy.psq"), at_time(kImportTime));
    const GameRecord& game = read.games.front();
    REQUIRE(game.events.size() == 4);
    CHECK(game.events[1].event == Event{MovePlayed{Player::O, {8, 8}}});
    for (const RecordedEvent& e : game.events) CHECK(e.recorded_ms == kImportTime);
    // F = 1: the second name moved first.
    CHECK(game.x_name == "first.exe");
    CHECK(game.o_name == "second.exe");
    CHECK(read.notes.empty());
}

TEST_CASE("what the records became round-trips: exported and imported again, the same events") {
    for (const std::string name : {"sgf/c-gomoku-cli/cli_crash15.sgf", "sgf/handmade/time_forfeit.sgf",
                                   "psq/gomocupjudge/6_0_1_2.psq", "psq/handmade/judge_timeout.psq"}) {
        CAPTURE(name);
        const GamesRead first = read_ok(fixture(name), at_time(kImportTime));
        for (const Format format : {Format::Sgf, Format::Json, Format::Xml, Format::Binary}) {
            CAPTURE(name_of(format));
            auto written = write_games(first.games, format);
            REQUIRE(written.has_value());
            const GamesRead again = read_ok(written.value(), at_time(kImportTime));
            REQUIRE(again.games.size() == first.games.size());
            for (std::size_t g = 0; g < first.games.size(); ++g) {
                CHECK(to_events(again.games[g]) == to_events(first.games[g]));
                // Archives keep every time; SGF keeps the day.
                if (format != Format::Sgf) CHECK(again.games[g].events == first.games[g].events);
            }
        }
    }
    // A draw by adjudication through SGF: RE[0] and TE.
    const GamesRead draw = read_ok("(;GM[4]RE[0]TE[Draw by adjudication];B[hh];W[ii])");
    auto written = write_games(draw.games, Format::Sgf);
    REQUIRE(written.has_value());
    CHECK(written.value().find("RE[0]TE[Draw by adjudication]") != std::string::npos);
    CHECK(to_events(read_ok(written.value()).games.front()) == to_events(draw.games.front()));
}

}  // namespace ttt::exchange
