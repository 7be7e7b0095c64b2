// The live lesson in real windows on a class's PostgreSQL server (a fresh database of the suite's
// cluster, made a class with `tictactrace classroom init`), each window logged in as a member of its own:
// the teacher (`classroom add-teacher`) presenting, two students (`classroom add-student`) following. A
// student who tries View > Present first is refused by the server, and the window says so and writes
// nothing. The followers' boards show the presented step (their screens compared cell by cell with the
// teacher's); the teacher asks the class, the students answer by clicks, each seeing only their own answer
// until the close, the teacher's board showing the heat map (its tint read from the screen); closed, every
// board shows the distribution. The screens are kept under $TTT_KEEP_SCREENSHOTS when it names a folder.
#include "../common/pg_test_db.hpp"
#include "live_support.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The server's notifications and a loaded machine: generous, and CTest's TIMEOUT ends a test that hangs.
constexpr int kWaitMs = 60'000;

std::string cli(const std::vector<std::string>& words) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE};
    o.argv.insert(o.argv.end(), words.begin(), words.end());
    const auto r = ttt::testing::run_to_end(std::move(o));
    REQUIRE_MESSAGE(r.status == 0, "tictactrace " << words.front() << " " << words.at(1) << ": " << r.err);
    return r.out;
}

// A class on a fresh database: its teacher and two students, each with the URI they log in with.
struct ServerClass {
    std::string admin;
    std::string tess, ann, bob;
    std::string tess_uri, ann_uri, bob_uri;

    ServerClass() {
        admin = ttt::testing::fresh_test_database("live_windows");
        (void)cli({"classroom", "init", "--db", admin});
        // Roles are the cluster's: the process id keeps parallel tests apart.
        const std::string tag = "_" + std::to_string(::getpid());
        tess = "tess" + tag;
        ann = "ann" + tag;
        bob = "bob" + tag;
        tess_uri = member("add-teacher", tess);
        ann_uri = member("add-student", ann);
        bob_uri = member("add-student", bob);
    }

    std::string member(const std::string& how, const std::string& name) const {
        const std::string out = cli({"classroom", how, name, "--json", "--db", admin});
        const std::string password = Json(out).text("password").value_or("");
        REQUIRE_MESSAGE(!password.empty(), "classroom " << how << " printed " << out);
        return ttt::testing::uri_for(admin, name, password);
    }

    [[nodiscard]] long long presentations() const {
        return std::stoll(ttt::testing::query_value(admin, "SELECT count(*) FROM tictactrace.presentations"));
    }
};

// The lesson's game, written by the teacher: gomoku, ann X and bob O, six moves (0-based cells).
const std::vector<Pos> kMoves{{7, 7}, {7, 8}, {8, 8}, {6, 6}, {9, 9}, {10, 10}};

long long make_game(const ServerClass& c) {
    const long long game =
        std::stoll(cli({"new", "--rules", "gomoku", "--x", c.ann, "--o", c.bob, "--db", c.tess_uri}));
    for (const Pos p : kMoves)
        (void)cli({"move", std::to_string(game), std::to_string(p.row + 1), std::to_string(p.col + 1), "--db",
                   c.tess_uri});
    return game;
}

}  // namespace

TEST_CASE("on a class's server a student's Present is refused, the teacher presents, two students follow "
          "and answer a poll by clicks") {
    const ServerClass c;
    const long long game = make_game(c);
    WindowTest t;

    // Ann, on the game by herself, tries View > Present: the server refuses, the window says so and the
    // presentation stream stays empty.
    Seat ann = seat_on(t, c.ann_uri, "ann", {"--open", std::to_string(game), "--at", "4"});
    auto a = ann.app->wait_for([&](const Layout& l) { return l.game == game && l.step == 4 && l.cell > 0; },
                               kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    click_view_item(*ann.app, *a, "present");
    a = ann.app->wait_for(
        [](const Layout& l) { return notice_text(l).starts_with("Not presenting: the server refused"); },
        kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    CHECK(notice_text(*a) == "Not presenting: the server refused (only a teacher of the class may present, "
                             "not " +
                                 c.ann + "). Nothing was written; the class sees nothing of this window.");
    CHECK(live_of(*a).text("role") == "none");
    CHECK_FALSE(live_of(*a).has("banner"));
    CHECK(c.presentations() == 0);
    pointer_away(ann);
    screen_of(ann, "server_ann_refused");

    // She follows instead (View > Follow the teacher: on a server her login answers), and waits.
    click_view_item(*ann.app, *a, "follow");
    a = ann.app->wait_for([](const Layout& l) { return banner(l) == "Waiting for the teacher to present"; },
                          kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    Seat bob = seat_on(t, c.bob_uri, "bob", {"--follow"});

    // The teacher presents step 4.
    Seat tess = seat_on(t, c.tess_uri, "tess", {"--open", std::to_string(game), "--at", "4", "--present"});
    auto tl = tess.app->wait_for([&](const Layout& l) { return l.game == game && l.step == 4 && l.cell > 0; },
                                 kWaitMs);
    REQUIRE_MESSAGE(tl, last_line(tess));
    const auto following = [&](int step) {
        return [&, step](const Layout& l) {
            return l.game == game && l.step == step && l.cell > 0 && banner(l) == "Following " + c.tess;
        };
    };
    a = ann.app->wait_for(following(4), kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    auto b = bob.app->wait_for(following(4), kWaitMs);
    REQUIRE_MESSAGE(b, last_line(bob));
    CHECK(c.presentations() >= 1);
    // The teacher's step is no history of the student's own: the teacher's window says "Step 4 of 6 ... Back
    // to end", the students' do not. That banner takes no room from the board, so the boards lie alike (the
    // same window, one live strip each).
    CHECK(text(part(tl->line, "history_banner").value_or("{}"), "text").starts_with("Step 4 of 6."));
    CHECK(Json(a->line).is_null("history_banner"));
    CHECK(Json(b->line).is_null("history_banner"));
    CHECK(a->y == tl->y);
    CHECK(a->cell == tl->cell);

    // The teacher steps on to 5; both follow, and their boards look like the teacher's.
    tess.app->press_key("Right");
    tl = tess.app->wait_for([](const Layout& l) { return l.step == 5; }, kWaitMs);
    REQUIRE(tl);
    a = ann.app->wait_for(following(5), kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    b = bob.app->wait_for(following(5), kWaitMs);
    REQUIRE_MESSAGE(b, last_line(bob));
    {
        for (Seat* s : {&tess, &ann, &bob}) pointer_away(*s);
        const Screen ts = screen_of(tess, "server_tess_presenting");
        const Screen as = screen_of(ann, "server_ann_following");
        const Screen bs = screen_of(bob, "server_bob_following");
        for (std::size_t i = 0; i < 5; ++i) {
            const Image::Rgb want = cell_pixel(tess, ts, *tl, kMoves[i]);
            CHECK_MESSAGE(same(cell_pixel(ann, as, *a, kMoves[i]), want), "ann's cell " << i);
            CHECK_MESSAGE(same(cell_pixel(bob, bs, *b, kMoves[i]), want), "bob's cell " << i);
        }
        // The sixth move is not on the boards at step 5: its cell looks like an empty one.
        const Pos empty{2, 2};
        for (Seat* s : {&ann, &bob}) {
            const Screen& sc = s == &ann ? as : bs;
            const Layout& l = s == &ann ? *a : *b;
            CHECK(same(cell_pixel(*s, sc, l, kMoves[5]), cell_pixel(*s, sc, l, empty)));
            CHECK_FALSE(same(cell_pixel(*s, sc, l, kMoves[0]), cell_pixel(*s, sc, l, empty)));
        }
        // X's stone and O's differ: the boards show whose stone is where, not only that one is.
        CHECK_FALSE(same(cell_pixel(ann, as, *a, kMoves[0]), cell_pixel(ann, as, *a, kMoves[1])));
    }

    // "Your move?": the students answer by clicks, each seeing only their own answer until the close.
    click_button(*tess.app, *tl, "ask");
    const auto open_poll = [](const Layout& l) { return live_of(l).flag("open") == true; };
    tl = tess.app->wait_for(open_poll, kWaitMs);
    REQUIRE_MESSAGE(tl, last_line(tess));
    a = ann.app->wait_for(open_poll, kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    b = bob.app->wait_for(open_poll, kWaitMs);
    REQUIRE_MESSAGE(b, last_line(bob));
    const Pos chosen = kMoves[5];
    const Pos other{3, 3};
    click_cell(*ann.app, *a, chosen);
    a = ann.app->wait_for(
        [&](const Layout& l) {
            return live_of(l).numbers("mine") == std::vector<double>{10, 10};
        },
        kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    click_cell(*bob.app, *b, other);
    b = bob.app->wait_for(
        [&](const Layout& l) {
            return live_of(l).numbers("mine") == std::vector<double>{3, 3};
        },
        kWaitMs);
    REQUIRE_MESSAGE(b, last_line(bob));
    tl = tess.app->wait_for(
        [](const Layout& l) {
            return live_of(l).numbers("cells") == std::vector<double>{3, 3, 1, 10, 10, 1};
        },
        kWaitMs);
    REQUIRE_MESSAGE(tl, last_line(tess));
    CHECK(live_of(*tl).number("answered") == 2);
    CHECK(live_of(*tl).flag("complete") == true);
    // The server shows a student no answer but their own while the poll is open.
    b = bob.app->wait_for([](const Layout& l) { return live_of(l).number("answered") == 1; }, kWaitMs);
    REQUIRE_MESSAGE(b, last_line(bob));
    CHECK(live_of(*b).numbers("cells") == std::vector<double>{3, 3, 1});
    CHECK(live_of(*b).flag("complete") == false);
    {
        for (Seat* s : {&tess, &ann, &bob}) pointer_away(*s);
        const Screen ts = screen_of(tess, "server_tess_heat_map");
        CHECK(tinted(cell_pixel(tess, ts, *tl, chosen, 0.15)));
        CHECK(tinted(cell_pixel(tess, ts, *tl, other, 0.15)));
        CHECK_FALSE(tinted(cell_pixel(tess, ts, *tl, Pos{12, 3}, 0.15)));
        // A student's board: their own ring, no heat map.
        const Screen bs = screen_of(bob, "server_bob_answered");
        CHECK_FALSE(tinted(cell_pixel(bob, bs, *b, chosen, 0.15)));
    }

    // Closed: every window shows the distribution.
    click_button(*tess.app, *tl, "close");
    const auto closed = [](const Layout& l) {
        return live_of(l).flag("open") == false && live_of(l).flag("complete") == true;
    };
    a = ann.app->wait_for(closed, kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    b = bob.app->wait_for(closed, kWaitMs);
    REQUIRE_MESSAGE(b, last_line(bob));
    CHECK(live_of(*a).numbers("cells") == std::vector<double>{3, 3, 1, 10, 10, 1});
    CHECK(live_of(*b).numbers("cells") == std::vector<double>{3, 3, 1, 10, 10, 1});
    for (Seat* s : {&tess, &ann, &bob}) pointer_away(*s);
    const Screen as = screen_of(ann, "server_ann_closed");
    CHECK(tinted(cell_pixel(ann, as, *a, chosen, 0.15)));
    CHECK(tinted(cell_pixel(ann, as, *a, other, 0.15)));
    screen_of(tess, "server_tess_closed");
}

TEST_CASE("on a class's server a lesson at rest draws nothing: the teacher's and a student's windows sleep, "
          "and the teacher's next step shows on the student's within a few frames") {
    const ServerClass c;
    const long long game = make_game(c);
    WindowTest t;
    Seat tess = seat_on(t, c.tess_uri, "tess", {"--open", std::to_string(game), "--at", "5", "--present"});
    REQUIRE_MESSAGE(
        tess.app->wait_for([&](const Layout& l) { return l.game == game && l.step == 5 && l.cell > 0; },
                           kWaitMs),
        last_line(tess));
    Seat ann = seat_on(t, c.ann_uri, "ann", {"--follow"});
    const auto following = [&](int step) {
        return [&, step](const Layout& l) {
            return l.game == game && l.step == step && l.cell > 0 && banner(l) == "Following " + c.tess;
        };
    };
    REQUIRE_MESSAGE(ann.app->wait_for(following(5), kWaitMs), last_line(ann));

    // Six seconds in which nobody does anything: the teacher's "still here" and the student's "still
    // following" go out every second and the student reads the presentation, and none of it changes what
    // a window shows. (Before, a live lesson's window drew twice a second whatever happened.)
    const FramesAtRest idle = frames_at_rest(ann, tess, 6000);
    MESSAGE("six idle seconds: the student's window drew " << idle.student << " frames, the teacher's "
                                                           << idle.teacher);
    CHECK(idle.student <= 3);
    CHECK(idle.teacher <= 3);
    REQUIRE(ann.app->alive());

    // The teacher steps back: the student's window follows, drawing a few frames for it.
    const long long ann_at_step = ann.app->frames_drawn();
    tess.app->press_key("Left");
    REQUIRE(tess.app->wait_for([](const Layout& l) { return l.step == 4; }, kWaitMs));
    const auto a = ann.app->wait_for(following(4), kWaitMs);
    REQUIRE_MESSAGE(a, last_line(ann));
    ann.app->read_for(1000);
    const long long ann_step = ann.app->frames_drawn() - ann_at_step;
    MESSAGE("the student's window drew " << ann_step << " frames for the teacher's step");
    CHECK(ann_step <= 6);
}
