// RenLib libraries: known trees from libraries written here byte by byte, their texts in three code pages,
// and a refusal naming what and where for every way a library can be broken.
#include "renlib.hpp"
#include "test_games.hpp"
#include "tictactrace/exchange/read_games.hpp"

#include "tictactrace/exchange/limits.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange {

namespace {

namespace flag = renlib_flag;

// The position byte of an engine cell: row in the high nibble, column + 1 in the low one.
constexpr std::uint8_t at(int row, int col) {
    return static_cast<std::uint8_t>(row << 4 | (col + 1));
}
constexpr std::uint8_t kPass = 0;

// A RenLib library written byte by byte, as RenLib writes one.
class LibraryBytes {
public:
    explicit LibraryBytes(int major = 3, int minor = 4) {
        m_bytes = std::string("\xFFRenLib\xFF", 8);
        m_bytes += static_cast<char>(major);
        m_bytes += static_cast<char>(minor);
        m_bytes.append(10, '\xFF');
    }

    // A node; a comment sets flag::kComment, a board text the extension and its board-text bit.
    LibraryBytes& node(std::uint8_t position, std::uint8_t flags, std::string_view comment = {},
                       std::string_view board_text = {}) {
        if (!comment.empty()) flags |= flag::kComment;
        if (!board_text.empty()) flags |= flag::kExtension;
        m_bytes += static_cast<char>(position);
        m_bytes += static_cast<char>(flags);
        if (!board_text.empty()) m_bytes += std::string("\x00\x01", 2);
        if (!comment.empty()) text(comment);
        if (!board_text.empty()) text(board_text);
        return *this;
    }

    // Bytes as they are, for what RenLib would never write.
    LibraryBytes& raw(std::string_view bytes) {
        m_bytes += bytes;
        return *this;
    }

    [[nodiscard]] const std::string& bytes() const { return m_bytes; }
    [[nodiscard]] std::size_t size() const { return m_bytes.size(); }

private:
    // Zero-terminated, padded with a zero to whole pairs of bytes.
    void text(std::string_view value) {
        m_bytes += value;
        m_bytes += '\0';
        if (m_bytes.size() % 2 != 0) m_bytes += '\0';
    }

    std::string m_bytes;
};

RenlibTree read_ok(const LibraryBytes& library) {
    auto read = read_renlib(library.bytes());
    if (!read) FAIL("refused: " << read.error().describe());
    return std::move(read).value();
}

ExchangeError read_refused(std::string_view bytes) {
    auto read = read_renlib(bytes);
    if (read) FAIL("read, but should have been refused");
    return std::move(read).error();
}

void check_refused(std::string_view bytes, ExchangeErrorKind kind, std::int64_t offset,
                   std::string_view words) {
    const ExchangeError error = read_refused(bytes);
    INFO(error.describe());
    CHECK(error.kind == kind);
    CHECK(error.where.byte_offset == offset);
    CHECK(error.message.find(words) != std::string::npos);
}

bool has_note(const RenlibTree& tree, std::string_view words) {
    for (const ImportNote& note : tree.notes)
        if (note.message.find(words) != std::string::npos) return true;
    return false;
}

}  // namespace

// [SECTION] Known trees

TEST_CASE("a RenLib main line with two variations, comments, a board text and a pass reads as its tree") {
    LibraryBytes library;
    library
        .node(kPass, 0)  // 1: the root, as 3.4 writes it
        .node(at(7, 7), flag::kMark, "Centre\x08The usual start\r\nline two")  // 2: h8
        .node(at(7, 8), flag::kDown)                          // 3: main line, a sibling to come
        .node(at(6, 9), flag::kRight | flag::kStart)          // 4: its only child, a leaf
        .node(at(8, 7), flag::kDown | flag::kRight, {}, "a")  // 5: first variation, a leaf
        .node(kPass, flag::kRight, "\x08Pass");               // 6: second variation, a pass
    const RenlibTree tree = read_ok(library);
    CHECK(tree.version_major == 3);
    CHECK(tree.version_minor == 4);
    CHECK(tree.root_in_file);
    CHECK(tree.encoding == detail::TextEncoding::Utf8);
    CHECK(tree.notes.empty());
    REQUIRE(tree.nodes.size() == 6);

    const RenlibNode& root = tree.nodes[0];
    CHECK(root.kind == RenlibNodeKind::Root);
    CHECK(root.byte_offset == 20);
    CHECK(root.children == std::vector<std::uint32_t>{1});

    const RenlibNode& centre = tree.nodes[1];
    CHECK(centre.move() == Pos{7, 7});
    CHECK(centre.one_line_comment == "Centre");
    CHECK(centre.comment == "The usual start\nline two");
    CHECK(centre.mark);
    CHECK(centre.byte_offset == 22);
    CHECK(centre.children == std::vector<std::uint32_t>{2, 4, 5});

    CHECK(tree.nodes[2].move() == Pos{7, 8});
    CHECK(tree.nodes[2].children == std::vector<std::uint32_t>{3});
    CHECK(tree.nodes[3].move() == Pos{6, 9});
    CHECK(tree.nodes[3].start);
    CHECK(tree.nodes[3].children.empty());

    const RenlibNode& variation = tree.nodes[4];
    CHECK(variation.move() == Pos{8, 7});
    CHECK(variation.board_text == "a");
    CHECK(variation.extension == 0x0001);
    CHECK(variation.flags == (flag::kDown | flag::kRight | flag::kExtension));

    const RenlibNode& pass = tree.nodes[5];
    CHECK(pass.kind == RenlibNodeKind::Pass);
    CHECK_FALSE(pass.cell.has_value());
    CHECK_FALSE(pass.move().has_value());
    CHECK(pass.one_line_comment.empty());
    CHECK(pass.comment == "Pass");
}

TEST_CASE("a 3.0 library starts at its first move under a root the file leaves out") {
    LibraryBytes library(3, 0);
    library.node(at(7, 7), 0).node(at(6, 7), flag::kRight);
    const RenlibTree tree = read_ok(library);
    CHECK_FALSE(tree.root_in_file);
    REQUIRE(tree.nodes.size() == 3);
    CHECK(tree.nodes[0].byte_offset == -1);
    CHECK(tree.nodes[0].children == std::vector<std::uint32_t>{1});
    CHECK(tree.nodes[1].children == std::vector<std::uint32_t>{2});
    CHECK(tree.nodes[2].byte_offset == 22);
}

TEST_CASE("position bytes put row 0 at the top and column 0 at the left of the 15x15 board") {
    // The four corners and the centre, each a variation of the root: 0x01, 0x0F, 0xE1, 0xEF and 0x78.
    LibraryBytes library(3, 0);
    library.node(0x01, flag::kDown | flag::kRight)
        .node(0x0F, flag::kDown | flag::kRight)
        .node(0xE1, flag::kDown | flag::kRight)
        .node(0xEF, flag::kDown | flag::kRight)
        .node(0x78, flag::kRight);
    const RenlibTree tree = read_ok(library);
    REQUIRE(tree.nodes.size() == 6);
    CHECK(tree.nodes[0].children.size() == 5);
    CHECK(tree.nodes[1].move() == Pos{0, 0});
    CHECK(tree.nodes[2].move() == Pos{0, 14});
    CHECK(tree.nodes[3].move() == Pos{14, 0});
    CHECK(tree.nodes[4].move() == Pos{14, 14});
    CHECK(tree.nodes[5].move() == Pos{7, 7});
}

TEST_CASE("a board text without a move labels a cell and is not a stone") {
    LibraryBytes library(3, 0);
    library.node(at(7, 7), 0)
        .node(at(5, 5), flag::kNoMove | flag::kDown | flag::kRight, {}, "B")
        .node(at(7, 8), flag::kRight);
    const RenlibTree tree = read_ok(library);
    REQUIRE(tree.nodes.size() == 4);
    const RenlibNode& label = tree.nodes[2];
    CHECK(label.kind == RenlibNodeKind::BoardText);
    CHECK(label.cell == Pos{5, 5});
    CHECK_FALSE(label.move().has_value());
    CHECK(label.board_text == "B");
    CHECK(tree.nodes[1].children == std::vector<std::uint32_t>{2, 3});
}

TEST_CASE("a node that repeats a sibling's cell is merged into it as RenLib merges it") {
    // h8 has the child i8 twice: the second one's child j8 joins the first, and its comment is dropped.
    LibraryBytes library(3, 0);
    library.node(at(7, 7), 0)
        .node(at(7, 8), flag::kDown | flag::kRight, "first")
        .node(at(7, 8), 0, "second")
        .node(at(7, 9), flag::kRight);
    const RenlibTree tree = read_ok(library);
    REQUIRE(tree.nodes.size() == 4);
    CHECK(tree.nodes[1].children == std::vector<std::uint32_t>{2});
    CHECK(tree.nodes[2].one_line_comment == "first");
    CHECK(tree.nodes[2].byte_offset == 22);
    CHECK(tree.nodes[2].children == std::vector<std::uint32_t>{3});
    CHECK(has_note(tree, "1 node repeated the cell of a sibling"));
    REQUIRE_FALSE(tree.notes.empty());
    CHECK(tree.notes[0].where.byte_offset == 30);
}

TEST_CASE("a library saved from a position ends with siblings it announces but leaves out") {
    // RenLib keeps the bits of the path's variations it does not write, and the last node need not end.
    LibraryBytes library;
    library.node(kPass, 0).node(at(7, 7), 0).node(at(6, 8), flag::kDown).node(at(5, 9), 0);
    const RenlibTree tree = read_ok(library);
    CHECK(tree.nodes.size() == 4);
    CHECK(has_note(tree, "1 node announces a sibling (flag 0x80) that the file does not hold"));
}

TEST_CASE("a stray byte after the end of the tree is left out with a note, as RenLib leaves it") {
    LibraryBytes library(3, 0);
    library.node(at(7, 7), flag::kRight).raw("\n");
    const RenlibTree tree = read_ok(library);
    CHECK(tree.nodes.size() == 2);
    CHECK(has_note(tree, "1 byte after the end of the tree was ignored"));
}

TEST_CASE("looks_like_renlib knows RenLib's header and nothing else") {
    CHECK(looks_like_renlib(LibraryBytes().bytes()));
    CHECK(looks_like_renlib(std::string("\xFFRenLib\xFF", 8)));
    CHECK_FALSE(looks_like_renlib(std::string("\xFFRenLib", 7)));
    CHECK_FALSE(looks_like_renlib("(;GM[4]FF[4])"));
    CHECK_FALSE(looks_like_renlib(""));
}

// [SECTION] Texts

TEST_CASE("a library whose texts are GBK is read as GBK even where a text is also valid UTF-8") {
    // 中文 (D6D0 CEC4) is not UTF-8; 直 (D6B1) is, as U+05B1: the whole library decides.
    LibraryBytes library(3, 0);
    library.node(at(7, 7), 0, "\xD6\xD0\xCE\xC4").node(at(6, 7), flag::kRight, {}, "\xD6\xB1");
    const RenlibTree tree = read_ok(library);
    CHECK(tree.encoding == detail::TextEncoding::Gbk);
    CHECK(tree.nodes[1].one_line_comment == "中文");
    CHECK(tree.nodes[2].board_text == "直");
    CHECK(has_note(tree, "the texts are not UTF-8: they were read as GBK"));
}

TEST_CASE("in a GBK library a text that is not GBK is read as Windows-1252") {
    LibraryBytes library(3, 0);
    library
        .node(at(7, 7), 0, "\xBA\xAE\xD0\xC7")        // 寒星
        .node(at(6, 7), 0, "\xC1\xF7\xD0\xC7")        // 流星
        .node(at(5, 7), flag::kRight, "\xF6 \xD6 ");  // ö Ö: F6 20 is no GBK pair
    const RenlibTree tree = read_ok(library);
    CHECK(tree.encoding == detail::TextEncoding::Gbk);
    CHECK(tree.nodes[1].one_line_comment == "寒星");
    CHECK(tree.nodes[2].one_line_comment == "流星");
    CHECK(tree.nodes[3].one_line_comment == "ö Ö ");
    CHECK(has_note(tree, "except 1 text that is not valid GBK, read as Windows-1252"));
}

TEST_CASE("a library of Latin texts that are not UTF-8 is read as Windows-1252 and one of UTF-8 as it is") {
    struct Case {
        std::string_view raw;
        detail::TextEncoding encoding;
        std::string_view read;
    };
    for (const Case& c :
         {Case{"Str\xF6m \x80 5\x81", detail::TextEncoding::Windows1252, "Ström € 5\xEF\xBF\xBD"},
          Case{"Ström 中文", detail::TextEncoding::Utf8, "Ström 中文"}}) {
        CAPTURE(c.raw);
        LibraryBytes library(3, 0);
        library.node(at(7, 7), flag::kRight, c.raw);
        const RenlibTree tree = read_ok(library);
        CHECK(tree.encoding == c.encoding);
        CHECK(tree.nodes[1].one_line_comment == c.read);
        // Only text read from a code page is worth a note.
        CHECK(tree.notes.size() == (c.encoding == detail::TextEncoding::Utf8 ? 0U : 1U));
    }
}

TEST_CASE("control characters leave the texts and only the multi-line comment keeps line breaks") {
    LibraryBytes library(3, 0);
    library.node(at(7, 7), flag::kRight,
                 "a\tb\x01"
                 "c\r\nd\x08x\r\ny\rz\x1b[31m\xE2\x80\xAEw",
                 "p\r\nq\x7F");
    const RenlibTree tree = read_ok(library);
    CHECK(tree.nodes[1].one_line_comment == "a bc d");
    CHECK(tree.nodes[1].comment == "x\ny\nz[31mw");
    CHECK(tree.nodes[1].board_text == "p q");
}

TEST_CASE("an old comment is 7-bit text with Swedish letters that ends at a byte with its high bit set") {
    // "Str|m" then 'x' | 0x80: RenLib's first libraries spelt ö as |. The pair after the end is not read.
    LibraryBytes library(3, 0);
    library.raw(std::string("\x78\x20", 2))
        .raw("Str|m")
        .raw(std::string("\xF8", 1))
        .node(at(6, 7), flag::kRight);
    const RenlibTree tree = read_ok(library);
    REQUIRE(tree.nodes.size() == 3);
    CHECK(tree.nodes[1].one_line_comment == "Strömx");
    CHECK(tree.nodes[1].children == std::vector<std::uint32_t>{2});
}

// [SECTION] Refusals

TEST_CASE("an empty file and a cut header are refused as truncated at byte 0") {
    check_refused("", ExchangeErrorKind::Truncated, 0, "it has 0 bytes");
    check_refused(std::string("\xFFRen", 4), ExchangeErrorKind::Truncated, 0, "it has 4 bytes");
    check_refused(LibraryBytes().bytes().substr(0, 12), ExchangeErrorKind::Truncated, 0,
                  "RenLib's header alone takes 20");
}

TEST_CASE("a file without RenLib's magic is not a RenLib library") {
    std::string bytes = LibraryBytes().bytes();
    bytes[1] = 'r';
    check_refused(bytes, ExchangeErrorKind::Unknown, 0, "starts with 0xFF 0x72 0x65");
    check_refused("(;GM[4])", ExchangeErrorKind::Unknown, 0, "not a RenLib library");
}

TEST_CASE("a version newer than 3.4 is refused at its byte and older ones are read") {
    check_refused(LibraryBytes(3, 5).bytes(), ExchangeErrorKind::Unsupported, 8,
                  "version 3.5 is newer than 3.4");
    check_refused(LibraryBytes(4, 0).bytes(), ExchangeErrorKind::Unsupported, 8, "version 4.0");
    CHECK(read_renlib(LibraryBytes(2, 9).bytes()).has_value());
    CHECK(read_renlib(LibraryBytes(3, 4).bytes()).has_value());
}

TEST_CASE("a library cut inside a node, its extension or a text is refused as truncated where that starts") {
    LibraryBytes open(3, 0);
    open.node(at(7, 7), 0);
    check_refused(open.bytes() + '\x79', ExchangeErrorKind::Truncated, 22, "node 2 (byte 22) is cut short");
    check_refused(open.bytes() + std::string("\x79\x41\x00", 3), ExchangeErrorKind::Truncated, 22,
                  "announces two bytes of extension");

    LibraryBytes commented(3, 0);
    commented.node(at(7, 7), flag::kRight, "cut here");
    const std::string whole = commented.bytes();
    check_refused(whole.substr(0, whole.size() - 4), ExchangeErrorKind::Truncated, 22,
                  "the comment of node 1 (byte 20) has no end");
    // "odd!" and its zero take five bytes, padded to six: without the sixth the last pair is not whole.
    LibraryBytes padded(3, 0);
    padded.node(at(7, 7), flag::kRight, {}, "odd!");
    const std::string board_text = padded.bytes();
    CHECK(board_text.size() == 20 + 2 + 2 + 6);
    check_refused(board_text.substr(0, board_text.size() - 1), ExchangeErrorKind::Truncated, 24,
                  "the board text of node 1 (byte 20) ends without the zero that pads it");
}

TEST_CASE("a position byte off the 15x15 board is refused at its node") {
    for (const std::uint8_t position : {std::uint8_t{0xFB}, std::uint8_t{0x10}, std::uint8_t{0xF0}}) {
        LibraryBytes library(3, 0);
        library.node(at(7, 7), 0).node(position, flag::kRight);
        check_refused(library.bytes(), ExchangeErrorKind::IllegalEvent, 22, "off the 15x15 board");
    }
    LibraryBytes first(3, 0);
    first.node(0xFB, flag::kRight);
    check_refused(first.bytes(), ExchangeErrorKind::IllegalEvent, 20,
                  "position byte 0xFB is row 16, column 11");
}

TEST_CASE("a node after the tree has ended has no line to return to and is refused") {
    LibraryBytes library(3, 0);
    library.node(at(7, 7), 0).node(at(6, 7), flag::kRight).node(at(5, 7), flag::kRight);
    check_refused(library.bytes(), ExchangeErrorKind::Malformed, 24,
                  "node 3 (byte 24) comes after the end of the tree: node 2 (byte 22) ended");
}

TEST_CASE("a root with a sibling and a board text without a cell are refused") {
    LibraryBytes root;
    root.node(kPass, flag::kDown).node(at(7, 7), flag::kRight);
    check_refused(root.bytes(), ExchangeErrorKind::Malformed, 20,
                  "is the root (position 0) but announces a sibling");
    LibraryBytes label(3, 0);
    label.node(at(7, 7), 0).node(kPass, flag::kNoMove | flag::kRight, {}, "A");
    check_refused(label.bytes(), ExchangeErrorKind::Malformed, 22, "names no cell");
}

TEST_CASE("a line 100000 nodes deep is refused at the first node past the limit without recursion") {
    // Each node the only child of the one before: the 3.0 file's node n starts at byte 20 + 2 (n - 1).
    LibraryBytes library(3, 0);
    for (int i = 0; i < 100'000; ++i) library.raw(std::string(i % 2 ? "\x78\x00" : "\x79\x00", 2));
    const auto past = static_cast<std::int64_t>(kMaxRenlibDepth) + 1;
    check_refused(library.bytes(), ExchangeErrorKind::Unsupported, 20 + 2 * (past - 1),
                  "would be " + std::to_string(past) + " nodes deep");
}

TEST_CASE("a 10 MB comment is refused at its first byte without reading it all") {
    LibraryBytes library(3, 0);
    library.raw(std::string("\x78\x48", 2)).raw(std::string(10'000'000, 'x')).raw(std::string(2, '\0'));
    check_refused(library.bytes(), ExchangeErrorKind::Unsupported, 22,
                  "the comment of node 1 (byte 20) is longer than " + std::to_string(kMaxRenlibTextBytes));
    // At the limit a text is read.
    LibraryBytes longest(3, 0);
    longest.node(at(7, 7), flag::kRight, std::string(static_cast<std::size_t>(kMaxRenlibTextBytes), 'y'));
    CHECK(read_ok(longest).nodes[1].one_line_comment.size() == static_cast<std::size_t>(kMaxRenlibTextBytes));
}

TEST_CASE("an old comment without its end is refused as truncated") {
    LibraryBytes library(3, 0);
    library.raw(std::string("\x78\x20", 2)).raw("abc");
    check_refused(library.bytes(), ExchangeErrorKind::Truncated, 22, "before a byte with its high bit set");
}

}  // namespace ttt::exchange

namespace ttt::exchange {

TEST_CASE("a RenLib library imports as one renju game with its variations, comments and board texts") {
    LibraryBytes library;
    library.node(kPass, 0)
        .node(at(7, 7), 0, "Centre\x08The usual start\r\nline two ")
        .node(at(7, 8), flag::kDown)
        .node(at(6, 9), flag::kRight)
        .node(at(8, 7), flag::kDown | flag::kRight, {}, "a")
        .node(kPass, flag::kRight, "\x08Pass");
    CHECK(sniff_format(library.bytes()) == Format::Renlib);
    const GamesRead read = test::read_ok(library.bytes());
    CHECK(read.format == Format::Renlib);
    REQUIRE(read.games.size() == 1);
    const GameRecord& game = read.games.front();
    CHECK(game.rules == Rules::renju(15, 15));
    REQUIRE(game.events.size() == 5);
    CHECK(game.events[0].event == Event{MovePlayed{Player::X, {7, 7}}});
    CHECK(game.events[2].event == Event{MovePlayed{Player::X, {6, 9}}});
    // The variation from the centre stone is white's; the pass's line is left out, with a warning.
    CHECK(game.events[3].event == Event{VariationPlayed{1, Player::O, {8, 7}}});
    const auto& note = std::get<Annotated>(game.events[4].event);
    CHECK(note.node == 1);
    CHECK(note.note->comment == "Centre\nThe usual start\nline two");
    REQUIRE(note.note->shapes.size() == 1);
    CHECK(note.note->shapes[0] == Shape{ShapeKind::Label, {8, 7}, std::nullopt, ShapeColour::Green, "a"});
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().warns());
    CHECK(read.notes.front().message ==
          "1 line starts with a pass, which a game here does not have: left out");
    // --rules reads it under other rules.
    ImportOptions gomoku;
    gomoku.rules = RulesChoice{"gomoku", 0, false};
    CHECK(test::read_ok(library.bytes(), gomoku).games.front().rules == Rules::gomoku(false, 15, 15));
}

// X's open threes through (8, 8) on row 8 and column 8, O's stones in the corners: (8, 8) is a double-three.
constexpr std::uint8_t kTrap[] = {at(7, 5), at(0, 0),  at(7, 6), at(0, 14),
                                  at(5, 7), at(14, 0), at(6, 7), at(14, 14)};

TEST_CASE("a renju book's foul line imports as a red triangle and a comment on the step it was played from") {
    LibraryBytes library;
    library.node(kPass, 0);
    for (const std::uint8_t cell : kTrap) library.node(cell, 0);
    // From O's last corner: the book's main line goes on at (1, 2); the foul at (8, 8) is followed by a white
    // answer the game can never reach; a third line at (3, 3).
    library.node(at(0, 1), flag::kDown | flag::kRight)
        .node(at(7, 7), flag::kDown, "\x08the three-three")
        .node(at(1, 0), flag::kRight)
        .node(at(2, 2), flag::kRight);
    const GamesRead read = test::read_ok(library.bytes());
    REQUIRE(read.games.size() == 1);
    const GameRecord& game = read.games.front();
    CHECK(game.rules == Rules::renju(15, 15));
    // The eight moves and the main line's ninth, the third line, and the foul's mark on step 8.
    REQUIRE(game.events.size() == 11);
    CHECK(game.events[8].event == Event{MovePlayed{Player::X, {0, 1}}});
    CHECK(game.events[9].event == Event{VariationPlayed{8, Player::X, {2, 2}}});
    const auto& mark = std::get<Annotated>(game.events[10].event);
    CHECK(mark.node == 8);
    CHECK(mark.note->comment ==
          "Foul: X (black) at (8, 8) is a double-three, forbidden in renju. the three-three");
    REQUIRE(mark.note->shapes.size() == 1);
    CHECK(mark.note->shapes[0] == Shape{ShapeKind::Triangle, {7, 7}, std::nullopt, ShapeColour::Red, {}});
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().warns());
    CHECK(read.notes.front().message ==
          "1 line plays X (black) on a forbidden point, which renju does not allow: it is marked with a "
          "red "
          "triangle and a comment on the step it was played from; the 1 move after it was left out");
    // Under gomoku's rules the same book has no foul: every line stays.
    ImportOptions gomoku;
    gomoku.rules = RulesChoice{"gomoku", 0, false};
    const GamesRead free = test::read_ok(library.bytes(), gomoku);
    CHECK(free.notes.empty());
    CHECK(free.games.front().events.size() == 13);
}

TEST_CASE("a book whose first line plays a foul goes on down its next line from the step before it") {
    LibraryBytes library;
    library.node(kPass, 0);
    for (const std::uint8_t cell : kTrap) library.node(cell, 0);
    // From O's last corner the first line is the foul, and a white answer after it; the next line plays
    // (1, 2) and goes on with O's (2, 1), with a line of its own from there.
    library.node(at(7, 7), flag::kDown)
        .node(at(1, 0), flag::kRight)
        .node(at(0, 1), 0)
        .node(at(1, 0), flag::kDown | flag::kRight)
        .node(at(2, 2), flag::kRight);
    const GamesRead read = test::read_ok(library.bytes());
    const GameRecord& game = read.games.front();
    REQUIRE(game.events.size() == 12);
    // The eight moves, then (1, 2) and (2, 1) as the game's own, (3, 3) a variation from (1, 2).
    CHECK(game.events[8].event == Event{MovePlayed{Player::X, {0, 1}}});
    CHECK(game.events[9].event == Event{MovePlayed{Player::O, {1, 0}}});
    CHECK(game.events[10].event == Event{VariationPlayed{9, Player::O, {2, 2}}});
    const auto& mark = std::get<Annotated>(game.events[11].event);
    CHECK(mark.node == 8);
    CHECK(mark.note->shapes ==
          std::vector<Shape>{Shape{ShapeKind::Triangle, {7, 7}, std::nullopt, ShapeColour::Red, {}}});
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes.front().message.ends_with("; the 1 move after it was left out"));
}

TEST_CASE("a RenLib library cut short is refused at its offset, and none of it is read") {
    LibraryBytes library;
    library.node(kPass, 0).node(at(7, 7), 0, "a comment that the file cuts");
    const std::string cut = library.bytes().substr(0, library.size() - 6);
    const ExchangeError error = test::read_error(cut);
    CHECK(error.kind == ExchangeErrorKind::Truncated);
    CHECK(error.where.byte_offset >= 20);
}

TEST_CASE("a RenLib line 100,000 deep is refused by the reader, without recursing") {
    LibraryBytes library;
    library.node(kPass, 0);
    for (int i = 0; i < 100'000; ++i) library.node(at(i % 15, (i / 15) % 15), 0);
    const ExchangeError error = test::read_error(library.bytes());
    CHECK(error.message.find("deeper") != std::string::npos);
}

}  // namespace ttt::exchange
