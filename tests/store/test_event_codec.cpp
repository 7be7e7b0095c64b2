// The payload encoding: exact text for known events, round trips of every type, refusals of bad payloads.
#include "tictactrace/store/event_codec.hpp"

#include <doctest/doctest.h>

#include <string>
#include <variant>

using namespace ttt;
using ttt::store::decode_event;
using ttt::store::encode_payload;

namespace {

Event round_trip(const Event& e) {
    auto decoded = decode_event(type_name_of(e), type_version_of(e), encode_payload(e));
    REQUIRE_MESSAGE(decoded.has_value(), decoded.error());
    return decoded.value();
}

std::string decode_error(std::string_view type, int version, std::string_view payload) {
    auto decoded = decode_event(type, version, payload);
    REQUIRE_FALSE(decoded.has_value());
    return decoded.error();
}

}  // namespace

TEST_CASE("payloads have the documented layout, with 1-based coordinates") {
    CHECK(encode_payload(MovePlayed{Player::X, Pos{0, 2}}) == R"({"player":"x","row":1,"col":3})");
    CHECK(encode_payload(MoveTakenBack{Player::O, Pos{14, 7}}) == R"({"player":"o","row":15,"col":8})");
    CHECK(encode_payload(Resigned{Player::O}) == R"({"player":"o"})");
    CHECK(encode_payload(Forfeited{Player::X, ForfeitReason::IllegalMove, "played \"a1\""}) ==
          R"({"player":"x","reason":"illegal_move","detail":"played \"a1\""})");
    CHECK(encode_payload(Adjudicated{std::nullopt, "Draw by adjudication"}) ==
          R"({"result":"draw","reason":"Draw by adjudication"})");
    CHECK(encode_payload(Adjudicated{Player::O, "1,standard15"}) ==
          R"({"result":"o","reason":"1,standard15"})");
    CHECK_FALSE(decode_event("game_adjudicated", 1, R"({"result":"x"})").has_value());
    CHECK_FALSE(decode_event("game_adjudicated", 1, R"({"result":"nobody","reason":""})").has_value());
    CHECK(
        encode_payload(GameCreated{Rules::gomoku(true), "Ann", "Bo"}) ==
        R"({"rules":{"name":"gomoku","rows":15,"cols":15,"k":5,"exact":true,"min_run":3,"points":100},"x":"Ann","o":"Bo"})");
    CHECK(
        encode_payload(GameForked{7, 4, Rules::classic(), "A", "B"}) ==
        R"({"from":7,"at":4,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"x":"A","o":"B"})");
}

TEST_CASE(
    "a set-up's payload lists who moves next and both players' cells, 1-based, and a fork's origin first") {
    const GameSetUp plain{
        Rules::score(7, 7), "Ann", "Bo", {{SetUp{{{0, 0}, {6, 3}}, {}, Player::O}, std::nullopt, 0}}};
    CHECK(
        encode_payload(plain) ==
        R"({"rules":{"name":"score","rows":7,"cols":7,"k":0,"exact":false,"min_run":3,"points":100},"x":"Ann","o":"Bo",)"
        R"("to_move":"o","x_cells":[[1,1],[7,4]],"o_cells":[]})");
    const GameSetUp fork{Rules::classic(), "A", "B", {{SetUp{{{1, 1}}, {{0, 2}}, Player::X}, 7, 4}}};
    CHECK(
        encode_payload(fork) ==
        R"({"from":7,"at":4,"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},)"
        R"("x":"A","o":"B","to_move":"x","x_cells":[[2,2]],"o_cells":[[1,3]]})");
    CHECK(type_name_of(Event{plain}) == std::string("game_set_up"));
}

TEST_CASE("every event type survives encode then decode") {
    const Event events[] = {
        GameCreated{Rules::score(7, 9, 4, 50), "x", "o"},
        GameCreated{Rules::fullline(4, 5), "", ""},
        GameCreated{Rules::mnk(1000, 1000, 6, true), "a", "b"},
        GameForked{123456789012LL, 17, Rules::gomoku(), "p", "q"},
        MovePlayed{Player::O, Pos{999, 0}},
        MoveTakenBack{Player::X, Pos{0, 999}},
        Resigned{Player::X},
        Forfeited{Player::O, ForfeitReason::Crash, ""},
        Forfeited{Player::X, ForfeitReason::Timeout, "no answer in 5000 ms; «über»"},
        Forfeited{Player::O, ForfeitReason::Garbage, "answered \"hello\""},
        Adjudicated{std::nullopt, "Draw by adjudication"},
        Adjudicated{Player::X, "the Gomocup judge's result line 2,\"standard15\" «über»"},
        Adjudicated{Player::O, ""},
        GameSetUp{Rules::score(2048, 2048),
                  "s",
                  "t",
                  {{SetUp{{{2047, 2047}, {0, 0}}, {{5, 9}}, Player::X}, std::nullopt, 0}}},
        GameSetUp{Rules::gomoku(), "u", "v", {{SetUp{{}, {}, Player::O}, 0, 0}}},
        GameSetUp{Rules::mnk(4, 4, 3), "w", "z", {{SetUp{{{3, 3}}, {}, Player::O}, 99, 12}}},
    };
    for (const Event& e : events) {
        CAPTURE(encode_payload(e));
        CHECK(round_trip(e) == e);
    }
}

TEST_CASE("player names with quotes, backslashes, control characters, SQL and Unicode round trip exactly") {
    const std::string names[] = {
        R"(Robert'); DROP TABLE events;--)", R"("quoted" and \back\slashed\)",
        "tab\there\nnew line\r\x01\x1f\x7f", "Zoë 李 🎲",
        std::string("nul\0inside", 10),      "",
    };
    for (const auto& name : names) {
        const Event e = GameCreated{Rules::classic(), name, name + "'"};
        const std::string payload = encode_payload(e);
        CAPTURE(payload);
        for (const char c : payload) CHECK(static_cast<unsigned char>(c) >= 0x20);  // control chars escaped
        CHECK(round_trip(e) == e);
    }
}

TEST_CASE("decoding accepts escapes and members in any order, and ignores unknown members") {
    auto decoded = decode_event(
        "move_played", 1, R"( { "col" : 2, "extra": [1, {"a": null}, -2.5e3], "row": 5, "player": "o" } )");
    REQUIRE(decoded.has_value());
    CHECK(decoded.value() == Event{MovePlayed{Player::O, Pos{4, 1}}});

    decoded = decode_event(
        "game_created", 1,
        R"({"x":"\u00e9\ud83c\udfb2\"\/","o":"","rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100}})");
    REQUIRE(decoded.has_value());
    CHECK(std::get<GameCreated>(decoded.value()).x_name == "é🎲\"/");
}

TEST_CASE("a set-up payload that lacks a member, lists a cell badly or names half a fork is refused") {
    const std::string rules =
        R"("rules":{"name":"score","rows":7,"cols":7,"k":0,"exact":false,"min_run":3,"points":100},"x":"A","o":"B")";
    CHECK(decode_error("game_set_up", 1, "{" + rules + R"(,"to_move":"x","x_cells":[]})") ==
          "game_set_up payload needs rules, x, o, to_move, x_cells and o_cells");
    CHECK(decode_error("game_set_up", 1, "{" + rules + R"(,"to_move":"y","x_cells":[],"o_cells":[]})")
              .find("to_move must be") != std::string::npos);
    CHECK(decode_error("game_set_up", 1, "{" + rules + R"(,"to_move":"x","x_cells":[[1]],"o_cells":[]})")
              .find("[row,col]") != std::string::npos);
    CHECK(decode_error("game_set_up", 1, "{" + rules + R"(,"to_move":"x","x_cells":[[1,2,3]],"o_cells":[]})")
              .find("[row,col]") != std::string::npos);
    CHECK(decode_error("game_set_up", 1, "{" + rules + R"(,"to_move":"x","x_cells":[[0,2]],"o_cells":[]})")
              .find("1 to 2048") != std::string::npos);
    CHECK(decode_error("game_set_up", 1, "{" + rules + R"(,"to_move":"x","x_cells":[[1,2],],"o_cells":[]})")
              .find("malformed") != std::string::npos);
    CHECK(decode_error("game_set_up", 1,
                       R"({"from":3,)" + rules + R"(,"to_move":"x","x_cells":[],"o_cells":[]})") ==
          "game_set_up payload needs both from and a valid at, or neither");
    CHECK(decode_error("game_set_up", 2, "{}").find("version 2") != std::string::npos);
    // Members in any order and spacing, as for every payload.
    auto decoded = decode_event("game_set_up", 1,
                                R"({ "o_cells" : [ [2 , 3] ], "to_move":"o", "x_cells":[[1,1] ,[ 1,2]], )" +
                                    rules + "}");
    REQUIRE(decoded.has_value());
    const auto& set = std::get<GameSetUp>(decoded.value());
    CHECK(set.start->setup == SetUp{{{0, 0}, {0, 1}}, {{1, 2}}, Player::O});
    CHECK_FALSE(set.start->from_game);
}

TEST_CASE("unknown types, newer versions and malformed payloads are refused with a reason") {
    CHECK(decode_error("move_teleported", 1, "{}").find("unknown event type") != std::string::npos);
    CHECK(decode_error("move_played", 2, R"({"player":"x","row":1,"col":1})").find("version 2") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"x","row":1})").find("row and col") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"z","row":1,"col":1})").find("player") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"x","row":0,"col":1})").find("positive") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"x","row":99999999999,"col":1})").find("positive") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"x","row":1.5,"col":1})").find("integer") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"x","row":1,"col":1)").find("malformed") !=
          std::string::npos);
    CHECK(decode_error("move_played", 1, R"({"player":"x","row":1,"col":1} trailing)").find("malformed") !=
          std::string::npos);
    CHECK(decode_error("resigned", 1, "").find("malformed") != std::string::npos);
    CHECK(decode_error("resigned", 1, R"({"player":"x\ud800"})").find("surrogate") != std::string::npos);
    CHECK(decode_error("game_created", 1, R"({"rules":{"name":"chess","rows":8,"cols":8},"x":"a","o":"b"})")
              .find("unknown rules") != std::string::npos);
    CHECK(decode_error("game_created", 1, R"({"x":"a","o":"b"})").find("needs rules") != std::string::npos);
    CHECK(decode_error("game_forked", 1, R"({"at":-1,"from":1,"rules":{"name":"classic"},"x":"a","o":"b"})")
              .find("valid at") != std::string::npos);
    CHECK(
        decode_error("forfeited", 1, R"({"player":"x","reason":"timeout"})").find("a reason and a detail") !=
        std::string::npos);
    CHECK(decode_error("forfeited", 1, R"({"reason":"timeout","detail":""})").find("needs a player") !=
          std::string::npos);
    CHECK(decode_error("forfeited", 1, R"({"player":"o","reason":"bored","detail":""})")
              .find("unknown reason \"bored\"") != std::string::npos);
    CHECK(decode_error("forfeited", 2, R"({"player":"o","reason":"crash","detail":""})").find("version 2") !=
          std::string::npos);
}

TEST_CASE(
    "an opening rule and its choices have their payloads, and a game without one is written as before") {
    CHECK(encode_payload(GameCreated{Rules::gomoku(), "Ann", "Bob"}).find("opening") == std::string::npos);
    const GameCreated swap2{Rules::gomoku(), "Ann", "Bob", OpeningRule::Swap2};
    CHECK(encode_payload(swap2).ends_with(R"(,"x":"Ann","o":"Bob","opening":"swap2"})"));
    CHECK(round_trip(swap2) == Event{swap2});
    const OpeningChosen chosen{Opener::First, OpeningChoice::TakeWhite};
    CHECK(encode_payload(chosen) == R"({"by":"first","choice":"take_white"})");
    CHECK(round_trip(chosen) == Event{chosen});
    CHECK(round_trip(OpeningChosen{Opener::Second, OpeningChoice::PlaceTwo}) ==
          Event{OpeningChosen{Opener::Second, OpeningChoice::PlaceTwo}});
    // What a tampered log may hold is refused with a sentence.
    CHECK(decode_error("opening_chosen", 1, R"({"by":"third","choice":"take_white"})") ==
          "opening_chosen payload: unknown chooser \"third\"");
    CHECK(decode_error("opening_chosen", 1, R"({"by":"first","choice":"swap"})") ==
          "opening_chosen payload: unknown choice \"swap\"");
    CHECK(decode_error("opening_chosen", 1, R"({"choice":"take_black"})") ==
          "opening_chosen payload needs by and a choice");
    const std::string created = encode_payload(GameCreated{Rules::gomoku(), "Ann", "Bob"});
    CHECK(decode_error("game_created", 1, created.substr(0, created.size() - 1) + R"(,"opening":"none"})") ==
          "game_created payload: unknown opening rule \"none\"");
}

TEST_CASE("the engines bound to a game's sides are kept at the end of its first event, and only when set") {
    // Unbound, byte for byte as before.
    CHECK(
        encode_payload(GameCreated{Rules::classic(), "Ann", "Bob"}) ==
        R"({"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},"x":"Ann","o":"Bob"})");
    const GameCreated bound{Rules::classic(), "Ann", "builtin:strong", OpeningRule::None,
                            SideEngines{"", "builtin:strong"}};
    CHECK(encode_payload(bound).ends_with(R"(,"x":"Ann","o":"builtin:strong","o_engine":"builtin:strong"})"));
    CHECK(round_trip(bound) == Event{bound});
    const GameCreated both{Rules::gomoku(), "X", "O", OpeningRule::None,
                           SideEngines{"pbrain-x --level \"2\"", "builtin:random"}};
    CHECK(encode_payload(both).ends_with(
        R"(,"x":"X","o":"O","x_engine":"pbrain-x --level \"2\"","o_engine":"builtin:random"})"));
    CHECK(round_trip(both) == Event{both});
    // A set-up game holds them after its cells.
    GameSetUp set_up{Rules::classic(), "Ann", "Bob", {}};
    set_up.start->setup.x = {Pos{0, 0}};
    set_up.start->setup.to_move = Player::O;
    set_up.start->engines.o = "builtin:perfect";
    CHECK(encode_payload(set_up).ends_with(R"("o_cells":[],"o_engine":"builtin:perfect"})"));
    CHECK(round_trip(set_up) == Event{set_up});
}
