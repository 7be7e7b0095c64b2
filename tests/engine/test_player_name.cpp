// One rule for players' names: what check_player_name refuses, sanitize_player_name replaces visibly.
#include "tictactrace/engine/player_name.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;

namespace {
const std::string kFffd = "\xEF\xBF\xBD";
}

TEST_CASE("check_player_name accepts ordinary names in any script, and the empty name") {
    for (const char* name : {"Ann", "", "Robert'); DROP TABLE events;--", "\"Bo\" \\ the O", "J\xC3\xBCrgen",
                             "\xE5\xB1\xB1\xE7\x94\xB0", "\xD8\xB9\xD9\x84\xD9\x8A",
                             "\xF0\x9F\x8E\x86 fireworks", "  spaced  ", "\xEF\xBF\xBD"}) {
        CAPTURE(name);
        CHECK(check_player_name(name));
    }
    CHECK(check_player_name(std::string(200, 'a')));
    CHECK(check_player_name(std::string(100, 'a') + std::string(33, 'x') + "\xE2\x82\xAC"));
}

TEST_CASE("check_player_name says why a name is refused, about the subject it is given") {
    CHECK(check_player_name(std::string(201, 'a'), "X's name").error() ==
          "X's name is 201 bytes long; at most 200 are allowed");
    CHECK(check_player_name("bad\xffname", "X's name").error() ==
          "X's name is not valid UTF-8 (byte 0xFF at offset 3)");
    CHECK(check_player_name("\xC0\x80", "X's name").error() ==
          "X's name is not valid UTF-8 (byte 0xC0 at offset 0)");
    CHECK(check_player_name("\x1b[2J").error() == "the name holds a control character (U+001B)");
    CHECK(check_player_name("a\nb").error() == "the name holds a control character (U+000A)");
    CHECK(check_player_name("tab\there").error() == "the name holds a control character (U+0009)");
    CHECK(check_player_name(std::string("nul\0", 4)).error() ==
          "the name holds a control character (U+0000)");
    CHECK(check_player_name("\x7f").error() == "the name holds a control character (U+007F)");
    CHECK(check_player_name("\xC2\x85").error() == "the name holds a control character (U+0085)");
    CHECK(check_player_name("abc\xE2\x80\xAE"
                            "fed")
              .error() ==
          "the name holds a bidi control character (U+202E), which would reorder the text shown around it");
    for (const char* bidi : {"\xE2\x80\xAA", "\xE2\x80\xAD", "\xE2\x81\xA6", "\xE2\x81\xA9", "\xE2\x80\x8E",
                             "\xE2\x80\x8F", "\xD8\x9C"}) {
        CAPTURE(bidi);
        CHECK_FALSE(check_player_name(bidi));
    }
}

TEST_CASE("sanitize_player_name leaves acceptable names exactly as they are") {
    for (const std::string& name :
         {std::string("Ann"), std::string(), std::string("J\xC3\xBCrgen"), std::string(200, 'z')}) {
        const SanitizedName s = sanitize_player_name(name);
        CHECK(s.name == name);
        CHECK_FALSE(s.changed());
        CHECK(s.original_bytes == name.size());
    }
}

TEST_CASE("sanitize_player_name replaces every refused character and invalid byte by U+FFFD") {
    const SanitizedName s = sanitize_player_name("\x1b[2J\x1b[31mred\x07");
    CHECK(s.name == kFffd + "[2J" + kFffd + "[31mred" + kFffd);
    CHECK(s.replaced == 3);
    CHECK_FALSE(s.cut);
    CHECK(sanitize_player_name(std::string("a\0b", 3)).name == "a" + kFffd + "b");
    CHECK(sanitize_player_name("bad\xff\xfe").name == "bad" + kFffd + kFffd);
    CHECK(sanitize_player_name("bad\xff\xfe").replaced == 2);
    CHECK(sanitize_player_name("abc\xE2\x80\xAE"
                               "fed")
              .name == "abc" + kFffd + "fed");
    CHECK(sanitize_player_name("\xC2\x9B").name == kFffd);
    // Whatever comes out passes the check.
    for (const char* text : {"\x1b]0;title\x07", "\xED\xA0\x80", "\xF4\x90\x80\x80x", "\xE2\x88"}) {
        CAPTURE(text);
        CHECK(check_player_name(sanitize_player_name(text).name));
    }
}

TEST_CASE("sanitize_player_name cuts a long name to 200 bytes at a character boundary") {
    const SanitizedName ascii = sanitize_player_name(std::string(1'000'000, 'n'));
    CHECK(ascii.name == std::string(200, 'n'));
    CHECK(ascii.cut);
    CHECK(ascii.original_bytes == 1'000'000);
    CHECK(ascii.replaced == 0);

    // 66 three-byte characters make 198 bytes; the 67th would pass 200, so it is left out whole.
    std::string euros;
    for (int i = 0; i < 100; ++i) euros += "\xE2\x82\xAC";
    const SanitizedName cut = sanitize_player_name(euros);
    CHECK(cut.name.size() == 198);
    CHECK(cut.cut);
    CHECK(check_player_name(cut.name));

    // Replacements past the cut are still counted: the note speaks of the whole text.
    const SanitizedName hostile = sanitize_player_name(std::string(300, '\x1b'));
    CHECK(hostile.name.size() == 198);  // 66 replacement characters
    CHECK(hostile.replaced == 300);
    CHECK(hostile.cut);
}
