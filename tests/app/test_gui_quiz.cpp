// "Predict, then see" in a real window, driven with xdotool and read back from the layout line: the
// run-splitting explainer asks what the scoring article's row "1110111" scores (600, typed right) and
// what "0000000" scores (0, typed wrong), and what the rows total will be (900 right, 1300 not 1200),
// hidden until answered, in the Status panel too; the walk asks where a direction stops, answered by clicks
// on the board that play no move, and a link ending in "+quiz" opens the walk at its question; the
// enumeration and the full-line checks ask whether a line is a win, answered with the Yes and No buttons.
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

std::optional<std::string> quiz_of(const Layout& l, const std::string& panel) {
    const auto p = part(l.line, panel);
    if (!p) return std::nullopt;
    return part(*p, "quiz");
}

// Waits for the panel's quiz to satisfy `accept`; returns its object.
std::string wait_quiz(AppProcess& app, const std::string& panel,
                      const std::function<bool(const std::string&)>& accept) {
    const auto l = app.wait_for([&](const Layout& x) {
        const auto q = quiz_of(x, panel);
        return q && accept(*q);
    });
    REQUIRE(l.has_value());
    return *quiz_of(*l, panel);
}

std::vector<double> tally(const std::string& quiz) {
    return {numbers(quiz, "asked")[0], numbers(quiz, "right")[0], numbers(quiz, "wrong")[0]};
}

// Types a number into the focused field and presses Return once the app holds all of it and saw the
// last key go up.
void type_number(AppProcess& app, const std::string& panel, const std::string& digits) {
    REQUIRE(app.xdotool({"type", "--window", app.window(), "--delay", "60", digits}));
    REQUIRE(app.wait_for([&](const Layout& l) {
        const auto q = quiz_of(l, panel);
        return q && text(*q, "typed") == digits && l.keys == 0;
    }));
    app.press_key("Return");
}

// Presses Next until the panel's quiz asks (at most `max_steps` times); returns the question. However
// many steps a held key takes, the quiz stops before the step that has a question.
std::string next_until_asked(AppProcess& app, const std::string& panel, int max_steps) {
    for (int i = 0; i < max_steps && text(*quiz_of(*app.last(), panel), "question").empty(); ++i) {
        const std::vector<double> before = numbers(*part(app.last()->line, panel), "step");
        app.press_key("period");
        REQUIRE(app.wait_for([&](const Layout& l) {
            const auto e = part(l.line, panel);
            return numbers(*e, "step") != before || !text(*part(*e, "quiz"), "question").empty();
        }));
    }
    return wait_quiz(app, panel, [](const std::string& x) { return !text(x, "question").empty(); });
}

// The scoring article's 7x7 example with the explainer opened at `link`, once its part satisfies `accept`.
OpenedApp open_article(WindowTest& t, const std::string& link,
                       const std::function<bool(const std::string&)>& accept) {
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "scoring_article_7x7.json");
    return t.open(game, {"--show", "explainer@" + link}, [&](const Layout& l) {
        const auto e = part(l.line, "explainer");
        return e && accept(*e);
    });
}

// Clicks the quiz's "yes" or "no" button where the layout line says it is, once it stands still: the
// pointer goes to its middle, and the click waits until the frame that saw the pointer there drew the
// button in the same place.
void click_button(AppProcess& app, const std::string& panel, const std::string& button) {
    std::vector<double> seen;
    for (int tries = 0; tries < 20; ++tries) {
        const auto l = app.wait_for([&](const Layout& x) {
            const auto q = quiz_of(x, panel);
            return q && numbers(*q, button).size() == 4;
        });
        REQUIRE(l.has_value());
        const std::vector<double> r = numbers(*quiz_of(*l, panel), button);
        const int cx = static_cast<int>(r[0] + r[2] / 2);
        const int cy = static_cast<int>(r[1] + r[3] / 2);
        if (r == seen) {
            app.click_at(cx, cy);
            return;
        }
        seen = r;
        app.move_pointer(cx, cy);
    }
    FAIL("the " << button << " button never stood still");
}

}  // namespace

TEST_CASE("the quiz asks what a row string scores before the points step, and tallies right and wrong") {
    WindowTest t;
    OpenedApp opened =
        open_article(t, "rows/0/keep+quiz", [](const std::string& e) { return text(e, "phase") == "keep"; });
    AppProcess& app = opened.app;
    const std::string start = *quiz_of(opened.ready, "explainer");
    CHECK(Json(start).flag("on") == true);
    CHECK(text(start, "question").empty());
    app.move_pointer(4, 4);

    // Next stops before the points step and asks; the step stays at keep.
    app.press_key("period");
    std::string q =
        wait_quiz(app, "explainer", [](const std::string& x) { return !text(x, "question").empty(); });
    CHECK(text(q, "question") == "What does row 0, \"1110111\", score?");
    CHECK(text(q, "kind") == "number");
    CHECK(text(*part(app.last()->line, "explainer"), "phase") == "keep");

    type_number(app, "explainer", "600");
    q = wait_quiz(app, "explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    CHECK(text(q, "truth") == "600");
    CHECK(text(q, "question").empty());
    CHECK(tally(q) == std::vector<double>{1, 1, 0});
    const auto revealed = part(app.last()->line, "explainer");
    CHECK(text(*revealed, "phase") == "points");
    CHECK(text(*revealed, "line") == "row 0: \"1110111\" -> [\"111\",\"111\"] -> 300 + 300 = 600");
    CHECK(numbers(*revealed, "all") == std::vector<double>{0});  // the row joins the totals at the next step

    // The next step adds the row to the running totals, and asks for them first: the rows start from 0.
    q = next_until_asked(app, "explainer", 1);
    CHECK(text(q, "question") == "Row 0 gives 600: what is the rows total now?");
    type_number(app, "explainer", "600");
    q = wait_quiz(app, "explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    CHECK(tally(q) == std::vector<double>{2, 2, 0});
    CHECK(text(*part(app.last()->line, "explainer"), "phase") == "total");

    // On to row 1, "0000000": row, join, cut, drop, keep, and the sixth Next asks again.
    q = next_until_asked(app, "explainer", 6);
    CHECK(text(q, "question") == "What does row 1, \"0000000\", score?");
    type_number(app, "explainer", "100");
    q = wait_quiz(app, "explainer", [](const std::string& x) { return text(x, "last") == "wrong"; });
    CHECK(text(q, "truth") == "0");
    CHECK(tally(q) == std::vector<double>{3, 2, 1});
    const auto shown = part(app.last()->line, "explainer");
    CHECK(text(*shown, "phase") == "points");
    CHECK(numbers(*shown, "row") == std::vector<double>{1});
}

TEST_CASE("the quiz asks what the rows total will be, showing \"?\" for it until it is answered") {
    WindowTest t;
    // A link with "+quiz" to row 5's total step opens at its question, on the row's points step.
    OpenedApp opened = open_article(t, "rows/5/total+quiz", [](const std::string& e) {
        return !text(*part(e, "quiz"), "question").empty();
    });
    AppProcess& app = opened.app;
    std::string e = *part(opened.ready.line, "explainer");
    CHECK(text(e, "phase") == "points");
    CHECK(numbers(e, "row") == std::vector<double>{5});
    CHECK(text(*part(e, "quiz"), "question") == "Row 5 gives 300: what is the rows total now?");
    // The totals stand where row 0 left them, and the ones the answer changes are hidden.
    CHECK(Json(e).flag("total_asked") == true);
    CHECK(numbers(e, "totals") == std::vector<double>{600, 0, 0, 0});
    app.move_pointer(4, 4);

    type_number(app, "explainer", "900");
    std::string q =
        wait_quiz(app, "explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    CHECK(text(q, "truth") == "900");
    CHECK(tally(q) == std::vector<double>{1, 1, 0});
    e = *part(app.last()->line, "explainer");
    CHECK(text(e, "phase") == "total");
    CHECK(Json(e).flag("total_asked") == false);
    CHECK(numbers(e, "totals") == std::vector<double>{900, 0, 0, 0});
    CHECK(text(e, "line") == "row 5: \"0111000\" -> [\"111\"] -> 300 | rows 900, overall 900");

    // Row 6, "0001111": its points (400, right), then its total; 1200 is wrong, the article's 1300 right.
    q = next_until_asked(app, "explainer", 6);
    CHECK(text(q, "question") == "What does row 6, \"0001111\", score?");
    type_number(app, "explainer", "400");
    (void)wait_quiz(app, "explainer", [](const std::string& x) { return numbers(x, "right")[0] == 2; });
    q = next_until_asked(app, "explainer", 1);
    CHECK(text(q, "question") == "Row 6 gives 400: what is the rows total now?");
    CHECK(numbers(*part(app.last()->line, "explainer"), "totals") == std::vector<double>{900, 0, 0, 0});
    type_number(app, "explainer", "1200");
    q = wait_quiz(app, "explainer", [](const std::string& x) { return text(x, "last") == "wrong"; });
    CHECK(text(q, "truth") == "1300");
    CHECK(tally(q) == std::vector<double>{3, 2, 1});
    e = *part(app.last()->line, "explainer");
    CHECK(text(e, "phase") == "total");
    CHECK(numbers(e, "row") == std::vector<double>{6});
    CHECK(numbers(e, "totals") == std::vector<double>{1300, 0, 0, 0});
    CHECK(numbers(e, "all") == std::vector<double>{1300});
}

TEST_CASE("while the quiz asks for the rows total, the Status panel shows \"?\" for it and for the score") {
    WindowTest t;
    OpenedApp opened = open_article(t, "rows/6/total+quiz", [](const std::string& e) {
        return !text(*part(e, "quiz"), "question").empty();
    });
    AppProcess& app = opened.app;
    CHECK(text(*quiz_of(opened.ready, "explainer"), "question") ==
          "Row 6 gives 400: what is the rows total now?");
    // The Status panel prints the final totals, rows 1300 and '\' 300 of 1600: the last row's answer. It
    // hears of the question in the frame after the one that asked it, and hides the rows total and the
    // score.
    const auto scores = [](const Layout& l) { return part(l.line, "status_scores"); };
    const auto asked = app.wait_for([&](const Layout& l) {
        const auto s = scores(l);
        return s && s->find('?') != std::string::npos;
    });
    REQUIRE(asked.has_value());
    CHECK(!text(*quiz_of(*asked, "explainer"), "question").empty());
    CHECK(*scores(*asked) == R"({"x":["?","?","0","0","300"],"o":["0","0","0","0","0"]})");
    app.move_pointer(4, 4);

    type_number(app, "explainer", "1300");
    (void)wait_quiz(app, "explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    const auto answered = app.wait_for([&](const Layout& l) {
        const auto s = scores(l);
        return s && s->find('?') == std::string::npos;
    });
    REQUIRE(answered.has_value());
    CHECK(*scores(*answered) == R"({"x":["1600","1300","0","0","300"],"o":["0","0","0","0","0"]})");
    CHECK(numbers(*part(answered->line, "explainer"), "totals") == std::vector<double>{1300, 0, 0, 0});
}

TEST_CASE("the walk's quiz is answered by clicking a cell, which plays no move") {
    WindowTest t;
    // X (1,1) O (1,2) X (2,2) O (2,1): the walk starts from O's (2, 1). Up-right reads O's (1, 2) and
    // then meets the edge; right stops at once on X's (2, 2).
    const store::GameId game = game_of(t, Rules::classic(), {{0, 0}, {0, 1}, {1, 1}, {1, 0}});
    OpenedApp opened = t.open(game, {"--show", "win_explainer@walk/1+quiz"}, [](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        return w && text(*w, "algorithm") == "walk";
    });
    AppProcess& app = opened.app;
    const Layout board = opened.ready;
    REQUIRE(board.marks == 4);
    app.move_pointer(4, 4);

    app.press_key("period");
    std::string q =
        wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "kind") == "cell"; });
    CHECK(text(q, "question") ==
          "Walking up-right (lines[1]): which cell will the walk read last? Click it on the board.");
    CHECK(numbers(*part(app.last()->line, "win_explainer"), "step") == std::vector<double>{1});
    app.click_at(board.px(1, 0.5), board.py(0, 0.5));
    q = wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    CHECK(text(q, "truth") == "(1, 2)");
    CHECK(tally(q) == std::vector<double>{1, 1, 0});
    CHECK(numbers(*part(app.last()->line, "win_explainer"), "step") == std::vector<double>{2});

    // Right: the answer is X's (2, 2); a click on the empty (3, 3) is wrong, and places no mark there.
    app.press_key("period");
    q = wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "kind") == "cell"; });
    CHECK(text(q, "question").find("Walking right") == 0);
    app.click_at(board.px(2, 0.5), board.py(2, 0.5));
    q = wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "last") == "wrong"; });
    CHECK(text(q, "truth") == "(2, 2)");
    CHECK(tally(q) == std::vector<double>{2, 1, 1});
    CHECK(app.last()->marks == 4);
    CHECK(numbers(*part(app.last()->line, "win_explainer"), "step") == std::vector<double>{3});

    // A link with "+quiz" to the first sum opens at its question, one step before it.
    OpenedApp linked = t.open(game, {"--show", "win_explainer@walk/6+quiz"}, [](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        return w && text(*w, "algorithm") == "walk" && !text(*part(*w, "quiz"), "question").empty();
    });
    const std::string w = *part(linked.ready.line, "win_explainer");
    CHECK(numbers(w, "step") == std::vector<double>{5});
    const std::string asked = *part(w, "quiz");
    CHECK(text(asked, "kind") == "yes_no");
    CHECK(text(asked, "question") == "lines[0] + lines[4] with the stone itself: is it a win?");
    CHECK(tally(asked) == std::vector<double>{1, 0, 0});
}

TEST_CASE("the enumeration's yes-or-no question is answered with the Yes and No buttons, right and wrong") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.empty, {"--show", "win_explainer@enumerate/1+quiz"}, [](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        return w && text(*w, "algorithm") == "enumerate";
    });
    AppProcess& app = opened.app;
    CHECK(numbers(*part(opened.ready.line, "win_explainer"), "step") == std::vector<double>{1});
    app.move_pointer(4, 4);

    // The empty board's second line, row 2: no win. No is right.
    app.press_key("period");
    std::string q =
        wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "kind") == "yes_no"; });
    CHECK(text(q, "question") == "Is (2, 1) (2, 2) (2, 3) a win?");
    CHECK(numbers(*part(app.last()->line, "win_explainer"), "step") == std::vector<double>{1});
    click_button(app, "win_explainer", "no");
    q = wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    CHECK(text(q, "truth") == "no");
    CHECK(tally(q) == std::vector<double>{1, 1, 0});
    CHECK(numbers(q, "yes").empty());  // the buttons go with the question
    std::string w = *part(app.last()->line, "win_explainer");
    CHECK(numbers(w, "step") == std::vector<double>{2});
    CHECK(numbers(w, "line") == std::vector<double>{1, 0, 1, 1, 1, 2});

    // Row 3: no win either. Yes is wrong.
    app.press_key("period");
    q = wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "kind") == "yes_no"; });
    CHECK(text(q, "question") == "Is (3, 1) (3, 2) (3, 3) a win?");
    click_button(app, "win_explainer", "yes");
    q = wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "last") == "wrong"; });
    CHECK(text(q, "truth") == "no");
    CHECK(tally(q) == std::vector<double>{2, 1, 1});
    w = *part(app.last()->line, "win_explainer");
    CHECK(numbers(w, "step") == std::vector<double>{3});
    CHECK(Json(w).flag("found") == false);
}

TEST_CASE("the full-line checks ask whether X's column is a win, and Yes is right") {
    WindowTest t;
    (void)t.fixture();
    // X holds column 3 of the 4x5 sample; the checks reach it at their seventh step.
    const store::GameId game = import_sample(t.db, "fullline_4x5.json");
    OpenedApp opened = t.open(game, {"--show", "win_explainer@fullline/7+quiz"}, [](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        return w && text(*w, "algorithm") == "fullline" && !text(*part(*w, "quiz"), "question").empty();
    });
    AppProcess& app = opened.app;
    std::string w = *part(opened.ready.line, "win_explainer");
    CHECK(numbers(w, "step") == std::vector<double>{6});
    CHECK(text(*part(w, "quiz"), "question") == "Is (1, 3) (2, 3) (3, 3) (4, 3) a win?");
    app.move_pointer(4, 4);
    click_button(app, "win_explainer", "yes");
    const std::string q =
        wait_quiz(app, "win_explainer", [](const std::string& x) { return text(x, "last") == "right"; });
    CHECK(text(q, "truth") == "yes");
    CHECK(tally(q) == std::vector<double>{1, 1, 0});
    w = *part(app.last()->line, "win_explainer");
    CHECK(numbers(w, "step") == std::vector<double>{7});
    CHECK(Json(w).flag("found") == true);
    CHECK(text(w, "verdict") == "X wins with (1, 3) (2, 3) (3, 3) (4, 3)");
}
