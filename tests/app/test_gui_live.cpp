// The live lesson in real windows on one SQLite file, each on an X server of its own so that their
// screens can be read whole: a teacher's window presenting (--present) and two students' following
// (--follow --as NAME). The students' boards show the presented step (the screens compared cell by cell
// with the teacher's); a student's own step breaks away and F goes back; the teacher asks the class, the
// students answer by clicks (an occupied cell refused, an answer changed), the teacher's board shows the
// heat map (its tint read from the screen, its counts from the layout line), closing shows everyone the
// distribution and Show the best move the built-in's move; the teacher's window killed, the students say
// the teacher is gone. The screens are kept under $TTT_KEEP_SCREENSHOTS when it names a folder.
#include "live_support.hpp"

#include <doctest/doctest.h>

#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/lesson.hpp"

#include <algorithm>
#include <csignal>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

Seat seat(WindowTest& t, const std::string& name, const std::vector<std::string>& args) {
    return seat_on(t, t.db.string(), name, args);
}

// A window following the teacher on the fixture's won game at `step`.
auto following_at(const Fixture& f, int step) {
    return [&f, step](const Layout& l) {
        return l.game == f.won && l.step == step && l.cell > 0 && banner(l) == "Following the teacher";
    };
}

// The teacher's window presenting the fixture's won game at step 5, its board up.
Seat teacher_at_five(WindowTest& t) {
    const Fixture& f = t.fixture();
    Seat teacher = seat(t, "teacher", {"--open", std::to_string(f.won), "--at", "5", "--present"});
    REQUIRE(
        teacher.app->wait_for([&](const Layout& l) { return l.game == f.won && l.step == 5 && l.cell > 0; }));
    return teacher;
}

// A teacher presenting the fixture's won game at step 4 (with `extra` arguments) and two students, ann and
// bob, following it; `teacher_at` is the teacher's layout once the board is up.
struct Classroom {
    Seat teacher, ann, bob;
    std::optional<Layout> teacher_at;
};

Classroom classroom(WindowTest& t, const std::vector<std::string>& extra = {}) {
    const Fixture& f = t.fixture();
    Classroom c;
    std::vector<std::string> args{"--open", std::to_string(f.won), "--at", "4", "--present"};
    args.insert(args.end(), extra.begin(), extra.end());
    c.teacher = seat(t, "teacher", args);
    const auto at4 = [&](const Layout& l) { return l.game == f.won && l.step == 4 && l.cell > 0; };
    c.teacher_at = c.teacher.app->wait_for(at4);
    REQUIRE(c.teacher_at);
    c.ann = seat(t, "ann", {"--follow", "--as", "ann"});
    c.bob = seat(t, "bob", {"--follow", "--as", "bob"});
    REQUIRE(c.ann.app->wait_for(at4));
    REQUIRE(c.bob.app->wait_for(at4));
    return c;
}

}  // namespace

TEST_CASE("two students follow the teacher's window on one file, one breaks away and F brings them back") {
    WindowTest t;
    const Fixture& f = t.fixture();
    Seat teacher = teacher_at_five(t);
    Seat ann = seat(t, "ann", {"--follow", "--as", "ann"});
    Seat bob = seat(t, "bob", {"--follow", "--as", "bob"});
    const auto following = [&f](int step) { return following_at(f, step); };
    // Joining after the teacher presented: the presented step at once.
    auto a = ann.app->wait_for(following(5));
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    auto b = bob.app->wait_for(following(5));
    REQUIRE_MESSAGE(b, (bob.app->last() ? bob.app->last()->line : ""));

    // The teacher steps back; both follow.
    teacher.app->press_key("Left");
    const auto tl = teacher.app->wait_for([](const Layout& l) { return l.step == 4; });
    REQUIRE(tl);
    a = ann.app->wait_for(following(4));
    b = bob.app->wait_for(following(4));
    REQUIRE(a);
    REQUIRE(b);
    // The boards as the screens show them: every played cell and the next move's (empty at step 4) alike.
    const Screen ts = screen_of(teacher, "live_teacher");
    const Screen as = screen_of(ann, "live_ann");
    const Screen bs = screen_of(bob, "live_bob");
    const std::vector<Pos>& moves = won_moves();
    for (std::size_t i = 0; i < 5; ++i) {
        const Image::Rgb want = cell_pixel(teacher, ts, *tl, moves[i], 0.5);
        CHECK_MESSAGE(same(cell_pixel(ann, as, *a, moves[i], 0.5), want), "ann's cell " << i);
        CHECK_MESSAGE(same(cell_pixel(bob, bs, *b, moves[i], 0.5), want), "bob's cell " << i);
    }
    // Move 5 is not on the boards at step 4: the cell looks like an empty one, unlike a played one.
    CHECK(same(cell_pixel(ann, as, *a, moves[4]), cell_pixel(ann, as, *a, Pos{2, 2})));
    CHECK_FALSE(same(cell_pixel(ann, as, *a, moves[0]), cell_pixel(ann, as, *a, Pos{2, 2})));

    // Ann steps on her own: she breaks away, and stays where she is while the teacher goes on.
    ann.app->press_key("Right");
    a = ann.app->wait_for([](const Layout& l) {
        return l.step == 5 && live_of(l).flag("broken_away") == true &&
               banner(l) == "On your own: Back to the teacher (F)";
    });
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    CHECK(Json(Json(a->line).dump("live_buttons").value_or("{}")).numbers("back").size() == 2);
    teacher.app->press_key("Left");
    REQUIRE(teacher.app->wait_for([](const Layout& l) { return l.step == 3; }));
    REQUIRE(bob.app->wait_for(following(3)));
    CHECK(ann.app->last()->step == 5);
    // F: back to the teacher's step, following again.
    ann.app->press_key("f");
    a = ann.app->wait_for(following(3));
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    CHECK(live_of(*a).flag("broken_away") == false);
}

TEST_CASE("on a shared file a lesson at rest draws nothing: the heartbeats are commits, and a window draws "
          "for a commit only when it changed the game shown") {
    WindowTest t;
    const Fixture& f = t.fixture();
    Seat teacher = teacher_at_five(t);
    Seat ann = seat(t, "ann", {"--follow", "--as", "ann"});
    const auto following = [&f](int step) { return following_at(f, step); };
    REQUIRE(ann.app->wait_for(following(5)));

    // Six seconds in which nobody does anything but the lesson's own heartbeats, each a commit to the file
    // (the teacher's "still here", the student's "still following") that the windows' change checks see.
    const FramesAtRest idle = frames_at_rest(ann, teacher, 6000);
    MESSAGE("six idle seconds on a file: the student's window drew "
            << idle.student << " frames, the teacher's " << idle.teacher);
    CHECK(idle.student <= 3);
    CHECK(idle.teacher <= 3);

    // The teacher steps back: the student's window follows, drawing a few frames for it. (Another
    // program's move in the game shown is drawn too: "an idle window draws a few frames at most…".)
    const long long ann_at_move = ann.app->frames_drawn();
    teacher.app->press_key("Left");
    REQUIRE(teacher.app->wait_for([](const Layout& l) { return l.step == 4; }));
    const auto a = ann.app->wait_for(following(4));
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    ann.app->read_for(1000);
    const long long ann_step = ann.app->frames_drawn() - ann_at_move;
    MESSAGE("the student's window drew " << ann_step << " frames for the teacher's step");
    CHECK(ann_step <= 6);

    // Two steps back in quick succession, the second within the 100 ms in which the teacher's view is not
    // written again: it is written all the same, by a frame the teacher's window asks for itself.
    teacher.app->press_key("Left");
    teacher.app->press_key("Left");
    REQUIRE(teacher.app->wait_for([](const Layout& l) { return l.step == 2; }));
    const auto two_back = ann.app->wait_for(following(2));
    REQUIRE_MESSAGE(two_back, last_line(ann));

    // The teacher turns to the Review layout: the student's window takes up the presented look, whose
    // panels open at the end of the frame that read it, and draws them with no input of its own.
    const auto has_plot = [](const Layout& l) {
        const auto shown = windows_of(l.line);
        return std::any_of(shown.begin(), shown.end(),
                           [](const ShownWindow& w) { return w.id == "score_plot"; });
    };
    teacher.app->press_key("ctrl+3");
    REQUIRE(teacher.app->wait_for(has_plot));
    const auto reviewed = ann.app->wait_for(has_plot);
    REQUIRE_MESSAGE(reviewed, last_line(ann));

    // The teacher's text size goes up: the student's window is drawn at it, its fonts made again before
    // the frame after the one that read the look, a frame the window asks for itself.
    const auto scale_of = [](const Layout& l) { return Json(l.line).number("scale").value_or(0.0); };
    const double before = scale_of(*reviewed);
    REQUIRE(before > 0);
    teacher.app->press_key("ctrl+equal");
    REQUIRE(teacher.app->wait_for([&](const Layout& l) { return scale_of(l) > before; }));
    const auto larger = ann.app->wait_for([&](const Layout& l) { return scale_of(l) > before; });
    REQUIRE_MESSAGE(larger, last_line(ann));
}

TEST_CASE(
    "the class answers the teacher's question by clicks on a file, the teacher's board shows the heat map") {
    WindowTest t;
    Classroom c = classroom(t);
    Seat &teacher = c.teacher, &ann = c.ann, &bob = c.bob;
    auto tl = c.teacher_at;
    REQUIRE(ann.app->last());
    const Layout ann_before = *ann.app->last();
    const Layout teacher_before = *tl;

    click_button(*teacher.app, *tl, "ask");
    tl = teacher.app->wait_for([](const Layout& l) { return live_of(l).flag("open") == true; });
    REQUIRE_MESSAGE(tl, (teacher.app->last() ? teacher.app->last()->line : ""));
    const auto open_poll = [](const Layout& l) { return live_of(l).flag("open") == true; };
    auto a = ann.app->wait_for(open_poll);
    auto b = bob.app->wait_for(open_poll);
    REQUIRE(a);
    REQUIRE(b);
    // The poll's line had its room before the question: the boards stay where the students aim.
    {
        const Layout ann_now = settled_line(*ann.app, *a);
        const Layout teacher_now = settled_line(*teacher.app, *tl);
        CHECK(ann_now.x == ann_before.x);
        CHECK(ann_now.y == ann_before.y);
        CHECK(ann_now.cell == ann_before.cell);
        CHECK(teacher_now.y == teacher_before.y);
        CHECK(teacher_now.cell == teacher_before.cell);
    }

    const Pos best_guess{7, 7};  // X's next stone in the fixture game
    const Pos other{2, 2};
    // An occupied cell is refused as a move would be, and answers nothing.
    const long long before = a->notice;
    click_cell(*ann.app, *a, won_moves()[0]);
    a = ann.app->wait_for([&](const Layout& l) { return l.notice != before; });
    REQUIRE(a);
    CHECK(Json(a->line).text("notice_text").value_or("").starts_with("Can't play"));
    CHECK(live_of(*a).is_null("mine"));
    // Ann answers (8, 8); Bob (3, 3), then changes his mind.
    click_cell(*ann.app, *a, best_guess);
    a = ann.app->wait_for([&](const Layout& l) {
        return live_of(l).numbers("mine") == std::vector<double>{7, 7};
    });
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    click_cell(*bob.app, *b, other);
    b = bob.app->wait_for([&](const Layout& l) {
        return live_of(l).numbers("mine") == std::vector<double>{2, 2};
    });
    REQUIRE(b);
    tl = teacher.app->wait_for([](const Layout& l) { return live_of(l).number("answered") == 2; });
    REQUIRE_MESSAGE(tl, (teacher.app->last() ? teacher.app->last()->line : ""));
    CHECK(live_of(*tl).numbers("cells") == std::vector<double>{2, 2, 1, 7, 7, 1});
    click_cell(*bob.app, *b, best_guess);
    b = bob.app->wait_for([&](const Layout& l) {
        return live_of(l).numbers("mine") == std::vector<double>{7, 7};
    });
    REQUIRE(b);
    tl = teacher.app->wait_for([](const Layout& l) {
        return live_of(l).numbers("cells") == std::vector<double>{7, 7, 2};
    });
    REQUIRE_MESSAGE(tl, (teacher.app->last() ? teacher.app->last()->line : ""));
    CHECK(live_of(*tl).number("answered") == 2);
    CHECK(live_of(*tl).number("of") == 2);
    // A student sees only their own answer while the poll is open.
    CHECK(live_of(*b).flag("complete") == false);
    // The teacher's board: the chosen cell tinted, the one nobody chose now not.
    Screen ts = screen_of(teacher, "poll_teacher_open");
    CHECK(tinted(cell_pixel(teacher, ts, *tl, best_guess, 0.15)));
    CHECK_FALSE(tinted(cell_pixel(teacher, ts, *tl, other, 0.15)));

    // Closed: every window shows the distribution.
    click_button(*teacher.app, *tl, "close");
    const auto closed = [](const Layout& l) {
        return live_of(l).flag("open") == false && live_of(l).flag("complete") == true;
    };
    a = ann.app->wait_for(closed);
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    CHECK(live_of(*a).numbers("cells") == std::vector<double>{7, 7, 2});
    const Screen as = screen_of(ann, "poll_ann_closed");
    CHECK(tinted(cell_pixel(ann, as, *a, best_guess, 0.15)));
    // The best move, for everyone.
    tl = teacher.app->wait_for([](const Layout& l) {
        return Json(Json(l.line).dump("live_buttons").value_or("{}")).numbers("best").size() == 2;
    });
    REQUIRE(tl);
    click_button(*teacher.app, *tl, "best");
    a = ann.app->wait_for([](const Layout& l) { return live_of(l).numbers("best").size() == 2; }, 60000);
    REQUIRE_MESSAGE(a, (ann.app->last() ? ann.app->last()->line : ""));
    CHECK_FALSE(live_of(*a).text("best_eval").value_or("").empty());
    screen_of(ann, "poll_ann_best");
}

TEST_CASE("the teacher counts the students who follow, sees who answered what in a table, and saves it as "
          "the spreadsheet") {
    WindowTest t;
    Classroom c = classroom(t, {"--show", "poll_answers"});
    Seat &teacher = c.teacher, &ann = c.ann, &bob = c.bob;
    auto tl = c.teacher_at;
    click_button(*teacher.app, *tl, "ask");
    // Nobody answered yet, and the class is the two windows that follow: "0 of 2 answered".
    tl = teacher.app->wait_for([](const Layout& l) {
        return live_of(l).flag("open") == true && live_of(l).number("answered") == 0 &&
               live_of(l).number("of") == 2;
    });
    REQUIRE_MESSAGE(tl, (teacher.app->last() ? teacher.app->last()->line : ""));
    const auto open_poll = [](const Layout& l) { return live_of(l).flag("open") == true; };
    auto a = ann.app->wait_for(open_poll);
    auto b = bob.app->wait_for(open_poll);
    REQUIRE(a);
    REQUIRE(b);
    click_cell(*ann.app, *a, Pos{7, 7});
    click_cell(*bob.app, *b, Pos{2, 2});
    const auto table = [](const Layout& l) { return Json(Json(l.line).dump("poll_answers").value_or("{}")); };
    tl = teacher.app->wait_for(
        [&](const Layout& l) { return live_of(l).number("answered") == 2 && table(l).number("rows") == 2; });
    REQUIRE_MESSAGE(tl, (teacher.app->last() ? teacher.app->last()->line : ""));
    CHECK(live_of(*tl).number("of") == 2);
    screen_of(teacher, "poll_answers_table");
    const std::string path = table(*tl).text("path").value_or("");
    REQUIRE(path.ends_with(".csv"));
    const std::vector<double> save = table(*tl).numbers("save");
    REQUIRE(save.size() == 2);
    teacher.app->click_at(static_cast<int>(save[0]), static_cast<int>(save[1]));
    tl = teacher.app->wait_for([](const Layout& l) { return notice_text(l).starts_with("Saved 2 answers"); });
    REQUIRE_MESSAGE(tl, (teacher.app->last() ? teacher.app->last()->line : ""));
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "student,answer,time,correct");
    // One row a student, by name; the cell from 1 and quoted (it holds a comma); no accepted answers, so
    // "correct" is empty.
    CHECK(lines[1].starts_with("ann,\"8,8\",20"));
    CHECK(lines[1].ends_with("Z,"));
    CHECK(lines[2].starts_with("bob,\"3,3\",20"));
}

TEST_CASE("the teacher's window killed, the students keep the last step and say the teacher is gone") {
    WindowTest t;
    const Fixture& f = t.fixture();
    Seat teacher = seat(t, "teacher", {"--open", std::to_string(f.won), "--at", "6", "--present"});
    REQUIRE(
        teacher.app->wait_for([&](const Layout& l) { return l.game == f.won && l.step == 6 && l.cell > 0; }));
    Seat ann = seat(t, "ann", {"--follow", "--as", "ann"});
    REQUIRE(ann.app->wait_for(
        [&](const Layout& l) { return l.step == 6 && banner(l) == "Following the teacher"; }));
    REQUIRE(::kill(teacher.app->pid(), SIGKILL) == 0);
    const auto gone = ann.app->wait_for(
        [](const Layout& l) { return banner(l) == "The teacher is gone: this is the last they showed"; },
        30000);
    REQUIRE_MESSAGE(gone, (ann.app->last() ? ann.app->last()->line : ""));
    CHECK(gone->game == f.won);
    CHECK(gone->step == 6);
}

TEST_CASE("a renju point forbidden to Black is refused as a poll's answer with a move's sentence, and "
          "answers nothing") {
    WindowTest t;
    (void)t.fixture();
    // Black (X) to move at step 8, with a double-three at (8, 8): row 8 columns 6-7 and column 8 rows 6-7.
    const std::vector<Pos> moves{{7, 5}, {0, 0}, {7, 6}, {0, 14}, {5, 7}, {14, 0}, {6, 7}, {14, 14}};
    const store::GameId game = game_of(t, Rules::renju(), moves);
    Seat teacher = seat(t, "teacher", {"--open", std::to_string(game), "--present"});
    auto tl =
        teacher.app->wait_for([&](const Layout& l) { return l.game == game && l.step == 8 && l.cell > 0; });
    REQUIRE(tl);
    Seat ann = seat(t, "ann", {"--follow", "--as", "ann"});
    auto a = ann.app->wait_for([&](const Layout& l) { return l.game == game && l.step == 8 && l.cell > 0; });
    REQUIRE_MESSAGE(a, last_line(ann));
    click_button(*teacher.app, *tl, "ask");
    a = ann.app->wait_for([](const Layout& l) { return live_of(l).flag("open") == true; });
    REQUIRE_MESSAGE(a, last_line(ann));

    // The click on the forbidden point: the sentence a move there gets, and no answer.
    const Pos forbidden{7, 7};
    const long long before = a->notice;
    click_cell(*ann.app, *a, forbidden);
    a = ann.app->wait_for([&](const Layout& l) { return l.notice != before; });
    REQUIRE_MESSAGE(a, last_line(ann));
    CHECK(notice_text(*a) == "Can't play there: forbidden for X: double-three through (8, 8): lines "
                             "(8, 6)\u2013(8, 8) and (6, 8)\u2013(8, 8).");
    CHECK(live_of(*a).is_null("mine"));
    CHECK(a->step == 8);
    // An allowed cell is her answer; the teacher counts that one alone.
    click_cell(*ann.app, *a, Pos{8, 9});
    a = ann.app->wait_for([](const Layout& l) {
        return live_of(l).numbers("mine") == std::vector<double>{8, 9};
    });
    REQUIRE_MESSAGE(a, last_line(ann));
    tl = teacher.app->wait_for([](const Layout& l) { return live_of(l).number("answered") == 1; });
    REQUIRE_MESSAGE(tl, last_line(teacher));
    CHECK(live_of(*tl).numbers("cells") == std::vector<double>{8, 9, 1});
}

namespace {

// A lesson of one moment on a gomoku game in which X has an open three on row 2, (2, 8) to (2, 10), and O
// is to move (step 5): "find the move" with the two blocks as its answers and a message for (2, 12).
std::filesystem::path blocking_lesson(WindowTest& t) {
    exchange::GameRecord game;
    game.rules = Rules::gomoku();
    game.x_name = "Xavier";
    game.o_name = "Olga";
    game.created_ms = 1'700'000'000'000;
    Player who = Player::X;
    std::int64_t at = game.created_ms;
    for (const Pos p : {Pos{1, 7}, Pos{0, 0}, Pos{1, 8}, Pos{0, 1}, Pos{1, 9}}) {
        exchange::append_event(game, MovePlayed{who, p}, at += 1000);
        who = other(who);
    }
    exchange::LessonPlan plan;
    plan.title = "Blocking";
    exchange::LessonMoment moment;
    moment.caption = "O to move.";
    moment.question = exchange::FindTheMove{
        {{1, 6}, {1, 10}}, "Look at row 2.", {{{1, 11}, "That leaves the three open: X makes four."}}};
    plan.moments = {moment};
    const std::vector<exchange::GameRecord> games{game};
    REQUIRE(exchange::check_lesson_plan(plan, games));
    const auto file = t.dir.file("blocking.json");
    std::ofstream(file, std::ios::binary) << exchange::write_lesson(games, plan, exchange::Format::Json);
    return file;
}

std::vector<double> lesson_button(const Layout& l, const std::string& name) {
    const auto lesson = part(l.line, "lesson");
    const auto buttons = lesson ? part(*lesson, "buttons") : std::nullopt;
    return buttons ? numbers(*buttons, name) : std::vector<double>{};
}

// The accepted answers' green frame (panels/live_banner.cpp), read where its band lies in the cell.
bool framed_green(Seat& s, const Screen& screen, const Layout& l, Pos p) {
    const double band = (2.0 + std::max(3.0, l.cell * 0.1) * 0.5) / l.cell;
    const ScreenPoint o = s.app->window_origin();
    const Image::Rgb c = screen.at(o.x + l.px(p.col, 0.5), o.y + l.py(p.row, band));
    return c.g > 150 && c.r < 120 && c.b < 140;
}

}  // namespace

TEST_CASE("a lesson's find the move put to the class: the accepted answers framed on every board after the "
          "close, N of M found it, and a foreseen wrong answer's message for its student") {
    WindowTest t;
    const auto lesson = blocking_lesson(t);
    Seat teacher = seat(t, "teacher", {"--lesson", lesson.string(), "--present"});
    auto tl = teacher.app->wait_for([](const Layout& l) {
        return l.game == 1 && l.step == 5 && l.cell > 0 && lesson_button(l, "ask_class").size() == 2;
    });
    REQUIRE_MESSAGE(tl, last_line(teacher));
    Seat ann = seat(t, "ann", {"--follow", "--as", "ann"});
    Seat bob = seat(t, "bob", {"--follow", "--as", "bob"});
    const auto at5 = [](const Layout& l) { return l.game == 1 && l.step == 5 && l.cell > 0; };
    auto a = ann.app->wait_for(at5);
    REQUIRE_MESSAGE(a, last_line(ann));
    auto b = bob.app->wait_for(at5);
    REQUIRE_MESSAGE(b, last_line(bob));

    // The Lesson window's Ask the class: the poll goes out with the moment's answers.
    tl = settled_line(*teacher.app, *teacher.app->last());
    const auto ask = lesson_button(*tl, "ask_class");
    REQUIRE(ask.size() == 2);
    teacher.app->click_at(static_cast<int>(ask[0]), static_cast<int>(ask[1]));
    tl = teacher.app->wait_for([](const Layout& l) { return live_of(l).flag("open") == true; });
    REQUIRE_MESSAGE(tl, last_line(teacher));
    CHECK(live_of(*tl).numbers("accepted") == std::vector<double>{1, 6, 1, 10});
    CHECK(live_of(*tl).flag("shows_accepted") == true);
    const auto open_poll = [](const Layout& l) { return live_of(l).flag("open") == true; };
    a = ann.app->wait_for(open_poll);
    REQUIRE_MESSAGE(a, last_line(ann));
    b = bob.app->wait_for(open_poll);
    REQUIRE_MESSAGE(b, last_line(bob));
    // Not shown to the students before the close.
    CHECK(live_of(*a).flag("shows_accepted") == false);

    click_cell(*ann.app, *a, Pos{1, 6});
    a = ann.app->wait_for([](const Layout& l) {
        return live_of(l).numbers("mine") == std::vector<double>{1, 6};
    });
    REQUIRE_MESSAGE(a, last_line(ann));
    click_cell(*bob.app, *b, Pos{1, 11});
    b = bob.app->wait_for([](const Layout& l) {
        return live_of(l).numbers("mine") == std::vector<double>{1, 11};
    });
    REQUIRE_MESSAGE(b, last_line(bob));
    tl = teacher.app->wait_for([](const Layout& l) { return live_of(l).number("answered") == 2; });
    REQUIRE_MESSAGE(tl, last_line(teacher));
    CHECK(live_of(*tl).number("found") == 1);
    click_button(*teacher.app, *tl, "close");

    // Closed: every window frames the answers and counts who found one; each student hears how they did.
    const auto told = [](const std::string& verdict) {
        return [verdict](const Layout& l) {
            return live_of(l).flag("open") == false && live_of(l).text("verdict") == verdict;
        };
    };
    a = ann.app->wait_for(told("found"));
    REQUIRE_MESSAGE(a, last_line(ann));
    b = bob.app->wait_for(told("message"));
    REQUIRE_MESSAGE(b, last_line(bob));
    CHECK(live_of(*b).text("verdict_message") == "That leaves the three open: X makes four.");
    CHECK(live_of(*a).is_null("verdict_message"));
    for (const Layout* l : {&*a, &*b}) {
        CHECK(live_of(*l).number("found") == 1);
        CHECK(live_of(*l).number("answered") == 2);
        CHECK(live_of(*l).flag("shows_accepted") == true);
    }
    tl = teacher.app->wait_for([](const Layout& l) { return live_of(l).flag("open") == false; });
    REQUIRE(tl);
    for (Seat* s : {&teacher, &ann, &bob}) pointer_away(*s);
    const Screen ts = screen_of(teacher, "find_teacher_closed");
    const Screen as = screen_of(ann, "find_ann_closed");
    const Screen bs = screen_of(bob, "find_bob_closed");
    for (const Pos p : {Pos{1, 6}, Pos{1, 10}}) {
        CHECK(framed_green(teacher, ts, *tl, p));
        CHECK(framed_green(ann, as, *a, p));
        CHECK(framed_green(bob, bs, *b, p));
    }
    // Bob's wrong cell: tinted by the heat map, not framed.
    CHECK_FALSE(framed_green(bob, bs, *b, Pos{1, 11}));
    CHECK(tinted(cell_pixel(bob, bs, *b, Pos{1, 11}, 0.3)));
}
