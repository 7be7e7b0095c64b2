// Hostile and broken archives: every rejection names its reason and where (line and column, or byte).
#include "test_games.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/read_games.hpp"

#include <doctest/doctest.h>

namespace ttt::exchange {

using test::read_error;
using test::replace_once;

namespace {

// Two small games: the second has four moves, the third of them at row 1, column 3.
std::vector<GameRecord> two_games() {
    GameRecord a = test::random_game(Rules::classic(), {2, 1});
    GameRecord b;
    b.rules = Rules::classic();
    b.created_ms = 5;
    for (Pos p : {Pos{0, 0}, Pos{1, 1}, Pos{0, 2}, Pos{2, 2}})
        append_event(b, MovePlayed{static_cast<Player>(b.events.size() % 2), p}, 6);
    return {a, b};
}

}  // namespace

TEST_CASE("a json move on a taken cell is refused at its line and column") {
    const std::string json = write_archive(two_games(), Format::Json);
    // Move the second game's third move onto its first: (1, 3) becomes (1, 1).
    const std::string from = "\"row\": 1,\n                        \"col\": 3";
    const auto third = json.find(from);
    REQUIRE(third != std::string::npos);
    std::string bad = json;
    bad.replace(third, from.size(), "\"row\": 1,\n                        \"col\": 1");
    const ExchangeError e = read_error(bad);
    CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
    CHECK(e.game == 1);
    CHECK(e.message == "move 3 (X at 1, 1): cell (1, 1) is already taken by X");
    // The spot is the opening brace of that event's object.
    REQUIRE(e.where.line > 0);
    CHECK(bad[static_cast<std::size_t>(e.where.byte_offset)] == '{');
    CHECK(bad.find("\"col\": 1", static_cast<std::size_t>(e.where.byte_offset)) < third + 40);
    CHECK(e.where == spot_at_offset(bad, static_cast<std::size_t>(e.where.byte_offset)));
}

TEST_CASE("an xml move off the board and after the end are refused where they are") {
    std::vector<GameRecord> games = two_games();
    games[1].events[3].event = MovePlayed{Player::O, {2, 5}};
    ExchangeError e = read_error(write_archive(games, Format::Xml));
    CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
    CHECK(e.message.find("off the 3x3 board") != std::string::npos);
    CHECK(e.where.line > 1);
    CHECK(e.where.column > 1);

    // X completes the top row with its third move; a fourth move follows the end.
    games = two_games();
    games[1].events[3].event = MovePlayed{Player::O, {2, 0}};
    append_event(games[1], MovePlayed{Player::X, {0, 1}}, 7);
    append_event(games[1], MovePlayed{Player::O, {2, 1}}, 8);
    e = read_error(write_archive(games, Format::Xml));
    CHECK(e.message.find("the game is over: X has won") != std::string::npos);
    CHECK(e.describe().starts_with("line "));
}

TEST_CASE("a row or column beyond every board is reported as the file wrote it") {
    const std::string json = write_archive(two_games(), Format::Json);
    const std::string from = "\"row\": 1,\n                        \"col\": 3";
    ExchangeError e = read_error(replace_once(json, from, "\"row\": -9223372036854775808,\n\"col\": 3"));
    CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
    CHECK(e.game == 1);
    CHECK(e.message == "event 3: row -9223372036854775808 is off the board");
    CHECK(e.where.line > 1);
    e = read_error(replace_once(json, from, "\"row\": 1,\n\"col\": 9223372036854775807"));
    CHECK(e.message == "event 3: column 9223372036854775807 is off the board");
    // Within reach of a board the engine's own message names the cell, exactly as written.
    e = read_error(replace_once(json, from, "\"row\": 1,\n\"col\": 16777216"));
    CHECK(e.message == "move 3 (X at 1, 16777216): (1, 16777216) is off the 3x3 board");

    std::vector<GameRecord> games = two_games();
    games[1].events[2].event = MovePlayed{Player::X, {-2'000'000'000, 0}};
    e = read_error(write_archive(games, Format::Binary));
    CHECK(e.message == "event 3: row -1999999999 is off the board");
}

TEST_CASE("a binary move on a taken cell is refused at its byte offset") {
    std::vector<GameRecord> games = two_games();
    games[1].events[2].event = MovePlayed{Player::X, {0, 0}};
    const std::string bytes = write_archive(games, Format::Binary);
    const ExchangeError e = read_error(bytes);
    CHECK(e.kind == ExchangeErrorKind::IllegalEvent);
    CHECK(e.where.line == 0);
    REQUIRE(e.where.byte_offset > static_cast<std::int64_t>(kBinaryHeaderSize));
    CHECK(e.describe().starts_with("byte " + std::to_string(e.where.byte_offset) + ": game 2: move 3"));
}

TEST_CASE("broken archives are refused with where the break is") {
    const std::string json = write_archive(two_games(), Format::Json);
    SUBCASE("json syntax") {
        const ExchangeError e = read_error(replace_once(json, "\"x_name\":", "\"x_name\" "));
        CHECK(e.kind == ExchangeErrorKind::Malformed);
        CHECK(e.message.starts_with("broken archive: "));
        CHECK(e.where.line == 16);
    }
    SUBCASE("json with a field missing") {
        const ExchangeError e = read_error(replace_once(json, "\"o_name\"", "\"nobody\""));
        CHECK(e.message == "broken archive: the field \"o_name\" is missing");
        CHECK(e.game == 0);
        CHECK(e.where.line == 5);
    }
    SUBCASE("json with a value of the wrong type") {
        const ExchangeError e = read_error(replace_once(json, "\"rows\": 3", "\"rows\": \"three\""));
        CHECK(e.message == "broken archive: the field \"rows\" holds a value of the wrong type: a whole "
                           "number from -2147483648 to 2147483647 is expected");
    }
    SUBCASE("json that is not ours") {
        const ExchangeError e = read_error("{\"hello\": [1, 2, 3]}");
        CHECK(e.message == "broken archive: the field \"tictactrace\" is missing");
    }
    SUBCASE("json nested beyond reason") {
        const ExchangeError e = read_error(std::string(100'000, '[').insert(0, "{\"a\":"));
        CHECK(e.message.find("nested more than") != std::string::npos);
        CHECK(e.where.column == 69);  // the bracket that goes one level too deep
    }
    SUBCASE("an unknown event type and player") {
        ExchangeError e = read_error(replace_once(json, "\"move_played\"", "\"teleport\""));
        CHECK(e.message == "event 1: unknown event type \"teleport\"");
        CHECK(e.where.line > 10);
        e = read_error(replace_once(json, "\"player\": \"x\"", "\"player\": \"z\""));
        CHECK(e.message.find("must be \"x\" or \"o\"") != std::string::npos);
    }
    SUBCASE("xml syntax") {
        const std::string xml = write_archive(two_games(), Format::Xml);
        const ExchangeError e = read_error(replace_once(xml, "<rules>", "<rules size=dynamic>"));
        CHECK(e.kind == ExchangeErrorKind::Malformed);
        CHECK(e.where.line > 1);
    }
    SUBCASE("xml nested beyond reason") {
        std::string deep = "<cereal>";
        for (int i = 0; i < 10'000; ++i) deep += "<a>";
        const ExchangeError e = read_error(deep);
        CHECK(e.message.find("nested more than") != std::string::npos);
    }
    SUBCASE("binary that is not ours") {
        const ExchangeError e = read_error("\x01\x02garbage");
        CHECK(e.kind == ExchangeErrorKind::Unknown);
        CHECK(e.where.byte_offset == 0);
    }
    SUBCASE("binary with a hostile length inside") {
        std::string bytes = write_archive(two_games(), Format::Binary);
        // The game count (after the header and cereal's endianness byte and the class version) claims
        // 2^62 games: refused at the count, more than an import takes, before anything is allocated.
        const std::size_t count_at = kBinaryHeaderSize + 1 + 4;
        for (int i = 0; i < 8; ++i) bytes[count_at + static_cast<std::size_t>(i)] = i == 7 ? '\x40' : '\0';
        ExchangeError e = read_error(bytes);
        CHECK(e.kind == ExchangeErrorKind::Unsupported);
        CHECK(e.message.find(
                  "a list of 4611686018427387904 entries is longer than an import takes (1000000)") !=
              std::string::npos);
        // A count within the limit but beyond the bytes fails where the bytes end, having read them.
        for (int i = 0; i < 8; ++i) bytes[count_at + static_cast<std::size_t>(i)] = i == 2 ? '\x01' : '\0';
        e = read_error(bytes);
        CHECK(e.kind == ExchangeErrorKind::Truncated);
        CHECK(e.game == 2);
    }
    SUBCASE("binary with a flag that is not 0 or 1") {
        std::vector<GameRecord> games = two_games();
        games[0].forked = ForkOrigin{77, 1};
        std::string bytes = write_archive(games, Format::Binary);
        // forked_from (77) follows the flag byte.
        const std::string seventy_seven("\x4d\0\0\0\0\0\0\0", 8);
        const auto at = bytes.find(seventy_seven);
        REQUIRE(at != std::string::npos);
        bytes[at - 1] = '\x05';
        const ExchangeError e = read_error(bytes);
        CHECK(e.message == "the flag \"forked\" holds 5, not 0 or 1");
        CHECK(e.where.byte_offset == static_cast<std::int64_t>(at));
    }
    SUBCASE("binary with bytes after its end") {
        const ExchangeError e = read_error(write_archive(two_games(), Format::Binary) + "xyz");
        CHECK(e.kind == ExchangeErrorKind::Malformed);
        CHECK(e.message.find("3 unexpected bytes") != std::string::npos);
    }
}

TEST_CASE("a broken archive's shape is refused in our words, where it is") {
    const std::vector<GameRecord> games = two_games();
    const std::string json = write_archive(games, Format::Json);
    const std::string xml = write_archive(games, Format::Xml);
    SUBCASE("an event's member missing names the event") {
        // The second game's third move, at row 1, column 3.
        const std::string from = "\"row\": 1,\n                        \"col\": 3";
        const std::string bad = replace_once(json, from, "\"row\": 1,\n\"column\": 3");
        const ExchangeError e = read_error(bad);
        CHECK(e.kind == ExchangeErrorKind::Malformed);
        CHECK(e.game == 1);
        CHECK(e.message == "event 3: broken archive: the field \"col\" is missing");
        CHECK(bad[static_cast<std::size_t>(e.where.byte_offset)] == '{');
    }
    SUBCASE("a list that is not one") {
        const ExchangeError e = read_error(replace_once(json, "\"events\": [", "\"events\": 7, \"y\": ["));
        CHECK(e.kind == ExchangeErrorKind::Malformed);
        CHECK(e.game == 0);
        CHECK(e.message ==
              "broken archive: the field \"events\" holds a value of the wrong type: a list is expected");
    }
    SUBCASE("json whose root is no object") {
        CHECK(read_error("[1, 2]", Format::Json).message ==
              "broken archive: the field \"tictactrace\" is missing");
        CHECK(read_error("{\"tictactrace\": 5}").message ==
              "broken archive: the field \"tictactrace\" holds a value of the wrong type: an object is "
              "expected");
    }
    SUBCASE("xml with a field missing") {
        const ExchangeError e = read_error(replace_once(xml, "<o_name>", "<nobody>"));
        CHECK(e.message == "broken archive: the field \"o_name\" is missing");
        CHECK(e.game == 0);
        CHECK(e.where.line > 1);
    }
    SUBCASE("xml numbers that do not read as numbers") {
        ExchangeError e = read_error(replace_once(xml, "<rows>3</rows>", "<rows>three</rows>"));
        CHECK(e.message == "broken archive: the field \"rows\" holds a value of the wrong type: a whole "
                           "number from -2147483648 to 2147483647 is expected");
        CHECK(e.game == 0);
        e = read_error(replace_once(xml, "<rows>3</rows>", "<rows>3000000000</rows>"));
        CHECK(e.message == "broken archive: the field \"rows\" holds a value of the wrong type: a whole "
                           "number from -2147483648 to 2147483647 is expected");
    }
    SUBCASE("xml without its root element") {
        const ExchangeError e = read_error("<?xml version=\"1.0\"?>\n<other/>\n");
        CHECK(e.message == "broken archive: the field \"cereal\" is missing");
    }
    SUBCASE("no member removed anywhere is reported in a library's words") {
        // Every member name of every element, renamed in turn: each file is accepted (a later object of a
        // type carries no version) or refused with our own message.
        for (const auto& [text, format] : {std::pair{json, Format::Json}, std::pair{xml, Format::Xml}}) {
            const std::string_view opener = format == Format::Json ? "\"" : "<";
            for (std::size_t at = text.find(opener); at != std::string::npos;
                 at = text.find(opener, at + 1)) {
                if (at + 1 >= text.size() || text[at + 1] < 'a' || text[at + 1] > 'z') continue;
                std::string bad = text;
                bad[at + 1] = 'Q';
                auto read = read_games(bad, ImportOptions{});
                if (!failed_with<ExchangeError>(read)) continue;
                const std::string& message = read.error().message;
                INFO(message);
                CHECK(message.find("NVP") == std::string::npos);
                CHECK(message.find("rapidjson") == std::string::npos);
                CHECK(message.find("stoi") == std::string::npos);
                CHECK(message.find("Parsing failed") == std::string::npos);
            }
        }
    }
}

TEST_CASE("a binary string longer than the bytes left is truncated, before any room is made for it") {
    std::vector<GameRecord> games = two_games();
    games[0].x_name = "Ada";
    std::string bytes = write_archive(games, Format::Binary);
    const std::string length("\x03\0\0\0\0\0\0\0Ada", 11);
    const auto at = bytes.find(length);
    REQUIRE(at != std::string::npos);
    bytes[at + 5] = '\x01';  // 2^40 bytes
    const ExchangeError e = read_error(bytes);
    CHECK(e.kind == ExchangeErrorKind::Truncated);
    CHECK(e.message == "truncated archive: it ends in the middle of a value");
    CHECK(e.game == 0);
    CHECK(e.where.byte_offset == static_cast<std::int64_t>(bytes.size()));
    // An empty payload behind an honest header ends before cereal's first byte.
    std::string empty = bytes.substr(0, kBinaryHeaderSize);
    for (int i = 0; i < 8; ++i) empty[8 + static_cast<std::size_t>(i)] = '\0';
    CHECK(read_error(empty).kind == ExchangeErrorKind::Truncated);
}

TEST_CASE("truncated archives are refused as truncated") {
    const std::vector<GameRecord> games = two_games();
    const std::string json = write_archive(games, Format::Json);
    ExchangeError e = read_error(json.substr(0, json.size() / 2));
    CHECK(e.kind == ExchangeErrorKind::Truncated);
    CHECK(e.where.line > 1);

    const std::string xml = write_archive(games, Format::Xml);
    e = read_error(xml.substr(0, xml.size() / 2));
    CHECK(e.kind == ExchangeErrorKind::Truncated);

    const std::string binary = write_archive(games, Format::Binary);
    e = read_error(binary.substr(0, binary.size() - 10));
    CHECK(e.kind == ExchangeErrorKind::Truncated);
    CHECK(e.where.byte_offset == static_cast<std::int64_t>(binary.size() - 10));
    e = read_error(binary.substr(0, 12));
    CHECK(e.kind == ExchangeErrorKind::Truncated);

    // The header's length is honest but the payload inside it stops short of its last game.
    std::string short_payload = binary.substr(0, binary.size() - 10);
    const std::uint64_t length = short_payload.size() - kBinaryHeaderSize;
    for (int i = 0; i < 8; ++i)
        short_payload[8 + static_cast<std::size_t>(i)] = static_cast<char>((length >> (8 * i)) & 0xff);
    e = read_error(short_payload);
    CHECK(e.kind == ExchangeErrorKind::Truncated);
    CHECK(e.game == 1);
    CHECK(e.where.byte_offset == static_cast<std::int64_t>(short_payload.size()));
}

TEST_CASE("archive boards of zero or absurd size are refused before any board is made") {
    const std::string json = write_archive(two_games(), Format::Json);
    ExchangeError e = read_error(replace_once(json, "\"rows\": 3", "\"rows\": 0"));
    CHECK(e.kind == ExchangeErrorKind::BadBoard);
    CHECK(e.game == 0);
    CHECK(e.where.line == 5);
    CHECK(e.message.find("at least one row") != std::string::npos);

    e = read_error(replace_once(json, "\"cols\": 3", "\"cols\": 2000000000"));
    CHECK(e.kind == ExchangeErrorKind::BadBoard);
    CHECK(e.message.find("at most 2048") != std::string::npos);

    e = read_error(replace_once(json, "\"classic\"", "\"chess\""));
    CHECK(e.kind == ExchangeErrorKind::BadBoard);
    CHECK(e.message == "unknown rule set \"chess\"");
}

TEST_CASE("archives from a newer program are refused as too new") {
    const std::string json = write_archive(two_games(), Format::Json);
    const ExchangeError e =
        read_error(replace_once(json, "\"cereal_class_version\": 1", "\"cereal_class_version\": 9"));
    CHECK(e.kind == ExchangeErrorKind::TooNew);
    CHECK(e.message.find("newer tictactrace") != std::string::npos);
    CHECK(e.where.line == 2);  // the archive's root object
}

TEST_CASE("an archive does not take --rules") {
    ImportOptions options;
    options.rules = RulesChoice{};
    auto read = read_games(write_archive(two_games(), Format::Json), options);
    REQUIRE(failed_with<ExchangeError>(read));
    CHECK(read.error().kind == ExchangeErrorKind::Unsupported);
}

TEST_CASE("formats are recognised by their first bytes") {
    CHECK(sniff_format("  \n{\"tictactrace\"") == Format::Json);
    CHECK(sniff_format("\xEF\xBB\xBF<?xml") == Format::Xml);
    CHECK(sniff_format("\r\n(;GM[4]") == Format::Sgf);
    CHECK(sniff_format("Piskvorky 20x20, 7:7, 0") == Format::Psq);
    CHECK(sniff_format(kBinaryMagic) == Format::Binary);
    CHECK(sniff_format("") == Format::Binary);
    CHECK(format_from_name("sgf") == Format::Sgf);
    CHECK_FALSE(format_from_name("pgn"));
    const ExchangeError e = read_error("");
    CHECK(e.kind == ExchangeErrorKind::Unknown);
    CHECK(e.message == "the file is empty: there is nothing to import");
    // Text saved as UTF-16 is told for what it is; anything else lists what is read.
    CHECK(read_error(std::string("\xFF\xFE(\0;\0", 6)).message ==
          "not a file this program reads: it is text in UTF-16 (it starts with a UTF-16 byte-order mark); "
          "saved "
          "as UTF-8 it may be read");
    CHECK(read_error("\x01\x02garbage").message ==
          "not a file this program reads: expected JSON, XML, SGF, PSQ, a RenLib library or a tictactrace "
          "binary archive");
}

}  // namespace ttt::exchange
