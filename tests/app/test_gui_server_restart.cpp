// The real window on a game of a PostgreSQL server that is killed with SIGKILL and started again, on a
// cluster of this test's own: before the kill a move made by `tictactrace move` shows on the board (the
// server's NOTIFY); with the server gone the notice says it cannot be reached within a few polls; a move
// made after the restart while the window was away from the server (the window held still with SIGSTOP,
// so that it cannot reconnect first) shows once it is back, with the notice saying it reconnected; and a
// move after that shows live again. One screenshot of the window with the outage's notice is written
// (into $TTT_KEEP_SCREENSHOTS too, when it names a folder, to be looked at).
#include "../common/own_cluster.hpp"
#include "gui_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>
#include <stb_image_write.h>

#include <signal.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#ifndef TTT_PG_CLUSTER_SCRIPT
#error "TTT_PG_CLUSTER_SCRIPT must name tests/pg/pg_cluster.sh"
#endif
#ifndef TTT_PG_TEST_DIR
#error "TTT_PG_TEST_DIR must name the suite's cluster folder, beside which this test keeps its own"
#endif

using namespace ttt;
using namespace ttt::app::testing;

namespace {

// Generous: the window polls once a second, and a loaded machine may take many times that.
constexpr int kWaitMs = 60'000;

std::string cli(const std::vector<std::string>& words, const std::string& uri) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE};
    o.argv.insert(o.argv.end(), words.begin(), words.end());
    o.argv.insert(o.argv.end(), {"--db", uri});
    const auto r = ttt::testing::run_to_end(std::move(o));
    REQUIRE_MESSAGE(r.status == 0, "tictactrace " << words.front() << ": " << r.err);
    return r.out;
}

void cli_move(const std::string& uri, long long game, int row, int col) {
    (void)cli({"move", std::to_string(game), std::to_string(row), std::to_string(col)}, uri);
}

bool says(const Layout& l, const std::string& words) {
    return l.line.find(words) != std::string::npos;
}

// The app's window as the screen shows it now, as a PNG.
void save_window(const Screen& screen, ScreenPoint origin, std::pair<int, int> size,
                 const std::filesystem::path& png) {
    const int w = std::min(size.first, screen.width() - origin.x);
    const int h = std::min(size.second, screen.height() - origin.y);
    REQUIRE(w > 0);
    REQUIRE(h > 0);
    std::vector<unsigned char> rgb;
    rgb.reserve(static_cast<std::size_t>(w) * h * 3);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const Image::Rgb c = screen.at(origin.x + x, origin.y + y);
            rgb.insert(rgb.end(), {static_cast<unsigned char>(c.r), static_cast<unsigned char>(c.g),
                                   static_cast<unsigned char>(c.b)});
        }
    REQUIRE(stbi_write_png(png.c_str(), w, h, 3, rgb.data(), w * 3) != 0);
}

}  // namespace

TEST_CASE("reliability: a window follows its game on the server through a SIGKILL of the server and its "
          "restart") {
    ttt::testing::OwnCluster cluster(TTT_PG_CLUSTER_SCRIPT, TTT_PG_TEST_DIR "-window");
    const std::string uri = cluster.fresh_database("window");
    const long long game = std::atoll(cli({"new", "--rules", "gomoku"}, uri).c_str());
    REQUIRE(game > 0);
    cli_move(uri, game, 8, 8);

    WindowTest t;
    AppProcess app = t.start({"--db", uri, "--open", std::to_string(game)});
    const auto opened =
        app.wait_for([&](const Layout& l) { return l.game == game && l.cell > 0 && l.marks == 1; });
    REQUIRE_MESSAGE(opened, "the window never showed game " << game);
    // The pointer off the board, on the empty end of the menu bar: no cell's tooltip in the picture.
    app.move_pointer(viewport_of(opened->line).first - 10, 12);

    // Live: the server's notification brings another program's move.
    cli_move(uri, game, 8, 9);
    REQUIRE_MESSAGE(app.wait_for([](const Layout& l) { return l.marks == 2; }, kWaitMs),
                    "a move by the CLI never showed: " << (app.last() ? app.last()->line : ""));

    cluster.kill();
    const auto down = app.wait_for(
        [](const Layout& l) { return says(l, "The database server cannot be reached ("); }, kWaitMs);
    REQUIRE_MESSAGE(down,
                    "the window never said the server was gone: " << (app.last() ? app.last()->line : ""));
    CHECK(says(*down, "PostgreSQL server"));
    CHECK(says(*down, "\"storage\":\"unavailable\""));
    CHECK(down->marks == 2);  // what it showed stays shown

    // The picture of it. The layout line comes before the frame reaches the screen: a moment for that,
    // for the picture only.
    pause_ms(1000);
    const auto png = t.dir.file("server-unreachable.png");
    save_window(Screen::capture(t.x()), app.window_origin(), viewport_of(down->line), png);
    if (const char* keep = std::getenv("TTT_KEEP_SCREENSHOTS"); keep != nullptr && *keep != '\0')
        std::filesystem::copy_file(png, std::filesystem::path(keep) / png.filename(),
                                   std::filesystem::copy_options::overwrite_existing);

    // Held still, the window cannot reconnect before the next move lands: that move reaches it only by
    // the catch-up of its reconnection, as no notification of it is ever delivered to the window.
    REQUIRE(::kill(app.pid(), SIGSTOP) == 0);
    cluster.restart();
    cli_move(uri, game, 9, 9);
    REQUIRE(::kill(app.pid(), SIGCONT) == 0);
    const auto back = app.wait_for(
        [](const Layout& l) {
            return l.marks == 3 &&
                   says(l, "Reconnected to the database server; the moves made meanwhile are shown.");
        },
        kWaitMs);
    REQUIRE_MESSAGE(back, "the window never came back with the move made meanwhile: "
                              << (app.last() ? app.last()->line : ""));
    CHECK(back->last_step == 3);

    // And live again.
    cli_move(uri, game, 9, 10);
    REQUIRE_MESSAGE(app.wait_for([](const Layout& l) { return l.marks == 4 && l.last_step == 4; }, kWaitMs),
                    "a move after the reconnection never showed: " << (app.last() ? app.last()->line : ""));
    CHECK(app.alive());
}
