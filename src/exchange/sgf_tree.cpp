// The one SGF parser: a flat loop over the text with its own stack of open variations (variations nest,
// so a recursive parser could be driven off the C++ stack by a hostile file), and its writer, as flat.
#include "sgf_tree.hpp"

#include "tictactrace/exchange/limits.hpp"

#include <algorithm>
#include <limits>
#include <utility>

// [SECTION] Index
// - Cursor: the text with its line and column.
// - parse_sgf_tree: the parsing loop.
// - write_sgf_tree, escapes, comparison.

namespace ttt::exchange {

namespace {

// [SECTION] Cursor

class Cursor {
public:
    explicit Cursor(std::string_view text) : m_text(text) {}

    [[nodiscard]] bool eof() const noexcept { return m_i >= m_text.size(); }
    [[nodiscard]] char peek() const noexcept { return m_text[m_i]; }
    [[nodiscard]] SourceSpot spot() const noexcept { return {m_line, m_col, static_cast<std::int64_t>(m_i)}; }
    [[nodiscard]] std::size_t offset() const noexcept { return m_i; }
    [[nodiscard]] std::string_view slice(std::size_t from, std::size_t to) const noexcept {
        return m_text.substr(from, to - from);
    }

    void advance() noexcept {
        if (m_text[m_i] == '\n') {
            ++m_line;
            m_col = 1;
        } else {
            ++m_col;
        }
        ++m_i;
    }

    void skip_space() noexcept {
        while (!eof() && sgf_is_space(peek())) advance();
    }

private:
    std::string_view m_text;
    std::size_t m_i = 0;
    int m_line = 1;
    int m_col = 1;
};

bool is_ident_char(char c) noexcept {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// One open '(': the node its first node hangs from, and the last node of its sequence so far.
struct Frame {
    std::uint32_t parent = kNone;  // kNone for a game tree
    std::uint32_t last = kNone;    // kNone until a ';' (properties may follow one)
    bool has_child = false;        // a variation has opened inside it (no more nodes may follow)
};

// Finds the value's end: the first ']' not escaped by a backslash.
Result<SgfValue, ExchangeError> read_value(Cursor& cursor, int game) {
    SgfValue value;
    value.where = cursor.spot();
    cursor.advance();  // '['
    const std::size_t start = cursor.offset();
    while (!cursor.eof()) {
        const char c = cursor.peek();
        if (c == ']') {
            value.raw = cursor.slice(start, cursor.offset());
            cursor.advance();
            return value;
        }
        cursor.advance();
        if (c == '\\' && !cursor.eof()) cursor.advance();
    }
    return fail(
        ExchangeError{ExchangeErrorKind::Truncated,
                      "truncated file: it ends inside the property value opened at " + describe(value.where),
                      cursor.spot(), game});
}

}  // namespace

// [SECTION] parse_sgf_tree

Result<SgfCollection, ExchangeError> parse_sgf_tree(std::string_view text) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    Cursor cursor(text);
    if (text.starts_with(kBom))
        for (std::size_t i = 0; i < kBom.size(); ++i) cursor.advance();
    SgfCollection tree;
    std::vector<Frame> open;
    int games = 0;  // game trees closed so far: the open one's index
    std::int64_t value_count = 0;
    const auto error = [&](ExchangeErrorKind kind, std::string message) {
        return ExchangeError{kind, std::move(message), cursor.spot(), open.empty() ? -1 : games};
    };

    while (true) {
        cursor.skip_space();
        if (cursor.eof()) break;
        const char c = cursor.peek();
        if (open.empty()) {
            if (c != '(')
                return fail(error(ExchangeErrorKind::Malformed,
                                  std::string("expected '(' to start a game, found '") + c + "'"));
            tree.root_where.push_back(cursor.spot());
            open.push_back(Frame{});
            cursor.advance();
            continue;
        }
        if (c == '(') {
            Frame& parent = open.back();
            if (parent.last == kNone)
                return fail(error(ExchangeErrorKind::Malformed, "a variation must follow a node"));
            if (std::cmp_greater_equal(open.size(), kMaxSgfDepth))
                return fail(error(ExchangeErrorKind::Unsupported,
                                  "variations nest deeper than " + std::to_string(kMaxSgfDepth) +
                                      " levels, more than any game here can hold"));
            parent.has_child = true;
            open.push_back(Frame{parent.last, kNone, false});
            cursor.advance();
        } else if (c == ')') {
            if (open.back().last == kNone)
                return fail(error(ExchangeErrorKind::Malformed, "a game or variation without a node"));
            open.pop_back();
            cursor.advance();
            if (open.empty()) ++games;
        } else if (c == ';') {
            Frame& frame = open.back();
            if (frame.has_child)
                return fail(error(ExchangeErrorKind::Malformed,
                                  "a node cannot follow the variations of its sequence"));
            if (std::cmp_greater_equal(tree.nodes.size(), kMaxSgfNodes))
                return fail(error(ExchangeErrorKind::Unsupported,
                                  "the file holds more than " + std::to_string(kMaxSgfNodes) +
                                      " nodes, more than an import can hold"));
            const auto index = static_cast<std::uint32_t>(tree.nodes.size());
            tree.nodes.push_back(SgfNode{{}, {}, cursor.spot()});
            const std::uint32_t parent = frame.last != kNone ? frame.last : frame.parent;
            if (parent == kNone)
                tree.roots.push_back(index);
            else
                tree.nodes[parent].children.push_back(index);
            frame.last = index;
            cursor.advance();
        } else if (is_ident_char(c)) {
            const Frame& frame = open.back();
            if (frame.last == kNone)
                return fail(error(ExchangeErrorKind::Malformed, "a property outside a node"));
            if (frame.has_child)
                return fail(error(ExchangeErrorKind::Malformed,
                                  "a property cannot follow the variations of its sequence"));
            SgfProperty property;
            property.where = cursor.spot();
            const std::size_t start = cursor.offset();
            while (!cursor.eof() && is_ident_char(cursor.peek())) cursor.advance();
            property.id = cursor.slice(start, cursor.offset());
            // A message names at most the identifier's first 32 letters.
            const std::string named(property.id.substr(0, 32));
            cursor.skip_space();
            if (cursor.eof() || cursor.peek() != '[') {
                if (cursor.eof())
                    return fail(error(ExchangeErrorKind::Truncated,
                                      "truncated file: property " + named + " has no value"));
                return fail(error(ExchangeErrorKind::Malformed, "property " + named + " has no value"));
            }
            while (!cursor.eof() && cursor.peek() == '[') {
                if (++value_count > kMaxSgfValues)
                    return fail(error(ExchangeErrorKind::Unsupported,
                                      "the file holds more than " + std::to_string(kMaxSgfValues) +
                                          " property values, more than an import can hold"));
                auto value = read_value(cursor, games);
                if (!value) return fail(std::move(value).error());
                property.values.push_back(std::move(value).value());
                cursor.skip_space();
            }
            tree.nodes[frame.last].properties.push_back(std::move(property));
        } else {
            return fail(error(ExchangeErrorKind::Malformed, std::string("unexpected character '") + c + "'"));
        }
    }
    if (!open.empty())
        return fail(error(ExchangeErrorKind::Truncated, "truncated file: it ends before game " +
                                                            std::to_string(games + 1) +
                                                            " is closed with ')'"));
    if (tree.roots.empty())
        return fail(ExchangeError{ExchangeErrorKind::Malformed, "the file holds no game", cursor.spot(), -1});
    return tree;
}

// [SECTION] Writing

void sgf_append_raw(std::string& out, std::string_view raw) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\\') {
            out.push_back('\\');
            out.push_back(i + 1 < raw.size() ? raw[++i] : '\\');
        } else {
            if (c == ']') out.push_back('\\');
            out.push_back(c);
        }
    }
}

namespace {

void append_node(std::string& out, const SgfNode& node) {
    out.push_back(';');
    for (const SgfProperty& property : node.properties) {
        out += property.id;
        for (const SgfValue& value : property.values) {
            out.push_back('[');
            sgf_append_raw(out, value.raw);
            out.push_back(']');
        }
    }
}

}  // namespace

std::string write_sgf_tree(const SgfCollection& collection) {
    std::string out;
    // The nodes whose variations are being written, each with its next child: every one closes a '('.
    std::vector<std::pair<std::uint32_t, std::size_t>> open;
    // Writes the sequence from `node` down its only children; a node with several leaves its variations
    // open, a leaf closes the sequence.
    const auto sequence = [&](std::uint32_t node) {
        out.push_back('(');
        while (true) {
            const SgfNode& n = collection.nodes[node];
            append_node(out, n);
            if (n.children.size() == 1) {
                out.push_back('\n');
                node = n.children.front();
                continue;
            }
            if (n.children.empty())
                out.push_back(')');
            else
                open.emplace_back(node, 0);
            return;
        }
    };
    for (const std::uint32_t root : collection.roots) {
        sequence(root);
        while (!open.empty()) {
            auto& [node, next] = open.back();
            const std::vector<std::uint32_t>& children = collection.nodes[node].children;
            if (next == children.size()) {
                open.pop_back();
                out.push_back(')');
                continue;
            }
            out.push_back('\n');
            sequence(children[next++]);
        }
        out.push_back('\n');
    }
    return out;
}

std::string sgf_canonical_id(std::string_view id) {
    std::string out;
    for (char c : id)
        if (!(c >= 'a' && c <= 'z')) out.push_back(c);
    return out;
}

std::string sgf_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == ']' || c == '\\') out.push_back('\\');
        out.push_back(c);
    }
    return out;
}

// A backslash escapes the character after it; before a line break it is a soft break, and both vanish
// (a CRLF included).
std::string sgf_unescape(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\') {
            out.push_back(raw[i]);
            continue;
        }
        if (++i == raw.size()) break;
        const char escaped = raw[i];
        if (escaped == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n')
            ++i;
        else if (escaped != '\n' && escaped != '\r')
            out.push_back(escaped);
    }
    return out;
}

bool same_sgf_tree(const SgfCollection& a, const SgfCollection& b) {
    if (a.roots.size() != b.roots.size() || a.nodes.size() != b.nodes.size()) return false;
    // Walked side by side from each pair of roots, with a stack rather than recursion.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pending;
    for (std::size_t r = 0; r < a.roots.size(); ++r) pending.emplace_back(a.roots[r], b.roots[r]);
    while (!pending.empty()) {
        const auto [i, j] = pending.back();
        pending.pop_back();
        const SgfNode& x = a.nodes[i];
        const SgfNode& y = b.nodes[j];
        if (x.children.size() != y.children.size() || x.properties.size() != y.properties.size())
            return false;
        for (std::size_t p = 0; p < x.properties.size(); ++p) {
            const SgfProperty& px = x.properties[p];
            const SgfProperty& py = y.properties[p];
            if (px.id != py.id || px.values.size() != py.values.size()) return false;
            for (std::size_t v = 0; v < px.values.size(); ++v)
                if (px.values[v].raw != py.values[v].raw) return false;
        }
        for (std::size_t c = 0; c < x.children.size(); ++c)
            pending.emplace_back(x.children[c], y.children[c]);
    }
    return true;
}

}  // namespace ttt::exchange
