// SGF's node annotation properties to an Annotation and back (sgf_markup.hpp).
#include "sgf_markup.hpp"

#include "legacy_text.hpp"
#include "tictactrace/base/utf8.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <utility>

namespace ttt::exchange::detail {

namespace {

int letter_index(char c) noexcept {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
    return -1;
}

char index_letter(int i) noexcept {
    return static_cast<char>(i < 26 ? 'a' + i : 'A' + (i - 26));
}

// The glyphs and judgements as SGF writes them: a property and its value ("BM" "2" is ??). DO and IT take
// no value ([]), and DM and UC read the same whatever theirs (1 or 2, "emphasized").
struct GlyphProperty {
    Glyph glyph;
    std::string_view id;
    std::string_view value;
};
constexpr std::array<GlyphProperty, 6> kGlyphProperties = {{{Glyph::Good, "TE", "1"},
                                                            {Glyph::Brilliant, "TE", "2"},
                                                            {Glyph::Mistake, "BM", "1"},
                                                            {Glyph::Blunder, "BM", "2"},
                                                            {Glyph::Dubious, "DO", ""},
                                                            {Glyph::Interesting, "IT", ""}}};
struct JudgementProperty {
    Judgement judgement;
    std::string_view id;
    std::string_view value;
};
constexpr std::array<JudgementProperty, 6> kJudgementProperties = {{{Judgement::XBetter, "GB", "1"},
                                                                    {Judgement::XWinning, "GB", "2"},
                                                                    {Judgement::OBetter, "GW", "1"},
                                                                    {Judgement::OWinning, "GW", "2"},
                                                                    {Judgement::Even, "DM", "1"},
                                                                    {Judgement::Unclear, "UC", "1"}}};

// The shapes' properties, in the order they are written (and a node's shapes are sorted into).
constexpr std::array<std::pair<ShapeKind, std::string_view>, 6> kShapeProperties = {
    {{ShapeKind::Arrow, "AR"},
     {ShapeKind::Circle, "CR"},
     {ShapeKind::Square, "SQ"},
     {ShapeKind::Triangle, "TR"},
     {ShapeKind::Cross, "MA"},
     {ShapeKind::Label, "LB"}}};

// A Text value as the text it stands for, in UTF-8: a value that is not UTF-8 (GBK bytes under CA[UTF-8],
// as renju editors write them) is read as GBK where it is GBK, else as Windows-1252. Line breaks become
// '\n', a tab a space; other control characters, which nothing shows, are dropped; blank lines and
// spaces at the ends are trimmed.
std::string text_value(std::string_view raw, bool& recoded) {
    std::string text = sgf_unescape(raw);
    if (!base::is_valid_utf8(text)) {
        recoded = true;
        auto gbk = gbk_to_utf8(text);
        text = gbk ? std::move(*gbk) : windows1252_to_utf8(text);
    }
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r') {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else if (c == '\t') {
            out += ' ';
        } else if ((static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) || c == '\n') {
            out += c;
        }
    }
    const auto first = out.find_first_not_of(" \n");
    if (first == std::string::npos) return {};
    out.erase(out.find_last_not_of(" \n") + 1);
    out.erase(0, first);
    return out;
}

// A compose value's two halves, split at its first ':' that no '\' escapes.
std::optional<std::pair<std::string_view, std::string_view>> split_compose(std::string_view raw) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\') {
            ++i;
        } else if (raw[i] == ':') {
            return std::pair{raw.substr(0, i), raw.substr(i + 1)};
        }
    }
    return std::nullopt;
}

std::string shown(std::string_view raw) {
    std::string text = sgf_unescape(raw.substr(0, 16));
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    return text;
}

}  // namespace

std::optional<Pos> sgf_point(std::string_view text) noexcept {
    if (text.size() != 2 || letter_index(text[0]) < 0 || letter_index(text[1]) < 0) return std::nullopt;
    return Pos{letter_index(text[1]), letter_index(text[0])};
}

std::string sgf_point_text(Pos p) {
    return {index_letter(p.col), index_letter(p.row)};
}

bool is_sgf_annotation(std::string_view id, const std::vector<SgfValue>& values) {
    if (id == "TE") {
        const std::string v = values.empty() ? std::string() : sgf_unescape(values.front().raw);
        return values.size() == 1 && (v == "1" || v == "2");
    }
    static constexpr std::array<std::string_view, 17> kIds = {
        "C", "N", "BM", "DO", "IT", "GB", "GW", "DM", "UC", "LB", "TR", "SQ", "MA", "CR", "AR", "LN", "TE"};
    return std::find(kIds.begin(), kIds.end(), id) != kIds.end();
}

bool is_sgf_read_here(std::string_view id) noexcept {
    static constexpr std::array<std::string_view, 33> kRead = {
        "B", "W", "AB", "AW", "AE", "PL", "SZ", "GM", "FF", "CA", "AP", "PB", "PW", "RE", "TE", "DT", "RU",
        "C", "N", "BM", "DO", "IT", "GB", "GW", "DM", "UC", "LB", "TR", "SQ", "MA", "CR", "AR", "LN"};
    return std::find(kRead.begin(), kRead.end(), id) != kRead.end();
}

void keep_sgf_property(const SgfProperty& property, SgfNodeNote& into) {
    KeptProperty kept{std::string(property.id), {}};
    kept.values.reserve(property.values.size());
    // Written back under CA[UTF-8], as every text here is: a value in GBK or Windows-1252 is recoded as a
    // comment is (escapes are ASCII and survive it).
    for (const SgfValue& value : property.values) {
        std::string raw(value.raw);
        if (!base::is_valid_utf8(raw)) {
            into.recoded = true;
            auto gbk = gbk_to_utf8(raw);
            raw = gbk ? std::move(*gbk) : windows1252_to_utf8(raw);
        }
        kept.values.push_back(std::move(raw));
    }
    Annotation probe;
    probe.kept = into.note.kept;
    probe.kept.push_back(kept);
    if (auto fits = check_annotation(probe, 1, 1); !fits) {
        if (into.kept_left_out++ == 0) {
            into.first_not_kept = property.where;
            into.why_not_kept = fits.error();
        }
        return;
    }
    if (!into.where.known()) into.where = property.where;
    into.note.kept.push_back(std::move(kept));
}

Result<void, ExchangeError> read_sgf_annotation(std::string_view id, const std::vector<SgfValue>& values,
                                                SourceSpot where, int game, SgfNodeNote& into) {
    const auto refuse = [&](SourceSpot spot, std::string message) {
        return fail(ExchangeError{ExchangeErrorKind::Malformed, std::move(message), spot, game});
    };
    if (!into.where.known()) into.where = where;
    Annotation& note = into.note;
    if (id == "C" || id == "N") {
        std::string text = text_value(values.front().raw, into.recoded);
        std::string& to = id == "C" ? note.comment : into.name;
        if (!to.empty() && !text.empty()) to += "\n";
        to += text;
        return {};
    }
    for (const GlyphProperty& g : kGlyphProperties)
        if (id == g.id) {
            const std::string v = sgf_unescape(values.front().raw);
            // BM and TE say how much by 1 or 2; DO and IT say nothing and read the same whatever they say.
            if (g.value.empty() || v == g.value || (id == "BM" && v.empty() && g.value == "1")) {
                if (!note.glyph) note.glyph = g.glyph;
                return {};
            }
        }
    if (id == "BM") return refuse(where, "BM[" + shown(values.front().raw) + "] is not BM[1] or BM[2]");
    for (const JudgementProperty& j : kJudgementProperties)
        if (id == j.id) {
            const std::string v = sgf_unescape(values.front().raw);
            const bool strong = v == "2";
            if (!strong && v != "1" && !v.empty())
                return refuse(where, std::string(id) + "[" + shown(values.front().raw) + "] is not " +
                                         std::string(id) + "[1] or " + std::string(id) + "[2]");
            if (!note.judgement) {
                if (id == "GB")
                    note.judgement = strong ? Judgement::XWinning : Judgement::XBetter;
                else if (id == "GW")
                    note.judgement = strong ? Judgement::OWinning : Judgement::OBetter;
                else
                    note.judgement = j.judgement;
            }
            return {};
        }
    const auto add = [&](Shape shape, SourceSpot spot) -> Result<void, ExchangeError> {
        if (std::find(note.shapes.begin(), note.shapes.end(), shape) != note.shapes.end()) return {};
        if (note.shapes.size() >= kMaxShapes) {
            if (into.marks_left_out++ == 0) into.first_left_out = spot;
            return {};
        }
        note.shapes.push_back(std::move(shape));
        return {};
    };
    if (id == "AR" || id == "LN") {
        // LN, a line without a head, is drawn as the arrow from its first point to its second: the
        // nearest shape a step has. It is written back as AR.
        for (const SgfValue& value : values) {
            const auto halves = split_compose(value.raw);
            const auto from = halves ? sgf_point(sgf_unescape(halves->first)) : std::nullopt;
            const auto to = halves ? sgf_point(sgf_unescape(halves->second)) : std::nullopt;
            if (!from || !to)
                return refuse(value.where,
                              std::string(id) + "[" + shown(value.raw) + "] is not two points joined by ':'");
            if (auto added = add(Shape{ShapeKind::Arrow, *from, *to, ShapeColour::Green, {}}, value.where);
                !added)
                return added;
        }
        return {};
    }
    if (id == "LB") {
        for (const SgfValue& value : values) {
            const auto halves = split_compose(value.raw);
            const auto at = halves ? sgf_point(sgf_unescape(halves->first)) : std::nullopt;
            if (!at)
                return refuse(value.where, "LB[" + shown(value.raw) + "] is not a point, ':' and a text");
            bool ignored = false;
            std::string text = text_value(halves->second, ignored);
            into.recoded = into.recoded || ignored;
            for (char& c : text)
                if (c == '\n') c = ' ';
            // A label is a few letters on a cell: a longer one (renju editors put whole words there) is
            // cut, between characters, to what a cell shows.
            if (text.size() > kMaxLabelBytes) {
                std::size_t keep = 0;
                for (std::size_t i = 0; i < text.size();) {
                    const std::size_t length = std::max<std::size_t>(base::decode_utf8(text, i).length, 1);
                    if (i + length > kMaxLabelBytes) break;
                    i += length;
                    keep = i;
                }
                text.resize(keep);
                if (into.labels_cut++ == 0) into.first_cut = value.where;
            }
            if (auto added =
                    add(Shape{ShapeKind::Label, *at, std::nullopt, ShapeColour::Green, std::move(text)},
                        value.where);
                !added)
                return added;
        }
        return {};
    }
    for (const auto& [kind, shape_id] : kShapeProperties) {
        if (id != shape_id) continue;
        for (const SgfValue& value : values) {
            // A point, or FF[4]'s rectangle of points "ab:cd".
            const std::string v = sgf_unescape(value.raw);
            const auto colon = v.find(':');
            const auto from = sgf_point(std::string_view(v).substr(0, colon));
            const auto to =
                colon == std::string::npos ? from : sgf_point(std::string_view(v).substr(colon + 1));
            if (!from || !to)
                return refuse(value.where, std::string(id) + "[" + shown(value.raw) +
                                               "] is not a point or a rectangle of points");
            // A rectangle is counted, not walked, past what a node keeps.
            const std::int64_t cells =
                (std::int64_t{std::abs(from->row - to->row)} + 1) * (std::abs(from->col - to->col) + 1);
            if (note.shapes.size() >= kMaxShapes) {
                if (into.marks_left_out == 0) into.first_left_out = value.where;
                into.marks_left_out += static_cast<int>(std::min<std::int64_t>(cells, 1 << 24));
                continue;
            }
            for (int r = std::min(from->row, to->row); r <= std::max(from->row, to->row); ++r)
                for (int c = std::min(from->col, to->col); c <= std::max(from->col, to->col); ++c)
                    if (auto added =
                            add(Shape{kind, Pos{r, c}, std::nullopt, ShapeColour::Green, {}}, value.where);
                        !added)
                        return added;
        }
        return {};
    }
    return {};
}

Annotation finished_sgf_note(SgfNodeNote node) {
    Annotation note = std::move(node.note);
    if (!node.name.empty()) note.comment = note.comment.empty() ? node.name : node.name + "\n" + note.comment;
    const auto rank = [](ShapeKind kind) {
        for (std::size_t i = 0; i < kShapeProperties.size(); ++i)
            if (kShapeProperties[i].first == kind) return i;
        return kShapeProperties.size();
    };
    std::stable_sort(note.shapes.begin(), note.shapes.end(),
                     [&](const Shape& a, const Shape& b) { return rank(a.kind) < rank(b.kind); });
    return note;
}

void merge_annotation(Annotation& into, const Annotation& more) {
    if (!more.comment.empty()) into.comment += (into.comment.empty() ? "" : "\n\n") + more.comment;
    if (!into.glyph) into.glyph = more.glyph;
    if (!into.judgement) into.judgement = more.judgement;
    for (const Shape& shape : more.shapes)
        if (std::find(into.shapes.begin(), into.shapes.end(), shape) == into.shapes.end())
            into.shapes.push_back(shape);
    for (const KeptProperty& kept : more.kept) {
        if (std::any_of(into.kept.begin(), into.kept.end(),
                        [&](const KeptProperty& k) { return k.id == kept.id; }))
            continue;
        Annotation probe;
        probe.kept = into.kept;
        probe.kept.push_back(kept);
        if (check_annotation(probe, 1, 1)) into.kept.push_back(kept);
    }
}

std::string write_sgf_annotation(const Annotation& note, std::initializer_list<std::string_view> written) {
    std::string out;
    if (!note.comment.empty()) out += "C[" + sgf_escape(note.comment) + "]";
    if (note.glyph)
        for (const GlyphProperty& g : kGlyphProperties)
            if (g.glyph == *note.glyph) out += std::string(g.id) + "[" + std::string(g.value) + "]";
    if (note.judgement)
        for (const JudgementProperty& j : kJudgementProperties)
            if (j.judgement == *note.judgement) out += std::string(j.id) + "[" + std::string(j.value) + "]";
    for (const auto& [kind, id] : kShapeProperties) {
        bool named = false;
        for (const Shape& shape : note.shapes) {
            if (shape.kind != kind) continue;
            if (!named) out += id;
            named = true;
            out += '[';
            out += sgf_point_text(shape.at);
            if (kind == ShapeKind::Arrow && shape.to) {
                out += ':';
                out += sgf_point_text(*shape.to);
            }
            if (kind == ShapeKind::Label) {
                // A label's text is the second half of a compose value: its ':' must be escaped too.
                std::string text;
                for (const char c : sgf_escape(shape.text)) {
                    if (c == ':') text += '\\';
                    text += c;
                }
                out += ':';
                out += text;
            }
            out += ']';
        }
    }
    for (const KeptProperty& kept : note.kept) {
        const std::string id = sgf_canonical_id(kept.id);
        if (id.empty() || kept.values.empty() || is_sgf_read_here(id) ||
            std::find(written.begin(), written.end(), id) != written.end())
            continue;
        out += kept.id;
        for (const std::string& value : kept.values) {
            out += '[';
            sgf_append_raw(out, value);
            out += ']';
        }
    }
    return out;
}

}  // namespace ttt::exchange::detail
