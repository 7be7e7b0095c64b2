// A game longer than Controller::kBackgroundSteps opens, and jumps far in it, with the state read by a
// thread of its own: the controller answers at once, shows nothing new until the read is done, then shows
// exactly what the store gives; a step meanwhile calls the jump off, and of two jumps only the last shows.
#include "../common/bulk_games.hpp"
#include "../common/temp_dir.hpp"
#include "model/controller.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

constexpr int kMoves = Controller::kBackgroundSteps + 10'000;

void make_long_game(const std::filesystem::path& file) {
    auto db = store::EventStore::open(file);
    std::vector<store::ImportGame> one;
    one.push_back(testing::long_score_game(200, 200, kMoves));
    REQUIRE(db.import_games(one).has_value());
}

void check_shows_store_state(const Controller& c, int step) {
    REQUIRE(c.session());
    CHECK(c.session()->cursor() == step);
    auto db = store::EventStore::open(c.location());
    const auto snap = db.load(1, step).value();
    CHECK(c.session()->shown().position == snap.state.position);
}

}  // namespace

TEST_CASE("a long game opens in the background and then shows its last step") {
    ttt::testing::TempDir dir;
    const auto file = dir.file("long.db");
    make_long_game(file);
    Controller c(store::EventStore::open(file));
    CHECK(c.open_game(1));
    // Answered at once: nothing shown yet, the window keeps drawing, and says what it is doing.
    CHECK(c.session() == nullptr);
    CHECK(c.loading());
    CHECK(c.opening() == store::GameId{1});
    REQUIRE(c.notice());
    CHECK(c.notice()->text.find("Opening game #1") == 0);
    c.finish_loading();
    CHECK_FALSE(c.loading());
    check_shows_store_state(c, kMoves);
    CHECK(c.notice()->text == "Opened game #1.");
}

TEST_CASE(
    "a far jump in a long game is read in the background; a step calls it off; the last of two jumps shows") {
    ttt::testing::TempDir dir;
    const auto file = dir.file("long.db");
    make_long_game(file);
    Controller c(store::EventStore::open(file));
    REQUIRE(c.open_game(1));
    c.finish_loading();
    REQUIRE(c.session());

    // A far jump: the step shown stays until the new one is read.
    CHECK(c.apply(JumpTo{100}));
    CHECK(c.session()->cursor() == kMoves);
    CHECK(c.jumping_to() == 100);
    c.finish_loading();
    check_shows_store_state(c, 100);

    // A step within reach is made at once, from where the board is.
    CHECK(c.apply(StepBy{+1}));
    check_shows_store_state(c, 101);

    // A far jump, then a step before it arrived: the step wins, the jump's state is never shown.
    CHECK(c.apply(JumpTo{25'000}));
    CHECK(c.apply(StepBy{-1}));
    CHECK_FALSE(c.loading());
    c.finish_loading();
    check_shows_store_state(c, 100);

    // Two far jumps in a row: only the second's state is shown.
    CHECK(c.apply(JumpTo{12'000}));
    CHECK(c.apply(JumpTo{27'000}));
    c.finish_loading();
    check_shows_store_state(c, 27'000);
}
