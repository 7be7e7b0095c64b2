// A RenLib library as one game with its study: the tree read_renlib gives, mapped onto moves,
// variations and annotations (renlib.hpp).
#include "renlib.hpp"

#include "tictactrace/base/utf8.hpp"
#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/engine/study_tree.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace ttt::exchange {

namespace {

// A board text as a label: cut, between characters, to what a cell shows.
std::string label_text(std::string_view text, bool& cut) {
    std::size_t keep = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = std::max<std::size_t>(base::decode_utf8(text, i).length, 1);
        if (i + length > kMaxLabelBytes) {
            cut = true;
            break;
        }
        i += length;
        keep = i;
    }
    return std::string(text.substr(0, keep));
}

SourceSpot at_byte(std::int64_t offset) {
    return SourceSpot{0, 0, offset};
}

}  // namespace

Result<GameRecord, ExchangeError> read_renlib_game(std::string_view bytes, const ImportOptions& options,
                                                   std::vector<ImportNote>& notes) {
    auto read = read_renlib(bytes);
    if (!read) return fail(std::move(read).error());
    RenlibTree& tree = read.value();
    for (ImportNote& note : tree.notes) notes.push_back(std::move(note));

    GameRecord game;
    if (options.rules) {
        auto rules = rules_for_board(*options.rules, kRenlibSide, kRenlibSide);
        if (!rules) return fail(ExchangeError{ExchangeErrorKind::BadBoard, rules.error(), {}, 0});
        game.rules = rules.value();
    } else {
        // RenLib is a renju program: its libraries are renju openings.
        game.rules = Rules::renju(kRenlibSide, kRenlibSide);
    }
    game.created_ms = options.now_ms;
    game.source_format = "renlib";
    game.where = at_byte(0);

    const auto& nodes = tree.nodes;
    // The step of the game each node of the main line stands on.
    std::vector<NodeId> step(nodes.size(), kNoNode);
    step[0] = 0;
    std::map<NodeId, std::pair<Annotation, SourceSpot>> annotations;
    int labels_cut = 0;
    int passes = 0;
    SourceSpot first_pass;
    const auto annotate = [&](std::uint32_t n, NodeId on) {
        const RenlibNode& node = nodes[n];
        std::string comment = node.one_line_comment;
        if (!node.comment.empty()) comment += (comment.empty() ? "" : "\n") + node.comment;
        // Blank ends trimmed, as the SGF reader trims them, so that a library written as SGF reads back
        // with the same comments.
        const auto first = comment.find_first_not_of(" \n");
        if (first == std::string::npos) return;
        comment.erase(comment.find_last_not_of(" \n") + 1);
        comment.erase(0, first);
        auto [it, fresh] = annotations.try_emplace(on, Annotation{}, at_byte(node.byte_offset));
        std::string& into = it->second.first.comment;
        into += (into.empty() ? "" : "\n\n") + comment;
    };
    const auto label = [&](std::uint32_t n, NodeId on) {
        const RenlibNode& node = nodes[n];
        if (node.board_text.empty() || !node.cell) return;
        bool cut = false;
        std::string text = label_text(node.board_text, cut);
        if (cut) ++labels_cut;
        if (text.empty()) return;
        auto [it, fresh] = annotations.try_emplace(on, Annotation{}, at_byte(node.byte_offset));
        auto& shapes = it->second.first.shapes;
        // A cell holds one label: the first a library gives it.
        if (shapes.size() >= kMaxShapes ||
            std::any_of(shapes.begin(), shapes.end(), [&](const Shape& s) { return s.at == *node.cell; }))
            return;
        shapes.push_back(
            Shape{ShapeKind::Label, *node.cell, std::nullopt, ShapeColour::Green, std::move(text)});
    };

    // The main line: from the root, the first child that is a move, each time.
    std::vector<std::uint32_t> main_line{0};
    for (;;) {
        const auto& kids = nodes[main_line.back()].children;
        const auto next = std::find_if(
            kids.begin(), kids.end(), [&](std::uint32_t c) { return nodes[c].kind == RenlibNodeKind::Move; });
        if (next == kids.end()) break;
        main_line.push_back(*next);
    }
    for (std::size_t i = 1; i < main_line.size(); ++i) {
        const std::uint32_t n = main_line[i];
        step[n] = static_cast<NodeId>(i);
        append_event(game, MovePlayed{i % 2 == 1 ? Player::X : Player::O, *nodes[n].cell}, game.created_ms,
                     at_byte(nodes[n].byte_offset));
    }
    // Every other node, depth first from each node of the main line in turn: a variation's move, a board
    // text (a label on the step it stands on), or a pass, whose lines are left out. A stack of nodes with
    // the step their parent stands on and whose move it was, so that no depth recurses.
    struct Pending {
        std::uint32_t node;
        NodeId parent_step;
        Player to_move;
    };
    NodeId next_id = static_cast<NodeId>(main_line.size());
    std::vector<Pending> pending;
    for (std::size_t i = 0; i < main_line.size(); ++i) {
        const std::uint32_t m = main_line[i];
        annotate(m, step[m]);
        const auto& kids = nodes[m].children;
        for (const std::uint32_t c : kids) label(c, step[m]);
        const Player to_move = i % 2 == 0 ? Player::X : Player::O;
        for (auto c = kids.rbegin(); c != kids.rend(); ++c)
            if (i + 1 >= main_line.size() || *c != main_line[i + 1])
                pending.push_back({*c, step[m], to_move});
        while (!pending.empty()) {
            const Pending p = pending.back();
            pending.pop_back();
            const RenlibNode& node = nodes[p.node];
            if (node.kind == RenlibNodeKind::Pass) {
                if (passes++ == 0) first_pass = at_byte(node.byte_offset);
                continue;
            }
            if (node.kind != RenlibNodeKind::Move) continue;  // a board text: labelled from its parent
            const NodeId here = next_id++;
            append_event(game, VariationPlayed{p.parent_step, p.to_move, *node.cell}, game.created_ms,
                         at_byte(node.byte_offset));
            annotate(p.node, here);
            for (const std::uint32_t c : node.children) label(c, here);
            for (auto c = node.children.rbegin(); c != node.children.rend(); ++c)
                pending.push_back({*c, here, other(p.to_move)});
        }
    }
    for (auto& [on, noted] : annotations) {
        auto& [annotation, where] = noted;
        if (auto fits = check_annotation(annotation, kRenlibSide, kRenlibSide); !fits)
            return fail(ExchangeError{ExchangeErrorKind::Unsupported,
                                      "what this node writes cannot be kept: " + fits.error(), where, 0});
        append_event(game, Annotated{on, std::move(annotation)}, game.created_ms, where);
    }
    if (passes > 0)
        notes.push_back(ImportNote{0, first_pass,
                                   std::to_string(passes) + (passes == 1 ? " line starts" : " lines start") +
                                       " with a pass, which a game here does not have: left out",
                                   false, true, "passes"});
    if (labels_cut > 0)
        notes.push_back(ImportNote{0,
                                   {},
                                   std::to_string(labels_cut) + " board text" +
                                       (labels_cut == 1 ? " is" : "s are") + " longer than the " +
                                       std::to_string(kMaxLabelBytes) + " bytes a cell shows, and cut",
                                   false,
                                   true,
                                   "board texts"});
    return game;
}

}  // namespace ttt::exchange
