// A game's study in the window's model: a move from an earlier step is a variation, the session follows
// the line shown (the main line by default) while the Events panel keeps the log, the arrows choose among
// the variations of a branch, promotions, lines set aside and annotations are one event each, and a game
// without a study reads as it always did.
#include "../common/temp_dir.hpp"
#include "model/annotation_edit.hpp"
#include "model/controller.hpp"
#include "model/study_history.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace ttt;
using namespace ttt::app;

namespace {

store::GameId new_game(Controller& c) {
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob"}));
    REQUIRE(c.session() != nullptr);
    return c.session()->id();
}

// X (1,1), O (2,2), X (3,3): events 1, 2, 3.
store::GameId three_moves(Controller& c) {
    const auto id = new_game(c);
    for (Pos p : {Pos{0, 0}, Pos{1, 1}, Pos{2, 2}}) c.apply(PlayMove{p});
    REQUIRE(c.store().events(id).size() == 4);
    return id;
}

}  // namespace

TEST_CASE("a game without a study follows its log: no tree, the session's steps are the log's") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = three_moves(c);
    CHECK(c.study() == nullptr);
    CHECK(c.log_last_seq() == 3);
    CHECK(c.session()->last_step() == 3);
    c.apply(JumpTo{1});
    CHECK(c.node_shown() == 1);
    CHECK(c.note_shown().empty());
    CHECK_FALSE(c.store().studied(id));
}

TEST_CASE("a move from an earlier step is a variation of the same game, shown on its line") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = three_moves(c);
    c.apply(JumpTo{1});
    c.apply(PlayMove{{0, 2}});  // O plays elsewhere than it did
    REQUIRE(c.session() != nullptr);
    CHECK(c.session()->id() == id);  // no fork
    const auto events = c.store().events(id);
    REQUIRE(events.size() == 5);
    const auto* played = std::get_if<VariationPlayed>(&events[4].event);
    REQUIRE(played != nullptr);
    CHECK(played->parent == 1);
    CHECK(played->player == Player::O);
    CHECK(played->pos == Pos{0, 2});
    // The window shows the variation's line at its new move: two moves, O's where it was played.
    REQUIRE(c.study() != nullptr);
    CHECK(c.session()->last_step() == 2);
    CHECK(c.session()->cursor() == 2);
    CHECK(c.node_shown() == 4);
    CHECK(c.log_last_seq() == 4);
    const Board& board = c.session()->shown().position.board();
    CHECK(board.at({0, 0}) == Cell::X);
    CHECK(board.at({0, 2}) == Cell::O);
    CHECK(board.at({1, 1}) == Cell::Empty);
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("variation from step 1") != std::string::npos);
    // The main line is the game's own moves still.
    c.apply(ShowLine{0});
    CHECK(c.session()->last_step() == 3);
    CHECK(c.session()->cursor() == 0);  // the step of the node named: the start
    c.apply(JumpToEnd{});
    CHECK(c.session()->shown().position.board().at({1, 1}) == Cell::O);
    CHECK(c.store().summary(id)->moves == 3);
}

TEST_CASE(
    "a game opened with a study shows its main line, and playing at the end of a variation extends it") {
    ttt::testing::TempDir dir;
    const auto path = dir.file("games.db");
    store::GameId id = 0;
    {
        Controller c(store::EventStore::open(path));
        id = three_moves(c);
        c.apply(JumpTo{1});
        c.apply(PlayMove{{0, 2}});
    }
    Controller c(store::EventStore::open(path));
    REQUIRE(c.open_game(id));
    REQUIRE(c.study() != nullptr);
    CHECK(c.session()->last_step() == 3);  // the main line, not the log's four events
    CHECK(c.session()->at_end());
    CHECK(c.node_shown() == 3);
    c.apply(ShowLine{4});
    CHECK(c.session()->cursor() == 2);
    c.apply(PlayMove{{2, 0}});  // X at the end of the variation: the variation goes on
    const auto events = c.store().events(id);
    REQUIRE(events.size() == 6);
    const auto* played = std::get_if<VariationPlayed>(&events[5].event);
    REQUIRE(played != nullptr);
    CHECK(played->parent == 4);
    CHECK(c.session()->last_step() == 3);
    CHECK(c.session()->shown().position.board().at({2, 0}) == Cell::X);
    // At the trunk's end a move is the game's own.
    c.apply(ShowLine{0});
    c.apply(JumpToEnd{});
    c.apply(PlayMove{{2, 1}});
    const auto after = c.store().events(id);
    REQUIRE(after.size() == 7);
    CHECK(std::holds_alternative<MovePlayed>(after[6].event));
    CHECK(c.store().summary(id)->moves == 4);
}

TEST_CASE("up and down switch among the variations of the branch shown") {
    Controller c(store::EventStore::open_in_memory());
    three_moves(c);
    c.apply(JumpTo{1});
    c.apply(PlayMove{{0, 2}});  // node 4
    c.apply(ShowLine{0});
    c.apply(JumpTo{1});
    c.apply(PlayMove{{2, 0}});  // node 5
    c.apply(ShowLine{0});
    c.apply(JumpTo{2});
    REQUIRE(c.node_shown() == 2);
    c.apply(SwitchVariation{+1});
    CHECK(c.node_shown() == 4);
    CHECK(c.session()->cursor() == 2);
    c.apply(SwitchVariation{+1});
    CHECK(c.node_shown() == 5);
    c.apply(SwitchVariation{+1});  // round to the main continuation
    CHECK(c.node_shown() == 2);
    c.apply(SwitchVariation{-1});
    CHECK(c.node_shown() == 5);
    // From the step before a branch, the arrows choose the move that follows.
    c.apply(ShowLine{0});
    c.apply(JumpTo{1});
    c.apply(SwitchVariation{+1});
    CHECK(c.session()->cursor() == 1);
    CHECK(c.study()->node_at(2) == 4);
}

TEST_CASE("promote and set aside write one event each and the tree follows") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = three_moves(c);
    c.apply(JumpTo{1});
    c.apply(PlayMove{{0, 2}});  // node 4
    c.apply(ShowLine{0});
    c.apply(JumpTo{1});
    c.apply(PlayMove{{2, 0}});  // node 5
    c.apply(PromoteLine{4});
    CHECK(std::holds_alternative<LinePromoted>(c.store().events(id).back().event));
    CHECK(c.study()->tree().on_main_line(4));
    CHECK(c.store().summary(id)->moves == 2);  // the row shows the main line
    c.apply(SetLineAside{5});
    CHECK(std::holds_alternative<LineSetAside>(c.store().events(id).back().event));
    const auto children = c.study()->tree().children(1);
    CHECK(children == std::vector<NodeId>{4, 2});
    // The main line cannot be set aside: refused with the store's reason, nothing written.
    const auto before = c.store().events(id).size();
    c.apply(SetLineAside{4});
    CHECK(c.store().events(id).size() == before);
    CHECK(c.notice()->level == Notice::Level::Warning);
}

TEST_CASE("an annotation is one event carrying the whole note, and a game becomes a study by it") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = three_moves(c);
    c.apply(JumpTo{2});
    c.apply(Annotate{c.node_shown(), with_comment(c.note_shown(), "O takes the centre")});
    REQUIRE(c.study() != nullptr);
    CHECK(c.session()->cursor() == 2);  // the step shown stays
    CHECK(c.note_shown().comment == "O takes the centre");
    c.apply(Annotate{c.node_shown(), with_glyph(c.note_shown(), Glyph::Good)});
    CHECK(c.note_shown().comment == "O takes the centre");  // kept
    CHECK(c.note_shown().glyph == Glyph::Good);
    const Shape arrow{ShapeKind::Arrow, {0, 0}, Pos{2, 2}, ShapeColour::Red, ""};
    c.apply(Annotate{c.node_shown(), with_shape(c.note_shown(), arrow)});
    REQUIRE(c.note_shown().shapes.size() == 1);
    const auto events = c.store().events(id);
    REQUIRE(events.size() == 7);
    const auto* last = std::get_if<Annotated>(&events.back().event);
    REQUIRE(last != nullptr);
    CHECK(last->node == 2);
    CHECK(last->note->comment == "O takes the centre");
    CHECK(last->note->shapes.front() == arrow);
    // The history marks the step and writes the glyph beside the move.
    const auto rows = study_rows(*c.study());
    REQUIRE(rows.size() == 4);
    CHECK(rows[2].marked);
    CHECK(rows[2].words.find(" !") != std::string::npos);
    CHECK_FALSE(rows[1].marked);
}

TEST_CASE("the history of a study shows each variation in brackets after the move it replaces") {
    Controller c(store::EventStore::open_in_memory());
    three_moves(c);
    c.apply(JumpTo{1});
    c.apply(PlayMove{{0, 2}});
    c.apply(PlayMove{{2, 0}});
    c.apply(ShowLine{0});
    const auto rows = study_rows(*c.study());
    REQUIRE(rows.size() == 5);  // the start, three moves, one variation
    CHECK_FALSE(rows[2].variation);
    CHECK(rows[3].variation);
    CHECK(rows[3].step == 2);
    CHECK(rows[3].node == 4);
    CHECK(rows[3].words == "(2. O (1, 3), 3. X (3, 1))");
    CHECK(rows[2].main_line);
    CHECK_FALSE(rows[3].main_line);
}

TEST_CASE("a shape drawn again is rubbed out, in another colour it changes colour") {
    CHECK(shape_colour(false, false) == ShapeColour::Green);
    CHECK(shape_colour(true, false) == ShapeColour::Red);
    CHECK(shape_colour(false, true) == ShapeColour::Blue);
    CHECK(shape_colour(true, true) == ShapeColour::Yellow);
    const Shape circle{ShapeKind::Circle, {1, 1}, std::nullopt, ShapeColour::Green, ""};
    Annotation note = with_shape({}, circle);
    REQUIRE(note.shapes.size() == 1);
    Shape red = circle;
    red.colour = ShapeColour::Red;
    note = with_shape(note, red);
    REQUIRE(note.shapes.size() == 1);
    CHECK(note.shapes[0].colour == ShapeColour::Red);
    note = with_shape(note, red);
    CHECK(note.shapes.empty());
    CHECK(with_glyph(with_glyph({}, Glyph::Blunder), Glyph::Blunder).glyph == std::nullopt);
}

TEST_CASE("a comment written by another program is picked up by the next poll") {
    ttt::testing::TempDir dir;
    const auto path = dir.file("games.db");
    Controller c(store::EventStore::open(path));
    const auto id = three_moves(c);
    c.apply(JumpTo{2});
    {
        auto other = store::EventStore::open(path);
        Annotation note;
        note.comment = "from the command line";
        REQUIRE(other.append(id, 3, Annotated{2, note}));
    }
    c.poll(10'000, 0);
    REQUIRE(c.study() != nullptr);
    CHECK(c.session()->cursor() == 2);
    CHECK(c.note_shown().comment == "from the command line");
}

TEST_CASE("a take-back on a variation's line is refused: it would take back the game's own move") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = three_moves(c);
    c.apply(JumpTo{1});
    c.apply(PlayMove{{0, 2}});
    const auto before = c.store().events(id).size();
    c.apply(TakeBack{});
    CHECK(c.store().events(id).size() == before);
    CHECK(c.notice()->level == Notice::Level::Warning);
}

TEST_CASE("the score plot folds the line shown and starts again on another") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = three_moves(c);
    c.apply(FoldScores{});
    REQUIRE(c.score_series().complete(id, 3));
    c.apply(JumpTo{1});
    c.apply(PlayMove{{0, 2}});  // a line of two steps
    CHECK_FALSE(c.score_series().complete(id, 2));
    c.apply(FoldScores{});
    CHECK(c.score_series().complete(id, 2));
    c.apply(ShowLine{0});
    CHECK_FALSE(c.score_series().complete(id, 3));
}
