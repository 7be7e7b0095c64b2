// The geometry of a diagram, worked out once for the SVG writer and the PNG painter.
//
// [SECTION] Sizes and colours
// [SECTION] Building items
// [SECTION] The board
// [SECTION] The note: shapes, glyph, judgement and comment
// [SECTION] The scene
#include "tictactrace/exchange/diagram_scene.hpp"

#include "tictactrace/exchange/diagram.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/base/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

namespace ttt::exchange {

// [SECTION] Sizes and colours

namespace {

// One cell is 40 units and a unit is a quarter millimetre: a 15x15 board with its margins is 170 mm wide,
// which fits an A4 page with room to write beside it.
constexpr int kCell = 40;
constexpr int kMargin = 40;  // room for the numbers along the edges
constexpr int kTitleHeight = 40;
constexpr double kStoneRadius = 17;
constexpr double kNoteSize = 16;  // the judgement's and the comment's text
constexpr double kNoteLine = 22;  // from one line of the note to the next
// DejaVu Sans's characters are 0.55 to 0.6 of its size wide on average: the comment is wrapped by the wider,
// so a line of it never runs off the page whatever the letters.
constexpr double kAverageAdvance = 0.6;

constexpr Paint kBlack{0x000000};
constexpr Paint kWhite{0xffffff};
constexpr Paint kBoardColour{0xf2d8a0};
constexpr Paint kRed{0xd01010};
constexpr Paint kOBlue{0x1f4e9c};
// The dark disc under a label, as the window draws it: it reads over a black stone, a white one or none.
constexpr Paint kLabelDisc{0x0f1218, 190};

}  // namespace

Paint shape_paint(ShapeColour colour) noexcept {
    // Lichess's brushes, brightened for the window's dark board: green, red, blue, yellow.
    constexpr std::uint8_t kAlpha = 215;
    switch (colour) {
    case ShapeColour::Green: return {0x28c846, kAlpha};
    case ShapeColour::Red: return {0xeb3232, kAlpha};
    case ShapeColour::Blue: return {0x3278f5, kAlpha};
    case ShapeColour::Yellow: return {0xf5be14, kAlpha};
    }
    return {0xffffff, kAlpha};
}

// [SECTION] Building items

namespace {

SceneItem rect(std::string cls, double x, double y, double w, double h, std::optional<Paint> fill,
               std::optional<Stroke> stroke = std::nullopt) {
    SceneItem item;
    item.kind = SceneKind::Rect;
    item.cls = std::move(cls);
    item.points = {{x, y}, {x + w, y + h}};
    item.fill = fill;
    item.stroke = stroke;
    return item;
}

SceneItem circle(std::string cls, ScenePoint c, double r, std::optional<Paint> fill,
                 std::optional<Stroke> stroke) {
    SceneItem item;
    item.kind = SceneKind::Circle;
    item.cls = std::move(cls);
    item.points = {c};
    item.radius = r;
    item.fill = fill;
    item.stroke = stroke;
    return item;
}

SceneItem line(std::string cls, ScenePoint a, ScenePoint b, Stroke stroke) {
    SceneItem item;
    item.kind = SceneKind::Line;
    item.cls = std::move(cls);
    item.points = {a, b};
    item.stroke = stroke;
    return item;
}

SceneItem polygon(std::string cls, std::vector<ScenePoint> corners, std::optional<Paint> fill,
                  std::optional<Stroke> stroke) {
    SceneItem item;
    item.kind = SceneKind::Polygon;
    item.cls = std::move(cls);
    item.points = std::move(corners);
    item.fill = fill;
    item.stroke = stroke;
    return item;
}

SceneItem text(std::string cls, ScenePoint at, std::string words, double size, Paint fill,
               TextAnchor anchor = TextAnchor::Middle, bool bold = false) {
    SceneItem item;
    item.kind = SceneKind::Text;
    item.cls = std::move(cls);
    item.points = {at};
    item.text = std::move(words);
    item.font_size = size;
    item.fill = fill;
    item.anchor = anchor;
    item.bold = bold;
    return item;
}

SceneItem group(std::string cls) {
    SceneItem item;
    item.kind = SceneKind::Group;
    item.cls = std::move(cls);
    return item;
}

// How many characters `text` has (valid UTF-8 or not: a bad byte counts as one).
std::size_t characters(std::string_view text) {
    std::size_t n = 0;
    for (std::size_t at = 0; at < text.size(); ++n)
        at += std::max<std::size_t>(1, base::decode_utf8(text, at).length);
    return n;
}

// The first `count` characters of `text`, in bytes.
std::size_t bytes_of_first(std::string_view text, std::size_t count) {
    std::size_t at = 0;
    for (std::size_t n = 0; n < count && at < text.size(); ++n)
        at += std::max<std::size_t>(1, base::decode_utf8(text, at).length);
    return at;
}

// [SECTION] The board

// Five in a row is played with stones on the points of a go board; the small games are written X and O.
bool drawn_as_stones(const Rules& rules) {
    return rules.kind == RuleKind::Gomoku || rules.kind == RuleKind::Renju || rules.kind == RuleKind::Caro ||
           (rules.has_k_in_a_row() && rules.k >= 5);
}

class Layout {
public:
    Layout(int rows, int cols, bool titled) : m_rows(rows), m_cols(cols), m_top(titled ? kTitleHeight : 0) {}

    [[nodiscard]] int width() const { return 2 * kMargin + m_cols * kCell; }
    // The page down to the end of the board's bottom margin, where the note begins.
    [[nodiscard]] int board_bottom() const { return m_top + 2 * kMargin + m_rows * kCell; }
    [[nodiscard]] int left() const { return kMargin; }
    [[nodiscard]] int top() const { return m_top + kMargin; }
    [[nodiscard]] ScenePoint centre(Pos p) const {
        return {static_cast<double>(left() + p.col * kCell + kCell / 2),
                static_cast<double>(top() + p.row * kCell + kCell / 2)};
    }
    [[nodiscard]] int rows() const { return m_rows; }
    [[nodiscard]] int cols() const { return m_cols; }

private:
    int m_rows;
    int m_cols;
    int m_top;
};

void add_frame(std::vector<SceneItem>& out, const Layout& c) {
    const double right = c.left() + c.cols() * kCell;
    const double bottom = c.top() + c.rows() * kCell;
    out.push_back(rect("board", c.left(), c.top(), c.cols() * kCell, c.rows() * kCell, kBoardColour));
    SceneItem grid = group("grid");
    const Stroke thin{kBlack, 1, false};
    for (int row = 0; row <= c.rows(); ++row) {
        const double y = c.top() + row * kCell;
        grid.children.push_back(line("", {static_cast<double>(c.left()), y}, {right, y}, thin));
    }
    for (int col = 0; col <= c.cols(); ++col) {
        const double x = c.left() + col * kCell;
        grid.children.push_back(line("", {x, static_cast<double>(c.top())}, {x, bottom}, thin));
    }
    out.push_back(std::move(grid));
    // Numbered from 1 like `move ROW COL`: a student reads a cell off the sheet and types it as it stands.
    SceneItem numbers = group("coordinates");
    for (int col = 0; col < c.cols(); ++col)
        numbers.children.push_back(
            text("coordinate", {c.centre({0, col}).x, c.top() - 12.0}, std::to_string(col + 1), 14, kBlack));
    for (int row = 0; row < c.rows(); ++row)
        numbers.children.push_back(text("coordinate", {c.left() - 18.0, c.centre({row, 0}).y + 5},
                                        std::to_string(row + 1), 14, kBlack));
    out.push_back(std::move(numbers));
}

SceneItem mark(const Layout& c, Pos p, Player who, bool stones) {
    const ScenePoint m = c.centre(p);
    const std::string kind = who == Player::X ? "mark mark-x" : "mark mark-o";
    if (stones)
        return circle(kind, m, kStoneRadius, who == Player::X ? kBlack : kWhite, Stroke{kBlack, 1.5, false});
    if (who == Player::O) return circle(kind, m, 13, std::nullopt, Stroke{kOBlue, 4, false});
    SceneItem x = group(kind);
    const Stroke pen{kBlack, 4, true};
    x.children.push_back(line("", {m.x - 12, m.y - 12}, {m.x + 12, m.y + 12}, pen));
    x.children.push_back(line("", {m.x - 12, m.y + 12}, {m.x + 12, m.y - 12}, pen));
    return x;
}

// On a stone the number sits in its middle, in the other colour; beside a glyph it goes in the cell's
// lower right corner, where it does not cross the strokes.
SceneItem move_number(const Layout& c, Pos p, Player who, int n, bool stones) {
    std::string digits = std::to_string(n);
    const int size = !stones ? 10 : digits.size() <= 2 ? 14 : digits.size() == 3 ? 11 : 8;
    const ScenePoint m = c.centre(p);
    const ScenePoint at = stones ? ScenePoint{m.x, m.y + size * 7 / 20} : ScenePoint{m.x + 14, m.y + 17};
    return text("move-number", at, std::move(digits), size, stones && who == Player::X ? kWhite : kBlack);
}

// [SECTION] The note: shapes, glyph, judgement and comment

// The window's proportions (src/app/render/board_shapes.cpp), by the cell: a line 0.12 of a cell thick, a
// ring 0.42 of it across the middle, an arrow's head 0.45 long stopping 0.15 short of the cell's middle.
SceneItem shape_item(const Layout& c, const Shape& shape) {
    const Paint paint = shape_paint(shape.colour);
    const double thick = kCell * 0.12;
    const double r = kCell * 0.42;
    const Stroke pen{paint, thick, true};
    const ScenePoint m = c.centre(shape.at);
    switch (shape.kind) {
    case ShapeKind::Arrow: {
        SceneItem arrow = group("arrow");
        const ScenePoint to = c.centre(shape.to.value_or(shape.at));
        const double dx = to.x - m.x, dy = to.y - m.y;
        const double len = std::sqrt(dx * dx + dy * dy);
        if (len < 1) return arrow;
        const double ux = dx / len, uy = dy / len;
        const double head = std::min(len * 0.5, std::max(thick * 3, kCell * 0.45));
        const double half = std::max(thick * 1.6, head * 0.6);
        const ScenePoint tip{to.x - ux * kCell * 0.15, to.y - uy * kCell * 0.15};
        const ScenePoint base{tip.x - ux * head, tip.y - uy * head};
        arrow.children.push_back(line("arrow-shaft", m, base, Stroke{paint, thick, false}));
        arrow.children.push_back(
            polygon("arrow-head",
                    {tip, {base.x - uy * half, base.y + ux * half}, {base.x + uy * half, base.y - ux * half}},
                    paint, std::nullopt));
        return arrow;
    }
    case ShapeKind::Circle: return circle("circle", m, r, std::nullopt, pen);
    case ShapeKind::Square: {
        const double a = r * 0.85;
        return rect("square", m.x - a, m.y - a, 2 * a, 2 * a, std::nullopt, Stroke{paint, thick, false});
    }
    case ShapeKind::Triangle:
        return polygon("triangle",
                       {{m.x, m.y - r}, {m.x - r * 0.87, m.y + r * 0.5}, {m.x + r * 0.87, m.y + r * 0.5}},
                       std::nullopt, pen);
    case ShapeKind::Cross: {
        SceneItem cross = group("cross");
        const double a = r * 0.7;
        cross.children.push_back(line("", {m.x - a, m.y - a}, {m.x + a, m.y + a}, pen));
        cross.children.push_back(line("", {m.x - a, m.y + a}, {m.x + a, m.y - a}, pen));
        return cross;
    }
    case ShapeKind::Label: {
        // The text as large as the cell allows, on a dark disc so it reads over either mark.
        SceneItem label = group("label");
        std::string words = base::terminal_safe(shape.text);
        const double size = kCell * 0.55;
        // Bold letters and signs run wider than the average: the disc is sized for them.
        const double wide = static_cast<double>(characters(words)) * size * 0.7;
        label.children.push_back(circle("label-disc", m, std::max(r, wide * 0.6), kLabelDisc, std::nullopt));
        label.children.push_back(text("label-text", {m.x, m.y + size * 0.35}, std::move(words), size, paint,
                                      TextAnchor::Middle, true));
        return label;
    }
    }
    return group("");
}

// The glyph beside the move it judges, at the cell's upper right, on a white tab that keeps it readable
// over a stone, the grid or the next cell's mark.
SceneItem glyph_item(const Layout& c, Pos last, Glyph glyph) {
    SceneItem g = group("glyph");
    const std::string symbol = symbol_of(glyph);
    const double size = 16;
    const double wide = static_cast<double>(symbol.size()) * size * kAverageAdvance + 6;
    const ScenePoint m = c.centre(last);
    const double x = m.x + 10, y = m.y - kCell / 2.0 - 4;
    g.children.push_back(rect("glyph-tab", x, y, wide, size + 4, kWhite, Stroke{kBlack, 1, false}));
    g.children.push_back(
        text("glyph-text", {x + wide / 2, y + size - 1}, symbol, size, kBlack, TextAnchor::Middle, true));
    return g;
}

std::string judgement_words(Judgement j, bool stones) {
    const std::string x = stones ? "Black (X)" : "X";
    const std::string o = stones ? "White (O)" : "O";
    switch (j) {
    case Judgement::Even: return "The position is even.";
    case Judgement::Unclear: return "The position is unclear.";
    case Judgement::XBetter: return x + " is better.";
    case Judgement::OBetter: return o + " is better.";
    case Judgement::XWinning: return x + " is winning.";
    case Judgement::OWinning: return o + " is winning.";
    }
    return "";
}

// The comment in lines of at most `width` characters: its own line breaks kept, long lines broken at
// spaces, a word longer than a line broken where it must. Each line is made showable (no control
// character, valid UTF-8) first.
std::vector<std::string> wrapped(std::string_view comment, std::size_t width) {
    std::vector<std::string> out;
    width = std::max<std::size_t>(width, 8);
    std::size_t start = 0;
    while (start <= comment.size()) {
        const std::size_t end = std::min(comment.find('\n', start), comment.size());
        std::string_view paragraph = comment.substr(start, end - start);
        if (!paragraph.empty() && paragraph.back() == '\r') paragraph.remove_suffix(1);
        const std::string safe = base::terminal_safe(paragraph);
        std::string_view rest = safe;
        if (rest.empty()) out.emplace_back();
        while (!rest.empty()) {
            if (characters(rest) <= width) {
                out.emplace_back(rest);
                break;
            }
            const std::size_t fits =
                bytes_of_first(rest, width + 1);  // a space just past the line still counts
            std::size_t cut = rest.substr(0, fits).rfind(' ');
            std::size_t next = cut + 1;
            if (cut == std::string_view::npos || cut == 0) {
                cut = bytes_of_first(rest, width);
                next = cut;
            }
            std::string_view piece = rest.substr(0, cut);
            while (!piece.empty() && piece.back() == ' ') piece.remove_suffix(1);
            out.emplace_back(piece);
            rest.remove_prefix(next);
            while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
        }
        if (end == comment.size()) break;
        start = end + 1;
    }
    // Blank lines at the end say nothing on paper.
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

}  // namespace

// [SECTION] The scene

Scene diagram_scene(const Position& position, const DiagramOptions& options) {
    const Board& board = position.board();
    const Layout layout(board.rows(), board.cols(), !options.title.empty());
    const bool stones = drawn_as_stones(position.rules());
    const Annotation& note = options.note;
    const auto last = position.last_move();

    // The text under the board: the judgement, a glyph with no move to stand beside, the comment.
    std::vector<std::pair<std::string, std::string>> lines;  // class, words
    if (note.judgement) lines.emplace_back("judgement", judgement_words(*note.judgement, stones));
    if (note.glyph && !last) lines.emplace_back("glyph", symbol_of(*note.glyph));
    const auto text_width =
        static_cast<std::size_t>((layout.width() - 2 * 10) / (kNoteSize * kAverageAdvance));
    for (std::string& l : wrapped(note.comment, text_width)) lines.emplace_back("comment", std::move(l));

    Scene scene;
    scene.width = layout.width();
    // The note starts in the board's bottom margin, which has no numbers in it.
    scene.height = layout.board_bottom() +
                   (lines.empty() ? 0 : static_cast<int>(lines.size()) * static_cast<int>(kNoteLine) - 10);
    scene.title = base::terminal_safe(options.title);
    auto& out = scene.items;
    out.push_back(rect("page", 0, 0, scene.width, scene.height, kWhite));
    if (!scene.title.empty()) out.push_back(text("title", {scene.width / 2.0, 30}, scene.title, 20, kBlack));
    add_frame(out, layout);

    SceneItem marks = group("marks");
    for (int i = 0; i < board.size(); ++i)
        if (const auto who = player_of(board.at(i)))
            marks.children.push_back(mark(layout, board.pos(i), *who, stones));
    out.push_back(std::move(marks));

    // Under the numbers, so that a number on the line stays readable.
    const auto& won = position.outcome().winning_line;
    if (!won.empty())
        out.push_back(line("winning-line", layout.centre(won.front()), layout.centre(won.back()),
                           Stroke{Paint{kRed.rgb, 179}, 6, true}));

    if (options.numbers) {
        SceneItem numbers = group("move-numbers");
        const std::vector<Pos> moves = position.moves();
        for (std::size_t i = 0; i < moves.size(); ++i)
            if (const auto who = player_of(board.at(moves[i])))
                numbers.children.push_back(
                    move_number(layout, moves[i], *who, static_cast<int>(i) + 1, stones));
        out.push_back(std::move(numbers));
    }

    if (last)
        out.push_back(circle("last-move", layout.centre(*last), kStoneRadius + 3, std::nullopt,
                             Stroke{kRed, 3, false}));

    // The teacher's shapes over everything on the board, as the window draws them over its marks.
    if (!note.shapes.empty()) {
        SceneItem shapes = group("shapes");
        for (const Shape& shape : note.shapes) shapes.children.push_back(shape_item(layout, shape));
        out.push_back(std::move(shapes));
    }
    if (note.glyph && last) out.push_back(glyph_item(layout, *last, *note.glyph));

    if (!lines.empty()) {
        SceneItem notes = group("note");
        double y = layout.board_bottom() - kMargin + 30;
        for (auto& [cls, words] : lines) {
            notes.children.push_back(text(cls, {10, y}, std::move(words), kNoteSize, kBlack,
                                          TextAnchor::Start, cls == "judgement"));
            y += kNoteLine;
        }
        out.push_back(std::move(notes));
    }
    return scene;
}

}  // namespace ttt::exchange
