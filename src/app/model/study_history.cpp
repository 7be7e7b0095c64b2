// The rows of a studied game's history.
#include "model/study_history.hpp"

#include "model/describe.hpp"
#include "tictactrace/engine/event_words.hpp"

#include <utility>

namespace ttt::app {

namespace {

int marks_delta(const Event& event) noexcept {
    const EventKind kind = kind_of(event);
    return kind == EventKind::Move ? 1 : kind == EventKind::TakeBack ? -1 : 0;
}

// " !?" after a move with a glyph.
std::string glyph_after(const Annotation& note) {
    return note.glyph ? std::string(" ") + symbol_of(*note.glyph) : std::string();
}

bool marked(const Annotation& note) noexcept {
    return !note.comment.empty() || !note.shapes.empty() || note.judgement.has_value();
}

// "(5. O (2, 2) !, 6. X (3, 3), …)": the variation through `first` from its step on.
std::string variation_words(const StudyTree& tree, NodeId first, int marks_before) {
    const Line line = tree.line_through(first);
    const int from = line.step_of(first);
    std::string out = "(";
    int marks = marks_before;
    for (int s = from; s <= line.steps(); ++s) {
        const auto i = static_cast<std::size_t>(s);
        if (s - from == kVariationMovesShown) {
            out += ", \xe2\x80\xa6";
            break;
        }
        const Event& e = line.events[i];
        marks += marks_delta(e);
        if (s > from) out += ", ";
        const auto player = player_named(e);
        const auto cell = cell_named(e);
        if (player && cell)
            out += std::to_string(marks) + ". " + to_upper_char(*player) + " " + cell_label(*cell);
        else
            out += event_words(e, EventVoice::Label, EventPlace{.move_number = marks});
        out += glyph_after(tree.annotation(line.nodes[i]));
    }
    return out + ")";
}

}  // namespace

std::vector<StudyRow> study_rows(const StudyLine& study) {
    const StudyTree& tree = study.tree();
    const Line& line = study.line();
    const GameState start = study.state_at(0);
    std::vector<StudyRow> rows;
    rows.reserve(static_cast<std::size_t>(line.steps()) + 1);
    int marks = start.position.move_count();
    for (int s = 0; s <= line.steps(); ++s) {
        const auto i = static_cast<std::size_t>(s);
        const Event& e = line.events[i];
        const int before = marks;
        marks += s == 0 ? 0 : marks_delta(e);
        const NodeId node = line.nodes[i];
        const Annotation& note = tree.annotation(node);
        StudyRow row;
        row.step = s;
        row.node = node;
        row.move_number = marks;
        row.player = player_named(e);
        if (const auto cell = cell_named(e)) row.cell = cell_label(*cell);
        TimelineRow timeline{s, e, marks};
        row.words = event_words(e, EventVoice::Label, place_of(timeline, start)) + glyph_after(note);
        row.marked = marked(note);
        row.main_line = tree.on_main_line(node);
        rows.push_back(std::move(row));
        // The other moves tried at this step, after the line's own.
        const StudyLine::Branch branch = study.branch_at(s);
        for (std::size_t b = 0; b < branch.nodes.size(); ++b) {
            if (static_cast<int>(b) == branch.chosen) continue;
            const NodeId alt = branch.nodes[b];
            StudyRow v;
            v.step = s;
            v.node = alt;
            v.variation = true;
            v.move_number = before + 1;
            v.player = player_named(tree.step_event(alt));
            v.words = variation_words(tree, alt, before);
            v.marked = marked(tree.annotation(alt));
            v.main_line = tree.on_main_line(alt);
            rows.push_back(std::move(v));
        }
    }
    return rows;
}

}  // namespace ttt::app
