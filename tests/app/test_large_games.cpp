// The controller at scale: a poll reads nothing when nothing changed and only what changed when something
// did; the browser over 20,000 games reads the pages it shows and no others, in the order SQL gives; a
// game of 50,000 moves opens, steps, jumps and plots its scores with a bounded amount held and read, and
// every position it shows is the one the store gives for that step.
#include "../../src/store/store_access.hpp"
#include "../common/bulk_games.hpp"
#include "../common/temp_dir.hpp"
#include "model/controller.hpp"
#include "tictactrace/engine/event_words.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

// A file with `count` small games (ids 1..count), made in one import.
void fill(const std::filesystem::path& file, std::int64_t count) {
    auto db = store::EventStore::open(file);
    const auto ids = db.import_games(testing::many_games(0, count));
    REQUIRE(ids.has_value());
}

store::GameQuery ordered(store::GameOrder order, bool descending = false, std::string contains = "") {
    store::GameQuery q;
    q.order = order;
    q.descending = descending;
    q.contains = std::move(contains);
    return q;
}

// The id SQLite puts at `index` of `query`, read directly.
store::GameId id_at(const store::EventStore& db, store::GameQuery query, std::int64_t index) {
    query.offset = index;
    query.limit = 1;
    const auto page = db.list_games(query);
    REQUIRE(page.size() == 1);
    return page.front().id;
}

// The position shown is the store's position at the cursor: board, scores, turn, outcome.
void check_shown_is_the_stores(Controller& c) {
    const GameSession& s = *c.session();
    const auto loaded = c.store().load(s.id(), s.cursor());
    REQUIRE(loaded.has_value());
    const Position& expected = loaded.value().state.position;
    const Position& shown = s.shown().position;
    CAPTURE(s.cursor());
    CHECK(shown.board() == expected.board());
    CHECK(shown.scores() == expected.scores());
    CHECK(shown.to_move() == expected.to_move());
    CHECK(shown.outcome() == expected.outcome());
    CHECK(shown.move_count() == expected.move_count());
    CHECK(s.shown().steps == s.cursor());
}

}  // namespace

TEST_CASE("a poll reads nothing when nothing changed, and only the new event when another program played") {
    const testing::TempDir dir;
    const auto file = dir.file("games.db");
    fill(file, 2000);
    Controller c(store::EventStore::open(file));
    REQUIRE(c.game_list().threaded());
    REQUIRE(c.open_game(2));  // classic: X at (2, 2), O at (1, 1) (1-based); X to move
    REQUIRE(c.session()->last_step() == 2);
    c.apply(BrowseGames{store::GameQuery{}, 0, 30, true});
    c.game_list().wait();
    REQUIRE(c.game_list().count() == 2000);
    const GameList::Reads pages = c.game_list().reads();
    CHECK(pages.pages <= 2);  // the page on screen and the one after it
    CHECK(pages.counts == 1);

    const StoreReads before = c.reads();
    for (int i = 1; i <= 10; ++i) {
        c.poll(i * 2000);
        c.game_list().wait();
    }
    CHECK(c.reads().checks == before.checks + 10);  // one PRAGMA each, and nothing else
    CHECK(c.reads().last_seqs == before.last_seqs);
    CHECK(c.reads().events == before.events);
    CHECK(c.reads().states == before.states);
    CHECK(c.reads().summaries == before.summaries);
    CHECK(c.game_list().reads().pages == pages.pages);
    CHECK(c.game_list().reads().counts == pages.counts);

    // Another program plays in the open game: the next poll reads that event and the page on screen.
    auto other = store::EventStore::open(file);
    REQUIRE(other.append(2, 2, MovePlayed{Player::X, {2, 2}}).has_value());
    c.poll(30'000);
    c.game_list().wait();
    CHECK(c.session()->last_step() == 3);
    CHECK(c.session()->shown().position.board().at({2, 2}) == Cell::X);
    CHECK(c.reads().events == before.events + 1);
    CHECK(c.game_list().reads().pages - pages.pages <= 2);
    CHECK(c.game_list().reads().counts == pages.counts + 1);
    CHECK(c.game_list().row(1)->moves == 3);  // game 2 is the second row, by id

    // And then nothing again.
    const StoreReads after = c.reads();
    const auto pages_after = c.game_list().reads().pages;
    c.poll(40'000);
    c.game_list().wait();
    CHECK(c.reads().events == after.events);
    CHECK(c.game_list().reads().pages == pages_after);
}

TEST_CASE("the browser over 20,000 games reads only the pages it shows, in the order SQL gives") {
    const testing::TempDir dir;
    const auto file = dir.file("games.db");
    fill(file, 20000);
    Controller c(store::EventStore::open(file));
    const auto& list = c.game_list();

    // Sorted by X's name, scrolled to the middle.
    const auto by_x = ordered(store::GameOrder::XName);
    c.apply(BrowseGames{by_x, 10000, 30, true});
    c.game_list().wait();
    CHECK(list.count() == 20000);
    CHECK(list.reads().pages <= 3);  // the page on screen and one either side
    CHECK(list.reads().rows <= 3 * GameList::kPageRows);
    CHECK(list.reads().counts == 1);
    for (std::int64_t r = 10000; r < 10030; ++r) {
        REQUIRE(list.row(r) != nullptr);
        CHECK(list.row(r)->id == id_at(c.store(), by_x, r));
    }
    CHECK(list.row(0) == nullptr);  // never read

    // Half a screen on: at most the next page is read; back again, nothing.
    const auto pages = list.reads().pages;
    c.apply(BrowseGames{by_x, 10015, 30, true});
    c.game_list().wait();
    CHECK(list.reads().pages - pages <= 1);
    const auto pages_then = list.reads().pages;
    c.apply(BrowseGames{by_x, 10000, 30, true});
    c.game_list().wait();
    CHECK(list.reads().pages == pages_then);

    // Another order, a filter: the first rows are what SQL says, and the count is the filter's.
    const auto newest_moves = ordered(store::GameOrder::Moves, true);
    c.apply(BrowseGames{newest_moves, 0, 30, true});
    c.game_list().wait();
    CHECK(list.row(0)->id == id_at(c.store(), newest_moves, 0));
    CHECK(list.row(0)->moves == 5);
    const auto filtered = ordered(store::GameOrder::Id, true, "x00");
    c.apply(BrowseGames{filtered, 0, 30, true});
    c.game_list().wait();
    CHECK(list.count() == c.store().count_games(filtered));
    CHECK(*list.count() < 20000);
    CHECK(list.row(0)->id == id_at(c.store(), filtered, 0));
    CHECK(list.row(0)->x_name.find("x00") == 0);

    // Closed, it reads nothing, whatever changes.
    c.apply(BrowseGames{filtered, 0, 0, false});
    const auto closed = list.reads();
    c.refresh_games();
    c.poll(10'000);
    c.game_list().wait();
    CHECK(list.reads().pages == closed.pages);
    CHECK(list.reads().counts == closed.counts);
}

TEST_CASE("a very long player name is read as a screenful, not as megabytes") {
    auto db = store::EventStore::open_in_memory();
    REQUIRE(db.create_game(GameCreated{Rules::classic(), "Ann", "Bo"}).has_value());
    // The store refuses such a name; a file edited by hand can hold one in its game list all the same.
    ttt::store::detail::StoreAccess::database(db).exec("UPDATE games SET x_name = replace(hex(zeroblob(4194304)), '00', 'n')");
    Controller c(std::move(db));
    REQUIRE_FALSE(c.game_list().threaded());
    c.apply(BrowseGames{store::GameQuery{}, 0, 30, true});
    REQUIRE(c.game_list().row(0) != nullptr);
    CHECK(c.game_list().row(0)->x_name.size() <= GameList::kNameBytes);
    CHECK(c.game_list().row(0)->x_name.ends_with("..."));
    CHECK(c.game_list().row(0)->o_name == "Bo");
}

TEST_CASE(
    "a 50,000-move game steps, jumps and plots through a bounded window, showing what the store gives") {
    auto db = store::EventStore::open_in_memory();
    std::vector<store::ImportGame> one;
    one.push_back(testing::long_score_game(250, 250, 50000, 97));  // a takeback every 97 steps
    const auto ids = db.import_games(one);
    REQUIRE(ids.has_value());
    const store::GameId id = ids.value().front();
    const int last = static_cast<int>(one.front().events.size()) - 1;
    one.clear();
    Controller c(std::move(db));

    REQUIRE(c.open_game(id));
    const GameSession& s = *c.session();
    CHECK(s.last_step() == last);
    CHECK(s.at_end());
    check_shown_is_the_stores(c);
    CHECK(c.reads().states <= 2);  // the end, loaded once (no fork to count)

    // Left, right, Home, End and jumps, each compared with the store's own fold of that step.
    const auto step = [&](const Intent& intent) {
        c.apply(intent);
        check_shown_is_the_stores(c);
    };
    for (int i = 0; i < 5; ++i) step(StepBy{-1});
    for (int i = 0; i < 3; ++i) step(StepBy{+1});
    step(JumpToStart{});
    CHECK(s.cursor() == 0);
    for (int i = 0; i < 2; ++i) step(StepBy{+1});
    step(JumpTo{25000});
    for (int i = 0; i < 3; ++i) step(StepBy{-1});
    step(JumpTo{25000 + 100});  // near: walked
    // Over a takeback both ways: the step after it replays the move, the step back retracts it again.
    const int takeback = 97 * 300;
    REQUIRE(c.store().events(id, takeback, takeback).front().event.index() == 3);  // MoveTakenBack
    step(JumpTo{takeback + 1});
    step(StepBy{-1});
    step(StepBy{-1});
    step(StepBy{+1});
    step(StepBy{+1});
    step(JumpToEnd{});
    CHECK(s.at_end());

    // What was held and read stays bounded by the window, not by the game.
    CHECK(s.rows_held() <= static_cast<std::size_t>(GameSession::kMaxRows));
    CHECK(c.reads().events <= 8 * GameSession::kChunkRows);
    CHECK(c.reads().states <= 8);

    // History rows anywhere, numbered as the store's fold numbers them.
    c.apply(ShowHistoryRows{30000, 30040});
    for (const int at : {30000, 30020, 30040}) {
        const TimelineRow* row = s.row(at);
        REQUIRE(row != nullptr);
        const auto loaded = c.store().load(id, at);
        CHECK(row->move_number == loaded.value().state.position.move_count());
        const auto event = c.store().events(id, at, at).front().event;
        if (const auto* move = std::get_if<MovePlayed>(&event)) CHECK(cell_named(row->event) == move->pos);
    }

    // The score plot's series: a bounded chunk per request, a bounded number of points, the end exact.
    int requests = 0;
    while (!c.score_series().complete(id, last)) {
        const auto read = c.reads().events;
        c.apply(FoldScores{});
        CHECK(c.reads().events - read <= ScoreSeries::kEventsPerAdvance);
        REQUIRE(++requests < 100);
    }
    CHECK(requests == (last + ScoreSeries::kEventsPerAdvance) / ScoreSeries::kEventsPerAdvance);
    const auto& points = c.score_series().points();
    CHECK(points.size() <= static_cast<std::size_t>(ScoreSeries::kMaxPoints) + 1);
    CHECK(points.back().step == last);
    CHECK(points.back().x == s.end().scores.of(Player::X).total());
    CHECK(points.back().o == s.end().scores.of(Player::O).total());
    const ScorePoint& middle = points[points.size() / 2];
    const auto at_middle = c.store().load(id, middle.step);
    CHECK(middle.x == at_middle.value().state.position.scores().of(Player::X).total());
    CHECK(middle.o == at_middle.value().state.position.scores().of(Player::O).total());
}
