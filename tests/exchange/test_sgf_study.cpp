// A game's study through SGF: variations, comments, glyphs, judgements and marks read as the file's
// writer meant them, written back as a tree, and read again into the same events; and what cannot be
// read, refused with where it is.
#include "test_games.hpp"

#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sgf.hpp"

#include "sgf_tree.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace ttt::exchange {

namespace {

using test::read_error;
using test::read_ok;

// A renju study as an editor writes one: comments on the root and on moves, a node name, every kind of
// mark, glyphs and judgements, variations two deep, a repeated variation and a comment-only node.
constexpr std::string_view kStudy =
    "(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[4]PB[Ada]PW[Bo]C[Sure opening.\nWhite's best try:]\n"
    ";B[hh]N[Centre]C[Always.]LB[ig:a][jf:b]\n"
    ";W[ig]TR[jf][kk]SQ[gi]BM[1]\n"
    "(;B[jf]AR[jf:gi]MA[ii]CR[hi]TE[2]GB[2]\n"
    "  ;W[gi]C[forced]\n"
    "  (;B[kk]DM[1])\n"
    "  (;B[ii]UC[1]IT[]\n"
    "    ;W[jj];C[only words here]))\n"
    "(;B[ii]DO[]GW[1]C[the quiet way]LB[jj:1])\n"
    "(;B[jf]C[again, as a variation: the same line])\n"
    ")\n";

std::string written(const GameRecord& game) {
    auto text = write_sgf(std::span<const GameRecord>(&game, 1));
    REQUIRE_MESSAGE(text.has_value(), text.error().describe());
    return std::move(text).value();
}

const Annotation& annotation_of(const GameRecord& game, NodeId node) {
    const auto tree = StudyTree::build(to_events(game));
    REQUIRE(tree.has_value());
    static Annotation kept;
    kept = tree.value().annotation(node);
    return kept;
}

}  // namespace

TEST_CASE("an annotated study reads as its tree, writes as SGF and reads back into the same events") {
    const GamesRead read = read_ok(kStudy);
    REQUIRE(read.games.size() == 1);
    const GameRecord& game = read.games.front();
    CHECK(read.notes.empty());
    const auto tree = StudyTree::build(to_events(game));
    REQUIRE(tree.has_value());
    // B[hh] W[ig] B[jf] W[gi] B[kk] on the main line; B[ii] W[jj] from W[gi]; B[ii] from W[ig]; the repeated
    // B[jf] is the main line's own.
    CHECK(tree.value().main_line().steps() == 5);
    CHECK(tree.value().variation_count() == 2);
    CHECK(tree.value().children(2).size() == 2);
    CHECK(tree.value().children(4).size() == 2);

    CHECK(annotation_of(game, 0).comment == "Sure opening.\nWhite's best try:");
    CHECK(annotation_of(game, 1).comment == "Centre\nAlways.");
    CHECK(annotation_of(game, 2).glyph == Glyph::Mistake);
    CHECK(annotation_of(game, 3).glyph == Glyph::Brilliant);
    CHECK(annotation_of(game, 3).judgement == Judgement::XWinning);
    // The repeated B[jf]'s comment joins the main line's own, after a blank line.
    CHECK(annotation_of(game, 3).comment == "again, as a variation: the same line");
    CHECK(annotation_of(game, 5).judgement == Judgement::Even);
    // The comment-only node after W[jj] writes on W[jj].
    CHECK(annotation_of(game, 8).comment == "only words here");

    const std::string text = written(game);
    const GamesRead again = read_ok(text);
    REQUIRE(again.games.size() == 1);
    CHECK(again.games.front().events == game.events);
    // And once more: the written text is a fixed point.
    CHECK(written(again.games.front()) == text);
}

TEST_CASE("a study made here is written as its tree: take-backs go back, set-aside lines stay out") {
    GameRecord game;
    game.rules = Rules::gomoku(false, 15, 15);
    game.x_name = "Ann";
    game.o_name = "Bob";
    append_event(game, MovePlayed{Player::X, {7, 7}}, 0);          // 1
    append_event(game, MovePlayed{Player::O, {7, 8}}, 0);          // 2
    append_event(game, MoveTakenBack{Player::O, {7, 8}}, 0);       // 3: back to after node 1
    append_event(game, MovePlayed{Player::O, {8, 8}}, 0);          // 4
    append_event(game, VariationPlayed{1, Player::O, {6, 6}}, 0);  // 5
    append_event(game, VariationPlayed{5, Player::X, {9, 9}}, 0);  // 6
    append_event(game, VariationPlayed{6, Player::O, {5, 5}}, 0);  // 7
    append_event(game, LineSetAside{7}, 0);                        // 8
    Annotation note;
    note.comment = "the second try";
    note.shapes.push_back(Shape{ShapeKind::Circle, {8, 8}, std::nullopt, ShapeColour::Red, {}});
    append_event(game, Annotated{4, note}, 0);  // 9
    const std::string text = written(game);
    INFO(text);
    // W[ih] (taken back), W[ii] with its comment, and W[gg] all hang from B[hh]; W[ff] was set aside.
    CHECK(text.find(";B[hh](;W[ih]") != std::string::npos);
    CHECK(text.find("(;W[ii]C[the second try]CR[ii]") != std::string::npos);
    CHECK(text.find("ff") == std::string::npos);
    const GamesRead again = read_ok(text);
    const auto tree = StudyTree::build(to_events(again.games.front()));
    REQUIRE(tree.has_value());
    CHECK(tree.value().children(1).size() == 3);
}

TEST_CASE("an SGF nested 100,000 variations deep is refused by name, without recursing") {
    std::string text = "(;GM[4]SZ[15];B[hh]";
    for (int i = 0; i < 100'000; ++i) text += "(;W[ii]";
    text += std::string(100'000, ')') + ")";
    const ExchangeError error = read_error(text);
    CHECK(error.kind == ExchangeErrorKind::Unsupported);
    CHECK(error.message.find("variations nest deeper than") != std::string::npos);
    CHECK(error.where.known());
}

TEST_CASE("a long line of variations is read in one pass per branch") {
    // 52x52: a line of some 650 moves off the main line, each its own node.
    std::string text = "(;GM[4]SZ[52];B[aa](;W[AA])(";
    int placed = 0;
    for (int r = 2; r < 52; ++r)
        for (int c = 0; c < 52; ++c) {
            // Stones far apart in rows of alternating colour: no five.
            if ((r % 4) >= 2 || c % 2 == 1) continue;
            text += std::string(placed % 2 == 0 ? ";W[" : ";B[") +
                    static_cast<char>(c < 26 ? 'a' + c : 'A' + c - 26) +
                    static_cast<char>(r < 26 ? 'a' + r : 'A' + r - 26) + "]";
            ++placed;
        }
    text += "))";
    const GamesRead read = read_ok(text);
    CHECK(read.games.front().events.size() == static_cast<std::size_t>(2 + placed));
}

TEST_CASE("what a variation cannot be is refused, naming the node") {
    // A set-up inside a variation.
    ExchangeError error = read_error("(;GM[4]SZ[15];B[hh](;W[ii])\n(;AB[aa];W[bb]))");
    CHECK(error.kind == ExchangeErrorKind::Unsupported);
    CHECK(error.message.find("AB in a variation") != std::string::npos);
    CHECK(error.where.line == 2);
    CHECK(error.where.column == 3);
    // A move after a five, in a variation.
    error =
        read_error("(;GM[4]SZ[15];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd](;B[hh])\n(;B[ae];W[be]))");
    CHECK(error.kind == ExchangeErrorKind::IllegalEvent);
    CHECK(error.where.line == 2);
    CHECK(error.where.column == 9);
    // Two moves in one node of a variation.
    error = read_error("(;GM[4]SZ[15];B[hh](;W[ii])(;W[aa]B[bb]))");
    CHECK(error.message.find("two moves") != std::string::npos);
    // A move of the wrong colour.
    error = read_error("(;GM[4]SZ[15];B[hh](;W[ii])(;B[aa]))");
    CHECK(error.kind == ExchangeErrorKind::IllegalEvent);
    CHECK(error.where.column == 30);
}

TEST_CASE("an annotation a step cannot hold is refused with where its node is") {
    const std::string long_comment(kMaxCommentBytes + 1, 'x');
    ExchangeError error = read_error("(;GM[4]SZ[15];B[hh]\n;W[ii]C[" + long_comment + "])");
    CHECK(error.where.line == 2);
    CHECK(error.where.column == 7);
    CHECK(error.message.find("the comment") != std::string::npos);
    error = read_error("(;GM[4]SZ[9];B[ee]TR[jj])");
    CHECK(error.message.find("off the 9x9 board") != std::string::npos);
    error = read_error("(;GM[4]SZ[9];B[ee]AR[aa])");
    CHECK(error.message.find("two points") != std::string::npos);
}

TEST_CASE("marks past what a step holds are left out with a warning naming the node") {
    const GamesRead read = read_ok("(;GM[4]SZ[15];B[hh]\nCR[ii]TR[aa:oo])");
    const GameRecord& game = read.games.front();
    CHECK(annotation_of(game, 1).shapes.size() == kMaxShapes);
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().warns());
    CHECK(read.notes.front().where.line == 2);
    CHECK(read.notes.front().where.column == 9);  // the first value left out
    CHECK(read.notes.front().message.find("186 marks were left out") != std::string::npos);
}

TEST_CASE("a label longer than a cell shows is cut between characters, with a warning") {
    // Three 3-byte characters: the third does not fit in 8 bytes.
    const GamesRead read = read_ok("(;GM[4]SZ[15];B[hh]LB[aa:\xE5\xA4\xA9\xE5\x85\x83\xE5\x85\x83][bb:ok])");
    const auto& shapes = annotation_of(read.games.front(), 1).shapes;
    REQUIRE(shapes.size() == 2);
    CHECK(shapes[0].text == "\xE5\xA4\xA9\xE5\x85\x83");
    CHECK(shapes[1].text == "ok");
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().message == "1 label is longer than the 8 bytes a cell shows, and cut");
    CHECK(read.notes.front().where.column == 22);
}

TEST_CASE("comments that are not UTF-8 are read from the writer's code page, and said so") {
    // "\xC4\xE3\xBA\xC3" is GBK for 你好.
    const GamesRead read = read_ok("(;GM[4]CA[UTF-8]SZ[15];B[hh]C[\xC4\xE3\xBA\xC3])");
    const GameRecord& game = read.games.front();
    CHECK(annotation_of(game, 1).comment == "\xE4\xBD\xA0\xE5\xA5\xBD");
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().message.find("GBK") != std::string::npos);
}

TEST_CASE("TE is a tesuji with 1 or 2, and the game's end in other words") {
    const GamesRead read = read_ok("(;GM[4]SZ[15]TE[Black win by time forfeit];B[hh]TE[1];W[ii]TE[2])");
    const GameRecord& game = read.games.front();
    CHECK(annotation_of(game, 1).glyph == Glyph::Good);
    CHECK(annotation_of(game, 2).glyph == Glyph::Brilliant);
    CHECK(std::holds_alternative<Forfeited>(game.events.back().event));
}

namespace {

// Every property of every node, as (identifier, values) in the file's order, node by node in reading order;
// for comparing what a file holds with what is written back.
using NodeProperties = std::vector<std::pair<std::string, std::vector<std::string>>>;
std::vector<NodeProperties> properties_by_node(std::string_view text,
                                               std::initializer_list<std::string_view> ours) {
    auto parsed = parse_sgf_tree(text);
    REQUIRE_MESSAGE(parsed.has_value(), parsed.error().describe());
    std::vector<NodeProperties> out;
    for (const SgfNode& node : parsed.value().nodes) {
        NodeProperties& here = out.emplace_back();
        for (const SgfProperty& p : node.properties) {
            if (std::find(ours.begin(), ours.end(), p.id) != ours.end()) continue;
            std::vector<std::string> values;
            for (const SgfValue& v : p.values) values.emplace_back(v.raw);
            here.emplace_back(std::string(p.id), std::move(values));
        }
        std::sort(here.begin(), here.end());
    }
    return out;
}

// A file as Sabaki or a renju program writes one, with properties nothing here reads on the root, on moves
// of the main line and on variations: a clock, a ruleset's komi, an event's name, renju's "5A" alternatives,
// an escaped bracket and a soft line break.
constexpr std::string_view kForeign =
    "(;GM[4]FF[4]CA[UTF-8]AP[Sabaki:0.52.2]SZ[15]KM[0]PB[Ann]PW[Bob]EV[club night]PC[Room 2]5A[gg][hh]"
    "XX[a\\]b]\n"
    ";B[hh]BL[290.5]OB[3];W[hg]C[answer]WL[280]YX[long\\\nvalue]\n"
    "(;B[ii]MN[5]TW[aa][bb])(;B[jj]VW[ab:cd]))\n";

}  // namespace

TEST_CASE("properties nothing here reads are kept with their node and written back") {
    const GamesRead read = read_ok(kForeign);
    REQUIRE(read.games.size() == 1);
    CHECK(read.notes.empty());
    const GameRecord& game = read.games.front();
    const Annotation& root = annotation_of(game, 0);
    REQUIRE(root.kept.size() == 5);
    CHECK(root.kept[0] == KeptProperty{"KM", {"0"}});
    CHECK(root.kept[1] == KeptProperty{"EV", {"club night"}});
    CHECK(root.kept[3] == KeptProperty{"5A", {"gg", "hh"}});
    CHECK(root.kept[4] == KeptProperty{"XX", {"a\\]b"}});  // raw: the escape as the file wrote it
    CHECK(annotation_of(game, 1).kept == std::vector<KeptProperty>{{"BL", {"290.5"}}, {"OB", {"3"}}});
    CHECK(annotation_of(game, 2).comment == "answer");
    CHECK(annotation_of(game, 2).kept ==
          std::vector<KeptProperty>{{"WL", {"280"}}, {"YX", {"long\\\nvalue"}}});
    // Nothing kept is shown as a mark: the history marks a step a person wrote on.
    CHECK_FALSE(annotation_of(game, 1).marked());

    // Written back: the same tree, node for node, with the same properties but those this program writes
    // for itself (the application, the encoding, the rules, the date) — property order aside.
    const std::string text = written(game);
    const auto before = properties_by_node(kForeign, {"AP", "CA", "FF", "RU", "DT"});
    const auto after = properties_by_node(text, {"AP", "CA", "FF", "RU", "DT"});
    CHECK(after == before);
    // And read again into the same events.
    const GamesRead again = read_ok(text);
    REQUIRE(again.games.size() == 1);
    CHECK(again.games.front().events == game.events);
}

TEST_CASE("a kept property that a step cannot hold is left out with a warning, and the rest is read") {
    // A control character in a value, and more properties than a step keeps.
    std::string many;
    for (std::size_t i = 0; i < kMaxKept + 3; ++i) many += "Q" + std::to_string(i) + "[x]";
    const GamesRead read = read_ok("(;GM[4]SZ[15];B[hh]\nZZ[a\x01b]" + many + ";W[ii])");
    REQUIRE(read.games.size() == 1);
    const Annotation& note = annotation_of(read.games.front(), 1);
    CHECK(note.kept.size() == kMaxKept);
    CHECK(note.kept.front().id == "Q0");
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().warns());
    CHECK(read.notes.front().where.line == 2);
    CHECK(read.notes.front().where.column == 1);
    CHECK(read.notes.front().message.find("4 properties of this node") != std::string::npos);
    CHECK(read.notes.front().message.find("control character") != std::string::npos);
    // A value in GBK is kept as UTF-8, as the file written back says CA[UTF-8].
    const GamesRead gbk = read_ok("(;GM[4]CA[UTF-8]SZ[15]EV[\xC4\xE3\xBA\xC3];B[hh])");
    CHECK(annotation_of(gbk.games.front(), 0).kept ==
          std::vector<KeptProperty>{{"EV", {"\xE4\xBD\xA0\xE5\xA5\xBD"}}});
}

TEST_CASE("a kept property that names one this program writes is never written twice") {
    // A log's annotation (from an archive, say) can hold anything the check allows: a kept B or C would
    // make the node hold two moves or two comments.
    GameRecord game = read_ok("(;GM[4]SZ[15];B[hh];W[ii])").games.front();
    Annotation note;
    note.comment = "mine";
    note.kept = {{"B", {"aa"}}, {"C", {"theirs"}}, {"KM", {"6.5"}}};
    append_event(game, Annotated{2, note}, game.events.back().recorded_ms, {});
    const std::string text = written(game);
    CHECK(text.find("B[aa]") == std::string::npos);
    CHECK(text.find("theirs") == std::string::npos);
    CHECK(text.find("C[mine]KM[6.5]") != std::string::npos);
    const GamesRead again = read_ok(text);
    CHECK(annotation_of(again.games.front(), 2).kept == std::vector<KeptProperty>{{"KM", {"6.5"}}});
}

}  // namespace ttt::exchange
