// The events' words, in one place: every alternative of the Event variant has words in every voice, and
// each type's history line is the one the CLI's `history` prints (tests/cli and tests/exchange pin the
// same lines end to end).
#include "test_util.hpp"

#include "tictactrace/engine/event_words.hpp"

#include <string>
#include <type_traits>
#include <vector>

using namespace ttt;

namespace {

constexpr EventVoice kVoices[] = {EventVoice::HistoryLine, EventVoice::Meaning, EventVoice::Sentence,
                                  EventVoice::Label, EventVoice::Refusal};

std::string line(const Event& e, int move_number = 0) {
    return event_words(e, EventVoice::HistoryLine, {.move_number = move_number});
}

}  // namespace

TEST_CASE("every event type has words in every voice") {
    int types = 0;
    for_each_alternative<Event>([&]<class T>(std::type_identity<T>) {
        ++types;
        const Event event = T{};
        for (const EventVoice voice : kVoices) {
            CAPTURE(T::kType);
            CAPTURE(static_cast<int>(voice));
            CHECK_FALSE(event_words(event, voice).empty());
            // Appending says the same after what is there.
            std::string out = "> ";
            append_event_words(out, event, voice);
            CHECK(out == "> " + event_words(event, voice));
        }
    });
    CHECK(types == static_cast<int>(std::variant_size_v<Event>));
}

TEST_CASE("each type's history line is the CLI's") {
    CHECK(line(GameCreated{Rules::classic(), "Ann", "Bob"}) == "created");
    CHECK(line(GameForked{1, 3, Rules::classic(), "Ann", "Bob"}) == "forked from game 1 at step 3");
    CHECK(line(GameForked{0, 2, Rules::classic(), "Ann", "Bob"}) ==
          "forked from a game outside this database at step 2");
    GameSetUp set{Rules::classic(), "Ann", "Bob",
                  GameSetUp::Start{SetUp{{{0, 0}, {1, 1}}, {{2, 2}}, Player::O}, std::nullopt, 0}};
    CHECK(line(set) == "set-up: 2 X, 1 O, O to move");
    set.start->from_game = 4;
    set.start->at = 1;
    CHECK(line(set) == "set-up: 2 X, 1 O, O to move; forked from game 4 at step 1");
    CHECK(line(MovePlayed{Player::X, {1, 1}}, 1) == "move 1: X (2, 2)");
    CHECK(line(MoveTakenBack{Player::O, {0, 0}}, 2) == "takeback of move 2: O (1, 1)");
    CHECK(line(Resigned{Player::X}) == "X resigns");
    CHECK(line(Forfeited{Player::O, ForfeitReason::IllegalMove, "played (8, 8), which is taken"}) ==
          "O forfeits (illegal_move): played (8, 8), which is taken");
    CHECK(line(Adjudicated{Player::O, "the Gomocup judge's result line 1,standard15"}) ==
          "adjudicated: O wins: the Gomocup judge's result line 1,standard15");
    CHECK(line(Adjudicated{std::nullopt, "Draw by adjudication"}) ==
          "adjudicated: a draw: Draw by adjudication");
    CHECK(line(OpeningChosen{Opener::Second, OpeningChoice::PlaceTwo}) ==
          "opening: the second player places two more stones");
    CHECK(line(OpeningChosen{Opener::First, OpeningChoice::TakeWhite}) ==
          "opening: the first player plays white");
    CHECK(line(OpeningChosen{Opener::Second, OpeningChoice::TakeBlack}) ==
          "opening: the second player plays black");
}

TEST_CASE("stored text in a history line is made safe to print") {
    CHECK(line(Forfeited{Player::X, ForfeitReason::Crash, "bad\x1b[2Jtext"}).find('\x1b') ==
          std::string::npos);
    CHECK(line(Adjudicated{Player::X, "bad\x07text"}).find('\x07') == std::string::npos);
}

TEST_CASE("the window's words of one move, and where an event's player and cell come from") {
    const Event move = MovePlayed{Player::O, {2, 3}};
    CHECK(event_words(move, EventVoice::Meaning) == "O marks (3, 4)");
    CHECK(event_words(move, EventVoice::Sentence) == "O plays (3, 4)");
    CHECK(event_words(move, EventVoice::Label) == "move");
    CHECK(event_words(move, EventVoice::Label, {.inherited = true, .forked_from = 7}) == "move (from #7)");
    CHECK(event_words(move, EventVoice::Refusal, {.move_number = 7}) == "move 7 (O at 3, 4)");
    CHECK(event_words(MoveTakenBack{Player::X, {0, 1}}, EventVoice::Refusal, {.event_number = 9}) ==
          "event 9 (take-back of X at 1, 2)");
    CHECK(player_named(move) == Player::O);
    CHECK(cell_named(move) == Pos{2, 3});
    CHECK(player_named(Adjudicated{Player::X, "r"}) == Player::X);
    CHECK_FALSE(player_named(Adjudicated{std::nullopt, "r"}));
    CHECK_FALSE(player_named(OpeningChosen{}));
    CHECK_FALSE(cell_named(Resigned{Player::X}));
    CHECK(fork_source_short(std::nullopt) == "a game outside this database");
    CHECK(fork_source_short(3) == "#3");
    CHECK(fork_source_long(3) == "game 3");
}
