// libFuzzer target: the RenLib library reader. A refusal must name why and where; an accepted tree must be
// one tree (every node but the root the child of exactly one earlier node), on the 15x15 board, within the
// limits, with texts that are UTF-8 without control characters (a comment's line breaks aside).
#include "renlib.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/base/utf8.hpp"
#include "tictactrace/exchange/limits.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void broken(const char* what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

bool clean_text(std::string_view text, bool line_breaks) {
    for (std::size_t i = 0; i < text.size();) {
        const ttt::base::Utf8Char c = ttt::base::decode_utf8(text, i);
        if (c.length == 0) return false;
        if (ttt::base::is_unshowable(c.code_point) && !(line_breaks && c.code_point == U'\n')) return false;
        i += c.length;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace ttt::exchange;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto read = read_renlib(bytes);
    if (!read) {
        if (read.error().message.empty()) broken("a refusal without a message");
        if (read.error().where.byte_offset < 0 ||
            read.error().where.byte_offset > static_cast<std::int64_t>(size))
            broken("a refusal that does not say where in the file");
        return 0;
    }
    if (!looks_like_renlib(bytes)) broken("a library accepted without RenLib's header");
    const RenlibTree& tree = *read;
    if (tree.nodes.empty() || tree.nodes[0].kind != RenlibNodeKind::Root) broken("no root");
    if (tree.nodes.size() > static_cast<std::size_t>(kMaxRenlibNodes)) broken("more nodes than the limit");
    std::vector<int> parents(tree.nodes.size(), 0);
    std::vector<std::int64_t> depth(tree.nodes.size(), 0);
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const RenlibNode& node = tree.nodes[i];
        if ((i == 0) != (node.kind == RenlibNodeKind::Root)) broken("a root that is not node 0");
        const bool has_cell = node.kind == RenlibNodeKind::Move || node.kind == RenlibNodeKind::BoardText;
        if (has_cell != node.cell.has_value()) broken("a cell where the kind has none, or none where it has");
        if (node.cell && (node.cell->row < 0 || node.cell->row >= kRenlibSide || node.cell->col < 0 ||
                          node.cell->col >= kRenlibSide))
            broken("a cell off the 15x15 board");
        if (!clean_text(node.one_line_comment, false) || !clean_text(node.comment, true) ||
            !clean_text(node.board_text, false))
            broken("a text that is not clean UTF-8");
        for (const std::uint32_t child : node.children) {
            if (child <= i || child >= tree.nodes.size()) broken("a child before its parent or past the end");
            ++parents[child];
            depth[child] = depth[i] + 1;
            if (depth[child] > kMaxRenlibDepth) broken("a line deeper than the limit");
        }
    }
    for (std::size_t i = 1; i < parents.size(); ++i)
        if (parents[i] != 1) broken("a node that is not the child of exactly one node");
    return 0;
}
