// Text and JSON for `show`, `history` and `list`. Stored text (the players' names) may come from an older
// version, a file or a hand-edited database: the text goes through terminal_safe, the JSON through the
// JSON writer's quoting, so neither can carry a control character to the terminal.
#include "cli/game_report.hpp"
#include "cli/numbered_board.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>

#include <tictactrace/engine/event_words.hpp>
#include <tictactrace/engine/game_state.hpp>
#include <tictactrace/engine/outcome.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/set_up.hpp>

#include <algorithm>
#include <set>
#include <cstdio>
#include <string_view>
#include <type_traits>

namespace ttt::cli {

using base::JsonWriter;

namespace {

// [SECTION] Shared pieces

const char* player_key(Player p) {
    return p == Player::X ? "x" : "o";
}
std::string upper(Player p) {
    return std::string(1, to_upper_char(p));
}

void write_rules(JsonWriter& json, const Rules& r) {
    json.begin_object()
        .key("name")
        .value(name_of(r.kind))
        .key("rows")
        .value(r.rows)
        .key("cols")
        .value(r.cols)
        .key("k");
    // Only the k-in-a-row rules have a k; the full-line and score rules win otherwise.
    if (r.has_k_in_a_row())
        json.value(r.k);
    else
        json.null();
    json.key("exact")
        .value(r.exact)
        .key("min_run")
        .value(r.min_run)
        .key("points")
        .value(r.points)
        .end_object();
}

void write_players(JsonWriter& json, const std::string& x, const std::string& o) {
    json.begin_object().key("x").value(x).key("o").value(o).end_object();
}

void write_optional_player(JsonWriter& json, const std::optional<Player>& p) {
    if (p)
        json.value(player_key(*p));
    else
        json.null();
}

std::string players_text(const std::string& x, const std::string& o) {
    std::string text = "X: ";
    base::append_terminal_safe(text, x);
    text += ", O: ";
    base::append_terminal_safe(text, o);
    return text;
}

// The events in the order asked for, each with the state the fold reached after it, so a takeback
// can say which move it retracted and every move its number.
struct HistoryLine {
    const store::StoredEvent* event = nullptr;
    int move_number = 0;     // the move played, or the move retracted
    std::int64_t step = -1;  // its step of the timeline; -1 for an event that is none (a study's)
};

// Move numbers come from counting marks, not from a fold: a move is the number of marks after it, a
// take-back names the move it retracts (the count before it).
std::vector<HistoryLine> history_lines(const std::vector<store::StoredEvent>& events, bool desc,
                                       HistoryReport::Before before) {
    std::vector<HistoryLine> lines;
    lines.reserve(events.size());
    int marks = before.marks;
    std::int64_t steps = before.steps;
    for (const auto& e : events) {
        const EventKind kind = kind_of(e.event);
        const std::int64_t step = is_study(e.event) ? -1 : steps++;
        if (kind == EventKind::Move) {
            lines.push_back({&e, ++marks, step});
        } else if (kind == EventKind::TakeBack) {
            lines.push_back({&e, marks--, step});
        } else {
            lines.push_back({&e, marks, step});
        }
    }
    if (desc) std::reverse(lines.begin(), lines.end());
    return lines;
}

void write_cells(JsonWriter& json, const std::vector<Pos>& cells) {
    json.begin_array();
    for (const Pos p : cells) json.begin_array().value(p.row + 1).value(p.col + 1).end_array();
    json.end_array();
}

template <class T>
inline constexpr bool kAlwaysFalse = false;

// An event's fields as the reports write them (engine/event_fields.hpp): the log's keys, a group's
// fields in an object of their own ("players"), and what only the log holds left out.
class EventFieldWriter {
public:
    explicit EventFieldWriter(JsonWriter& json) : m_json(json) {}

    template <class T>
    void operator()(const FieldInfo& f, const T& value) {
        if (f.log_only) return;
        enter_group(f.group);
        if constexpr (std::is_same_v<T, Rules>) {
            m_json.key(f.log_key());
            write_rules(m_json, value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            m_json.key(f.log_key()).value(value);
        } else if constexpr (std::is_same_v<T, Player>) {
            m_json.key(f.log_key()).value(player_key(value));
        } else if constexpr (std::is_same_v<T, Pos>) {
            m_json.key("row").value(value.row + 1).key("col").value(value.col + 1);
        } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, int>) {
            m_json.key(f.log_key()).value(value);
        } else if constexpr (NamedEnum<T>) {
            m_json.key(f.log_key()).value(name_of(value));
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            m_json.key(f.log_key()).value(!value ? "draw" : player_key(*value));
        } else if constexpr (std::is_same_v<T, ForkPointOf<const GameSetUp::Start>>) {
            if (value.start.from_game)
                m_json.key("from")
                    .value(static_cast<std::int64_t>(*value.start.from_game))
                    .key("at")
                    .value(value.start.at);
        } else if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            write_note_members(m_json, *value);
        } else if constexpr (std::is_same_v<T, SetUp>) {
            m_json.key("to_move").value(player_key(value.to_move)).key("x_cells");
            write_cells(m_json, value.x);
            m_json.key("o_cells");
            write_cells(m_json, value.o);
        } else {
            static_assert(kAlwaysFalse<T>, "a field kind the report does not know how to write");
        }
    }

    void close_group() { enter_group(nullptr); }

private:
    void enter_group(const char* group) {
        if (group == m_group || (group && m_group && std::string_view(group) == m_group)) return;
        if (m_group) m_json.end_object();
        if (group) m_json.key(group).begin_object();
        m_group = group;
    }

    JsonWriter& m_json;
    const char* m_group = nullptr;
};

// One event as `history --json` lists it: its step, type and time, then its own members.
void write_event(JsonWriter& json, const store::StoredEvent& e, int move_number,
                 const Annotation* note = nullptr) {
    json.begin_object()
        .key("seq")
        .value(static_cast<std::int64_t>(e.seq))
        .key("type")
        .value(type_name_of(e.event))
        .key("recorded_ms")
        .value(static_cast<std::int64_t>(e.recorded_ms));
    // On a server, the login that wrote it; a file has no logins, and no "by".
    if (!e.by.empty()) json.key("by").value(e.by);
    // The move a move or a take-back names, then the event's own fields as it lists them.
    if (const EventKind kind = kind_of(e.event); kind == EventKind::Move || kind == EventKind::TakeBack)
        json.key("move").value(move_number);
    std::visit(
        [&](const auto& ev) {
            EventFieldWriter writer{json};
            for_each_field(ev, writer);
            writer.close_group();
        },
        e.event);
    // What is written now on the step this event made (history of a game with a study).
    if (note && !note->empty()) {
        json.key("annotation").begin_object();
        write_note_members(json, *note);
        json.end_object();
    }
    json.end_object();
}

void write_summary(JsonWriter& json, const store::GameSummary& g) {
    json.begin_object().key("id").value(static_cast<std::int64_t>(g.id)).key("rules");
    write_rules(json, g.rules);
    json.key("players");
    write_players(json, g.x_name, g.o_name);
    json.key("status").value(name_of(g.status)).key("winner");
    write_optional_player(json, g.winner);
    json.key("moves")
        .value(g.moves)
        .key("steps")
        .value(static_cast<std::int64_t>(g.last_seq))
        .key("created_ms")
        .value(static_cast<std::int64_t>(g.created_ms))
        .key("updated_ms")
        .value(static_cast<std::int64_t>(g.updated_ms))
        .key("forked_from");
    if (g.forked_from)
        json.value(static_cast<std::int64_t>(*g.forked_from));
    else
        json.null();
    json.end_object();
}

// Both totals, only where the rules score: under the other rules a line wins and the run totals mean
// nothing to the game, so the key holds null (kept, so every object has the same keys).
void write_score(JsonWriter& json, const Position& pos) {
    json.key("score");
    if (pos.rules().kind != RuleKind::Score) {
        json.null();
        return;
    }
    json.begin_object()
        .key("x")
        .value(pos.scores().of(Player::X).total())
        .key("o")
        .value(pos.scores().of(Player::O).total())
        .end_object();
}

// Where a game stands: the members every report of a position ends with.
void write_standing(JsonWriter& json, const Position& pos) {
    const Outcome& outcome = pos.outcome();
    json.key("to_move");
    if (outcome.over())
        json.null();
    else
        json.value(player_key(pos.to_move()));
    json.key("status").value(name_of(outcome.status)).key("winner");
    write_optional_player(json, outcome.winner);
    json.key("winning_line").begin_array();
    for (const Pos p : outcome.winning_line) json.begin_array().value(p.row + 1).value(p.col + 1).end_array();
    json.end_array();
    write_score(json, pos);
}

}  // namespace

// [SECTION] show

std::string outcome_text(const Position& position) {
    const Outcome& o = position.outcome();
    // Built with += throughout: GCC 12 warns falsely (-Wrestrict) on chains of + over short strings.
    std::string text;
    switch (o.status) {
    case Status::Playing:
        text += to_upper_char(position.to_move());
        text += " to move";
        return text;
    case Status::Draw: return "draw";
    case Status::Adjudicated:
        if (!o.winner) return "adjudicated a draw";
        text += "adjudicated: ";
        text += to_upper_char(*o.winner);
        text += " wins";
        return text;
    case Status::Resigned:
        text += to_upper_char(other(*o.winner));
        text += " resigned: ";
        text += to_upper_char(*o.winner);
        text += " wins";
        return text;
    case Status::Forfeited:
        text += to_upper_char(other(*o.winner));
        text += " forfeited (";
        text += describe(o.forfeit.value_or(ForfeitReason::Crash));
        text += "): ";
        text += to_upper_char(*o.winner);
        text += " wins";
        return text;
    case Status::Won: {
        text += to_upper_char(*o.winner);
        text += " wins";
        if (!o.winning_line.empty()) {
            text += " with";
            for (const Pos p : o.winning_line) {
                text += ' ';
                text += cell_label(p);
            }
        } else {
            text += " on points";
        }
        return text;
    }
    }
    return "";
}

// The members of an annotation, named as the log's payload names them (docs/event-log.md), each only when
// it holds something.
void write_note_members(JsonWriter& json, const Annotation& a) {
    if (!a.comment.empty()) json.key("comment").value(a.comment);
    if (a.glyph) json.key("glyph").value(symbol_of(*a.glyph));
    if (a.judgement) json.key("judgement").value(name_of(*a.judgement));
    if (!a.kept.empty()) {
        json.key("kept").begin_array();
        for (const KeptProperty& p : a.kept) {
            json.begin_object().key("id").value(p.id).key("values").begin_array();
            for (const std::string& v : p.values) json.value(v);
            json.end_array().end_object();
        }
        json.end_array();
    }
    if (a.shapes.empty()) return;
    json.key("shapes").begin_array();
    for (const Shape& shape : a.shapes) {
        json.begin_object()
            .key("kind")
            .value(name_of(shape.kind))
            .key("row")
            .value(shape.at.row + 1)
            .key("col")
            .value(shape.at.col + 1);
        if (shape.to) json.key("to_row").value(shape.to->row + 1).key("to_col").value(shape.to->col + 1);
        if (!shape.text.empty()) json.key("text").value(shape.text);
        json.key("colour").value(name_of(shape.colour)).end_object();
    }
    json.end_array();
}

std::string shape_text(const Shape& shape) {
    std::string out = std::string(name_of(shape.kind)) + " " + cell_label(shape.at);
    if (shape.to) out += " to " + cell_label(*shape.to);
    if (!shape.text.empty()) out += " \"" + base::terminal_safe(shape.text) + "\"";
    return out + ", " + name_of(shape.colour);
}

namespace {

// Every visible node of the tree in reading order: a node, then its main continuation's subtree, then each
// variation's. Iterative: a line of a million steps is as deep as the tree goes.
void write_tree(JsonWriter& json, const StudyTree& tree) {
    json.begin_array();
    // The main line once, rather than a walk to the start for every node.
    const Line main = tree.main_line();
    const std::set<NodeId> on_main(main.nodes.begin(), main.nodes.end());
    std::vector<NodeId> pending{0};
    while (!pending.empty()) {
        const NodeId node = pending.back();
        pending.pop_back();
        const auto children = tree.children(node);
        json.begin_object().key("node").value(static_cast<std::int64_t>(node)).key("parent");
        if (const NodeId up = tree.parent(node); up == kNoNode)
            json.null();
        else
            json.value(static_cast<std::int64_t>(up));
        // The event as the log holds it: a variation says so.
        const Event e = tree.step_event(node);
        json.key("type").value(tree.is_variation(node) ? VariationPlayed::kType : type_name_of(e));
        if (const auto who = player_named(e)) json.key("player").value(player_key(*who));
        if (const auto cell = cell_named(e))
            json.key("row").value(cell->row + 1).key("col").value(cell->col + 1);
        json.key("main").value(on_main.contains(node)).key("children").begin_array();
        for (const NodeId child : children) json.value(static_cast<std::int64_t>(child));
        json.end_array();
        if (const Annotation& note = tree.annotation(node); !note.empty()) {
            json.key("annotation").begin_object();
            write_note_members(json, note);
            json.end_object();
        }
        json.end_object();
        for (auto it = children.rbegin(); it != children.rend(); ++it) pending.push_back(*it);
    }
    json.end_array();
}

// The node of the step shown: the line's, or for a game without a study the step itself.
NodeId node_shown(const store::Snapshot& snap, const StudyShown& study) {
    if (!study.tree || !study.line) return snap.at;
    return study.line->nodes[static_cast<std::size_t>(snap.at)];
}

}  // namespace

std::string show_json(store::GameId id, const store::Snapshot& snap, std::string_view by,
                      const StudyShown& study) {
    const Position& pos = snap.state.position;
    JsonWriter json;
    json.begin_object().key("id").value(static_cast<std::int64_t>(id)).key("rules");
    write_rules(json, pos.rules());
    json.key("players");
    write_players(json, snap.state.x_name, snap.state.o_name);
    json.key("moves")
        .value(pos.move_count())
        .key("set_up_marks")
        .value(pos.set_up_marks())
        .key("at")
        .value(static_cast<std::int64_t>(snap.at));
    write_standing(json, pos);
    // Only for a game with an opening rule: every other game's object is as it was.
    if (const OpeningState& opening = snap.state.opening; opening.rule != OpeningRule::None) {
        json.key("opening")
            .begin_object()
            .key("rule")
            .value(name_of(opening.rule))
            .key("first")
            .value(opening.first_name)
            .key("second")
            .value(opening.second_name)
            .key("due");
        if (const auto due = opening_step(snap.state)) {
            json.begin_object()
                .key("kind")
                .value(due->kind == OpeningStep::Kind::Place ? "place" : "choose")
                .key("by")
                .value(name_of(due->who))
                .key("stones_left")
                .value(due->stones_left)
                .key("may_place_two")
                .value(due->may_place_two)
                .end_object();
        } else {
            json.null();
        }
        json.end_object();
    }
    json.key("board").begin_array();
    {
        // A row at a time through one string, not the whole board's strings at once (8 MB on the largest).
        const Board& board = pos.board();
        std::string row(static_cast<std::size_t>(board.cols()), '.');
        const Cell* cell = board.cells().data();
        for (int r = 0; r < board.rows(); ++r) {
            for (char& mark : row) mark = to_char(*cell++);
            json.value(row);
        }
    }
    json.end_array();
    json.key("steps").value(static_cast<std::int64_t>(snap.last_seq));
    // The login that wrote the step shown, on a server; a file has no logins, and no "by".
    if (!by.empty()) json.key("by").value(by);
    const NodeId node = node_shown(snap, study);
    json.key("node").value(static_cast<std::int64_t>(node)).key("annotation");
    if (const Annotation* note = study.tree ? &study.tree->annotation(node) : nullptr;
        note && !note->empty()) {
        json.begin_object();
        write_note_members(json, *note);
        json.end_object();
    } else {
        json.null();
    }
    json.key("line");
    if (study.tree && study.line) {
        json.begin_array();
        for (const NodeId n : study.line->nodes) json.value(static_cast<std::int64_t>(n));
        json.end_array();
        json.key("tree");
        write_tree(json, *study.tree);
    } else {
        json.null().key("tree").null();
    }
    json.end_object();
    return json.str();
}

std::string show_text(store::GameId id, const store::Snapshot& snap, const StudyShown& study,
                      const SideEngines& engines) {
    const Position& pos = snap.state.position;
    std::string out = "game " + std::to_string(id) + ": " + describe(pos.rules()) + "; " +
                      players_text(snap.state.x_name, snap.state.o_name) + "\n";
    // The engines `play` lets move for a side, as `new --x-engine` and `--o-engine` bound them.
    if (!engines.x.empty() || !engines.o.empty()) {
        out += "engines:";
        if (!engines.x.empty()) out += " X " + base::terminal_safe(engines.x);
        if (!engines.x.empty() && !engines.o.empty()) out += ",";
        if (!engines.o.empty()) out += " O " + base::terminal_safe(engines.o);
        out += "\n";
    }
    if (snap.state.forked_from)
        out += "forked from " + fork_source_long(*snap.state.forked_from) + " at step " +
               std::to_string(snap.state.forked_at) + "\n";
    if (const OpeningState& opening = snap.state.opening; opening.rule != OpeningRule::None) {
        std::string first, second;
        base::append_terminal_safe(first, opening.first_name);
        base::append_terminal_safe(second, opening.second_name);
        out += std::string(name_of(opening.rule)) + " opening: " + first + " first, " + second + " second";
        if (const auto due = opening_step(snap.state)) {
            OpeningState safe = opening;
            safe.first_name = first;
            safe.second_name = second;
            out += "; " + describe(*due, safe);
        } else {
            out += "; over";
        }
        out += "\n";
    }
    out += "step " + std::to_string(snap.at) + " of " + std::to_string(snap.last_seq) + ", " +
           std::to_string(pos.move_count()) + (pos.move_count() == 1 ? " move" : " moves") + " on the board";
    if (pos.set_up_marks() > 0)
        out += " after a set-up of " + std::to_string(pos.set_up_marks()) +
               (pos.set_up_marks() == 1 ? " mark" : " marks");
    out += "\n";
    append_numbered_board(out, pos.board());
    out += outcome_text(pos) + "\n";
    // The run totals decide only a game of the score rules; elsewhere they would read as a result.
    if (pos.rules().kind == RuleKind::Score)
        out += "score: X " + std::to_string(pos.scores().of(Player::X).total()) + ", O " +
               std::to_string(pos.scores().of(Player::O).total()) + "\n";
    if (!study.tree || !study.line) return out;
    const NodeId node = node_shown(snap, study);
    out += study.main ? std::string("on the main line") : "on a variation";
    out += ", at event " + std::to_string(node) + "\n";
    const Annotation& note = study.tree->annotation(node);
    if (note.glyph) out += std::string("glyph: ") + symbol_of(*note.glyph) + "\n";
    if (note.judgement) out += std::string("judgement: ") + name_of(*note.judgement) + "\n";
    if (!note.comment.empty()) out += "comment: " + base::terminal_safe(note.comment) + "\n";
    for (const Shape& shape : note.shapes) out += "shape: " + shape_text(shape) + "\n";
    // Another program's properties, as its file wrote them (and as an export writes them back).
    for (const KeptProperty& p : note.kept) {
        std::string text = p.id;
        for (const std::string& v : p.values) text += "[" + v + "]";
        out += "kept from the file: " + base::terminal_safe(text) + "\n";
    }
    // The moves played from here besides the one this line goes on with.
    const auto children = study.tree->children(node);
    const std::size_t at = static_cast<std::size_t>(snap.at);
    const NodeId next = at + 1 < study.line->nodes.size() ? study.line->nodes[at + 1] : kNoNode;
    for (const NodeId child : children) {
        if (child == next) continue;
        const Event e = study.tree->step_event(child);
        const auto cell = cell_named(e);
        const auto who = player_named(e);
        out += "variation: ";
        if (who) out += to_upper_char(*who);
        if (cell) out += " " + cell_label(*cell);
        out += " (event " + std::to_string(child) + ")\n";
    }
    return out;
}

// [SECTION] What a command that changed the log reports with --json

std::string change_json(store::GameId id, const store::StoredEvent& event, const Position& after) {
    // The move a takeback names is the one it retracted: one more than the marks left.
    const int move_number = after.move_count() + (kind_of(event.event) == EventKind::TakeBack ? 1 : 0);
    JsonWriter json;
    json.begin_object().key("id").value(static_cast<std::int64_t>(id)).key("event");
    write_event(json, event, move_number);
    json.key("moves").value(after.move_count());
    write_standing(json, after);
    json.end_object();
    return json.str();
}

// [SECTION] history

HistoryReport::HistoryReport(store::GameId id, bool json, bool desc) : m_id(id), m_json(json), m_desc(desc) {}

std::string HistoryReport::begin(const store::StoredEvent& creation) const {
    if (m_json) return "{\"id\":" + std::to_string(m_id) + ",\"events\":[";
    std::string out;
    std::visit(
        [&](const auto& ev) {
            // Every creating event has rules and names; an opening rule, only the one that may have one.
            if constexpr (requires {
                              ev.rules;
                              ev.x_name;
                              ev.o_name;
                          })
                out = "game " + std::to_string(m_id) + ": " + describe(ev.rules) + "; " +
                      players_text(ev.x_name, ev.o_name) + "\n";
            // The names above are the creation's: an opening's choices may give the colours to the other.
            if constexpr (requires { ev.opening; })
                if (ev.opening != OpeningRule::None)
                    out += std::string(name_of(ev.opening)) + " opening: X's name is the first player's, "
                                                              "O's the second's, until a colour is chosen\n";
        },
        creation.event);
    out += m_notes ? "event  step\n" : "step  event\n";
    return out;
}

std::string HistoryReport::window(const std::vector<store::StoredEvent>& events, Before before) {
    std::string out;
    if (m_json) {
        for (const auto& line : history_lines(events, m_desc, before)) {
            JsonWriter json;
            write_event(json, *line.event, line.move_number, note_of(line.event->seq));
            if (!m_first) out += ',';
            m_first = false;
            out += json.str();
        }
        return out;
    }
    for (const auto& line : history_lines(events, m_desc, before)) {
        char numbers[48];
        if (!m_notes)
            std::snprintf(numbers, sizeof numbers, "%4lld  ", static_cast<long long>(line.event->seq));
        else if (line.step < 0)
            std::snprintf(numbers, sizeof numbers, "%5lld        ", static_cast<long long>(line.event->seq));
        else
            std::snprintf(numbers, sizeof numbers, "%5lld  %4lld  ", static_cast<long long>(line.event->seq),
                          static_cast<long long>(line.step));
        out += numbers;
        append_event_words(out, line.event->event, EventVoice::HistoryLine,
                           {.move_number = line.move_number});
        // A glyph beside its move, and a mark for a step that has a comment or shapes.
        if (const Annotation* note = note_of(line.event->seq)) {
            if (note->glyph) out += std::string(" ") + symbol_of(*note->glyph);
            if (!note->comment.empty() || !note->shapes.empty() || note->judgement) out += "  [annotated]";
        }
        // On a server, who wrote it: a login's name (a-z, 0-9, _), shown safely all the same.
        if (!line.event->by.empty()) {
            out += "  (by ";
            base::append_terminal_safe(out, line.event->by);
            out += ")";
        }
        out += "\n";
    }
    return out;
}

const Annotation* HistoryReport::note_of(store::Seq seq) const noexcept {
    if (!m_notes) return nullptr;
    const auto it = m_notes->find(seq);
    return it == m_notes->end() ? nullptr : &it->second;
}

std::string HistoryReport::end() const {
    return m_json ? "]}\n" : "";
}

HistoryReport::Before HistoryReport::after(const std::vector<store::StoredEvent>& events,
                                           Before before) noexcept {
    for (const auto& e : events) {
        if (kind_of(e.event) == EventKind::Move) ++before.marks;
        if (kind_of(e.event) == EventKind::TakeBack) --before.marks;
        if (!is_study(e.event)) ++before.steps;
    }
    return before;
}

std::string history_json(store::GameId id, const std::vector<store::StoredEvent>& events, bool desc) {
    HistoryReport report(id, true, desc);
    std::string out =
        events.empty() ? "{\"id\":" + std::to_string(id) + ",\"events\":[" : report.begin(events.front());
    out += report.window(events, {}) + report.end();
    out.pop_back();  // the one-line JSON without its line end, as before
    return out;
}

std::string history_text(store::GameId id, const std::vector<store::StoredEvent>& events, bool desc) {
    HistoryReport report(id, false, desc);
    std::string out = events.empty() ? "step  event\n" : report.begin(events.front());
    return out + report.window(events, {}) + report.end();
}

// [SECTION] list

std::string list_json(const std::vector<store::GameSummary>& games) {
    JsonWriter json;
    json.begin_array();
    for (const auto& g : games) write_summary(json, g);
    json.end_array();
    return json.str();
}

std::string summary_json(const store::GameSummary& game) {
    JsonWriter json;
    write_summary(json, game);
    return json.str();
}

std::string list_text(const std::vector<store::GameSummary>& games) {
    if (games.empty()) return "no games yet; start one with `tictactrace new`\n";
    std::string out = "   id  rules               status    winner  moves  players\n";
    for (const auto& g : games) {
        std::string rules = std::string(name_of(g.rules.kind)) + " " + std::to_string(g.rules.rows) + "x" +
                            std::to_string(g.rules.cols);
        if (g.rules.kind == RuleKind::Mnk) rules += " k" + std::to_string(g.rules.k);
        if (g.rules.exact) rules += " exact";
        char line[160];
        std::snprintf(line, sizeof line, "%5lld  %-18s  %-8s  %-6s  %5d  ", static_cast<long long>(g.id),
                      rules.c_str(), name_of(g.status), g.winner ? upper(*g.winner).c_str() : "-", g.moves);
        out += line;
        out += players_text(g.x_name, g.o_name);
        if (g.forked_from) out += " (fork of " + fork_source_long(*g.forked_from) + ")";
        out += "\n";
    }
    return out;
}

}  // namespace ttt::cli
