// RenLib libraries read as RenLib 3.6 reads them, node by node with a stack of open variations of our own
// (never the C++ stack), then their texts turned into UTF-8 by one rule for the whole file.
//
// [SECTION] Positions and messages
// [SECTION] Texts: reading them, choosing the code page, cleaning them
// [SECTION] The reader
#include "renlib.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/base/utf8.hpp"
#include "tictactrace/exchange/limits.hpp"

#include <algorithm>

namespace ttt::exchange {

namespace {

// [SECTION] Positions and messages

constexpr std::string_view kMagic{"\xFFRenLib\xFF", 8};
constexpr std::size_t kMajorVersionAt = 8;
constexpr std::size_t kMinorVersionAt = 9;
// RenLib 3.6, the last RenLib, writes 3.0 (a library that starts at the centre) and 3.4, and reads any
// version up to 3.4 the same way.
constexpr int kNewestVersion = 304;

std::string hex_byte(unsigned byte) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    return std::string{"0x"} + kHex[(byte >> 4) & 0xF] + kHex[byte & 0xF];
}

std::string node_name(std::size_t number, std::size_t offset) {
    return "node " + std::to_string(number) + " (byte " + std::to_string(offset) + ")";
}

ExchangeError error_at(ExchangeErrorKind kind, std::string message, std::size_t offset) {
    return ExchangeError{kind, std::move(message), SourceSpot{0, 0, static_cast<std::int64_t>(offset)}, -1};
}

// The cell of a position byte other than 0: RenLib keeps the row (from the top, from 0) in the high
// nibble and the column (from the left, from 1) in the low one, so 0x78 is the centre and 0x01 the top
// left corner. A low nibble of 0 or a high one of 15 is off the board.
std::optional<Pos> cell_of(std::uint8_t byte) {
    const int row = byte >> 4;
    const int col = (byte & 0x0F) - 1;
    if (row >= kRenlibSide || col < 0) return std::nullopt;
    return Pos{row, col};
}

// [SECTION] Texts: reading them, choosing the code page, cleaning them

enum class TextField : std::uint8_t { Comment, BoardText };

// A text as the file holds it, before its code page is known.
struct RawText {
    std::uint32_t node = 0;
    TextField field = TextField::Comment;
    std::string_view bytes;
};

// Where a text ends: what it holds, and where the next node starts.
struct TextRead {
    std::string_view bytes;
    std::size_t next = 0;
};

// The old comments of RenLib's first versions: 7-bit text in which {, }, |, [, ] and \ stood for the
// Swedish letters, ending at the first byte with its high bit set (that character included). RenLib
// reads them as Windows-1252 bytes, and so do we.
char old_comment_char(unsigned char byte) {
    switch (byte & 0x7F) {
    case '}': return '\xE5';   // å
    case '{': return '\xE4';   // ä
    case '|': return '\xF6';   // ö
    case ']': return '\xC5';   // Å
    case '[': return '\xC4';   // Ä
    case '\\': return '\xD6';  // Ö
    default: return static_cast<char>(byte & 0x7F);
    }
}

bool is_ascii(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// UTF-8 text without control characters: CR LF and a lone CR become '\n' (a space where the text is one
// line), a tab a space, every other control and bidi control character is left out.
std::string cleaned(std::string_view utf8, bool multi_line) {
    std::string out;
    out.reserve(utf8.size());
    for (std::size_t i = 0; i < utf8.size();) {
        const base::Utf8Char c = base::decode_utf8(utf8, i);
        if (c.length == 0) {  // never: every text is decoded into UTF-8 first
            out += base::kReplacementCharacter;
            ++i;
            continue;
        }
        i += c.length;
        if (c.code_point == U'\r' && i < utf8.size() && utf8[i] == '\n') continue;
        if (c.code_point == U'\r' || c.code_point == U'\n')
            out += multi_line ? '\n' : ' ';
        else if (c.code_point == U'\t')
            out += ' ';
        else if (!base::is_unshowable(c.code_point))
            out += utf8.substr(i - c.length, c.length);
    }
    return out;
}

// The one rule for a file's texts (see read_renlib). A library does not say its code page, and single
// texts cannot tell: a GBK character is often valid UTF-8 too, and Latin letters are often valid GBK. A
// whole library mostly can.
struct TextRule {
    detail::TextEncoding encoding = detail::TextEncoding::Utf8;
    std::vector<std::string> utf8;   // each raw text in UTF-8, not yet cleaned
    std::size_t read_otherwise = 0;  // texts of a GBK library that were not GBK, read as Windows-1252
};

TextRule decode_texts(const std::vector<RawText>& raw) {
    TextRule rule;
    const bool all_utf8 = std::all_of(raw.begin(), raw.end(),
                                      [](const RawText& text) { return base::is_valid_utf8(text.bytes); });
    if (all_utf8) {
        for (const RawText& text : raw) rule.utf8.emplace_back(text.bytes);
        return rule;
    }
    std::vector<std::optional<std::string>> as_gbk(raw.size());
    std::size_t gbk = 0;
    std::size_t not_gbk = 0;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (is_ascii(raw[i].bytes)) continue;
        as_gbk[i] = detail::gbk_to_utf8(raw[i].bytes);
        ++(as_gbk[i] ? gbk : not_gbk);
    }
    rule.encoding = gbk > not_gbk ? detail::TextEncoding::Gbk : detail::TextEncoding::Windows1252;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (is_ascii(raw[i].bytes)) {
            rule.utf8.emplace_back(raw[i].bytes);
        } else if (rule.encoding == detail::TextEncoding::Gbk && as_gbk[i]) {
            rule.utf8.push_back(std::move(*as_gbk[i]));
        } else {
            rule.read_otherwise += rule.encoding == detail::TextEncoding::Gbk ? 1 : 0;
            rule.utf8.push_back(detail::windows1252_to_utf8(raw[i].bytes));
        }
    }
    return rule;
}

// A comment holds its one-line part, then byte 0x08 and its multi-line part when it has one.
void set_comment(RenlibNode& node, std::string_view utf8) {
    const auto separator = utf8.find('\x08');
    std::string one_line = cleaned(utf8.substr(0, separator), false);
    std::string multi_line =
        separator == std::string_view::npos ? std::string{} : cleaned(utf8.substr(separator + 1), true);
    // A node met twice keeps the first texts it had, as RenLib keeps them.
    if (node.one_line_comment.empty()) node.one_line_comment = std::move(one_line);
    if (node.comment.empty()) node.comment = std::move(multi_line);
}

// [SECTION] The reader

class LibraryReader {
public:
    explicit LibraryReader(std::string_view bytes) : m_bytes(bytes) {}

    Result<RenlibTree, ExchangeError> read() {
        if (auto header = read_header(); !header) return fail(std::move(header).error());
        m_tree.nodes.emplace_back().kind = RenlibNodeKind::Root;
        m_path.push_back(0);
        std::size_t at = kRenlibHeaderBytes;
        while (at < m_bytes.size()) {
            if (m_bytes.size() - at == 1 && m_ended_at) {
                m_tree.notes.push_back(note(at, "1 byte after the end of the tree was ignored, as RenLib "
                                                "ignores it"));
                break;
            }
            auto next = read_node(at);
            if (!next) return fail(std::move(next).error());
            at = *next;
        }
        add_structure_notes();
        apply_texts();
        return std::move(m_tree);
    }

private:
    [[nodiscard]] std::uint8_t byte(std::size_t at) const { return static_cast<std::uint8_t>(m_bytes[at]); }

    [[nodiscard]] ImportNote note(std::size_t offset, std::string message) const {
        ImportNote out;
        out.where = SourceSpot{0, 0, static_cast<std::int64_t>(offset)};
        out.message = std::move(message);
        return out;
    }

    // The node being read, as messages name it; made only when one is needed.
    [[nodiscard]] std::string current_name() const { return node_name(m_nodes_read, m_node_at); }
    [[nodiscard]] std::string text_of_node(TextField field) const {
        return (field == TextField::Comment ? "the comment of " : "the board text of ") + current_name();
    }

    [[nodiscard]] ExchangeError truncated(const std::string& what, std::size_t offset) const {
        return error_at(ExchangeErrorKind::Truncated, "truncated file: " + what, offset);
    }
    [[nodiscard]] ExchangeError too_long(TextField field, std::size_t offset) const {
        return error_at(ExchangeErrorKind::Unsupported,
                        text_of_node(field) + " is longer than " + std::to_string(kMaxRenlibTextBytes) +
                            " bytes, the most this program reads",
                        offset);
    }
    [[nodiscard]] ExchangeError unended(TextField field, std::size_t offset, std::string_view awaited) const {
        return truncated(text_of_node(field) + " has no end: the file ends at byte " +
                             std::to_string(m_bytes.size()) + " before " + std::string(awaited),
                         offset);
    }

    Result<void, ExchangeError> read_header() {
        const bool magic = looks_like_renlib(m_bytes);
        if (!magic && !(m_bytes.size() < kMagic.size() && kMagic.starts_with(m_bytes))) {
            std::string first;
            for (std::size_t i = 0; i < std::min(m_bytes.size(), kMagic.size()); ++i) {
                if (i > 0) first += ' ';
                first += hex_byte(byte(i));
            }
            return fail(error_at(ExchangeErrorKind::Unknown,
                                 "not a RenLib library: it starts with " + first +
                                     ", not with RenLib's header 0xFF \"RenLib\" 0xFF",
                                 0));
        }
        if (m_bytes.size() < kRenlibHeaderBytes)
            return fail(truncated("it has " + std::to_string(m_bytes.size()) +
                                      " bytes, and RenLib's header alone takes " +
                                      std::to_string(kRenlibHeaderBytes),
                                  0));
        m_tree.version_major = byte(kMajorVersionAt);
        m_tree.version_minor = byte(kMinorVersionAt);
        if (100 * m_tree.version_major + m_tree.version_minor > kNewestVersion)
            return fail(error_at(ExchangeErrorKind::Unsupported,
                                 "RenLib library version " + std::to_string(m_tree.version_major) + "." +
                                     std::to_string(m_tree.version_minor) +
                                     " is newer than 3.4, the newest this program reads",
                                 kMajorVersionAt));
        return {};
    }

    // A zero-terminated text at `at`, padded with a zero to whole byte pairs as RenLib writes it.
    Result<TextRead, ExchangeError> read_text(std::size_t at, TextField field) const {
        const std::size_t window = std::min<std::size_t>(m_bytes.size() - at, kMaxRenlibTextBytes + 1);
        const std::string_view text = m_bytes.substr(at, window);
        const auto zero = text.find('\0');
        if (zero == std::string_view::npos) {
            if (window > static_cast<std::size_t>(kMaxRenlibTextBytes)) return fail(too_long(field, at));
            return fail(unended(field, at, "its terminating zero"));
        }
        const std::size_t next = at + zero + (zero % 2 == 0 ? 2 : 1);
        if (next > m_bytes.size())
            return fail(truncated(text_of_node(field) +
                                      " ends without the zero that pads it to whole pairs of bytes: the file "
                                      "ends at byte " +
                                      std::to_string(m_bytes.size()),
                                  at));
        return TextRead{text.substr(0, zero), next};
    }

    // An old comment at `at`, as Windows-1252 bytes, and where the next node starts.
    Result<std::size_t, ExchangeError> read_old_comment(std::size_t at, std::string& out) const {
        for (std::size_t i = at;; i += 2) {
            if (i + 2 > m_bytes.size())
                return fail(unended(TextField::Comment, at, "a byte with its high bit set"));
            for (std::size_t k = i; k < i + 2; ++k) {
                out += old_comment_char(byte(k));
                if (byte(k) & 0x80) return i + 2;
            }
            if (out.size() > static_cast<std::size_t>(kMaxRenlibTextBytes))
                return fail(too_long(TextField::Comment, at));
        }
    }

    // The node at `at`: placed in the tree, its texts kept for later; where the next one starts.
    Result<std::size_t, ExchangeError> read_node(std::size_t at) {
        ++m_nodes_read;
        m_node_at = at;
        if (m_bytes.size() - at < 2)
            return fail(
                truncated(current_name() + " is cut short: the file ends after 1 of its 2 bytes", at));
        if (m_ended_at)
            return fail(error_at(ExchangeErrorKind::Malformed,
                                 current_name() + " comes after the end of the tree: " + *m_ended_at +
                                     " ended the last open line (flag 0x40, no child) and no earlier node "
                                     "announced a variation to return to (flag 0x80)",
                                 at));
        const std::uint8_t position = byte(at);
        const std::uint8_t flags = byte(at + 1);
        std::size_t next = at + 2;
        std::uint16_t extension = 0;
        if (flags & renlib_flag::kExtension) {
            if (m_bytes.size() - next < 2)
                return fail(truncated(current_name() +
                                          " announces two bytes of extension (flag 0x01), but the file "
                                          "ends at byte " +
                                          std::to_string(m_bytes.size()),
                                      at));
            extension = static_cast<std::uint16_t>(byte(next) << 8 | byte(next + 1));
            next += 2;
        }

        auto placed = place(position, flags);
        if (!placed) return fail(std::move(placed).error());
        const std::uint32_t index = *placed;
        RenlibNode& node = m_tree.nodes[index];
        if (node.byte_offset < 0) {  // new, or the root met in the file
            node.flags = flags;
            node.extension = extension;
            node.byte_offset = static_cast<std::int64_t>(at);
        }
        node.mark = node.mark || (flags & renlib_flag::kMark);
        node.start = node.start || (flags & renlib_flag::kStart);

        // RenLib reads an old comment when both comment flags are set.
        if (flags & renlib_flag::kOldComment) {
            std::string old;
            auto after = read_old_comment(next, old);
            if (!after) return fail(std::move(after).error());
            set_comment(node, detail::windows1252_to_utf8(old));
            next = *after;
        } else if (flags & renlib_flag::kComment) {
            auto text = read_text(next, TextField::Comment);
            if (!text) return fail(std::move(text).error());
            m_raw.push_back(RawText{index, TextField::Comment, text->bytes});
            next = text->next;
        }
        if ((flags & renlib_flag::kExtension) && (extension & kRenlibBoardTextBit)) {
            auto text = read_text(next, TextField::BoardText);
            if (!text) return fail(std::move(text).error());
            m_raw.push_back(RawText{index, TextField::BoardText, text->bytes});
            next = text->next;
        }

        // The stack of open variations: a node with a sibling to come is remembered at its depth; a node
        // without children goes back to the parent of the last one remembered.
        if (flags & renlib_flag::kDown) m_open.push_back(m_path.size() - 1);
        if (flags & renlib_flag::kRight) {
            if (m_open.empty()) {
                m_ended_at = current_name();
            } else {
                m_path.resize(m_open.back());
                m_open.pop_back();
            }
        }
        return next;
    }

    // Where the node goes: the root, a sibling it repeats, or a new child of the current line's end.
    Result<std::uint32_t, ExchangeError> place(std::uint8_t position, std::uint8_t flags) {
        const auto refuse = [&](ExchangeErrorKind kind, const std::string& why) {
            return fail(error_at(kind, current_name() + why, m_node_at));
        };
        if (m_nodes_read == 1 && position == 0) {
            m_tree.root_in_file = true;
            if (flags & renlib_flag::kDown)
                return refuse(
                    ExchangeErrorKind::Malformed,
                    " is the root (position 0) but announces a sibling (flag 0x80): the empty board "
                    "has none");
            return 0U;
        }
        RenlibNode node;
        if (position == 0) {
            if (flags & renlib_flag::kNoMove)
                return refuse(ExchangeErrorKind::Malformed,
                              " is a board text without a move (flag 0x02) but names no cell (position 0)");
            node.kind = RenlibNodeKind::Pass;
        } else {
            node.cell = cell_of(position);
            if (!node.cell)
                return refuse(ExchangeErrorKind::IllegalEvent,
                              ": position byte " + hex_byte(position) + " is row " +
                                  std::to_string((position >> 4) + 1) + ", column " +
                                  std::to_string(position & 0x0F) +
                                  ", off the 15x15 board (rows and columns 1 to 15)");
            node.kind = (flags & renlib_flag::kNoMove) ? RenlibNodeKind::BoardText : RenlibNodeKind::Move;
        }
        if (m_path.size() > static_cast<std::size_t>(kMaxRenlibDepth))
            return refuse(ExchangeErrorKind::Unsupported, " would be " + std::to_string(m_path.size()) +
                                                              " nodes deep: a line deeper than " +
                                                              std::to_string(kMaxRenlibDepth) +
                                                              " is refused (a 15x15 board holds 225 stones)");

        const std::uint32_t parent = m_path.back();
        for (const std::uint32_t child : m_tree.nodes[parent].children) {
            RenlibNode& sibling = m_tree.nodes[child];
            if ((sibling.kind == RenlibNodeKind::Pass) != (node.kind == RenlibNodeKind::Pass) ||
                sibling.cell != node.cell)
                continue;
            // RenLib merges a repeated cell into the sibling it repeats; a move makes a board text a move.
            if (node.kind == RenlibNodeKind::Move) sibling.kind = RenlibNodeKind::Move;
            if (m_merged++ == 0) m_first_merged = m_node_at;
            m_path.push_back(child);
            return child;
        }
        if (m_tree.nodes.size() >= static_cast<std::size_t>(kMaxRenlibNodes))
            return refuse(ExchangeErrorKind::Unsupported, ": the library has more than " +
                                                              std::to_string(kMaxRenlibNodes) +
                                                              " nodes, the most this program reads");
        const auto index = static_cast<std::uint32_t>(m_tree.nodes.size());
        m_tree.nodes.push_back(std::move(node));
        m_tree.nodes[parent].children.push_back(index);
        m_path.push_back(index);
        return index;
    }

    void add_structure_notes() {
        if (m_merged > 0)
            m_tree.notes.push_back(
                note(m_first_merged, std::to_string(m_merged) +
                                         (m_merged == 1 ? " node repeated the cell of a sibling and was"
                                                        : " nodes repeated the cell of a sibling and were") +
                                         " merged into it, as RenLib merges them (where both had a text, the "
                                         "first one's is kept)"));
        if (!m_open.empty())
            m_tree.notes.push_back(note(
                kRenlibHeaderBytes,
                std::to_string(m_open.size()) +
                    (m_open.size() == 1 ? " node announces a sibling" : " nodes announce a sibling") +
                    " (flag 0x80) that the file does not hold, as a library RenLib saved from a position "
                    "does"));
    }

    void apply_texts() {
        TextRule rule = decode_texts(m_raw);
        m_tree.encoding = rule.encoding;
        for (std::size_t i = 0; i < m_raw.size(); ++i) {
            RenlibNode& node = m_tree.nodes[m_raw[i].node];
            if (m_raw[i].field == TextField::Comment) {
                set_comment(node, rule.utf8[i]);
            } else if (node.board_text.empty()) {
                node.board_text = cleaned(rule.utf8[i], false);
            }
        }
        if (rule.encoding == detail::TextEncoding::Utf8) return;
        std::string message =
            std::string{"the texts are not UTF-8: they were read as "} + detail::name_of(rule.encoding);
        if (rule.read_otherwise > 0)
            message += ", except " + std::to_string(rule.read_otherwise) +
                       (rule.read_otherwise == 1 ? " text that is" : " texts that are") +
                       " not valid GBK, read as Windows-1252";
        m_tree.notes.push_back(note(kRenlibHeaderBytes, std::move(message)));
    }

    std::string_view m_bytes;
    RenlibTree m_tree;
    std::vector<std::uint32_t> m_path;  // the line being read, from the root: the next node's parent last
    std::vector<std::size_t> m_open;    // for each announced sibling still to come, its depth in m_path
    std::vector<RawText> m_raw;
    std::size_t m_nodes_read = 0;           // the node being read is the m_nodes_read-th of the file
    std::size_t m_node_at = 0;              // and starts at this byte
    std::optional<std::string> m_ended_at;  // the node that closed the whole tree
    std::size_t m_merged = 0;
    std::size_t m_first_merged = 0;
};

}  // namespace

bool looks_like_renlib(std::string_view bytes) noexcept {
    return bytes.starts_with(kMagic);
}

Result<RenlibTree, ExchangeError> read_renlib(std::string_view bytes) {
    return LibraryReader(bytes).read();
}

}  // namespace ttt::exchange
