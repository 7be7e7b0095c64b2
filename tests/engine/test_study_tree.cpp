// The variation tree of a game: variations from any step, promotion, lines set aside, annotations on
// nodes, and the lines the rest of the program folds.
#include "test_util.hpp"

#include "tictactrace/engine/study_tree.hpp"

#include <variant>

using namespace ttt;

namespace {

// Classic tic-tac-toe: X (1,1), O (2,2), X (1,2), O (1,3) as events 1..4.
std::vector<Event> four_moves() {
    std::vector<Event> events;
    events.push_back(GameCreated{Rules::classic(), "Ann", "Bob"});
    events.push_back(MovePlayed{Player::X, {0, 0}});
    events.push_back(MovePlayed{Player::O, {1, 1}});
    events.push_back(MovePlayed{Player::X, {0, 1}});
    events.push_back(MovePlayed{Player::O, {0, 2}});
    return events;
}

StudyTree tree_of(const std::vector<Event>& events) {
    auto tree = StudyTree::build(events);
    REQUIRE_MESSAGE(tree.has_value(), (tree ? std::string() : tree.error().error.message));
    return std::move(tree).value();
}

std::string refusal_of(const std::vector<Event>& events) {
    auto tree = StudyTree::build(events);
    REQUIRE_FALSE(tree.has_value());
    return std::to_string(tree.error().index) + ": " + tree.error().error.message;
}

std::vector<Pos> cells_of(const Line& line) {
    std::vector<Pos> out;
    for (const Event& e : line.events)
        if (const auto* m = std::get_if<MovePlayed>(&e)) out.push_back(m->pos);
    return out;
}

Annotation comment(std::string text) {
    Annotation a;
    a.comment = std::move(text);
    return a;
}

}  // namespace

TEST_CASE("a game without a study is its own main line, step for step") {
    const auto events = four_moves();
    const StudyTree tree = tree_of(events);
    CHECK_FALSE(tree.studied());
    const Line main = tree.main_line();
    CHECK(main.events == events);
    CHECK(main.nodes == std::vector<NodeId>{0, 1, 2, 3, 4});
    CHECK(tree.children(2) == std::vector<NodeId>{3});
    CHECK(tree.parent(3) == 2);
    CHECK(tree.on_main_line(4));
    CHECK_FALSE(tree.exists(5));
    CHECK(tree.variation_count() == 0);
}

TEST_CASE("a variation from an earlier step leaves the game's line as it was") {
    auto events = four_moves();
    events.push_back(VariationPlayed{1, Player::O, {2, 2}});  // event 5: O answers (3,3) instead of (2,2)
    events.push_back(VariationPlayed{5, Player::X, {1, 1}});  // event 6: and X takes the centre
    const StudyTree tree = tree_of(events);
    CHECK(tree.studied());
    CHECK(tree.children(1) == std::vector<NodeId>{2, 5});
    CHECK(tree.variation_count() == 1);
    CHECK(cells_of(tree.main_line()) == std::vector<Pos>{{0, 0}, {1, 1}, {0, 1}, {0, 2}});
    const Line variation = tree.line_through(5);
    CHECK(variation.nodes == std::vector<NodeId>{0, 1, 5, 6});
    CHECK(cells_of(variation) == std::vector<Pos>{{0, 0}, {2, 2}, {1, 1}});
    CHECK(variation.step_of(6) == 3);
    CHECK_FALSE(tree.on_main_line(6));
    // The line folds like any game.
    auto state = fold(variation.events);
    REQUIRE(state.has_value());
    CHECK(state.value().position.move_count() == 3);
    CHECK(state.value().position.to_move() == Player::O);
}

TEST_CASE("a promotion makes a variation the main line, and the old line a variation") {
    auto events = four_moves();
    events.push_back(VariationPlayed{2, Player::X, {2, 0}});  // 5
    events.push_back(LinePromoted{5});                        // 6
    const StudyTree tree = tree_of(events);
    CHECK(tree.main_line().nodes == std::vector<NodeId>{0, 1, 2, 5});
    CHECK(tree.children(2) == std::vector<NodeId>{5, 3});
    CHECK(tree.on_main_line(5));
    CHECK_FALSE(tree.on_main_line(4));
    CHECK(tree.trunk_end() == 4);
    // The game's own moves go on from the trunk, now a variation.
    events.push_back(MovePlayed{Player::X, {2, 2}});  // 7, after node 4
    const StudyTree after = tree_of(events);
    CHECK(after.parent(7) == 4);
    CHECK(after.main_line().nodes == std::vector<NodeId>{0, 1, 2, 5});
    CHECK(after.line_through(3).nodes == std::vector<NodeId>{0, 1, 2, 3, 4, 7});
}

TEST_CASE("a line set aside is gone from every view, and nothing more is played or written on it") {
    auto events = four_moves();
    events.push_back(VariationPlayed{2, Player::X, {2, 0}});  // 5
    events.push_back(VariationPlayed{5, Player::O, {2, 1}});  // 6
    events.push_back(LineSetAside{5});                        // 7
    const StudyTree tree = tree_of(events);
    CHECK(tree.children(2) == std::vector<NodeId>{3});
    CHECK_FALSE(tree.visible(5));
    CHECK_FALSE(tree.visible(6));
    CHECK(tree.line_through(6).events.empty());

    auto played = events;
    played.push_back(VariationPlayed{6, Player::X, {2, 2}});
    CHECK(refusal_of(played) == "8: a variation is played from node 6, which is no step of a line shown");
    auto written = events;
    written.push_back(Annotated{5, comment("gone")});
    CHECK(refusal_of(written) == "8: an annotation is written on node 5, which is no step of a line shown");
}

TEST_CASE("annotations replace each other on a node, and an empty one clears it") {
    auto events = four_moves();
    events.push_back(Annotated{2, comment("the centre")});
    events.push_back(Annotated{0, comment("a classic start")});
    events.push_back(Annotated{2, comment("the centre, again")});
    StudyTree tree = tree_of(events);
    CHECK(tree.annotation(2).comment == "the centre, again");
    CHECK(tree.annotation(0).comment == "a classic start");
    CHECK(tree.annotation(3).empty());
    CHECK(tree.annotations().size() == 2);
    events.push_back(Annotated{2, Annotation{}});
    tree = tree_of(events);
    CHECK(tree.annotation(2).empty());
    CHECK(tree.annotations().size() == 1);
    // None of them is a step of the main line.
    CHECK(tree.main_line().nodes == std::vector<NodeId>{0, 1, 2, 3, 4});
}

TEST_CASE("what does not fit the tree is refused, naming the event") {
    auto base = four_moves();
    const auto with = [&](Event e) {
        auto events = base;
        events.push_back(std::move(e));
        return refusal_of(events);
    };
    // A node that is not an event before it: the fold's own check.
    CHECK(with(VariationPlayed{9, Player::X, {2, 2}}) ==
          "5: a variation names node 9, which is not an event before it");
    // A taken cell, the wrong player, a game already won on that line.
    CHECK(with(VariationPlayed{2, Player::X, {0, 0}}) == "5: cell (1, 1) is already taken by X");
    CHECK(with(VariationPlayed{2, Player::O, {2, 2}}).starts_with("5: it is X's turn"));
    CHECK(with(VariationPlayed{2, Player::X, {9, 9}}) == "5: (10, 10) is off the 3x3 board");
    // The move the line already has from there, and one that continues the game.
    CHECK(with(VariationPlayed{2, Player::X, {0, 1}}) == "5: (1, 2) is already a line from node 2");
    CHECK(with(VariationPlayed{4, Player::X, {2, 2}}) ==
          "5: a move after the game's last step continues the game: it is a move, not a variation");
    CHECK(with(LinePromoted{3}) == "5: node 3 is on the main line already");
    CHECK(with(LineSetAside{3}) ==
          "5: node 3 is on the main line, which cannot be set aside: promote another line first");
    Annotation off;
    off.shapes.push_back(Shape{ShapeKind::Circle, {5, 5}, std::nullopt, ShapeColour::Green, ""});
    CHECK(with(Annotated{2, off}) == "5: the circle at (6, 6) is off the 3x3 board");
    Annotation huge = comment(std::string(10 * 1024 * 1024, 'a'));
    CHECK(with(Annotated{2, huge}) == "5: the comment is 10485760 bytes long; at most 8000 are allowed");
}

TEST_CASE("a variation of a won game's earlier step is legal, one after the win is not") {
    std::vector<Event> events;
    events.push_back(GameCreated{Rules::classic(), "Ann", "Bob"});
    const Pos moves[] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}};  // X wins on the top row
    Player p = Player::X;
    for (const Pos m : moves) {
        events.push_back(MovePlayed{p, m});
        p = other(p);
    }
    auto ok = events;
    ok.push_back(VariationPlayed{4, Player::X, {2, 2}});  // instead of the winning (1,3)
    const StudyTree tree = tree_of(ok);
    CHECK(tree.children(4) == std::vector<NodeId>{5, 6});
    auto late = events;
    late.push_back(Annotated{5, comment("won")});
    late.push_back(LinePromoted{5});
    CHECK(refusal_of(late) == "7: node 5 is on the main line already");
}
