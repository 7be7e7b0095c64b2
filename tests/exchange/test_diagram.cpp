// The SVG diagram of a position: known answers counted from the parsed document, not from its bytes.
#include "tictactrace/exchange/diagram.hpp"

#include <doctest/doctest.h>

// cereal's copy of RapidXML needs cereal's macros first.
#include <cereal/macros.hpp>

#include <cereal/external/rapidxml/rapidxml.hpp>

#include <cstdio>
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
