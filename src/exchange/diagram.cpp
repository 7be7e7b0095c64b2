// A position drawn as SVG. Every length is a whole number of user units, so the text is the same on every
// machine (no floating-point formatting), and the viewBox lets a printer scale it without losing detail.
#include "tictactrace/exchange/diagram.hpp"

#include "tictactrace/base/terminal_text.hpp"

#include <string_view>

namespace ttt::exchange {

namespace {

// One cell is 40 units and a unit is a quarter millimetre: a 15x15 board with its margins is 170 mm wide,
// which fits an A4 page with room to write beside it.
constexpr int kCell = 40;
constexpr int kMargin = 40;  // room for the numbers along the edges
constexpr int kTitleHeight = 40;
constexpr int kUnitsPerMm = 4;
constexpr int kStoneRadius = 17;

// Names and titles are anyone's text: made showable first (valid UTF-8, no control character, as a terminal
// shows it: invalid bytes would make the whole file unreadable as XML), then escaped so they can never end
// an element or start one.
std::string xml_escaped(std::string_view raw) {
    const std::string text = base::terminal_safe(raw);
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += c;
        }
    }
    return out;
}

// Five in a row is played with stones on the points of a go board; the small games are written X and O.
bool drawn_as_stones(const Rules& rules) {
    return rules.kind == RuleKind::Gomoku || rules.kind == RuleKind::Renju || rules.kind == RuleKind::Caro ||
           (rules.has_k_in_a_row() && rules.k >= 5);
}

class Canvas {
public:
    Canvas(int rows, int cols, bool titled) : m_rows(rows), m_cols(cols), m_top(titled ? kTitleHeight : 0) {}

    [[nodiscard]] int width() const { return 2 * kMargin + m_cols * kCell; }
    [[nodiscard]] int height() const { return m_top + 2 * kMargin + m_rows * kCell; }
    [[nodiscard]] int left() const { return kMargin; }
    [[nodiscard]] int top() const { return m_top + kMargin; }
    [[nodiscard]] int cx(int col) const { return left() + col * kCell + kCell / 2; }
    [[nodiscard]] int cy(int row) const { return top() + row * kCell + kCell / 2; }
    [[nodiscard]] int rows() const { return m_rows; }
    [[nodiscard]] int cols() const { return m_cols; }

private:
    int m_rows;
    int m_cols;
    int m_top;
};

std::string number(int n) {
    return std::to_string(n);
}

void draw_frame(std::string& out, const Canvas& c) {
    const int right = c.left() + c.cols() * kCell;
    const int bottom = c.top() + c.rows() * kCell;
    out += "<rect class=\"board\" x=\"" + number(c.left()) + "\" y=\"" + number(c.top()) + "\" width=\"" +
           number(c.cols() * kCell) + "\" height=\"" + number(c.rows() * kCell) + "\" fill=\"#f2d8a0\"/>\n";
    out += "<g class=\"grid\" stroke=\"#000000\" stroke-width=\"1\">\n";
    for (int row = 0; row <= c.rows(); ++row) {
        const std::string y = number(c.top() + row * kCell);
        out += "<line x1=\"" + number(c.left()) + "\" y1=\"" + y + "\" x2=\"" + number(right) + "\" y2=\"" +
               y + "\"/>\n";
    }
    for (int col = 0; col <= c.cols(); ++col) {
        const std::string x = number(c.left() + col * kCell);
        out += "<line x1=\"" + x + "\" y1=\"" + number(c.top()) + "\" x2=\"" + x + "\" y2=\"" +
               number(bottom) + "\"/>\n";
    }
    out += "</g>\n";
    // Numbered from 1 like `move ROW COL`: a student reads a cell off the sheet and types it as it stands.
    out += "<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\" "
           "fill=\"#000000\">\n";
    for (int col = 0; col < c.cols(); ++col)
        out += "<text class=\"coordinate\" x=\"" + number(c.cx(col)) + "\" y=\"" + number(c.top() - 12) +
               "\">" + number(col + 1) + "</text>\n";
    for (int row = 0; row < c.rows(); ++row)
        out += "<text class=\"coordinate\" x=\"" + number(c.left() - 18) + "\" y=\"" + number(c.cy(row) + 5) +
               "\">" + number(row + 1) + "</text>\n";
    out += "</g>\n";
}

void draw_mark(std::string& out, const Canvas& c, Pos p, Player who, bool stones) {
    const std::string x = number(c.cx(p.col));
    const std::string y = number(c.cy(p.row));
    const std::string kind = who == Player::X ? "mark mark-x" : "mark mark-o";
    if (stones) {
        const char* fill = who == Player::X ? "#000000" : "#ffffff";
        out += "<circle class=\"" + kind + "\" cx=\"" + x + "\" cy=\"" + y + "\" r=\"" +
               number(kStoneRadius) + "\" fill=\"" + fill + "\" stroke=\"#000000\" stroke-width=\"1.5\"/>\n";
        return;
    }
    if (who == Player::O) {
        out += "<circle class=\"" + kind + "\" cx=\"" + x + "\" cy=\"" + y +
               "\" r=\"13\" fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"4\"/>\n";
        return;
    }
    const int l = c.cx(p.col) - 12, r = c.cx(p.col) + 12, t = c.cy(p.row) - 12, b = c.cy(p.row) + 12;
    out += "<g class=\"" + kind + "\" stroke=\"#000000\" stroke-width=\"4\" stroke-linecap=\"round\">";
    out += "<line x1=\"" + number(l) + "\" y1=\"" + number(t) + "\" x2=\"" + number(r) + "\" y2=\"" +
           number(b) + "\"/>";
    out += "<line x1=\"" + number(l) + "\" y1=\"" + number(b) + "\" x2=\"" + number(r) + "\" y2=\"" +
           number(t) + "\"/></g>\n";
}

// On a stone the number sits in its middle, in the other colour; beside a glyph it goes in the cell's
// lower right corner, where it does not cross the strokes.
void draw_move_number(std::string& out, const Canvas& c, Pos p, Player who, int n, bool stones) {
    const std::string text = number(n);
    const int size = !stones ? 10 : text.size() <= 2 ? 14 : text.size() == 3 ? 11 : 8;
    const int x = stones ? c.cx(p.col) : c.cx(p.col) + 14;
    const int y = stones ? c.cy(p.row) + size * 7 / 20 : c.cy(p.row) + 17;
    const char* fill = stones && who == Player::X ? "#ffffff" : "#000000";
    out += "<text class=\"move-number\" x=\"" + number(x) + "\" y=\"" + number(y) + "\" font-size=\"" +
           number(size) + "\" fill=\"" + fill + "\">" + text + "</text>\n";
}

}  // namespace

std::string diagram_svg(const Position& position, const DiagramOptions& options) {
    const Board& board = position.board();
    const Canvas canvas(board.rows(), board.cols(), !options.title.empty());
    const bool stones = drawn_as_stones(position.rules());

    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
           number(canvas.width() / kUnitsPerMm) + "mm\" height=\"" + number(canvas.height() / kUnitsPerMm) +
           "mm\" viewBox=\"0 0 " + number(canvas.width()) + " " + number(canvas.height()) + "\">\n";
    const std::string title = xml_escaped(options.title);
    if (!title.empty()) out += "<title>" + title + "</title>\n";
    out += "<rect class=\"page\" width=\"" + number(canvas.width()) + "\" height=\"" +
           number(canvas.height()) + "\" fill=\"#ffffff\"/>\n";
    if (!title.empty()) {
        out += "<text class=\"title\" x=\"" + number(canvas.width() / 2) +
               "\" y=\"30\" font-family=\"sans-serif\" font-size=\"20\" text-anchor=\"middle\">" + title +
               "</text>\n";
    }
    draw_frame(out, canvas);

    out += "<g class=\"marks\">\n";
    for (int i = 0; i < board.size(); ++i) {
        const auto who = player_of(board.at(i));
        if (who) draw_mark(out, canvas, board.pos(i), *who, stones);
    }
    out += "</g>\n";

    // Under the numbers, so that a number on the line stays readable.
    const auto& line = position.outcome().winning_line;
    if (!line.empty())
        out += "<line class=\"winning-line\" x1=\"" + number(canvas.cx(line.front().col)) + "\" y1=\"" +
               number(canvas.cy(line.front().row)) + "\" x2=\"" + number(canvas.cx(line.back().col)) +
               "\" y2=\"" + number(canvas.cy(line.back().row)) +
               "\" stroke=\"#d01010\" stroke-width=\"6\" stroke-linecap=\"round\" stroke-opacity=\"0.7\"/>\n";

    if (options.numbers) {
        out += "<g class=\"move-numbers\" font-family=\"sans-serif\" text-anchor=\"middle\">\n";
        const std::vector<Pos> moves = position.moves();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const auto who = player_of(board.at(moves[i]));
            if (who) draw_move_number(out, canvas, moves[i], *who, static_cast<int>(i) + 1, stones);
        }
        out += "</g>\n";
    }

    if (const auto last = position.last_move())
        out += "<circle class=\"last-move\" cx=\"" + number(canvas.cx(last->col)) + "\" cy=\"" +
               number(canvas.cy(last->row)) + "\" r=\"" + number(kStoneRadius + 3) +
               "\" fill=\"none\" stroke=\"#d01010\" stroke-width=\"3\"/>\n";

    out += "</svg>\n";
    return out;
}

}  // namespace ttt::exchange
