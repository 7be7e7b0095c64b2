// The SGF parse tree: a handmade collection with variations, comments, markup, glyphs and a property
// nobody reads comes back the same tree after writing; known node counts; nesting deep enough to sink a
// recursive parser refused with where; every syntax error named with its line and column.
#include "sgf_tree.hpp"

#include "tictactrace/exchange/limits.hpp"
#include "tictactrace/exchange/sgf.hpp"

#include <doctest/doctest.h>

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange {

namespace {

// A renju game whose main line branches at move 3 and again, inside the first branch, at move 5; comments with escaped ']' and '\', markup, a glyph, a judgement, a
// soft line break, and a property nobody here reads. 9 nodes in all, 6 on the main line.
constexpr std::string_view kGame =
    "(;GM[4]FF[4]SZ[15]RU[4]PB[Ada]PW[Bo]C[opening: the \\] and the \\\\ stay]\n"
    "XY[keep me]\n"
    " ;B[hh]N[centre]LB[dd:A][ee:B]\n"
    ";W[ig]TR[aa][bb]SQ[cc]\n"
    "  (;B[jf]AR[aa:bb]LN[cc:dd]MA[ee]CR[ff]\n"
    "    ;W[gi]BM[1]C[a bad move\\\n soft break]\n"
    "    (;B[kk]GB[1])\n"
    "    (;B[ll]TE[2]DM[1]))\n"
    "  (;B[ii]IT[]C[the other way]\n"
    "    ;W[jj]GW[2]UC[1]))\n";

// The collection borrows the text: a test keeps its text alive as long as its tree.
SgfCollection parse_ok(std::string_view text) {
    auto tree = parse_sgf_tree(text);
    if (!tree) FAIL_CHECK(tree.error().describe());
    REQUIRE(tree.has_value());
    return std::move(tree).value();
}

template <class Text>
requires std::same_as<Text, std::string> SgfCollection parse_ok(Text&& text)
= delete;

ExchangeError parse_error(std::string_view text) {
    auto tree = parse_sgf_tree(text);
    REQUIRE_FALSE(tree.has_value());
    return tree.error();
}

const SgfProperty* find(const SgfNode& node, std::string_view id) {
    for (const SgfProperty& property : node.properties)
        if (property.id == id) return &property;
    return nullptr;
}

// `depth` variations, one inside the other, each with a move.
std::string nested(int depth) {
    std::string text;
    text.reserve(static_cast<std::size_t>(depth) * 10);
    text += "(;GM[4]";
    for (int i = 0; i < depth - 1; ++i) text += "(;B[aa]";
    text.append(static_cast<std::size_t>(depth), ')');
    return text;
}

}  // namespace

TEST_CASE("a handmade game has its known shape, words and marks") {
    const SgfCollection tree = parse_ok(kGame);
    REQUIRE(tree.roots.size() == 1);
    CHECK(tree.nodes.size() == 9);
    CHECK(tree.root_where.front() == SourceSpot{1, 1, 0});

    const SgfNode& root = tree.nodes[tree.roots.front()];
    CHECK(root.where == SourceSpot{1, 2, 1});
    REQUIRE(root.properties.size() == 8);
    CHECK(root.properties[6].id == "C");
    // Raw, still escaped: the comment's text is read with sgf_unescape.
    CHECK(root.properties[6].values.front().raw == "opening: the \\] and the \\\\ stay");
    CHECK(sgf_unescape(root.properties[6].values.front().raw) == "opening: the ] and the \\ stay");
    CHECK(root.properties[7].id == "XY");
    CHECK(root.properties[7].values.front().raw == "keep me");
    CHECK(root.properties[7].where == SourceSpot{2, 1, 71});

    // The main line: first children all the way down.
    std::vector<std::uint32_t> main{tree.roots.front()};
    while (!tree.nodes[main.back()].children.empty())
        main.push_back(tree.nodes[main.back()].children.front());
    CHECK(main.size() == 6);
    const SgfNode& first = tree.nodes[main[1]];
    REQUIRE(find(first, "LB") != nullptr);
    REQUIRE(find(first, "LB")->values.size() == 2);
    CHECK(find(first, "LB")->values[1].raw == "ee:B");
    CHECK(find(tree.nodes[main[1]], "N")->values.front().raw == "centre");
    CHECK(tree.nodes[main[2]].children.size() == 2);  // the branch at move 3
    CHECK(find(tree.nodes[main[3]], "AR")->values.front().raw == "aa:bb");
    CHECK(find(tree.nodes[main[4]], "BM")->values.front().raw == "1");
    // A soft line break stays in the raw value, and vanishes from the text.
    CHECK(find(tree.nodes[main[4]], "C")->values.front().raw == "a bad move\\\n soft break");
    CHECK(sgf_unescape(find(tree.nodes[main[4]], "C")->values.front().raw) == "a bad move soft break");
    CHECK(tree.nodes[main[4]].children.size() == 2);  // the branch at move 5
    CHECK(find(tree.nodes[main[5]], "GB")->values.front().raw == "1");

    // The other way at move 3: two nodes, an empty IT[] kept as one empty value.
    const SgfNode& other = tree.nodes[tree.nodes[main[2]].children[1]];
    REQUIRE(find(other, "IT") != nullptr);
    CHECK(find(other, "IT")->values.front().raw.empty());
    REQUIRE(other.children.size() == 1);
    CHECK(find(tree.nodes[other.children.front()], "UC")->values.front().raw == "1");
}

TEST_CASE("a handmade game written back parses to the same tree") {
    const SgfCollection tree = parse_ok(kGame);
    const std::string written = write_sgf_tree(tree);
    const SgfCollection again = parse_ok(written);
    CHECK(same_sgf_tree(tree, again));
    // And writing is a fixed point from there on.
    CHECK(write_sgf_tree(again) == written);

    SUBCASE("a changed value is told apart") {
        SgfCollection changed = again;
        changed.nodes[changed.roots.front()].properties[7].values.front().raw = "lost";
        CHECK_FALSE(same_sgf_tree(tree, changed));
    }
    SUBCASE("a dropped variation is told apart") {
        SgfCollection changed = again;
        for (SgfNode& node : changed.nodes)
            if (node.children.size() == 2) node.children.pop_back();
        CHECK_FALSE(same_sgf_tree(tree, changed));
    }
}

TEST_CASE("the import reads the handmade game's main line first child down, then the rest of its tree") {
    std::vector<ImportNote> notes;
    auto games = read_sgf(kGame, ImportOptions{}, notes);
    REQUIRE(games.has_value());
    REQUIRE(games.value().size() == 1);
    const GameRecord& game = games.value().front();
    CHECK(game.x_name == "Ada");
    // Five moves, three variation moves and what nine nodes write.
    REQUIRE(game.events.size() == 17);
    // B[hh] W[ig] B[jf] W[gi] B[kk]: row then column, from the letters' column then row.
    const std::vector<Pos> expected = {{7, 7}, {6, 8}, {5, 9}, {8, 6}, {10, 10}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto* move = std::get_if<MovePlayed>(&game.events[i].event);
        REQUIRE(move != nullptr);
        CHECK(move->pos == expected[i]);
    }
    CHECK(notes.empty());
    // The branches in the order of the main line: B[ii] from W[ig], W[jj] after it, B[ll] from W[gi].
    CHECK(game.events[5].event == Event{VariationPlayed{2, Player::X, Pos{8, 8}}});
    CHECK(game.events[6].event == Event{VariationPlayed{6, Player::O, Pos{9, 9}}});
    CHECK(game.events[7].event == Event{VariationPlayed{4, Player::X, Pos{11, 11}}});
    // What the nodes write, by step: N and LB on B[hh], LN drawn as an arrow, BM's comment.
    const auto note = [&](std::size_t i) { return *std::get<Annotated>(game.events[i].event).note; };
    CHECK(std::get<Annotated>(game.events[8].event).node == 0);
    CHECK(note(8).comment == "opening: the ] and the \\ stay");
    CHECK(note(9).comment == "centre");
    REQUIRE(note(9).shapes.size() == 2);
    CHECK(note(9).shapes[1] == Shape{ShapeKind::Label, Pos{4, 4}, std::nullopt, ShapeColour::Green, "B"});
    REQUIRE(note(10).shapes.size() == 3);
    CHECK(note(10).shapes[0].kind == ShapeKind::Square);  // sorted by kind: squares before triangles
    REQUIRE(note(11).shapes.size() == 4);
    CHECK(note(11).shapes[1] == Shape{ShapeKind::Arrow, Pos{2, 2}, Pos{3, 3}, ShapeColour::Green, {}});
    CHECK(note(12).glyph == Glyph::Mistake);
    CHECK(note(12).comment == "a bad move soft break");
    CHECK(note(13).judgement == Judgement::XBetter);
    CHECK(note(14).glyph == Glyph::Interesting);
    CHECK(note(15).judgement == Judgement::OWinning);
    CHECK(std::get<Annotated>(game.events[16].event).node == 8);
    CHECK(note(16).glyph == Glyph::Brilliant);
    CHECK(note(16).judgement == Judgement::Even);
}

TEST_CASE("a collection keeps its games in order and FF[3] identifiers as written") {
    const SgfCollection tree = parse_ok("\xEF\xBB\xBF  (;GM[4]AddBlack[aa][bb]) \n(;GM[4];B[cc])(;GM[4])");
    CHECK(tree.roots.size() == 3);
    CHECK(tree.nodes.size() == 4);
    CHECK(tree.root_where[1] == SourceSpot{2, 1, 31});
    const SgfProperty& add = tree.nodes[tree.roots.front()].properties[1];
    CHECK(add.id == "AddBlack");
    CHECK(sgf_canonical_id(add.id) == "AB");
    const std::string written = write_sgf_tree(tree);
    CHECK(same_sgf_tree(tree, parse_ok(written)));
}

TEST_CASE("values are escaped on the way out") {
    CHECK(sgf_escape("a]b\\c") == "a\\]b\\\\c");
    CHECK(sgf_unescape(sgf_escape("a]b\\c")) == "a]b\\c");
    // A tree built by hand with a bare ']' in a raw value still writes a file that reads back.
    SgfCollection tree;
    tree.nodes.push_back(SgfNode{{SgfProperty{"C", {SgfValue{"x]y", {}}}, {}}}, {}, {}});
    tree.roots.push_back(0);
    tree.root_where.push_back({});
    const std::string written = write_sgf_tree(tree);
    CHECK(written == "(;C[x\\]y])\n");
    const SgfCollection back = parse_ok(written);
    CHECK(sgf_unescape(back.nodes.front().properties.front().values.front().raw) == "x]y");
}

TEST_CASE("variations nested 5000 deep are read and written back") {
    const std::string text = nested(5000);
    const SgfCollection tree = parse_ok(text);
    CHECK(tree.nodes.size() == 5000);
    const std::string written = write_sgf_tree(tree);
    CHECK(same_sgf_tree(tree, parse_ok(written)));
}

TEST_CASE("variations nested 100000 deep are refused with where") {
    const ExchangeError e = parse_error(nested(100'000));
    CHECK(e.kind == ExchangeErrorKind::Unsupported);
    // The '(' that goes one level past the limit: the game's "(;GM[4]" is level 1, each "(;B[aa]" after it
    // (7 bytes) one more.
    const int column = 8 + 7 * static_cast<int>(kMaxSgfDepth - 1);
    CHECK(e.where == SourceSpot{1, column, column - 1});
    CHECK(e.describe() == "line 1, column " + std::to_string(column) +
                              ": game 1: variations nest deeper than 10000 levels, more than any game here "
                              "can hold");
}

TEST_CASE("syntax errors are named with line and column") {
    struct Broken {
        std::string_view what;
        std::string_view text;
        ExchangeErrorKind kind;
        std::string_view described;
    };
    constexpr auto kTruncated = ExchangeErrorKind::Truncated;
    constexpr auto kMalformed = ExchangeErrorKind::Malformed;
    const std::vector<Broken> cases = {
        {"an unclosed game", "(;GM[4]\n(;B[aa])", kTruncated,
         "line 2, column 9: game 1: truncated file: it ends before game 1 is closed with ')'"},
        {"a ')' too many", "(;GM[4])\n)", kMalformed,
         "line 2, column 1: expected '(' to start a game, found ')'"},
        {"a property without a value", "(;GM[4]\n;B W[aa])", kMalformed,
         "line 2, column 4: game 1: property B has no value"},
        {"text after the last ')'", "(;GM[4];B[aa])\nthe end\n", kMalformed,
         "line 2, column 1: expected '(' to start a game, found 't'"},
        {"a value that never closes", "(;GM[4]\nC[a \\] b)", kTruncated,
         "line 2, column 10: game 1: truncated file: it ends inside the property value opened at line 2, "
         "column 2"},
        {"a node after variations", "(;GM[4])(;GM[4](;B[aa])\n;W[bb])", kMalformed,
         "line 2, column 1: game 2: a node cannot follow the variations of its sequence"},
        {"an empty variation", "(;GM[4]()", kMalformed,
         "line 1, column 9: game 1: a game or variation without a node"},
        {"no game at all", " \n", kMalformed, "line 2, column 1: the file holds no game"},
    };
    for (const Broken& broken : cases) {
        CAPTURE(broken.what);
        const ExchangeError e = parse_error(broken.text);
        CHECK(e.kind == broken.kind);
        CHECK(e.describe() == broken.described);
    }
}

}  // namespace ttt::exchange
