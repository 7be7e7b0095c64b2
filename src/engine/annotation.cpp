// The words of glyphs, judgements and shapes, and the one check of what may be written on a step.
#include "tictactrace/engine/annotation.hpp"

#include "tictactrace/engine/player_name.hpp"

#include "tictactrace/base/utf8.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace ttt {

namespace {

constexpr std::array<std::pair<Glyph, const char*>, 6> kGlyphs = {{{Glyph::Good, "!"},
                                                                   {Glyph::Mistake, "?"},
                                                                   {Glyph::Brilliant, "!!"},
                                                                   {Glyph::Blunder, "??"},
                                                                   {Glyph::Interesting, "!?"},
                                                                   {Glyph::Dubious, "?!"}}};
constexpr std::array<std::pair<Judgement, const char*>, 6> kJudgements = {
    {{Judgement::Even, "even"},
     {Judgement::Unclear, "unclear"},
     {Judgement::XBetter, "x-better"},
     {Judgement::OBetter, "o-better"},
     {Judgement::XWinning, "x-winning"},
     {Judgement::OWinning, "o-winning"}}};

bool on_board(Pos p, int rows, int cols) noexcept {
    return p.row >= 0 && p.col >= 0 && p.row < rows && p.col < cols;
}

// What another program's file keeps on a step: checked as untrusted text, since any file can put it there.
Result<void, std::string> check_kept(const std::vector<KeptProperty>& kept) {
    if (kept.size() > kMaxKept)
        return fail("a step keeps at most " + std::to_string(kMaxKept) +
                    " properties of another program, not " + std::to_string(kept.size()));
    std::size_t bytes = 0;
    for (const KeptProperty& p : kept) {
        const bool letters =
            !p.id.empty() && p.id.size() <= kMaxKeptIdBytes &&
            std::all_of(p.id.begin(), p.id.end(), [](char c) {
                return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            });
        if (!letters)
            return fail("a kept property's name must be 1 to " + std::to_string(kMaxKeptIdBytes) +
                        " letters and digits");
        if (p.values.empty()) return fail("the kept property " + p.id + " has no value");
        bytes += p.id.size();
        for (const std::string& v : p.values) {
            bytes += v.size();
            if (!base::is_valid_utf8(v))
                return fail("a value of the kept property " + p.id + " is not UTF-8");
            const auto control = std::find_if(v.begin(), v.end(), [](char c) {
                const auto u = static_cast<unsigned char>(c);
                return (u < 0x20 && c != '\n' && c != '\r' && c != '\t') || u == 0x7f;
            });
            if (control != v.end())
                return fail("a value of the kept property " + p.id + " holds a control character");
        }
    }
    if (bytes > kMaxKeptBytes)
        return fail("a step keeps at most " + std::to_string(kMaxKeptBytes) +
                    " bytes of another program's properties, not " + std::to_string(bytes));
    return {};
}

}  // namespace

const char* symbol_of(Glyph g) noexcept {
    for (const auto& [glyph, symbol] : kGlyphs)
        if (glyph == g) return symbol;
    return "?";
}

std::optional<Glyph> glyph_from_symbol(std::string_view text) noexcept {
    for (const auto& [glyph, symbol] : kGlyphs)
        if (text == symbol) return glyph;
    return std::nullopt;
}

const char* name_of(Judgement j) noexcept {
    for (const auto& [judgement, name] : kJudgements)
        if (judgement == j) return name;
    return "even";
}

std::optional<Judgement> judgement_from_name(std::string_view text) noexcept {
    for (const auto& [judgement, name] : kJudgements)
        if (text == name) return judgement;
    return std::nullopt;
}

const char* name_of(ShapeKind k) noexcept {
    switch (k) {
    case ShapeKind::Arrow: return "arrow";
    case ShapeKind::Circle: return "circle";
    case ShapeKind::Square: return "square";
    case ShapeKind::Triangle: return "triangle";
    case ShapeKind::Cross: return "cross";
    case ShapeKind::Label: return "label";
    }
    return "shape";
}

const char* name_of(ShapeColour c) noexcept {
    switch (c) {
    case ShapeColour::Green: return "green";
    case ShapeColour::Red: return "red";
    case ShapeColour::Blue: return "blue";
    case ShapeColour::Yellow: return "yellow";
    }
    return "green";
}

std::optional<ShapeKind> shape_kind_from_name(std::string_view text) noexcept {
    for (const ShapeKind k : {ShapeKind::Arrow, ShapeKind::Circle, ShapeKind::Square, ShapeKind::Triangle,
                              ShapeKind::Cross, ShapeKind::Label})
        if (text == name_of(k)) return k;
    return std::nullopt;
}

std::optional<ShapeColour> shape_colour_from_name(std::string_view text) noexcept {
    for (const ShapeColour c : {ShapeColour::Green, ShapeColour::Red, ShapeColour::Blue, ShapeColour::Yellow})
        if (text == name_of(c)) return c;
    return std::nullopt;
}

Result<void, std::string> check_annotation(const Annotation& a, int rows, int cols) {
    if (auto text = check_shown_text(a.comment, "the comment", kMaxCommentBytes, true); !text) return text;
    if (a.shapes.size() > kMaxShapes)
        return fail("a step holds at most " + std::to_string(kMaxShapes) + " shapes, not " +
                    std::to_string(a.shapes.size()));
    const std::string board = std::to_string(rows) + "x" + std::to_string(cols) + " board";
    for (std::size_t i = 0; i < a.shapes.size(); ++i) {
        const Shape& s = a.shapes[i];
        const std::string what = std::string("the ") + name_of(s.kind) + " at " + cell_label(s.at);
        if (!on_board(s.at, rows, cols)) return fail(what + " is off the " + board);
        if (s.kind == ShapeKind::Arrow) {
            if (!s.to) return fail(what + " points nowhere: an arrow goes from a cell to another");
            if (!on_board(*s.to, rows, cols))
                return fail(what + " points to " + cell_label(*s.to) + ", off the " + board);
            if (*s.to == s.at) return fail(what + " points to its own cell: an arrow goes to another");
        } else if (s.to) {
            return fail(what + " has a second cell, which only an arrow has");
        }
        if (s.kind == ShapeKind::Label) {
            if (s.text.empty()) return fail(what + " has no text");
            if (auto text = check_shown_text(s.text, what, kMaxLabelBytes, false); !text) return text;
        } else if (!s.text.empty()) {
            return fail(what + " has a text, which only a label has");
        }
        if (std::find(a.shapes.begin(), a.shapes.begin() + static_cast<std::ptrdiff_t>(i), s) !=
            a.shapes.begin() + static_cast<std::ptrdiff_t>(i))
            return fail(what + " is drawn twice");
    }
    return check_kept(a.kept);
}

}  // namespace ttt
