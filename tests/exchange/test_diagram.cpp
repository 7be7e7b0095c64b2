// The diagram of a position and what is written on its step: known answers counted from the parsed SVG
// document, not from its bytes, and read off the PNG's decoded pixels.
#include "tictactrace/exchange/diagram.hpp"

#include <doctest/doctest.h>

// cereal's copy of RapidXML needs cereal's macros first.
#include <cereal/macros.hpp>

#include <cereal/external/rapidxml/rapidxml.hpp>

#include <stb_image.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace ttt;
using namespace ttt::exchange;
namespace xml = cereal::rapidxml;

namespace {

// The document parsed by a real XML parser (which throws on anything not well-formed), and the elements
// whose class attribute holds `word`.
class Parsed {
public:
    explicit Parsed(const std::string& svg) : m_text(svg.begin(), svg.end()) {
        m_text.push_back('\0');
        m_doc.parse<0>(m_text.data());
    }
    [[nodiscard]] xml::xml_node<>* root() { return m_doc.first_node(); }
    [[nodiscard]] int count(std::string_view word) { return count_in(m_doc.first_node(), word); }
    [[nodiscard]] std::vector<std::string> texts(std::string_view word) {
        std::vector<std::string> out;
        collect(m_doc.first_node(), word, out);
        return out;
    }
    [[nodiscard]] std::string attribute(const char* name) {
        const auto* a = root()->first_attribute(name);
        return a ? std::string(a->value(), a->value_size()) : std::string();
    }

private:
    static bool has_class(const xml::xml_node<>* node, std::string_view word) {
        const auto* a = node->first_attribute("class");
        if (!a) return false;
        // Word by word, as a class attribute is read: "mark" is not found in "mark-x".
        std::string_view rest(a->value(), a->value_size());
        while (!rest.empty()) {
            const auto space = rest.find(' ');
            if (rest.substr(0, space) == word) return true;
            if (space == std::string_view::npos) break;
            rest.remove_prefix(space + 1);
        }
        return false;
    }
    static int count_in(const xml::xml_node<>* node, std::string_view word) {
        int n = has_class(node, word) ? 1 : 0;
        for (auto* child = node->first_node(); child; child = child->next_sibling())
            n += count_in(child, word);
        return n;
    }
    static void collect(const xml::xml_node<>* node, std::string_view word, std::vector<std::string>& out) {
        if (has_class(node, word)) out.emplace_back(node->value(), node->value_size());
        for (auto* child = node->first_node(); child; child = child->next_sibling())
            collect(child, word, out);
    }
    std::vector<char> m_text;
    xml::xml_document<> m_doc;
};

Position played(const Rules& rules, const std::vector<Pos>& moves) {
    Position p(rules);
    for (const Pos m : moves) REQUIRE(p.play(m));
    return p;
}

// The viewBox's width and height.
std::pair<int, int> view_size(Parsed& parsed) {
    const std::string box = parsed.attribute("viewBox");
    int x = -1, y = -1, w = 0, h = 0;
    REQUIRE(std::sscanf(box.c_str(), "%d %d %d %d", &x, &y, &w, &h) == 4);
    CHECK(x == 0);
    CHECK(y == 0);
    return {w, h};
}

}  // namespace

TEST_CASE("diagram: one mark drawn for every mark on the board, X and O apart") {
    const Position p = played(Rules::gomoku(), {{7, 7}, {7, 8}, {8, 8}, {6, 6}, {9, 9}});
    Parsed svg(diagram_svg(p));
    CHECK(svg.count("mark") == 5);
    CHECK(svg.count("mark-x") == 3);
    CHECK(svg.count("mark-o") == 2);
    CHECK(std::string(svg.root()->name()) == "svg");
    CHECK(svg.attribute("xmlns") == "http://www.w3.org/2000/svg");
    CHECK(svg.attribute("version") == "1.1");
    CHECK(svg.attribute("width") == "170mm");

    Parsed empty(diagram_svg(Position(Rules::gomoku())));
    CHECK(empty.count("mark") == 0);
    CHECK(empty.count("last-move") == 0);
}

TEST_CASE("diagram: move numbers 1 to n only when asked, none on a set-up's marks") {
    Position p(Rules::mnk(5, 5, 4));
    SetUp setup;
    setup.x = {{0, 0}, {4, 4}};
    setup.o = {{0, 4}};
    setup.to_move = Player::O;
    REQUIRE(p.set_up(setup));
    REQUIRE(p.play({2, 2}));
    REQUIRE(p.play({2, 3}));
    REQUIRE(p.play({3, 3}));

    DiagramOptions numbered;
    numbered.numbers = true;
    Parsed with(diagram_svg(p, numbered));
    CHECK(with.count("mark") == 6);
    CHECK(with.texts("move-number") == std::vector<std::string>{"1", "2", "3"});

    Parsed without(diagram_svg(p));
    CHECK(without.count("move-number") == 0);
    CHECK(without.count("mark") == 6);
}

TEST_CASE("diagram: the last move is ringed and a won game's line is struck through") {
    // X wins along the top row: (1,1) (1,2) (1,3), O on (2,1) (2,2).
    const Position won = played(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    const std::string text = diagram_svg(won);
    Parsed svg(text);
    CHECK(svg.count("last-move") == 1);
    CHECK(svg.count("winning-line") == 1);
    // The line runs from the middle of (1,1) to the middle of (1,3); the ring is on (1,3).
    CHECK(text.find("class=\"winning-line\" x1=\"60\" y1=\"60\" x2=\"140\" y2=\"60\"") != std::string::npos);
    CHECK(text.find("class=\"last-move\" cx=\"140\" cy=\"60\"") != std::string::npos);

    const Position playing = played(Rules::classic(), {{0, 0}, {1, 0}});
    Parsed open(diagram_svg(playing));
    CHECK(open.count("winning-line") == 0);
    CHECK(open.count("last-move") == 1);
}

TEST_CASE("diagram: stones for five in a row, glyphs for the small games") {
    const Position gomoku = played(Rules::gomoku(), {{7, 7}});
    CHECK(diagram_svg(gomoku).find("<circle class=\"mark mark-x\"") != std::string::npos);
    const Position classic = played(Rules::classic(), {{1, 1}});
    CHECK(diagram_svg(classic).find("<g class=\"mark mark-x\"") != std::string::npos);
}

TEST_CASE("diagram: the viewBox has the board's shape") {
    Parsed big(diagram_svg(Position(Rules::gomoku())));
    CHECK(view_size(big) == std::pair{680, 680});
    Parsed small(diagram_svg(Position(Rules::classic())));
    CHECK(view_size(small) == std::pair{200, 200});
    // 4 rows, 7 columns: wider than tall, margins of 40 around cells of 40.
    Parsed wide(diagram_svg(Position(Rules::mnk(4, 7, 3))));
    CHECK(view_size(wide) == std::pair{360, 240});
    CHECK(wide.attribute("width") == "90mm");
    CHECK(wide.attribute("height") == "60mm");
    CHECK(wide.count("coordinate") == 4 + 7);
}

TEST_CASE("diagram: a title's text is escaped and adds a band above the board") {
    DiagramOptions titled;
    titled.title = "Ann <b> & \"Bo\"";
    const std::string text = diagram_svg(Position(Rules::classic()), titled);
    CHECK(text.find("Ann &lt;b&gt; &amp; &quot;Bo&quot;") != std::string::npos);
    CHECK(text.find("<b>") == std::string::npos);
    Parsed svg(text);
    CHECK(view_size(svg) == std::pair{200, 240});
    const auto titles = svg.texts("title");
    REQUIRE(titles.size() == 1);
    // The parser decodes the entities back: the reader sees the name as it was typed.
    CHECK(titles.front() == "Ann <b> & \"Bo\"");
}

TEST_CASE("diagram: the same position gives the same bytes") {
    const std::vector<Pos> moves{{7, 7}, {7, 8}, {8, 8}};
    DiagramOptions numbered;
    numbered.numbers = true;
    CHECK(diagram_svg(played(Rules::renju(), moves), numbered) ==
          diagram_svg(played(Rules::renju(), moves), numbered));
}

// [SECTION] What is written on the step

namespace {

// The first element whose class holds `word`, found depth first.
xml::xml_node<>* first_with_class(xml::xml_node<>* node, std::string_view word) {
    if (const auto* a = node->first_attribute("class")) {
        std::string_view rest(a->value(), a->value_size());
        while (!rest.empty()) {
            const auto space = rest.find(' ');
            if (rest.substr(0, space) == word) return node;
            if (space == std::string_view::npos) break;
            rest.remove_prefix(space + 1);
        }
    }
    for (auto* child = node->first_node(); child; child = child->next_sibling())
        if (auto* found = first_with_class(child, word)) return found;
    return nullptr;
}

std::string attribute_of(const xml::xml_node<>* node, const char* name) {
    REQUIRE(node);
    const auto* a = node->first_attribute(name);
    REQUIRE(a);
    return std::string(a->value(), a->value_size());
}

Shape shape(ShapeKind kind, Pos at, ShapeColour colour = ShapeColour::Green) {
    return Shape{kind, at, std::nullopt, colour, ""};
}

// On 15x15 with no title cell (r, c) has its middle at (60 + 40c, 60 + 40r).
DiagramOptions annotated(Annotation note) {
    DiagramOptions options;
    options.note = std::move(note);
    return options;
}

}  // namespace

TEST_CASE("diagram: an arrow runs from the middle of its tail's cell to a head short of its head's cell") {
    Annotation note;
    note.shapes.push_back(Shape{ShapeKind::Arrow, {0, 0}, Pos{0, 4}, ShapeColour::Red, ""});
    const std::string text = diagram_svg(played(Rules::gomoku(), {{7, 7}}), annotated(note));
    Parsed svg(text);
    CHECK(svg.count("arrow") == 1);
    auto* shaft = first_with_class(svg.root(), "arrow-shaft");
    CHECK(attribute_of(shaft, "x1") == "60");
    CHECK(attribute_of(shaft, "y1") == "60");
    // The head's tip stops 0.15 of a cell short of (1,5)'s middle at x 220; the shaft ends where the head,
    // 0.45 of a cell long, begins.
    CHECK(attribute_of(shaft, "x2") == "196");
    CHECK(attribute_of(shaft, "y2") == "60");
    CHECK(attribute_of(shaft, "stroke") == "#eb3232");
    auto* head = first_with_class(svg.root(), "arrow-head");
    CHECK(attribute_of(head, "points") == "214,60 196,70.8 196,49.2");
    CHECK(attribute_of(head, "fill") == "#eb3232");
}

TEST_CASE("diagram: each shape kind is drawn on its cell over the marks, in its colour") {
    Annotation note;
    note.shapes = {shape(ShapeKind::Circle, {2, 3}, ShapeColour::Blue), shape(ShapeKind::Square, {0, 0}),
                   shape(ShapeKind::Triangle, {1, 1}, ShapeColour::Yellow), shape(ShapeKind::Cross, {4, 4})};
    Shape label = shape(ShapeKind::Label, {5, 6});
    label.text = "<&>";
    note.shapes.push_back(label);
    const std::string text = diagram_svg(played(Rules::gomoku(), {{2, 3}}), annotated(note));
    Parsed svg(text);
    CHECK(svg.count("circle") == 1);
    CHECK(svg.count("square") == 1);
    CHECK(svg.count("triangle") == 1);
    CHECK(svg.count("cross") == 1);
    CHECK(svg.count("label") == 1);
    auto* ring = first_with_class(svg.root(), "circle");
    CHECK(attribute_of(ring, "cx") == "180");
    CHECK(attribute_of(ring, "cy") == "140");
    CHECK(attribute_of(ring, "stroke") == "#3278f5");
    CHECK(attribute_of(first_with_class(svg.root(), "triangle"), "stroke") == "#f5be14");
    // The shapes come after the marks in the document, so they are painted over them.
    CHECK(text.find("class=\"shapes\"") > text.find("class=\"mark mark-x\""));
    // A label's text is escaped in the file and reads back as it was written.
    CHECK(text.find(">&lt;&amp;&gt;</text>") != std::string::npos);
    CHECK(svg.texts("label-text") == std::vector<std::string>{"<&>"});
    auto* label_text = first_with_class(svg.root(), "label-text");
    CHECK(attribute_of(label_text, "x") == "300");
}

TEST_CASE("diagram: the glyph stands beside the last move, the judgement and the comment under the board") {
    Annotation note;
    note.glyph = Glyph::Blunder;
    note.judgement = Judgement::OWinning;
    note.comment = "White threatens four.";
    const Position p = played(Rules::gomoku(), {{7, 7}, {7, 8}});
    Parsed svg(diagram_svg(p, annotated(note)));
    CHECK(svg.texts("glyph-text") == std::vector<std::string>{"??"});
    // At the upper right of the last move's cell (8,9), whose middle is (380, 340).
    CHECK(attribute_of(first_with_class(svg.root(), "glyph-tab"), "x") == "390");
    CHECK(svg.texts("judgement") == std::vector<std::string>{"White (O) is winning."});
    CHECK(svg.texts("comment") == std::vector<std::string>{"White threatens four."});
    // Two lines of note under a board 680 units tall: 680 + 2 x 22 - 10.
    CHECK(view_size(svg) == std::pair{680, 714});

    // No move to stand beside: the glyph is a line of the note. X and O on a small game.
    Annotation at_start;
    at_start.glyph = Glyph::Good;
    at_start.judgement = Judgement::XBetter;
    Parsed start(diagram_svg(Position(Rules::classic()), annotated(at_start)));
    CHECK(start.count("glyph-text") == 0);
    CHECK(start.texts("glyph") == std::vector<std::string>{"!"});
    CHECK(start.texts("judgement") == std::vector<std::string>{"X is better."});

    // Nothing written: nothing under the board, and the page as before.
    Parsed plain(diagram_svg(p));
    CHECK(plain.count("note") == 0);
    CHECK(view_size(plain) == std::pair{680, 680});
}

TEST_CASE("diagram: a long comment is wrapped at spaces to the page's width, its own line breaks kept") {
    std::string sentence;
    for (int i = 0; i < 30; ++i) sentence += "word" + std::to_string(i) + " ";
    sentence.pop_back();
    Annotation note;
    note.comment = sentence + "\n\nA second one.";
    // A 3x3 page is 200 units wide: (200 - 20) / (16 x 0.6) = 18 characters to a line.
    Parsed svg(diagram_svg(Position(Rules::classic()), annotated(note)));
    const std::vector<std::string> lines = svg.texts("comment");
    REQUIRE(lines.size() > 5);
    std::string joined;
    std::size_t i = 0;
    for (; i < lines.size() && !lines[i].empty(); ++i) {
        CHECK(lines[i].size() <= 18);
        CHECK(lines[i].front() != ' ');
        CHECK(lines[i].back() != ' ');
        joined += (joined.empty() ? "" : " ") + lines[i];
    }
    CHECK(joined == sentence);
    // The blank line between the paragraphs, then the second one.
    REQUIRE(i + 2 == lines.size());
    CHECK(lines[i + 1] == "A second one.");

    // A word longer than a line is cut where it must be; nothing is lost.
    Annotation long_word;
    long_word.comment = std::string(40, 'x');
    Parsed cut(diagram_svg(Position(Rules::classic()), annotated(long_word)));
    CHECK(cut.texts("comment") ==
          std::vector<std::string>{std::string(18, 'x'), std::string(18, 'x'), "xxxx"});
}

TEST_CASE("diagram: a comment's unshowable characters are written as escapes, never as themselves") {
    Annotation note;
    note.comment = "bell\x07 <b>&\xe2\x80\xae";
    // The window and the CLI refuse them on a step; a diagram is made safe all the same.
    const std::string text = diagram_svg(Position(Rules::gomoku()), annotated(note));
    CHECK(text.find('\x07') == std::string::npos);
    CHECK(text.find("\xe2\x80\xae") == std::string::npos);
    Parsed svg(text);
    CHECK(svg.texts("comment") == std::vector<std::string>{"bell\\x07 <b>&\\u202e"});
}

TEST_CASE("diagram: the same annotated position gives the same bytes") {
    Annotation note;
    note.comment = "Look at the diagonal.";
    note.glyph = Glyph::Good;
    note.shapes = {Shape{ShapeKind::Arrow, {3, 3}, Pos{6, 5}, ShapeColour::Blue, ""},
                   shape(ShapeKind::Cross, {1, 1})};
    const std::vector<Pos> moves{{7, 7}, {7, 8}, {8, 8}};
    CHECK(diagram_svg(played(Rules::renju(), moves), annotated(note)) ==
          diagram_svg(played(Rules::renju(), moves), annotated(note)));
}

TEST_CASE("diagram: a file's name says SVG or PNG, in any case, and nothing else") {
    CHECK(diagram_format_of("sheet.svg") == DiagramFormat::Svg);
    CHECK(diagram_format_of("dir/Sheet.PNG") == DiagramFormat::Png);
    CHECK_FALSE(diagram_format_of("sheet.gif"));
    CHECK_FALSE(diagram_format_of(".png"));
    CHECK_FALSE(diagram_format_of("svg"));
}

// [SECTION] The PNG

namespace {

class Picture {
public:
    explicit Picture(const std::string& png) {
        unsigned char* data = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                                    static_cast<int>(png.size()), &m_w, &m_h, &m_channels, 3);
        REQUIRE(data);
        m_rgb.assign(data, data + static_cast<std::size_t>(m_w) * static_cast<std::size_t>(m_h) * 3);
        stbi_image_free(data);
    }
    [[nodiscard]] int width() const { return m_w; }
    [[nodiscard]] int height() const { return m_h; }
    // The pixel at a point given in the diagram's units, `scale` pixels to a unit.
    [[nodiscard]] std::array<int, 3> at(double ux, double uy, double scale) const {
        const auto x = static_cast<std::size_t>(ux * scale);
        const auto y = static_cast<std::size_t>(uy * scale);
        const std::size_t i = (y * static_cast<std::size_t>(m_w) + x) * 3;
        return {m_rgb[i], m_rgb[i + 1], m_rgb[i + 2]};
    }

private:
    int m_w = 0;
    int m_h = 0;
    int m_channels = 0;
    std::vector<unsigned char> m_rgb;
};

// Whether `got` is `want` give or take what smoothing the edges does to a pixel.
bool near(std::array<int, 3> got, std::array<int, 3> want, int slack = 6) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(got[i] - want[i]) > slack) return false;
    return true;
}

std::string describe(std::array<int, 3> c) {
    return std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]);
}

}  // namespace

TEST_CASE(
    "diagram: the PNG has the size asked for and the board, the stones and the arrow in their colours") {
    Annotation note;
    note.shapes.push_back(Shape{ShapeKind::Arrow, {0, 0}, Pos{0, 4}, ShapeColour::Green, ""});
    const Position p = played(Rules::gomoku(), {{7, 7}, {7, 8}});
    const auto png = diagram_png(p, annotated(note), 1360);
    REQUIRE(png);
    CHECK(png.value().rfind("\x89PNG\r\n\x1a\n", 0) == 0);
    const Picture picture(png.value());
    CHECK(picture.width() == 1360);
    CHECK(picture.height() == 1360);
    const double scale = 2;  // 1360 pixels for 680 units

    // A corner cell (15,15), away from its grid lines: the board's colour.
    const auto board = picture.at(40 + 14 * 40 + 20, 40 + 14 * 40 + 10, scale);
    CHECK_MESSAGE(near(board, {0xf2, 0xd8, 0xa0}), describe(board));
    // The page around the board is white.
    CHECK(near(picture.at(5, 5, scale), {255, 255, 255}));
    // The stones' middles: black on (8,8), white on (8,9).
    const auto black = picture.at(340, 340, scale);
    CHECK_MESSAGE(near(black, {0, 0, 0}), describe(black));
    const auto white = picture.at(380, 340, scale);
    CHECK_MESSAGE(near(white, {255, 255, 255}), describe(white));
    // The middle of the arrow's shaft, from (60,60) to (196,60): green at 215/255 over the board's colour.
    const auto shaft = picture.at(130, 60, scale);
    const std::array<int, 3> blend{(40 * 215 + 0xf2 * 40) / 255, (200 * 215 + 0xd8 * 40) / 255,
                                   (70 * 215 + 0xa0 * 40) / 255};
    CHECK_MESSAGE(near(shaft, blend), describe(shaft) << " not " << describe(blend));
    // Beside the shaft, the board again.
    const auto beside = picture.at(130, 50, scale);
    CHECK_MESSAGE(near(beside, {0xf2, 0xd8, 0xa0}), describe(beside));
}

TEST_CASE("diagram: the characters the PNG's font cannot draw are named, each once, and Latin ones are not") {
    const Position p = played(Rules::gomoku(), {{7, 7}});
    Annotation note;
    note.comment =
        "Caf\u00e9, na\u00efve \u2014 \u5bd2\u661f \u5bd2";  // Cafe, naive, a dash, two Chinese words
    note.shapes.push_back(Shape{ShapeKind::Label, {0, 0}, std::nullopt, ShapeColour::Green, "\u9884"});
    // DejaVu Sans draws Latin letters with accents and the dash; it has no Chinese.
    CHECK(diagram_png_missing_glyphs(p, annotated(note)) == "\u5bd2\u661f\u9884");
    note.comment = "Caf\u00e9";
    note.shapes.clear();
    CHECK(diagram_png_missing_glyphs(p, annotated(note)).empty());
    // The title is read too.
    DiagramOptions titled = annotated(note);
    titled.title = "\u9884\u671f";
    CHECK(diagram_png_missing_glyphs(p, titled) == "\u9884\u671f");
}

TEST_CASE("diagram: a PNG's longer side has the pixels asked for, the shorter in proportion") {
    // 4 rows by 7 columns: 360 x 240 units.
    const auto wide = diagram_png(Position(Rules::mnk(4, 7, 3)), {}, 720);
    REQUIRE(wide);
    const Picture picture(wide.value());
    CHECK(picture.width() == 720);
    CHECK(picture.height() == 480);
    CHECK(diagram_png(Position(Rules::classic()), {}, kMinDiagramPixels));

    const auto small = diagram_png(Position(Rules::classic()), {}, kMinDiagramPixels - 1);
    REQUIRE_FALSE(small);
    CHECK(small.error() == "a diagram's picture is 64 to 8192 pixels on its longer side, not 63");
    CHECK_FALSE(diagram_png(Position(Rules::classic()), {}, kMaxDiagramPixels + 1));
}
