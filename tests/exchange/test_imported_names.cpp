// Players' names from files are held to the name rule in every format: what cannot be shown becomes
// U+FFFD and a long name is cut, each with a warning naming the game and the property; exports never
// write a control character, whatever an older log holds.
#include "test_games.hpp"

#include "tictactrace/engine/player_name.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace ttt::exchange {

namespace {

const std::string kFffd = "\xEF\xBF\xBD";

GamesRead read_ok(std::string_view text, const ImportOptions& options = {}) {
    auto read = read_games(text, options);
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    return std::move(read).value();
}

std::vector<std::string> warnings(const GamesRead& read) {
    std::vector<std::string> out;
    for (const ImportNote& note : read.notes)
        if (note.warns()) out.push_back(note.describe());
    return out;
}

bool has_control_bytes(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && c != '\n' && c != '\r' && c != '\t') || u == 0x7f;
    });
}

GameRecord game_named(std::string x, std::string o) {
    test::PlayOptions play;
    play.moves = 4;
    play.x_name = std::move(x);
    play.o_name = std::move(o);
    return test::random_game(Rules::gomoku(false, 15, 15), play);
}

std::string written(const GameRecord& game, Format format) {
    auto bytes = write_games(std::span(&game, 1), format);
    REQUIRE_MESSAGE(bytes.has_value(), bytes.error().describe());
    return bytes.value();
}

}  // namespace

TEST_CASE("sgf names holding escapes, bells, NUL, invalid UTF-8 or a bidi override import replaced, with "
          "warnings") {
    const std::string text = test::read_text_file(test::fixture_path("sgf/hostile_names.sgf"));
    const GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 3);
    CHECK(read.games[0].x_name == kFffd + "[2J" + kFffd + "[31mRed");
    CHECK(read.games[0].o_name == "bell" + kFffd);
    CHECK(read.games[1].x_name == "nul" + kFffd + "byte");
    CHECK(read.games[1].o_name == "bad" + kFffd + kFffd + "utf8");
    CHECK(read.games[2].x_name == "abc" + kFffd + "fed");
    CHECK(read.games[2].o_name == "Ordinary \xC3\xA9t\xC3\xA9");
    for (const GameRecord& game : read.games) {
        CHECK(check_player_name(game.x_name));
        CHECK(check_player_name(game.o_name));
    }
    CHECK(warnings(read) ==
          std::vector<std::string>{
              "line 1, column 19: game 1: PB (X's name) held 2 characters that cannot be shown (control "
              "characters, bidi controls or invalid UTF-8); they were replaced by U+FFFD",
              "line 1, column 35: game 1: PW (O's name) held 1 character that cannot be shown (a control "
              "character, a bidi control or invalid UTF-8); it was replaced by U+FFFD",
              "line 3, column 19: game 2: PB (X's name) held 1 character that cannot be shown (a control "
              "character, a bidi control or invalid UTF-8); it was replaced by U+FFFD",
              "line 3, column 31: game 2: PW (O's name) held 2 characters that cannot be shown (control "
              "characters, bidi controls or invalid UTF-8); they were replaced by U+FFFD",
              "line 5, column 19: game 3: PB (X's name) held 1 character that cannot be shown (a control "
              "character, a bidi control or invalid UTF-8); it was replaced by U+FFFD",
          });
}

TEST_CASE("an sgf name of more than a megabyte is cut to 200 bytes with a warning") {
    const std::string huge(1'048'581, 'n');
    const GamesRead read = read_ok("(;GM[4]SZ[15]PB[" + huge + "]PW[W\\]ho\\\\]\n;B[hh])");
    REQUIRE(read.games.size() == 1);
    CHECK(read.games[0].x_name == std::string(200, 'n'));
    CHECK(read.games[0].o_name == "W]ho\\");  // escapes still read as before
    CHECK(warnings(read) ==
          std::vector<std::string>{"line 1, column 14: game 1: PB (X's name) was 1048581 bytes; "
                                   "it was cut to 200 bytes"});
    // Escaped or with line breaks, the long name takes the copying path and is cut the same way.
    const GamesRead escaped = read_ok("(;GM[4]SZ[15]PB[" + huge + "\\]\n" + huge + "]\n;B[hh])");
    CHECK(escaped.games[0].x_name == std::string(200, 'n'));
    CHECK(warnings(escaped) ==
          std::vector<std::string>{"line 1, column 14: game 1: PB (X's name) was 2097164 bytes; "
                                   "it was cut to 200 bytes"});
}

TEST_CASE("psq trailer names are replaced and cut like any other, with warnings") {
    const std::string text = "Piskvorky 15x15, 11:11, 0\r\n8,8,100\r\n9,9,100\r\nEngine\x1b[5m\r\n" +
                             std::string(300, 'o') + "\r\n-1\r\n";
    const GamesRead read = read_ok(text);
    REQUIRE(read.games.size() == 1);
    CHECK(read.games[0].x_name == "Engine" + kFffd + "[5m");
    CHECK(read.games[0].o_name == std::string(200, 'o'));
    CHECK(
        warnings(read) ==
        std::vector<std::string>{
            "line 4, column 1: game 1: the trailer's first name (X's name) held 1 character that cannot be "
            "shown (a control character, a bidi control or invalid UTF-8); it was replaced by U+FFFD",
            "line 5, column 1: game 1: the trailer's second name (O's name) was 300 bytes; it was cut to 200 "
            "bytes"});
}

TEST_CASE("archive names are held to the same rule in json, xml and binary") {
    // What an older program or a hand-edited file could hold: raw controls, a bidi override, bad bytes.
    // The exports of today write none of that, so the hostile names are put into the bytes of a clean
    // archive in each format's own spelling (the same length, for binary's length prefixes).
    const std::string x_hostile = "\x1b]0;owned\x07";
    const std::string o_hostile = "abc\xE2\x80\xAE"
                                  "fed\xFF";
    const std::string x_placeholder(x_hostile.size(), 'X');
    const std::string o_placeholder(o_hostile.size(), 'O');
    const GameRecord clean = game_named(x_placeholder, o_placeholder);
    const auto replaced = [](std::string bytes, const std::string& from, const std::string& to) {
        const auto at = bytes.find(from);
        REQUIRE(at != std::string::npos);
        return bytes.replace(at, from.size(), to);
    };
    for (const Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(std::string(name_of(format)));
        std::string bytes = written(clean, format);
        const bool json = format == Format::Json;
        bytes = replaced(bytes, x_placeholder, json ? "\\u001b]0;owned\\u0007" : x_hostile);
        bytes = replaced(bytes, o_placeholder, json ? "abc\\u202efed\xFF" : o_hostile);
        const GamesRead read = read_ok(bytes);
        REQUIRE(read.games.size() == 1);
        CHECK(read.games[0].x_name == kFffd + "]0;owned" + kFffd);
        CHECK(read.games[0].o_name == "abc" + kFffd + "fed" + kFffd);
        const auto seen = warnings(read);
        REQUIRE(seen.size() == 2);
        CHECK(seen[0].find("game 1: x_name (X's name) held 2 characters that cannot be shown") !=
              std::string::npos);
        CHECK(seen[1].find("game 1: o_name (O's name) held 2 characters that cannot be shown") !=
              std::string::npos);
    }
    // A long name in a JSON archive, which has no length prefix to keep.
    const std::string json = replaced(written(game_named("Ann", "PLACEHOLDER"), Format::Json), "PLACEHOLDER",
                                      std::string(5000, 'x'));
    const GamesRead long_name = read_ok(json);
    CHECK(long_name.games[0].o_name == std::string(200, 'x'));
    const auto seen = warnings(long_name);
    REQUIRE(seen.size() == 1);
    CHECK(seen[0] == "line 5, column 13: game 1: o_name (O's name) was 5000 bytes; it was cut to 200 bytes");
}

TEST_CASE("archive exports write names as the name rule allows them, so xml never carries a raw ESC") {
    const GameRecord game = game_named("\x1b[2J\x1b[31mRed", "bad\xFFname");
    for (const Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(std::string(name_of(format)));
        const std::string bytes = written(game, format);
        if (format != Format::Binary) CHECK_FALSE(has_control_bytes(bytes));
        CHECK(bytes.find('\x1b') == std::string::npos);
        const GamesRead back = read_ok(bytes);
        CHECK(back.games[0].x_name == kFffd + "[2J" + kFffd + "[31mRed");
        CHECK(back.games[0].o_name == "bad" + kFffd + "name");
        CHECK(warnings(back).empty());
    }
}

TEST_CASE("acceptable names import without a note") {
    const GamesRead read = read_ok("(;GM[4]SZ[15]PB[Ann \xC3\xA9t\xC3\xA9]PW[]\n;B[hh])");
    CHECK(read.games[0].x_name == "Ann \xC3\xA9t\xC3\xA9");
    CHECK(read.games[0].o_name.empty());
    CHECK(read.notes.empty());
}

TEST_CASE("sgf and psq exports never write a control character, whatever the log holds") {
    // A name an older log may hold; SGF escapes only ] and \, and PSQ nothing at all (tabs and line ends are
    // a file's own layout, never a name's: the names' controls are what must not appear).
    const GameRecord game = game_named("\x1b[2J\x1b[31mRed]", "bell\x07\\");
    const std::string sgf = written(game, Format::Sgf);
    CHECK_FALSE(has_control_bytes(sgf));
    CHECK(sgf.find("PB[" + kFffd + "[2J" + kFffd + "[31mRed\\]]PW[bell" + kFffd + "\\\\]") !=
          std::string::npos);
    const std::string psq = written(game, Format::Psq);
    CHECK_FALSE(has_control_bytes(psq));
    CHECK(psq.find("\r\n" + kFffd + "[2J" + kFffd + "[31mRed]\r\nbell" + kFffd + "\\\r\n") !=
          std::string::npos);
    // And what they wrote reads back as the same names, with no warning left to give.
    const GamesRead back = read_ok(sgf);
    CHECK(back.games[0].x_name == kFffd + "[2J" + kFffd + "[31mRed]");
    CHECK(warnings(back).empty());
}

}  // namespace ttt::exchange
