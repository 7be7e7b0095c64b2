// An SGF collection as its file holds it: every game tree, every node and every property, values still
// escaped, so that the file can be written back with the same tree, the same words and the same marks.
// The main-line reader (read_sgf) and the variation import both stand on this one parser.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/source_spot.hpp"

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange {

// One value between '[' and ']', as the file spells it: escapes and soft line breaks are kept, so a
// property nobody here reads goes back out byte for byte. A view into the text, so that a huge comment or
// name costs nothing until (and unless) it is read.
struct SgfValue {
    std::string_view raw;
    SourceSpot where;  // the value's '['
};

struct SgfProperty {
    // As written: FF[3]'s "AddBlack" stays "AddBlack" (sgf_canonical_id gives the "AB" a reader acts on).
    std::string_view id;
    std::vector<SgfValue> values;  // at least one
    SourceSpot where;              // the identifier's first letter
};

struct SgfNode {
    std::vector<SgfProperty> properties;  // in file order
    std::vector<std::uint32_t> children;  // indices into SgfCollection::nodes; the first is the main line
    SourceSpot where;                     // the node's ';'
};

// Nodes in one flat vector, each after its parent, so that neither reading nor writing recurses.
struct SgfCollection {
    std::vector<SgfNode> nodes;
    std::vector<std::uint32_t> roots;    // each game tree's first node
    std::vector<SourceSpot> root_where;  // each game tree's '(', in step with roots
};

// The whole collection, or the first thing wrong with it and where. The collection's identifiers and
// values are views into `text`, which must outlive it. Tolerates what writers do: a BOM,
// blanks anywhere between tokens, lower-case letters in identifiers. Refuses variations nested deeper
// than kMaxSgfDepth, more nodes than kMaxSgfNodes, more values than kMaxSgfValues (limits.hpp), and a
// file without a game.
[[nodiscard]] Result<SgfCollection, ExchangeError> parse_sgf_tree(std::string_view text);
// A temporary string would leave the collection's views dangling: refused at compile time.
template <class Text>
requires std::same_as<Text, std::string> Result<SgfCollection, ExchangeError> parse_sgf_tree(Text&& text)
= delete;

// The collection as SGF text: a node's only child follows it in its sequence, several children each open
// a variation. Raw values are written as they are, except that a ']' or a final '\' that would end or
// break the value is escaped. Nodes must form trees (each child after its parent, as the parser leaves
// them).
[[nodiscard]] std::string write_sgf_tree(const SgfCollection& collection);

// A raw value as it can stand between '[' and ']', appended to `out`: an escape pair is kept whole, and a
// ']' or a final '\' that the parser never leaves unescaped is escaped.
void sgf_append_raw(std::string& out, std::string_view raw);

// The identifier a reader acts on: FF[3]'s lower-case letters dropped ("AddBlack" is "AB").
[[nodiscard]] std::string sgf_canonical_id(std::string_view id);

// Text as a value's raw form ('\' and ']' escaped), and a raw value as its text (escapes undone, soft line
// breaks removed).
[[nodiscard]] std::string sgf_escape(std::string_view text);
[[nodiscard]] std::string sgf_unescape(std::string_view raw);

// The blanks SGF allows between its tokens, and that a soft line break in a value may be made of.
[[nodiscard]] constexpr bool sgf_is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// Whether two collections hold the same trees: the same nodes in the same shape, the same properties in
// the same order with the same identifiers and raw values. Where they were read is not compared.
[[nodiscard]] bool same_sgf_tree(const SgfCollection& a, const SgfCollection& b);

}  // namespace ttt::exchange
