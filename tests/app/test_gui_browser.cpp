// The game browser in a real window over 20,000 games: it opens at the newest, a click on a column header
// sorts by that column as SQLite orders it, and the mouse wheel scrolls to rows read for that order.
#include "../common/bulk_games.hpp"
#include "gui_support.hpp"

#include <doctest/doctest.h>

#include <cstdio>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;
using ttt::testing::many_games;

namespace {

// The browser's part of a layout line: the game in its first row on screen, that row's index, and the
// window pixels of the X column's header and of the first row.
struct BrowserLayout {
    long long first = -1;
    long long top = -1;
    int header_x = 0, header_y = 0;
    int row_x = 0, row_y = 0;
};

std::optional<BrowserLayout> browser_of(const Layout& l) {
    const auto browser = Json(l.line).dump("browser");
    if (!browser) return std::nullopt;
    const Json json(*browser);
    const auto first = json.number("first");
    const auto top = json.number("top");
    const auto header = json.numbers("x_header");
    const auto row = json.numbers("first_row");
    if (!first || !top || header.size() != 2 || row.size() != 2) return std::nullopt;
    BrowserLayout b;
    b.first = static_cast<long long>(*first);
    b.top = static_cast<long long>(*top);
    b.header_x = static_cast<int>(header[0]);
    b.header_y = static_cast<int>(header[1]);
    b.row_x = static_cast<int>(row[0]);
    b.row_y = static_cast<int>(row[1]);
    return b;
}

store::GameId id_at(const std::filesystem::path& db, store::GameOrder order, long long index) {
    const auto store = store::EventStore::open(db);
    store::GameQuery q;
    q.order = order;
    q.offset = index;
    q.limit = 1;
    const auto page = store.list_games(q);
    REQUIRE(page.size() == 1);
    return page.front().id;
}

}  // namespace

TEST_CASE("the browser over 20,000 games sorts by a clicked header and scrolls as SQL orders the games") {
    WindowTest t;
    const auto& db = t.db;
    {
        auto store = store::EventStore::open(db);
        REQUIRE(store.import_games(many_games(0, 20000)).has_value());
    }
    AppProcess app = t.start({"--db", db.string(), "--show", "browser"});
    // Newest first, as the Game column sorts by default.
    const auto ready = app.wait_for([](const Layout& l) {
        const auto b = browser_of(l);
        return b && b->first == 20000 && b->header_x > 0;
    });
    REQUIRE(ready.has_value());
    const BrowserLayout shown = *browser_of(*ready);

    // A click on X's header: the first row becomes the game SQLite orders first by X's name.
    const store::GameId first_by_x = id_at(db, store::GameOrder::XName, 0);
    REQUIRE(first_by_x != 20000);
    app.click_at(shown.header_x, shown.header_y);
    const auto sorted = app.wait_for([&](const Layout& l) {
        const auto b = browser_of(l);
        return b && b->first == first_by_x && b->top == 0;
    });
    REQUIRE(sorted.has_value());

    // The wheel scrolls down: whatever row is first on screen then is the one SQL has at that place.
    app.move_pointer(shown.row_x, shown.row_y);
    for (int i = 0; i < 6; ++i) REQUIRE(app.xdotool({"click", "5"}));
    const auto scrolled = app.wait_for([&](const Layout& l) {
        const auto b = browser_of(l);
        return b && b->top > 0 && b->first > 0;
    });
    REQUIRE(scrolled.has_value());
    // The last line printed is the resting one: its first row is what SQL has at its index.
    const auto rest = app.wait_for(
        [&](const Layout& l) {
            const auto b = browser_of(l);
            return b && b->top > 0 && b->first == id_at(db, store::GameOrder::XName, b->top);
        },
        10000);
    REQUIRE(rest.has_value());
    CHECK(browser_of(*rest)->top > 0);
}
