// RenLib opening libraries (.lib): the renju trees players keep, with comments and board texts on their
// nodes, read into a plain tree that an import maps onto a game's variations.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"
#include "tictactrace/exchange/import_options.hpp"

#include "legacy_text.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::exchange {

// A RenLib board is 15x15; every library is on it.
inline constexpr int kRenlibSide = 15;
// The header: "\xFFRenLib\xFF", the format's major and minor version, then 10 bytes RenLib fills with 0xFF.
inline constexpr std::size_t kRenlibHeaderBytes = 20;

// The bits of a node's flag byte, as RenLib names them. RenLib's node has two pointers, "down" to its first
// child and "right" to its next sibling, and the bits are named crosswise: DOWN says that a right pointer
// (a sibling) follows, RIGHT that there is no down pointer (no child).
namespace renlib_flag {
inline constexpr std::uint8_t kDown = 0x80;        // a sibling follows once this node's subtree ends
inline constexpr std::uint8_t kRight = 0x40;       // no child: the branch ends here
inline constexpr std::uint8_t kOldComment = 0x20;  // a comment in RenLib's old 7-bit text follows
inline constexpr std::uint8_t kMark = 0x10;        // the user marked the node
inline constexpr std::uint8_t kComment = 0x08;     // a comment follows (a zero-terminated text)
inline constexpr std::uint8_t kStart = 0x04;       // the position RenLib opens the library at
inline constexpr std::uint8_t kNoMove = 0x02;      // not a move: only a board text on a cell
inline constexpr std::uint8_t kExtension = 0x01;   // two more bytes of flags follow the node
}  // namespace renlib_flag
// In the extension's second byte: a board text follows (after the comment, if any).
inline constexpr std::uint8_t kRenlibBoardTextBit = 0x01;

enum class RenlibNodeKind : std::uint8_t {
    Root = 0,       // the empty board; every library has exactly one, node 0
    Move = 1,       // a stone on `cell`: black's at odd depths below the root (passes count), white's at even
    Pass = 2,       // a pass (position byte 0): the other side moves next
    BoardText = 3,  // no stone: only `board_text`, shown on `cell` of the position before it
};

struct RenlibNode {
    RenlibNodeKind kind = RenlibNodeKind::Move;
    std::optional<Pos> cell;       // row 0 at the top, column 0 at the left; nullopt for the root and a pass
    std::string one_line_comment;  // UTF-8, no control characters
    std::string comment;           // the multi-line comment: UTF-8, lines ending in '\n', no other controls
    // A label RenLib draws on `cell` while the position before this node is shown: UTF-8, one line.
    std::string board_text;
    std::uint8_t flags = 0;       // the flag byte as the file has it (renlib_flag); the first one's if merged
    std::uint16_t extension = 0;  // the two extension bytes, first << 8 | second; 0 without the extension
    bool mark = false;            // renlib_flag::kMark
    bool start = false;           // renlib_flag::kStart
    std::int64_t byte_offset = -1;  // where the node starts in the file; -1 for a root the file leaves out
    // In the file's order: the first child that is a move is the main continuation, the others are
    // variations. A child always comes after its parent in RenlibTree::nodes.
    std::vector<std::uint32_t> children;

    // The stone's cell; nullopt unless the node is a move.
    [[nodiscard]] std::optional<Pos> move() const {
        return kind == RenlibNodeKind::Move ? cell : std::nullopt;
    }
};

struct RenlibTree {
    int version_major = 0;  // the header's, e.g. 3.0 or 3.4
    int version_minor = 0;
    bool root_in_file = false;  // the file held the root as a node (3.4 files do; 3.0 files start at a move)
    std::vector<RenlibNode> nodes;  // nodes[0] is the root; nodes in the file's depth-first order
    detail::TextEncoding encoding = detail::TextEncoding::Utf8;  // how the texts were read
    // What a user should hear of but that does not stop the import: texts read from a code page, a stray
    // byte after the tree, variations a saved position announces but does not hold, repeated moves merged.
    std::vector<ImportNote> notes;
};

// Whether `bytes` start with RenLib's header magic ("\xFFRenLib\xFF"), whatever follows.
[[nodiscard]] bool looks_like_renlib(std::string_view bytes) noexcept;

// The tree of a RenLib library, or why it cannot be read, naming what and the byte offset. Read as RenLib
// 3.6 reads it: versions up to 3.4; nodes of two bytes (position, flags) in depth-first order, each
// followed by its extension bytes, its comment and its board text as its flags say; a position byte
// 0x10 * row + column + 1 (0: the root when it is the first node, else a pass). A node that repeats a
// sibling's cell is merged into that sibling, as RenLib merges it (the first one's texts kept). Texts are
// turned into UTF-8 by one rule for the whole file: UTF-8 when every text is valid UTF-8; else GBK when
// most texts that are not ASCII are valid GBK (one that is not is read as Windows-1252); else
// Windows-1252. Control characters are removed (a comment keeps its line breaks as '\n', a tab becomes a
// space). Refused: a header that is short, not RenLib's or of a newer version; a file cut inside a node,
// its extension or a text; a cell off the 15x15 board; a node after the tree has ended, or a root with
// siblings; more than kMaxRenlibNodes nodes, a line deeper than kMaxRenlibDepth, a text longer than
// kMaxRenlibTextBytes (exchange/limits.hpp). Nothing is folded here: whether the moves can be played is
// the import's business.
[[nodiscard]] Result<RenlibTree, ExchangeError> read_renlib(std::string_view bytes);

// The library as one game (renlib_game.cpp): renju on 15x15 unless options.rules says otherwise; the main
// line (the first move of each node, from the root) its moves, every other line VariationPlayed events,
// each node's comments its step's comment, and each board text a label on the step before it. A pass has
// no move here: the lines after one are left out, with a warning. The reader's notes are added to `notes`.
[[nodiscard]] Result<GameRecord, ExchangeError>
read_renlib_game(std::string_view bytes, const ImportOptions& options, std::vector<ImportNote>& notes);

}  // namespace ttt::exchange
