// The controller over a real store: moves are appended and followed, refusals write nothing and explain,
// a move from an earlier step is a variation, take-back, resign and fork from here, and changes made by
// another program are picked up.
#include "../../src/store/store_access.hpp"
#include "../common/temp_dir.hpp"
#include "../common/text_count.hpp"
#include "model/controller.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace ttt;
using namespace ttt::app;

namespace {

store::GameId new_game(Controller& c, const Rules& rules = Rules::classic()) {
    REQUIRE(c.apply(CreateGame{rules, "Ann", "Bob"}));
    REQUIRE(c.session() != nullptr);
    return c.session()->id();
}

std::size_t events_of(Controller& c, store::GameId id) {
    return c.store().events(id).size();
}

}  // namespace

TEST_CASE("a move at the end is appended and the view follows it") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c);
    const auto rev = c.revision();
    c.apply(PlayMove{{1, 1}});
    CHECK(events_of(c, id) == 2);
    CHECK(c.session()->cursor() == 1);
    CHECK(c.session()->shown().position.board().at({1, 1}) == Cell::X);
    CHECK(c.revision() > rev);
    CHECK(c.store().count_games({}) == 1);
    CHECK(c.store().summary(id)->moves == 1);
}

TEST_CASE("an illegal move writes nothing and the notice says why") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c);
    c.apply(PlayMove{{0, 0}});
    c.apply(PlayMove{{0, 0}});
    CHECK(events_of(c, id) == 2);
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->level == Notice::Level::Warning);
    CHECK(c.notice()->text == "Can't play there: cell (1, 1) is already taken by X.");
    c.apply(PlayMove{{5, 5}});
    CHECK(events_of(c, id) == 2);
    CHECK(c.notice()->text.find("off the") != std::string::npos);
}

TEST_CASE("a move from an earlier step is a variation of the same game and its moves stay as they were") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c);
    for (Pos p : {Pos{0, 0}, Pos{1, 1}, Pos{2, 2}}) c.apply(PlayMove{p});
    REQUIRE(events_of(c, id) == 4);
    c.apply(JumpTo{1});
    CHECK(c.session()->cursor() == 1);
    c.apply(PlayMove{{0, 2}});  // O plays elsewhere than it did
    REQUIRE(c.session() != nullptr);
    CHECK(c.session()->id() == id);
    CHECK(c.store().count_games({}) == 1);  // no fork
    const auto events = c.store().events(id);
    REQUIRE(events.size() == 5);
    for (int i = 1; i <= 3; ++i)
        CHECK(std::holds_alternative<MovePlayed>(events[static_cast<std::size_t>(i)].event));
    CHECK(std::holds_alternative<VariationPlayed>(events[4].event));
    const Position& now = c.session()->shown().position;
    CHECK(now.move_count() == 2);
    CHECK(now.board().at({0, 0}) == Cell::X);
    CHECK(now.board().at({0, 2}) == Cell::O);
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("variation") != std::string::npos);
}

TEST_CASE("fork from here makes a game whose copied moves are marked as such") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c);
    for (Pos p : {Pos{0, 0}, Pos{1, 1}, Pos{2, 2}}) c.apply(PlayMove{p});
    c.apply(JumpTo{1});
    c.apply(ForkHere{});
    const auto fork = c.session()->id();
    CHECK(fork != id);
    CHECK(events_of(c, id) == 4);  // untouched
    c.apply(PlayMove{{0, 2}});
    CHECK(c.session()->shown().forked_from == id);
    REQUIRE(c.session()->row(2) != nullptr);
    CHECK(c.session()->row(1)->inherited);
    CHECK_FALSE(c.session()->row(2)->inherited);
}

TEST_CASE("take back, resign and fork from here") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c);
    c.apply(PlayMove{{0, 0}});
    c.apply(PlayMove{{1, 1}});
    c.apply(TakeBack{});
    CHECK(events_of(c, id) == 4);
    CHECK(c.session()->end().move_count == 1);
    REQUIRE(c.session()->row(3) != nullptr);
    CHECK(c.session()->row(3)->kind() == EventKind::TakeBack);

    c.apply(JumpTo{1});
    c.apply(ForkHere{});
    const auto fork = c.session()->id();
    CHECK(fork != id);
    CHECK(c.session()->end().move_count == 1);

    c.apply(Resign{});
    CHECK(c.session()->end().outcome.status == Status::Resigned);
    CHECK(c.session()->end().outcome.winner == Player::X);  // O was to move and resigned
    const auto before = events_of(c, fork);
    c.apply(Resign{});  // already over: refused, nothing written
    CHECK(events_of(c, fork) == before);
    CHECK(c.notice()->level == Notice::Level::Warning);
}

TEST_CASE(
    "a notice belongs to its game: opening another does not carry it over, and it begins with a capital") {
    Controller c(store::EventStore::open_in_memory());
    const auto first = new_game(c);
    c.apply(PlayMove{{0, 0}});
    c.apply(PlayMove{{0, 0}});  // refused: a notice about the first game
    REQUIRE(c.notice().has_value());
    const auto second = new_game(c);
    // Starting a game says so; the refusal in the other game is gone.
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.starts_with("Started game #"));
    c.apply(OpenGame{first});
    CHECK_FALSE(c.notice().has_value());
    c.apply(PlayMove{{1, 1}});
    c.apply(PlayMove{{1, 1}});
    REQUIRE(c.notice().has_value());
    c.apply(OpenGame{second});
    CHECK_FALSE(c.notice().has_value());
    // A fork's notice is about the fork, which it opens: it stays, and names the game with a capital.
    c.apply(PlayMove{{2, 2}});
    c.apply(JumpTo{0});
    c.apply(ForkHere{});
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.starts_with("Game #"));
    CHECK(c.session()->id() != second);
}

TEST_CASE("moving through history never writes") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::gomoku());
    for (int i = 0; i < 6; ++i) c.apply(PlayMove{{i, i % 2 == 0 ? 0 : 14}});
    for (const Intent& i : {Intent{JumpToStart{}}, Intent{StepBy{+1}}, Intent{StepBy{-1}}, Intent{JumpTo{3}},
                            Intent{JumpToEnd{}}})
        c.apply(i);
    CHECK(events_of(c, id) == 7);
    CHECK(c.session()->at_end());
}

TEST_CASE("moves another program appends show up at the next poll") {
    const testing::TempDir dir;
    const auto file = dir.file("games.db");
    {
        Controller c(store::EventStore::open(file));
        const auto id = new_game(c);
        c.apply(PlayMove{{0, 0}});
        auto other = store::EventStore::open(file);
        const auto r = other.append(id, 1, MovePlayed{Player::O, {2, 2}});
        REQUIRE(r.has_value());
        c.poll(10'000, 0);
        CHECK(c.session()->last_step() == 2);
        CHECK(c.session()->shown().position.board().at({2, 2}) == Cell::O);
        // A move based on the old end is a conflict for the other program now, not a lost write.
        const auto stale = other.append(id, 1, MovePlayed{Player::X, {1, 1}});
        CHECK(failed_with<store::Conflict>(stale));
    }
}

TEST_CASE("opening a game that does not exist is a notice, not a failure") {
    Controller c(store::EventStore::open_in_memory());
    CHECK_FALSE(c.open_game(99));
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->level == Notice::Level::Error);
    CHECK(c.session() == nullptr);
}

TEST_CASE("an exported game imports back with the same moves, in every format") {
    const testing::TempDir dir;
    const auto folder = dir.path();
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::gomoku());
    for (Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}, Pos{6, 6}}) c.apply(PlayMove{p});
    const std::vector<Pos> expected = c.session()->shown().position.moves();
    for (ExportFormat f : {ExportFormat::Json, ExportFormat::Xml, ExportFormat::Binary, ExportFormat::Sgf,
                           ExportFormat::Psq}) {
        CAPTURE(name_of(f));
        const auto file = folder / (std::string("game") + extension_of(f));
        REQUIRE(c.apply(ExportGame{f, file}));
        CHECK(c.notice()->level == Notice::Level::Info);
        CHECK(std::filesystem::file_size(file) > 0);
    }
    // The folder now holds one file per format, as the samples folder holds games: a first run imports
    // them all, and a log that already has games gets none.
    Controller other(store::EventStore::open_in_memory());
    CHECK(other.import_samples(folder) == 5);
    CHECK(other.import_samples(folder) == 0);
    REQUIRE(other.store().count_games({}) == 5);
    for (const auto& g : other.store().list_games()) {
        REQUIRE(other.open_game(g.id));
        CHECK(other.session()->shown().position.moves() == expected);
    }
    // A path that cannot be written is a notice, not a crash.
    CHECK_FALSE(c.export_game(ExportFormat::Json, folder / "no-such-folder" / "game.json"));
    CHECK(c.notice()->level == Notice::Level::Error);
}

TEST_CASE("an export says why it failed and spares what is already there next to it") {
    const testing::TempDir dir;
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::gomoku());
    c.apply(PlayMove{Pos{7, 7}});
    const auto missing = dir.file("no-such-folder") / "game.json";
    CHECK_FALSE(c.export_game(ExportFormat::Json, missing));
    CHECK(c.notice()->text == "Cannot write " + missing.string() + ": No such file or directory.");
    // The disk full (the device through a link, so that nothing could ever replace /dev/full itself).
    std::filesystem::create_symlink("/dev/full", dir.file("full"));
    CHECK_FALSE(c.export_game(ExportFormat::Sgf, dir.file("full")));
    CHECK(c.notice()->text == "Cannot write " + dir.file("full").string() + ": No space left on device.");
    std::filesystem::create_directory(dir.file("adir"));
    CHECK_FALSE(c.export_game(ExportFormat::Sgf, dir.file("adir")));
    CHECK(c.notice()->text == dir.file("adir").string() + " is a folder, not a file.");
    // A file next to the export named like a temporary one is someone else's; the export's mode stays.
    std::ofstream(dir.file("game.sgf.tmp")) << "not ours\n";
    std::ofstream(dir.file("game.sgf")) << "old\n";
    std::filesystem::permissions(dir.file("game.sgf"),
                                 std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    REQUIRE(c.export_game(ExportFormat::Sgf, dir.file("game.sgf")));
    std::ifstream tmp(dir.file("game.sgf.tmp"));
    std::string kept;
    std::getline(tmp, kept);
    CHECK(kept == "not ours");
    CHECK(std::filesystem::status(dir.file("game.sgf")).permissions() ==
          (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
}

TEST_CASE("Export diagram writes the step shown as an SVG, with its numbers and title, and says why it failed") {
    const testing::TempDir dir;
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::gomoku());
    for (Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}, Pos{6, 9}}) c.apply(PlayMove{p});
    c.apply(JumpTo{3});
    REQUIRE(c.session()->cursor() == 3);
    const auto file = dir.file("worksheet.svg");
    REQUIRE(c.apply(ExportDiagram{file, true, "Lesson <3> & more"}));
    CHECK(c.notice()->level == Notice::Level::Info);
    CHECK(c.notice()->text == "Wrote the diagram to " + file.string() + ".");
    const std::string svg = ttt::testing::file_text(file);
    // The step shown, not the game's end: three stones, numbered 1 to 3, and the title escaped.
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(ttt::testing::occurrences(svg, "class=\"mark ") == 3);
    CHECK(ttt::testing::occurrences(svg, "class=\"move-number\"") == 3);
    CHECK(svg.find("Lesson &lt;3&gt; &amp; more") != std::string::npos);
    // Without numbers, none; a path that cannot be written is a notice, and nothing is there.
    REQUIRE(c.export_diagram(ExportDiagram{file, false, ""}));
    const std::string plain = ttt::testing::file_text(file);
    CHECK(ttt::testing::occurrences(plain, "class=\"move-number\"") == 0);
    const auto missing = dir.file("no-such-folder") / "d.svg";
    CHECK_FALSE(c.export_diagram(ExportDiagram{missing, true, ""}));
    CHECK(c.notice()->text == "Cannot write " + missing.string() + ": No such file or directory.");
    CHECK_FALSE(std::filesystem::exists(missing));
}

TEST_CASE("Export diagram draws the step shown with its annotation, as SVG or PNG by the name's ending") {
    const testing::TempDir dir;
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::gomoku());
    for (Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}}) c.apply(PlayMove{p});
    Annotation note;
    note.comment = "Black makes a three";
    note.glyph = Glyph::Good;
    note.shapes.push_back(Shape{ShapeKind::Arrow, {8, 8}, Pos{10, 10}, ShapeColour::Red, ""});
    REQUIRE(c.apply(Annotate{c.node_shown(), note}));
    REQUIRE(c.note_shown() == note);

    const auto svg_file = dir.file("sheet.svg");
    REQUIRE(c.export_diagram(ExportDiagram{svg_file, false, "", 1024}));
    const std::string svg = ttt::testing::file_text(svg_file);
    CHECK(ttt::testing::occurrences(svg, "class=\"arrow\"") == 1);
    CHECK(ttt::testing::occurrences(svg, "class=\"glyph\"") == 1);
    CHECK(svg.find(">Black makes a three</text>") != std::string::npos);

    // The same step as a PNG, 512 pixels square (a page with one line of note is a little taller than wide).
    const auto png_file = dir.file("Sheet.PNG");
    REQUIRE(c.export_diagram(ExportDiagram{png_file, true, "", 512}));
    CHECK(c.notice()->text == "Wrote the diagram to " + png_file.string() + ".");
    const std::string png = ttt::testing::file_text(png_file);
    CHECK(png.rfind("\x89PNG\r\n\x1a\n", 0) == 0);

    // Another ending, or a size out of range: a notice, and no file.
    const auto gif = dir.file("sheet.gif");
    CHECK_FALSE(c.export_diagram(ExportDiagram{gif, false, "", 1024}));
    CHECK(c.notice()->level == Notice::Level::Error);
    CHECK(c.notice()->text == "A diagram is written as SVG or PNG: name the file sheet.svg or sheet.png.");
    CHECK_FALSE(std::filesystem::exists(gif));
    const auto tiny = dir.file("tiny.png");
    CHECK_FALSE(c.export_diagram(ExportDiagram{tiny, false, "", 8}));
    CHECK(c.notice()->text == "A diagram's picture is 64 to 8192 pixels on its longer side, not 8.");
    CHECK_FALSE(std::filesystem::exists(tiny));

    // An earlier step carries nothing: nothing of the note is drawn.
    c.apply(JumpTo{2});
    REQUIRE(c.export_diagram(ExportDiagram{svg_file, false, "", 1024}));
    const std::string earlier = ttt::testing::file_text(svg_file);
    CHECK(ttt::testing::occurrences(earlier, "class=\"arrow\"") == 0);
    CHECK(ttt::testing::occurrences(earlier, "class=\"mark ") == 2);
}

TEST_CASE("a write lock held by another program refuses the click with a notice and the app goes on") {
    const testing::TempDir dir;
    const auto file = dir.file("games.db");
    {
        store::StoreOptions quick;
        quick.busy_timeout_ms = 50;
        Controller c(store::EventStore::open(file, quick));
        const auto id = new_game(c);
        c.apply(PlayMove{{0, 0}});
        REQUIRE(events_of(c, id) == 2);
        const auto games_before = c.store().count_games({});

        auto other = store::EventStore::open(file);
        ttt::store::detail::StoreAccess::database(other).begin(true);  // BEGIN IMMEDIATE: the write lock, as a writing program holds it
        const auto serial = c.notice() ? c.notice()->serial : 0;
        CHECK(c.apply(PlayMove{{1, 1}}));
        REQUIRE(c.notice().has_value());
        CHECK(c.notice()->serial > serial);
        CHECK(c.notice()->level == Notice::Level::Error);
        CHECK(c.notice()->storage == store::StorageErrorKind::Locked);
        CHECK(c.notice()->text ==
              "The database is locked by another program; your move was not saved \u2014 try again.");
        CHECK(c.session()->last_step() == 1);
        CHECK(c.session()->shown().position.board().at({1, 1}) == Cell::Empty);
        CHECK(events_of(c, id) == 2);  // readers still read while the lock is held (WAL)

        // The other writes that concern the game are refused the same way and write nothing.
        c.apply(TakeBack{});
        CHECK(c.notice()->storage == store::StorageErrorKind::Locked);
        CHECK(c.notice()->text.find("nothing was taken back") != std::string::npos);
        c.apply(Resign{});
        CHECK(c.notice()->text.find("nobody resigned") != std::string::npos);
        c.apply(JumpTo{0});
        c.apply(PlayMove{{2, 2}});  // from an earlier step: the variation is refused
        CHECK(c.notice()->text.find("your move was not saved") != std::string::npos);
        c.apply(ForkHere{});
        CHECK(c.notice()->text.find("no fork was made") != std::string::npos);
        c.apply(CreateGame{Rules::classic(), "Cy", "Di"});
        CHECK(c.notice()->text.find("the new game was not started") != std::string::npos);
        CHECK(c.session()->id() == id);
        CHECK(events_of(c, id) == 2);
        CHECK(c.store().count_games({}) == games_before);

        // The lock is let go: the same click now plays.
        ttt::store::detail::StoreAccess::database(other).commit();
        c.apply(JumpToEnd{});
        c.apply(PlayMove{{1, 1}});
        CHECK(events_of(c, id) == 3);
        CHECK(c.session()->last_step() == 2);
        CHECK(c.session()->shown().position.board().at({1, 1}) == Cell::O);
    }
}

TEST_CASE("a poll that cannot read says so once, and a later poll catches up") {
    const testing::TempDir dir;
    const auto file = dir.file("games.db");
    {
        Controller c(store::EventStore::open(file));
        const auto id = new_game(c);
        c.apply(PlayMove{{0, 0}});

        auto other = store::EventStore::open(file);
        const auto r = other.append(id, 1, MovePlayed{Player::O, {2, 2}});
        REQUIRE(r.has_value());
        // A log out of reach for a moment (a lock in WAL mode never keeps readers out, so another program
        // renames the table of events from under us).
        ttt::store::detail::StoreAccess::database(other).exec("ALTER TABLE events RENAME TO events_away");
        c.poll(10'000, 1000);
        REQUIRE(c.notice().has_value());
        CHECK(c.notice()->level == Notice::Level::Error);
        CHECK(c.notice()->storage.has_value());
        CHECK(c.notice()->text.find("changes made elsewhere are not shown yet") != std::string::npos);
        CHECK(c.session()->last_step() == 1);
        const auto serial = c.notice()->serial;
        c.poll(10'000 + 5'000, 1000);  // still failing: the same notice, not a new one every second
        CHECK(c.notice()->serial == serial);

        ttt::store::detail::StoreAccess::database(other).exec("ALTER TABLE events_away RENAME TO events");
        c.poll(10'000 + 10'000, 1000);
        CHECK(c.session()->last_step() == 2);
        CHECK(c.session()->shown().position.board().at({2, 2}) == Cell::O);
    }
}
