// The lessons on their own: an imported lesson followed (its first moment asked for once, what it holds
// said once its game is open), moments gone to, the draft's moments added (at most the file format's
// limit), removed, reordered and copied from the lesson followed, an empty draft not saved, and what a save
// came to kept for the Lesson window: the file and its moments in their order, or why nothing was written.
#include "model/lessons.hpp"

#include "../common/temp_dir.hpp"
#include "tictactrace/exchange/read_games.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

ImportOutcome lesson_outcome() {
    ImportOutcome outcome;
    outcome.file = "/tmp/opening.lesson.json";
    exchange::LessonPlan plan;
    plan.title = "Openings";
    plan.moments.push_back(exchange::LessonMoment{0, 3, {}, "", "Here"});
    plan.moments.push_back(exchange::LessonMoment{1, std::nullopt, {}, "", "And here"});
    outcome.lesson = plan;
    outcome.lesson_games = {7, 9};
    outcome.ids = {9};
    outcome.reused = 1;
    return outcome;
}

}  // namespace

TEST_CASE("a lesson imported is followed: its first moment is asked for, and said once") {
    Notices notices;
    Lessons lessons(notices);
    CHECK_FALSE(lessons.state().tour);
    lessons.follow(lesson_outcome());
    REQUIRE(lessons.state().tour);
    CHECK(lessons.state().tour->size() == 2);
    CHECK(lessons.take_moment_request() == 0);
    CHECK_FALSE(lessons.take_moment_request());  // once
    CHECK_FALSE(notices.current());              // said when its game is open, not before
    lessons.announce();
    REQUIRE(notices.current());
    CHECK(notices.current()->text ==
          "Opened the lesson \"Openings\" from opening.lesson.json: 2 moments on 2 games (1 already in the "
          "log, not copied again).");
    const std::int64_t serial = notices.current()->serial;
    lessons.announce();  // nothing more to say
    CHECK(notices.current()->serial == serial);

    lessons.go_to_moment(1);
    CHECK(lessons.take_moment_request() == 1);
    CHECK(lessons.state().tour->current() == 1);
    lessons.go_to_moment(5);  // no such moment
    CHECK_FALSE(lessons.take_moment_request());
    lessons.close();
    CHECK_FALSE(lessons.state().tour);
}

TEST_CASE("the lesson being written: moments added, removed, copied, and an empty one is not saved") {
    Notices notices;
    Lessons lessons(notices);
    exchange::MomentDraft moment;
    moment.caption = "first";
    lessons.add_moment(moment);
    moment.caption = "second";
    lessons.add_moment(moment);
    REQUIRE(lessons.state().draft.size() == 2);
    lessons.remove_moment(0);
    lessons.remove_moment(7);  // no such moment: nothing changes
    REQUIRE(lessons.state().draft.size() == 1);
    CHECK(lessons.state().draft.front().caption == "second");

    lessons.copy_to_draft();  // no lesson followed: the draft stays
    CHECK(lessons.state().draft.size() == 1);
    lessons.follow(lesson_outcome());
    lessons.copy_to_draft();
    CHECK(lessons.state().draft.size() == 2);
    CHECK(lessons.state().draft_title == "Openings");

    while (lessons.state().draft.size() < exchange::kMaxLessonMoments) lessons.add_moment(moment);
    CHECK_FALSE(notices.current());
    lessons.add_moment(moment);  // one too many
    CHECK(lessons.state().draft.size() == exchange::kMaxLessonMoments);
    REQUIRE(notices.current());
    CHECK(notices.current()->level == Notice::Level::Warning);

    Lessons empty(notices);
    auto store = store::EventStore::open_in_memory();
    CHECK_FALSE(empty.save(store, "Nothing", "/nonexistent/never.json"));
    CHECK(notices.current()->text == "The lesson has no moment yet: add one with \"Add this moment\".");
    // The Lesson window says it too, beside its Save button, as not saved.
    REQUIRE(empty.state().saved.has_value());
    CHECK_FALSE(empty.state().saved->saved);
    CHECK(empty.state().saved->text.find("no moment yet") != std::string::npos);
    CHECK(empty.state().draft_title == "Nothing");
}

TEST_CASE("a find-the-move moment counts a student's tries until the move is found") {
    Notices notices;
    Lessons lessons(notices);
    ImportOutcome outcome = lesson_outcome();
    exchange::FindTheMove question;
    question.answers = {{7, 6}, {7, 10}};
    question.hint = "Look at row 8.";
    question.wrong = {{{7, 11}, "That leaves the three open."}};
    outcome.lesson->moments[1].question = question;
    lessons.follow(outcome);
    const LessonTour& tour = *lessons.state().tour;
    CHECK(tour.moment(1).question == question);

    // Moment 1 asks nothing: a click there is no try.
    lessons.try_cell({7, 6});
    CHECK(tour.hunt(0).tries == 0);
    CHECK(hunt_summary(tour.hunt(1)) == "not tried");

    lessons.go_to_moment(1);
    lessons.try_cell({7, 11});  // the wrong answer the teacher foresaw
    CHECK(tour.hunt(1).tries == 1);
    CHECK_FALSE(tour.hunt(1).found);
    CHECK(hunt_reply(question, tour.hunt(1)) == "That leaves the three open.");
    CHECK(tour.hunt(1).hint_shown);  // given after the first miss
    CHECK(hunt_summary(tour.hunt(1)) == "1 try so far");
    lessons.try_cell({0, 0});  // another wrong cell
    CHECK(hunt_reply(question, tour.hunt(1)) == "Not this one \u2014 try again.");
    lessons.try_cell({7, 10});
    CHECK(tour.hunt(1).found);
    CHECK(tour.hunt(1).tries == 3);
    CHECK(hunt_reply(question, tour.hunt(1)) == "Right! Found in 3 tries.");
    CHECK(hunt_summary(tour.hunt(1)) == "found in 3 tries");
    lessons.try_cell({0, 1});  // found: further clicks change nothing
    CHECK(tour.hunt(1).tries == 3);
    CHECK(hunt_reply(question, tour.hunt(1)) == "Right! Found in 3 tries.");

    // Kept while moving between moments; a question without a miss gives its hint only on request.
    lessons.go_to_moment(0);
    lessons.go_to_moment(1);
    CHECK(lessons.state().tour->hunt(1).tries == 3);
    exchange::MomentDraft asked;
    asked.question = question;
    lessons.add_moment(asked);
    CHECK(lessons.state().draft.back().question == question);
    CHECK(exchange::question_summary(question) == "find the move: 2 answers, a hint, 1 message");
}

TEST_CASE("the hint of a find-the-move moment is shown on request, and a first try can be right") {
    Notices notices;
    Lessons lessons(notices);
    ImportOutcome outcome = lesson_outcome();
    outcome.lesson->moments[0].question = exchange::FindTheMove{{{2, 2}}, "The middle.", {}};
    lessons.follow(outcome);
    const LessonTour& tour = *lessons.state().tour;
    CHECK_FALSE(tour.hunt(0).hint_shown);
    lessons.show_hint();
    CHECK(tour.hunt(0).hint_shown);
    lessons.try_cell({2, 2});
    CHECK(hunt_reply(*tour.moment(0).question, tour.hunt(0)) == "Right! Found at the first try.");
    CHECK(hunt_summary(tour.hunt(0)) == "found at the first try");
}

namespace {

std::vector<std::string> captions_of(const std::vector<exchange::MomentDraft>& moments) {
    std::vector<std::string> out;
    for (const exchange::MomentDraft& m : moments) out.push_back(m.caption);
    return out;
}

std::string read_all(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A draft of `captions`, each a moment of `game` at step `i` (its index).
void add_moments(Lessons& lessons, store::GameId game, const std::vector<std::string>& captions) {
    for (std::size_t i = 0; i < captions.size(); ++i) {
        exchange::MomentDraft m;
        m.link.game = game;
        m.link.at = static_cast<int>(i);
        m.caption = captions[i];
        lessons.add_moment(m);
    }
}

}  // namespace

TEST_CASE("Up and Down move a moment of the lesson being written, the others keep their order") {
    Notices notices;
    Lessons lessons(notices);
    add_moments(lessons, 1, {"a", "b", "c", "d"});
    lessons.move_moment(3, 2);  // d up
    CHECK(captions_of(lessons.state().draft) == std::vector<std::string>{"a", "b", "d", "c"});
    lessons.move_moment(0, 1);  // a down
    CHECK(captions_of(lessons.state().draft) == std::vector<std::string>{"b", "a", "d", "c"});
    lessons.move_moment(3, 0);  // c to the top, past two
    CHECK(captions_of(lessons.state().draft) == std::vector<std::string>{"c", "b", "a", "d"});
    lessons.move_moment(0, 3);  // and back to the end
    CHECK(captions_of(lessons.state().draft) == std::vector<std::string>{"b", "a", "d", "c"});
    // Off either end, or no such moment: nothing changes.
    lessons.move_moment(0, -1);
    lessons.move_moment(3, 4);
    lessons.move_moment(9, 0);
    lessons.move_moment(2, 2);
    CHECK(captions_of(lessons.state().draft) == std::vector<std::string>{"b", "a", "d", "c"});
    // The steps went with their captions: a moving moment is the whole moment.
    CHECK(lessons.state().draft[0].link.at == 1);
    CHECK(lessons.state().draft[3].link.at == 2);
}

TEST_CASE("a lesson saved keeps the moments' order, and the window is told the file and what it holds") {
    ttt::testing::TempDir dir;
    auto store = store::EventStore::open(dir.file("games.db"));
    const auto created = store.create_game(GameCreated{Rules::classic(), "Ann", "Bob"});
    REQUIRE(created.has_value());
    const store::GameId game = created.value();
    store::Seq last = 0;
    Player side = Player::X;
    for (const Pos p : {Pos{0, 0}, Pos{1, 1}, Pos{2, 2}}) {
        const auto r = store.append(game, last, MovePlayed{side, p});
        REQUIRE(r.has_value());
        last = r.value().seq;
        side = other(side);
    }

    Notices notices;
    Lessons lessons(notices);
    add_moments(lessons, game, {"first", "second", "third"});
    lessons.move_moment(2, 1);  // third up: first, third, second
    const auto file = dir.file("order.json");
    REQUIRE(lessons.save(store, "In order", file));
    REQUIRE(lessons.state().saved);
    CHECK(lessons.state().saved->saved);
    CHECK(lessons.state().saved->text == "Saved order.json: 3 moments on 1 game.");
    const int first_save = lessons.state().saved->number;

    // Read back: the moments in the order they were put, each with its own step.
    auto read = exchange::read_games(read_all(file), {});
    REQUIRE(read.has_value());
    REQUIRE(read.value().lesson);
    const auto& moments = read.value().lesson->moments;
    REQUIRE(moments.size() == 3);
    CHECK(moments[0].caption == "first");
    CHECK(moments[0].at == 0);
    CHECK(moments[1].caption == "third");
    CHECK(moments[1].at == 2);
    CHECK(moments[2].caption == "second");
    CHECK(moments[2].at == 1);

    // A change to the draft: the report would speak of a file that no longer holds it.
    lessons.move_moment(0, 1);
    CHECK_FALSE(lessons.state().saved);

    // A folder that is not there: nothing written, the old file as it was, and the reason in the window.
    const std::string before = read_all(file);
    const auto nowhere = dir.file("no such folder") / "order.json";
    CHECK_FALSE(lessons.save(store, "In order", nowhere));
    REQUIRE(lessons.state().saved);
    CHECK_FALSE(lessons.state().saved->saved);
    CHECK(lessons.state().saved->text.starts_with("Not saved: "));
    CHECK(lessons.state().saved->text.find("No such file or directory") != std::string::npos);
    CHECK(lessons.state().saved->number > first_save);
    CHECK_FALSE(std::filesystem::exists(nowhere.parent_path()));
    CHECK(read_all(file) == before);

    // A moment whose game is not in the log: refused before anything is written, said in the window too.
    add_moments(lessons, game + 40, {"lost"});
    CHECK_FALSE(lessons.save(store, "In order", file));
    REQUIRE(lessons.state().saved);
    CHECK_FALSE(lessons.state().saved->saved);
    CHECK(lessons.state().saved->text.starts_with("Not saved: "));
    CHECK(read_all(file) == before);
}
