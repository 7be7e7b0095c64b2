// What SGF writes on a node beside its move — C, N, the glyphs BM TE DO IT, the judgements GB GW DM UC and
// the markup LB TR SQ MA CR AR LN — as an Annotation, and an Annotation as those properties. One place for
// the mapping, so that the reader and the writer cannot drift apart.
#pragma once

#include "sgf_tree.hpp"
#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/exchange/exchange_error.hpp"

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange::detail {

// A point "ab" (column a, row b; 'a'-'z' then 'A'-'Z') as a cell, or nullopt when it is not two letters.
[[nodiscard]] std::optional<Pos> sgf_point(std::string_view text) noexcept;
// A cell as SGF's two letters (the cell must be within 52 rows and columns).
[[nodiscard]] std::string sgf_point_text(Pos p);

// Whether the property `id` (canonical, as sgf_canonical_id gives it) with `values` is read into a node's
// annotation. TE is only when its value is 1 or 2, SGF's tesuji: any other TE is the game's end in its
// writer's words (c-gomoku-cli), which the game reader keeps.
[[nodiscard]] bool is_sgf_annotation(std::string_view id, const std::vector<SgfValue>& values);

// Whether this program acts on the property `id` (canonical): a move, a set-up, the game's information
// (SZ GM FF CA AP PB PW RE TE DT RU) or what is_sgf_annotation reads. Every other property is kept with
// its node and written back as it came (KeptProperty); one of these is never written from what a step
// keeps, so that no node comes out with a property twice.
[[nodiscard]] bool is_sgf_read_here(std::string_view id) noexcept;

// One node's annotation while its properties are read.
struct SgfNodeNote {
    std::string name;  // N
    Annotation note;
    SourceSpot where;      // its first property
    bool recoded = false;  // a text was not UTF-8 and was read as GBK or Windows-1252
    int marks_left_out = 0;     // marks past kMaxShapes, not read
    SourceSpot first_left_out;  // where the first of them is
    int labels_cut = 0;         // labels longer than kMaxLabelBytes, cut to it
    SourceSpot first_cut;       // where the first of them is
    int kept_left_out = 0;      // properties nothing here reads that could not be kept (check_annotation)
    SourceSpot first_not_kept;  // where the first of them is
    std::string why_not_kept;   // why, for the first of them
    [[nodiscard]] bool empty() const noexcept { return name.empty() && note.empty(); }
};

// Reads one property for which is_sgf_annotation holds into `into`; refuses a value that is not what the
// property takes, naming it and where it is. Marks past kMaxShapes are counted and left out (renju
// editors mark every empty cell of a region), so that a rectangle of points cannot make a node hold
// millions either.
// Keeps a property nothing here reads on the node, as the file wrote it; one that would break what a step
// may keep (not UTF-8, a control character, past kMaxKept or kMaxKeptBytes) is left out and counted.
void keep_sgf_property(const SgfProperty& property, SgfNodeNote& into);

[[nodiscard]] Result<void, ExchangeError> read_sgf_annotation(std::string_view id,
                                                              const std::vector<SgfValue>& values,
                                                              SourceSpot where, int game, SgfNodeNote& into);

// The node's name and comment as one comment (the name its first line), its shapes without repeats and in
// the order write_sgf_annotation writes them (by kind, then as read), so that a game read, written and read
// again holds the same annotation.
[[nodiscard]] Annotation finished_sgf_note(SgfNodeNote node);

// `more` added to `into`, for the nodes of a file that fall on one step of the game (a node without a move
// annotates the step before it): comments joined by a blank line, shapes not already there appended, the
// first glyph and judgement kept, and kept properties of an id not already there appended while they fit.
void merge_annotation(Annotation& into, const Annotation& more);

// The annotation's properties as SGF text: C, the glyph, the judgement, then AR CR SQ TR MA LB. Colours
// are not written: SGF has none. Then what the step keeps of another program's file, but for a property
// is_sgf_read_here names or one in `written` (what the node already holds, as the root's GC).
[[nodiscard]] std::string write_sgf_annotation(const Annotation& note,
                                               std::initializer_list<std::string_view> written = {});

}  // namespace ttt::exchange::detail
