// The words of every event: one section per event type, each saying what every voice says of it. A new
// event type gets its section here; the overload set below does not compile without it.
#include "tictactrace/engine/event_words.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/engine/forfeit_reason.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <string_view>
#include <type_traits>

namespace ttt {

namespace {

// Built with += throughout: GCC 12 warns falsely (-Wrestrict) on chains of + over short strings.
void add(std::string& out, std::string_view text) {
    out += text;
}
void add(std::string& out, Player p) {
    out += to_upper_char(p);
}
void add(std::string& out, int n) {
    out += std::to_string(n);
}
void add(std::string& out, Pos p) {
    out += cell_label(p);
}
template <class... Parts>
void say(std::string& out, const Parts&... parts) {
    (add(out, parts), ...);
}

// The cell as an import's refusal names it: "4, 5".
void add_bare_cell(std::string& out, Pos p) {
    say(out, p.row + 1, ", ", p.col + 1);
}

void add_players(std::string& out, const std::string& x_name, const std::string& o_name) {
    say(out, "X ", x_name.empty() ? std::string_view("(no name)") : std::string_view(x_name), " against O ",
        o_name.empty() ? std::string_view("(no name)") : std::string_view(o_name));
}

// "event 9 (" ... ")", as an import's refusal names an event that is not a move.
template <class F>
void refusal(std::string& out, const EventPlace& place, F&& inside) {
    say(out, "event ", place.event_number, " (");
    inside();
    out += ')';
}

const OpeningState& opening_of(const EventPlace& place) {
    static const OpeningState kNone;
    return place.opening ? *place.opening : kNone;
}

// [SECTION] Each event type's words

void words(std::string& out, const GameCreated& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine: return say(out, "created");
    case EventVoice::Meaning:
        say(out, "a new ", rules_label(e.rules), " ", size_label(e.rules), " game on the empty board, ");
        return add_players(out, e.x_name, e.o_name);
    case EventVoice::Sentence: return say(out, "Game start");
    case EventVoice::Label: return say(out, "game start");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "a second creation of the game"); });
    }
}

void words(std::string& out, const GameForked& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
        return say(out, "forked from ", fork_source_long(e.from_game), " at step ", e.at);
    case EventVoice::Meaning:
        return say(out, "a fork: starts as game ", fork_source_short(e.from_game), " was after step ", e.at,
                   "; its moves follow as its own events");
    case EventVoice::Sentence:
        return say(out, "Forked from ", fork_source_short(e.from_game), " at step ", e.at);
    case EventVoice::Label: return say(out, "fork of ", fork_source_short(e.from_game), " at step ", e.at);
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "a second creation of the game"); });
    }
}

void words(std::string& out, const GameSetUp& e, EventVoice voice, const EventPlace& place) {
    const GameSetUp::Start& start = *e.start;
    switch (voice) {
    case EventVoice::HistoryLine:
        // "set-up: 18 X, 0 O, O to move", and where a fork of a set-up game branched off.
        say(out, "set-up: ", describe(start.setup), ", ", start.setup.to_move, " to move");
        if (start.from_game)
            say(out, "; forked from ", fork_source_long(*start.from_game), " at step ", start.at);
        return;
    case EventVoice::Meaning:
        say(out, "a ", rules_label(e.rules), " ", size_label(e.rules), " game set up with ",
            static_cast<int>(start.setup.x.size()), " X and ", static_cast<int>(start.setup.o.size()),
            " O marks, ", start.setup.to_move, " to move");
        if (start.from_game)
            say(out, "; a fork of game ", fork_source_short(start.from_game), " after step ", start.at);
        return;
    case EventVoice::Sentence: return say(out, "Game start");
    case EventVoice::Label: return say(out, "game start");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "a second creation of the game"); });
    }
}

void words(std::string& out, const MovePlayed& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine: return say(out, "move ", place.move_number, ": ", e.player, " ", e.pos);
    case EventVoice::Meaning: return say(out, e.player, " marks ", e.pos);
    case EventVoice::Sentence: return say(out, e.player, " plays ", e.pos);
    case EventVoice::Label:
        if (place.inherited) return say(out, "move (from ", fork_source_short(place.forked_from), ")");
        return say(out, "move");
    case EventVoice::Refusal:
        say(out, "move ", place.move_number, " (", e.player, " at ");
        add_bare_cell(out, e.pos);
        out += ')';
        return;
    }
}

void words(std::string& out, const MoveTakenBack& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
        return say(out, "takeback of move ", place.move_number, ": ", e.player, " ", e.pos);
    case EventVoice::Meaning:
        return say(out, e.player, "'s mark at ", e.pos,
                   " is taken back (the log keeps the move and its take-back)");
    case EventVoice::Sentence: return say(out, e.player, " takes back ", e.pos);
    case EventVoice::Label: return say(out, "takeback of move ", place.move_number);
    case EventVoice::Refusal:
        return refusal(out, place, [&] {
            say(out, "take-back of ", e.player, " at ");
            add_bare_cell(out, e.pos);
        });
    }
}

void words(std::string& out, const Resigned& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
    case EventVoice::Meaning:
    case EventVoice::Sentence: return say(out, e.player, " resigns");
    case EventVoice::Label: return say(out, "resigns");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, e.player, " resigns"); });
    }
}

void words(std::string& out, const Forfeited& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
        say(out, e.player, " forfeits (", name_of(e.reason), "): ");
        return base::append_terminal_safe(out, e.detail);
    case EventVoice::Meaning:
    case EventVoice::Sentence: return say(out, e.player, " forfeits (", describe(e.reason), ")");
    case EventVoice::Label: return say(out, "forfeits (", name_of(e.reason), ")");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, e.player, " forfeits"); });
    }
}

void words(std::string& out, const Adjudicated& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
        if (e.winner)
            say(out, "adjudicated: ", *e.winner, " wins: ");
        else
            say(out, "adjudicated: a draw: ");
        return base::append_terminal_safe(out, e.reason);
    case EventVoice::Meaning:
        if (e.winner)
            say(out, "adjudicated to ", *e.winner);
        else
            say(out, "adjudicated a draw");
        return say(out, ", as the record says (the game ends)");
    case EventVoice::Sentence:
        if (e.winner) return say(out, "Adjudicated: ", *e.winner, " wins");
        return say(out, "Adjudicated a draw");
    case EventVoice::Label: return say(out, e.winner ? "adjudicated the winner" : "adjudicated a draw");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "the adjudication"); });
    }
}

void words(std::string& out, const OpeningChosen& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
        return say(out, "opening: the ", name_of(e.by), " player ",
                   e.choice == OpeningChoice::TakeBlack   ? "plays black"
                   : e.choice == OpeningChoice::TakeWhite ? "plays white"
                                                          : "places two more stones");
    case EventVoice::Meaning:
        if (e.choice == OpeningChoice::PlaceTwo)
            return say(out, "the opening's choice: two more stones to place (white, black), then the first "
                            "player chooses the colour");
        return say(out, "the opening's choice: the ", name_of(e.by), " player plays ",
                   e.choice == OpeningChoice::TakeBlack ? "black (X)" : "white (O)",
                   "; the names follow the colours");
    case EventVoice::Sentence:
        return say(out, "Opening: ", describe_choice(e.choice, e.by, opening_of(place)));
    case EventVoice::Label: return say(out, "opening: ", describe_choice(e.choice, e.by, opening_of(place)));
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "a second creation of the game"); });
    }
}

// The study's events name nodes by the sequence number of the event that made them; 0 is the start.
void add_node(std::string& out, std::int64_t node) {
    if (node == 0) return say(out, "the start");
    say(out, "event ", std::to_string(node));
}

// "a comment, the glyph !? and 3 shapes": what an annotation holds, for a line that cannot show it all.
void add_note_parts(std::string& out, const Annotation& a) {
    if (a.empty()) return say(out, "nothing (cleared)");
    bool first = true;
    const auto part = [&](auto&&... parts) {
        if (!first) out += ", ";
        first = false;
        say(out, parts...);
    };
    if (!a.comment.empty()) part("a comment");
    if (a.glyph) part("the glyph ", symbol_of(*a.glyph));
    if (a.judgement) part("the judgement ", name_of(*a.judgement));
    if (!a.shapes.empty())
        part(static_cast<int>(a.shapes.size()), a.shapes.size() == 1 ? " shape" : " shapes");
    if (!a.kept.empty())
        part(static_cast<int>(a.kept.size()),
             a.kept.size() == 1 ? " property of another program" : " properties of another program");
}

void words(std::string& out, const VariationPlayed& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
        say(out, "variation from ");
        add_node(out, e.parent);
        return say(out, ": ", e.player, " ", e.pos);
    case EventVoice::Meaning:
        say(out, e.player, " marks ", e.pos, " in a variation from ");
        add_node(out, e.parent);
        return say(out, "; the game's own line does not change");
    case EventVoice::Sentence: return say(out, e.player, " plays ", e.pos, " (a variation)");
    case EventVoice::Label: return say(out, "variation");
    case EventVoice::Refusal:
        return refusal(out, place, [&] {
            say(out, "variation of ", e.player, " at ");
            add_bare_cell(out, e.pos);
        });
    }
}

void words(std::string& out, const LinePromoted& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
    case EventVoice::Label:
        say(out, "line through ");
        add_node(out, e.node);
        return say(out, " promoted");
    case EventVoice::Meaning:
        say(out, "the line through ");
        add_node(out, e.node);
        return say(out, " becomes the main line; the game's result is its result");
    case EventVoice::Sentence: return say(out, "A variation becomes the main line");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "a promotion"); });
    }
}

void words(std::string& out, const LineSetAside& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
    case EventVoice::Label:
        say(out, "line from ");
        add_node(out, e.node);
        return say(out, " set aside");
    case EventVoice::Meaning:
        say(out, "the variation from ");
        add_node(out, e.node);
        return say(out, " is put aside with all that follows it; the log keeps it");
    case EventVoice::Sentence: return say(out, "A variation is set aside");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "setting a line aside"); });
    }
}

void words(std::string& out, const Annotated& e, EventVoice voice, const EventPlace& place) {
    switch (voice) {
    case EventVoice::HistoryLine:
    case EventVoice::Label:
        say(out, "annotation of ");
        add_node(out, e.node);
        return;
    case EventVoice::Meaning:
        add_node(out, e.node);
        say(out, " now carries ");
        return add_note_parts(out, *e.note);
    case EventVoice::Sentence: return say(out, "An annotation is written");
    case EventVoice::Refusal: return refusal(out, place, [&] { say(out, "an annotation"); });
    }
}

// [SECTION] What an event names, from its fields

struct NamedParts {
    std::optional<Player> player;
    std::optional<Pos> cell;

    template <class T>
    void operator()(const FieldInfo&, const T& value) noexcept {
        if constexpr (std::is_same_v<T, Player>) {
            if (!player) player = value;
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            if (!player) player = value;
        } else if constexpr (std::is_same_v<T, Pos>) {
            if (!cell) cell = value;
        }
    }
};

NamedParts named_parts(const Event& event) noexcept {
    NamedParts parts;
    std::visit([&](const auto& e) { for_each_field(e, parts); }, event);
    return parts;
}

}  // namespace

void append_event_words(std::string& out, const Event& event, EventVoice voice, const EventPlace& place) {
    std::visit([&](const auto& e) { words(out, e, voice, place); }, event);
}

std::string event_words(const Event& event, EventVoice voice, const EventPlace& place) {
    std::string out;
    append_event_words(out, event, voice, place);
    return out;
}

std::optional<Player> player_named(const Event& event) noexcept {
    return named_parts(event).player;
}

std::optional<Pos> cell_named(const Event& event) noexcept {
    return named_parts(event).cell;
}

// [SECTION] The pieces

std::string fork_source_short(std::optional<std::int64_t> from) {
    if (!from || *from <= 0) return "a game outside this database";
    std::string out = "#";
    out += std::to_string(*from);
    return out;
}

std::string fork_source_long(std::int64_t from) {
    return from == 0 ? "a game outside this database" : "game " + std::to_string(from);
}

std::string size_label(const Rules& rules) {
    return std::to_string(rules.rows) + "x" + std::to_string(rules.cols);
}

std::string rules_label(const Rules& rules) {
    std::string label = name_of(rules.kind);
    if (rules.kind == RuleKind::Mnk) label += " k=" + std::to_string(rules.k);
    if (rules.has_k_in_a_row() && rules.exact) label += " (exact)";
    return label;
}

}  // namespace ttt
