// What may be written on a step: a comment under the rule of names with line breaks, glyphs and
// judgements by their words, and shapes on the board, each refusal one sentence with 1-based cells.
#include "tictactrace/engine/annotation.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;

namespace {

std::string refusal(const Annotation& a, int rows = 15, int cols = 15) {
    const auto checked = check_annotation(a, rows, cols);
    return checked ? std::string() : checked.error();
}

Shape arrow(Pos from, Pos to) {
    return Shape{ShapeKind::Arrow, from, to, ShapeColour::Green, ""};
}

}  // namespace

TEST_CASE("glyphs and judgements are written and read back by their words") {
    for (const Glyph g :
         {Glyph::Good, Glyph::Mistake, Glyph::Brilliant, Glyph::Blunder, Glyph::Interesting, Glyph::Dubious})
        CHECK(glyph_from_symbol(symbol_of(g)) == g);
    CHECK(std::string(symbol_of(Glyph::Dubious)) == "?!");
    CHECK_FALSE(glyph_from_symbol("!!!"));
    for (const Judgement j : {Judgement::Even, Judgement::Unclear, Judgement::XBetter, Judgement::OBetter,
                              Judgement::XWinning, Judgement::OWinning})
        CHECK(judgement_from_name(name_of(j)) == j);
    CHECK_FALSE(judgement_from_name("winning"));
}

TEST_CASE(
    "a teacher's annotation with a multi-line comment, a glyph, a judgement and every shape is accepted") {
    Annotation a;
    a.comment = "This three is open.\nO must answer at either end — or lose.";
    a.glyph = Glyph::Blunder;
    a.judgement = Judgement::XWinning;
    a.shapes = {arrow({7, 7}, {7, 11}),
                {ShapeKind::Circle, {7, 8}, std::nullopt, ShapeColour::Red, ""},
                {ShapeKind::Square, {0, 0}, std::nullopt, ShapeColour::Blue, ""},
                {ShapeKind::Triangle, {14, 14}, std::nullopt, ShapeColour::Yellow, ""},
                {ShapeKind::Cross, {3, 4}, std::nullopt, ShapeColour::Green, ""},
                {ShapeKind::Label, {5, 5}, std::nullopt, ShapeColour::Green, "A"}};
    CHECK(refusal(a).empty());
    CHECK(Annotation{}.empty());
    CHECK_FALSE(a.empty());
}

TEST_CASE("bad annotations are refused, each with what and where") {
    Annotation escapes;
    escapes.comment = "look \x1b[2J here";
    CHECK(refusal(escapes) == "the comment holds a control character (U+001B)");
    Annotation carriage;
    carriage.comment = "one\r\ntwo";
    CHECK(refusal(carriage) == "the comment holds a control character (U+000D)");
    Annotation huge;
    huge.comment = std::string(10 * 1024 * 1024, 'a');
    CHECK(refusal(huge) == "the comment is 10485760 bytes long; at most 8000 are allowed");
    Annotation broken;
    broken.comment = std::string("caf\xc3", 4);
    CHECK(refusal(broken) == "the comment is not valid UTF-8 (byte 0xC3 at offset 3)");

    Annotation off;
    off.shapes = {arrow({2, 2}, {2, 3})};
    CHECK(refusal(off, 3, 3) == "the arrow at (3, 3) points to (3, 4), off the 3x3 board");
    off.shapes = {{ShapeKind::Label, {3, 0}, std::nullopt, ShapeColour::Green, "A"}};
    CHECK(refusal(off, 3, 3) == "the label at (4, 1) is off the 3x3 board");
    off.shapes = {arrow({1, 1}, {1, 1})};
    CHECK(refusal(off, 3, 3) == "the arrow at (2, 2) points to its own cell: an arrow goes to another");
    off.shapes = {{ShapeKind::Arrow, {1, 1}, std::nullopt, ShapeColour::Green, ""}};
    CHECK(refusal(off, 3, 3) == "the arrow at (2, 2) points nowhere: an arrow goes from a cell to another");
    off.shapes = {{ShapeKind::Label, {1, 1}, std::nullopt, ShapeColour::Green, "too long!"}};
    CHECK(refusal(off, 3, 3) == "the label at (2, 2) is 9 bytes long; at most 8 are allowed");
    off.shapes = {{ShapeKind::Label, {1, 1}, std::nullopt, ShapeColour::Green, ""}};
    CHECK(refusal(off, 3, 3) == "the label at (2, 2) has no text");
    off.shapes = {{ShapeKind::Circle, {1, 1}, std::nullopt, ShapeColour::Green, "x"}};
    CHECK(refusal(off, 3, 3) == "the circle at (2, 2) has a text, which only a label has");
    off.shapes = {{ShapeKind::Circle, {1, 1}, Pos{0, 0}, ShapeColour::Green, ""}};
    CHECK(refusal(off, 3, 3) == "the circle at (2, 2) has a second cell, which only an arrow has");
    off.shapes = {arrow({0, 0}, {2, 2}), arrow({0, 0}, {2, 2})};
    CHECK(refusal(off, 3, 3) == "the arrow at (1, 1) is drawn twice");
    Annotation crowded;
    for (int i = 0; i < 41; ++i)
        crowded.shapes.push_back({ShapeKind::Circle, {i / 15, i % 15}, std::nullopt, ShapeColour::Green, ""});
    CHECK(refusal(crowded) == "a step holds at most 40 shapes, not 41");
}

TEST_CASE("what a step keeps of another program's file is checked as untrusted text") {
    const auto keeping = [](std::vector<KeptProperty> kept) {
        Annotation a;
        a.kept = std::move(kept);
        return a;
    };
    CHECK(refusal(keeping({{"KM", {"6.5"}}, {"5A", {"gg", "hh"}}, {"C", {"two\nlines\ttabbed"}}})).empty());
    CHECK(refusal(keeping({{"K M", {"6.5"}}})) ==
          "a kept property's name must be 1 to 16 letters and digits");
    CHECK(refusal(keeping({{"", {"6.5"}}})) == "a kept property's name must be 1 to 16 letters and digits");
    CHECK(refusal(keeping({{std::string(17, 'A'), {"x"}}})) ==
          "a kept property's name must be 1 to 16 letters and digits");
    CHECK(refusal(keeping({{"KM", {}}})) == "the kept property KM has no value");
    CHECK(refusal(keeping({{"EV", {"bell\a"}}})) ==
          "a value of the kept property EV holds a control character");
    CHECK(refusal(keeping({{"EV", {"\x1b[2J"}}})) ==
          "a value of the kept property EV holds a control character");
    CHECK(refusal(keeping({{"EV", {"\xff\xfe"}}})) == "a value of the kept property EV is not UTF-8");
    CHECK(refusal(keeping(std::vector<KeptProperty>(kMaxKept + 1, KeptProperty{"Q", {"x"}}))) ==
          "a step keeps at most 64 properties of another program, not 65");
    CHECK(refusal(keeping({{"TB", {std::string(kMaxKeptBytes, 'a')}}})) ==
          "a step keeps at most 16000 bytes of another program's properties, not 16002");
    // Kept properties are no mark a person made: the step is not marked, yet not empty.
    const Annotation kept = keeping({{"KM", {"6.5"}}});
    CHECK_FALSE(kept.marked());
    CHECK_FALSE(kept.empty());
}
