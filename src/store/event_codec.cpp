// The JSON payload of each event type, version 1 (docs/event-log.md shows one of each), written and read
// from the events' own field lists (engine/event_fields.hpp): a field's kind decides how it is spelled.
#include "tictactrace/store/event_codec.hpp"

#include "json_text.hpp"

#include "tictactrace/base/json_string.hpp"

#include <array>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace ttt::store {

namespace {

using base::append_json_string;
using detail::JsonReader;

// [SECTION] Writing

void append_int(std::string& out, std::int64_t v) {
    char buf[24];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    (void)ec;  // 24 characters always hold an int64
    out.append(buf, end);
}

void append_member(std::string& out, const char* key, std::int64_t v) {
    out.push_back('"');
    out += key;
    out += "\":";
    append_int(out, v);
}

void append_rules(std::string& out, const Rules& r) {
    out += "{\"name\":";
    append_json_string(out, name_of(r.kind));
    out.push_back(',');
    append_member(out, "rows", r.rows);
    out.push_back(',');
    append_member(out, "cols", r.cols);
    out.push_back(',');
    append_member(out, "k", r.k);
    out += r.exact ? ",\"exact\":true," : ",\"exact\":false,";
    append_member(out, "min_run", r.min_run);
    out.push_back(',');
    append_member(out, "points", r.points);
    out.push_back('}');
}

// A set-up's cells as [[row,col],...], 1-based.
void append_cells(std::string& out, const std::vector<Pos>& cells) {
    out.push_back('[');
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) out.push_back(',');
        out.push_back('[');
        append_int(out, static_cast<std::int64_t>(cells[i].row) + 1);
        out.push_back(',');
        append_int(out, static_cast<std::int64_t>(cells[i].col) + 1);
        out.push_back(']');
    }
    out.push_back(']');
}

// [SECTION] Reading

// No board has more cells than this, so no set-up lists more of one player's.
constexpr std::size_t kMaxCells = static_cast<std::size_t>(kMaxSide) * static_cast<std::size_t>(kMaxSide);

bool read_player(JsonReader& in, std::optional<Player>& out, std::string& error, const char* what) {
    std::string text;
    if (!in.read_string(text)) return false;
    if (text == "x")
        out = Player::X;
    else if (text == "o")
        out = Player::O;
    else {
        error = std::string(what) + " must be \"x\" or \"o\"";
        return false;
    }
    return true;
}

// [[row,col],...], 1-based; a cell that fits no board is refused here, one off this board by the engine.
bool read_cells(JsonReader& in, std::vector<Pos>& cells, std::string& error) {
    if (!in.begin_array()) return false;
    bool first = true;
    while (in.next_element(first)) {
        if (cells.size() == kMaxCells) {
            error = "a set-up lists more cells than a board has";
            return false;
        }
        std::int64_t v[2] = {0, 0};
        bool inner = true;
        if (!in.begin_array()) return false;
        for (std::int64_t& coordinate : v)
            if (!in.next_element(inner) || !in.read_int(coordinate)) {
                if (in.error().empty()) error = "a set-up cell must be [row,col]";
                return false;
            }
        if (in.next_element(inner)) {
            error = "a set-up cell must be [row,col]";
            return false;
        }
        if (!in.error().empty()) return false;
        if (v[0] < 1 || v[1] < 1 || v[0] > kMaxSide || v[1] > kMaxSide) {
            error = "a set-up cell's row and col must be 1 to " + std::to_string(kMaxSide);
            return false;
        }
        cells.push_back(Pos{static_cast<int>(v[0] - 1), static_cast<int>(v[1] - 1)});
    }
    return in.error().empty();
}

// One shape of an annotation: {"kind":...,"row":R,"col":C[,"to_row":R,"to_col":C][,"text":T][,"colour":...]},
// 1-based. Whether its cells are on this board is the engine's check (check_annotation).
bool read_shape(JsonReader& in, Shape& shape, std::string& error) {
    if (!in.begin_object()) return false;
    std::string key;
    std::string kind;
    std::string colour = "green";
    std::int64_t cell[4] = {0, 0, 0, 0};
    unsigned seen = 0;
    while (in.next_member(key)) {
        bool ok = true;
        const char* const coordinates[4] = {"row", "col", "to_row", "to_col"};
        bool coordinate = false;
        for (int i = 0; i < 4; ++i)
            if (key == coordinates[i]) {
                ok = in.read_int(cell[i]);
                seen |= 1U << i;
                coordinate = true;
            }
        if (coordinate)
            ;
        else if (key == "kind")
            ok = in.read_string(kind);
        else if (key == "colour")
            ok = in.read_string(colour);
        else if (key == "text")
            ok = in.read_string(shape.text);
        else
            ok = in.skip_value();
        if (!ok) return false;
    }
    if (!in.error().empty()) return false;
    const auto known_kind = shape_kind_from_name(kind);
    const auto known_colour = shape_colour_from_name(colour);
    if (!known_kind) {
        error = "unknown shape \"" + kind.substr(0, 32) + "\"";
        return false;
    }
    if (!known_colour) {
        error = "unknown colour \"" + colour.substr(0, 32) + "\"";
        return false;
    }
    if ((seen & 3U) != 3U || ((seen & 12U) != 0U && (seen & 12U) != 12U)) {
        error = "a shape needs its row and col, and an arrow's end both to_row and to_col";
        return false;
    }
    for (int i = 0; i < 4; ++i)
        if ((seen & (1U << i)) && (cell[i] < 1 || cell[i] > kMaxSide)) {
            error = "a shape's row and col must be 1 to " + std::to_string(kMaxSide);
            return false;
        }
    shape.kind = *known_kind;
    shape.colour = *known_colour;
    shape.at = Pos{static_cast<int>(cell[0] - 1), static_cast<int>(cell[1] - 1)};
    if (seen & 12U) shape.to = Pos{static_cast<int>(cell[2] - 1), static_cast<int>(cell[3] - 1)};
    return true;
}

bool read_shapes(JsonReader& in, std::vector<Shape>& shapes, std::string& error) {
    if (!in.begin_array()) return false;
    bool first = true;
    while (in.next_element(first)) {
        if (shapes.size() == kMaxShapes) {
            error = "an annotation has at most " + std::to_string(kMaxShapes) + " shapes";
            return false;
        }
        Shape shape;
        if (!read_shape(in, shape, error)) return false;
        shapes.push_back(std::move(shape));
    }
    return in.error().empty();
}

// Another program's properties kept on a step: [{"id":"KM","values":["6.5"]},...]. Their limits are the
// engine's check (check_annotation); the count is bounded here so that a payload cannot grow the list
// without end before it is checked.
bool read_kept(JsonReader& in, std::vector<KeptProperty>& kept, std::string& error) {
    if (!in.begin_array()) return false;
    bool first = true;
    while (in.next_element(first)) {
        if (kept.size() == kMaxKept) {
            error = "an annotation keeps at most " + std::to_string(kMaxKept) + " properties";
            return false;
        }
        KeptProperty property;
        if (!in.begin_object()) return false;
        std::string key;
        while (in.next_member(key)) {
            bool ok = true;
            if (key == "id") {
                ok = in.read_string(property.id);
            } else if (key == "values") {
                ok = in.begin_array();
                bool first_value = true;
                while (ok && in.next_element(first_value)) {
                    if (property.values.size() == kMaxKeptBytes) {
                        error = "a kept property has more values than its step may keep bytes";
                        return false;
                    }
                    ok = in.read_string(property.values.emplace_back());
                }
                ok = ok && in.error().empty();
            } else {
                ok = in.skip_value();
            }
            if (!ok) return false;
        }
        if (!in.error().empty()) return false;
        kept.push_back(std::move(property));
    }
    return in.error().empty();
}

bool read_small_int(JsonReader& in, int& out, std::string& error) {
    std::int64_t v = 0;
    if (!in.read_int(v)) return false;
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
        error = "a number is out of range";
        return false;
    }
    out = static_cast<int>(v);
    return true;
}

bool read_rules(JsonReader& in, Rules& rules, std::string& error) {
    if (!in.begin_object()) return false;
    std::string key;
    std::string name;
    bool have_name = false;
    while (in.next_member(key)) {
        bool ok = true;
        if (key == "name") {
            ok = in.read_string(name);
            have_name = ok;
        } else if (key == "rows")
            ok = read_small_int(in, rules.rows, error);
        else if (key == "cols")
            ok = read_small_int(in, rules.cols, error);
        else if (key == "k")
            ok = read_small_int(in, rules.k, error);
        else if (key == "exact")
            ok = in.read_bool(rules.exact);
        else if (key == "min_run")
            ok = read_small_int(in, rules.min_run, error);
        else if (key == "points")
            ok = read_small_int(in, rules.points, error);
        else
            ok = in.skip_value();
        if (!ok) return false;
    }
    if (!in.error().empty()) return false;
    if (!have_name) {
        error = "the rules have no name";
        return false;
    }
    const auto kind = rule_kind_from_name(name);
    if (!kind) {
        error = "unknown rules \"" + name + "\"";
        return false;
    }
    rules.kind = *kind;
    return true;
}

// The layout this program writes for a move, read without the general reader: a 10,000-move game
// decodes in a fraction of a millisecond. Anything else (other spacing, member order, extra members,
// a coordinate out of range) returns nullopt and goes the general way, which also words the errors.
std::optional<MovePlayed> read_canonical_move(std::string_view p) {
    const auto expect = [&p](std::string_view text) {
        if (!p.starts_with(text)) return false;
        p.remove_prefix(text.size());
        return true;
    };
    const auto coordinate = [&p](int& out) {
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), v);
        if (ec != std::errc{} || end == p.data() || v < 1 || v > std::numeric_limits<int>::max())
            return false;
        p.remove_prefix(static_cast<std::size_t>(end - p.data()));
        out = static_cast<int>(v - 1);  // stored 1-based
        return true;
    };
    MovePlayed move;
    if (!expect(R"({"player":")") || p.empty()) return std::nullopt;
    if (p.front() == 'x')
        move.player = Player::X;
    else if (p.front() == 'o')
        move.player = Player::O;
    else
        return std::nullopt;
    p.remove_prefix(1);
    if (expect(R"(","row":)") && coordinate(move.pos.row) && expect(R"(,"col":)") &&
        coordinate(move.pos.col) && p == "}")
        return move;
    return std::nullopt;
}

// [SECTION] One event's fields, written and read by their kinds

template <class T>
inline constexpr bool kAlwaysFalse = false;

// Writes the members of one payload, in the order the event lists its fields.
class PayloadWriter {
public:
    explicit PayloadWriter(std::string& out) : m_out(out) {}

    template <class T>
    void operator()(const FieldInfo& f, const T& value) {
        if constexpr (std::equality_comparable<T> && std::default_initializable<T>)
            if (f.omit_default && value == T{}) return;
        if constexpr (std::is_same_v<T, Rules>) {
            key(f.log_key());
            append_rules(m_out, value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            key(f.log_key());
            append_json_string(m_out, value);
        } else if constexpr (std::is_same_v<T, Player>) {
            key(f.log_key());
            m_out += value == Player::X ? "\"x\"" : "\"o\"";
        } else if constexpr (std::is_same_v<T, Pos>) {
            key("row");
            append_int(m_out, static_cast<std::int64_t>(value.row) + 1);
            key("col");
            append_int(m_out, static_cast<std::int64_t>(value.col) + 1);
        } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, int>) {
            key(f.log_key());
            append_int(m_out, value);
        } else if constexpr (NamedEnum<T>) {
            key(f.log_key());
            append_json_string(m_out, name_of(value));
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            key(f.log_key());
            append_json_string(m_out, !value ? "draw" : *value == Player::X ? "x" : "o");
        } else if constexpr (std::is_same_v<T, ForkPointOf<const GameSetUp::Start>>) {
            // A fork of a set-up game says where it branched off; a plain set-up says neither.
            if (!value.start.from_game) return;
            key("from");
            append_int(m_out, *value.start.from_game);
            key("at");
            append_int(m_out, value.start.at);
        } else if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            append_note_members(*value);
        } else if constexpr (std::is_same_v<T, SetUp>) {
            key("to_move");
            m_out += value.to_move == Player::X ? "\"x\"" : "\"o\"";
            key("x_cells");
            append_cells(m_out, value.x);
            key("o_cells");
            append_cells(m_out, value.o);
        } else {
            static_assert(kAlwaysFalse<T>, "a field kind the payload does not know how to write");
        }
    }
    // An annotation's members, each only when it holds something: an empty one clears a step.
    void append_note_members(const Annotation& a) {
        if (!a.comment.empty()) {
            key("comment");
            append_json_string(m_out, a.comment);
        }
        if (a.glyph) {
            key("glyph");
            append_json_string(m_out, symbol_of(*a.glyph));
        }
        if (a.judgement) {
            key("judgement");
            append_json_string(m_out, name_of(*a.judgement));
        }
        append_kept(a.kept);
        if (a.shapes.empty()) return;
        key("shapes");
        m_out.push_back('[');
        for (std::size_t i = 0; i < a.shapes.size(); ++i) {
            const Shape& shape = a.shapes[i];
            m_out += i ? ",{\"kind\":" : "{\"kind\":";
            append_json_string(m_out, name_of(shape.kind));
            m_out.push_back(',');
            append_member(m_out, "row", static_cast<std::int64_t>(shape.at.row) + 1);
            m_out.push_back(',');
            append_member(m_out, "col", static_cast<std::int64_t>(shape.at.col) + 1);
            if (shape.to) {
                m_out.push_back(',');
                append_member(m_out, "to_row", static_cast<std::int64_t>(shape.to->row) + 1);
                m_out.push_back(',');
                append_member(m_out, "to_col", static_cast<std::int64_t>(shape.to->col) + 1);
            }
            if (!shape.text.empty()) {
                m_out += ",\"text\":";
                append_json_string(m_out, shape.text);
            }
            m_out += ",\"colour\":";
            append_json_string(m_out, name_of(shape.colour));
            m_out.push_back('}');
        }
        m_out.push_back(']');
    }

    void append_kept(const std::vector<KeptProperty>& kept) {
        if (kept.empty()) return;
        key("kept");
        m_out.push_back('[');
        for (std::size_t i = 0; i < kept.size(); ++i) {
            m_out += i ? ",{\"id\":" : "{\"id\":";
            append_json_string(m_out, kept[i].id);
            m_out += ",\"values\":[";
            for (std::size_t v = 0; v < kept[i].values.size(); ++v) {
                if (v) m_out.push_back(',');
                append_json_string(m_out, kept[i].values[v]);
            }
            m_out += "]}";
        }
        m_out.push_back(']');
    }

    // The closing brace (and the opening one of a payload without members).
    void finish() { m_out += m_first ? "{}" : "}"; }

private:
    void key(const char* name) {
        m_out += m_first ? "{\"" : ",\"";
        m_first = false;
        m_out += name;
        m_out += "\":";
    }

    std::string& m_out;
    bool m_first = true;
};

// What a field's members read so far: which of its keys were seen, and values checked only once every
// member is known (so a payload missing a member says so before it says a value is wrong).
struct Slot {
    unsigned seen = 0;
    std::int64_t a = 0;  // an int, a row, a fork's game
    std::int64_t b = 0;  // a column, a fork's step
    std::string text;    // a name to look up
};

constexpr std::size_t kMaxFields = 8;  // no event lists more fields (checked in decode_as)

// The keys of a field kind, in the bits of Slot::seen.
template <class T>
constexpr unsigned all_keys() {
    if constexpr (std::is_same_v<T, Pos>)
        return 3;
    else if constexpr (std::is_same_v<T, SetUp>)
        return 7;
    else
        return 1;
}

// Reads one member `key` into the field it belongs to; `handled` says whether some field claimed it.
class MemberReader {
public:
    MemberReader(JsonReader& in, std::string& error, const std::string& key,
                 std::array<Slot, kMaxFields>& slots)
        : m_in(in), m_error(error), m_key(key), m_slots(slots) {}

    bool handled = false;
    bool ok = true;

    template <class T>
    void operator()(const FieldInfo& f, T& value) {
        Slot& slot = m_slots[m_index++];
        if (handled) return;
        const auto take = [&](const char* name, unsigned bit) {
            if (m_key != name) return false;
            handled = true;
            slot.seen |= bit;
            return true;
        };
        if constexpr (std::is_same_v<T, Rules>) {
            if (take(f.log_key(), 1)) {
                Rules r;
                ok = read_rules(m_in, r, m_error);
                if (ok) value = r;
            }
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (take(f.log_key(), 1)) ok = m_in.read_string(value);
        } else if constexpr (std::is_same_v<T, Player>) {
            if (take(f.log_key(), 1)) ok = read_one_player(m_in, value, m_error, f.log_key());
        } else if constexpr (std::is_same_v<T, Pos>) {
            if (take("row", 1)) ok = m_in.read_int(slot.a);
            if (!handled && take("col", 2)) ok = m_in.read_int(slot.b);
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
            if (take(f.log_key(), 1)) ok = m_in.read_int(value);
        } else if constexpr (std::is_same_v<T, int>) {
            if (take(f.log_key(), 1)) ok = m_in.read_int(slot.a);
        } else if constexpr (NamedEnum<T> || std::is_same_v<T, std::optional<Player>>) {
            if (take(f.log_key(), 1)) ok = m_in.read_string(slot.text);
        } else if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            Annotation& a = *value;
            if (take("comment", 1)) ok = m_in.read_string(a.comment);
            if (!handled && take("glyph", 2)) {
                ok = m_in.read_string(slot.text);
                if (ok) {
                    a.glyph = glyph_from_symbol(slot.text);
                    if (!a.glyph) {
                        m_error = "unknown glyph \"" + slot.text.substr(0, 32) + "\"";
                        ok = false;
                    }
                }
            }
            if (!handled && take("judgement", 4)) {
                std::string name;
                ok = m_in.read_string(name);
                if (ok) {
                    a.judgement = judgement_from_name(name);
                    if (!a.judgement) {
                        m_error = "unknown judgement \"" + name.substr(0, 32) + "\"";
                        ok = false;
                    }
                }
            }
            if (!handled && take("shapes", 8)) {
                a.shapes.clear();
                ok = read_shapes(m_in, a.shapes, m_error);
            }
            if (!handled && take("kept", 16)) {
                a.kept.clear();
                ok = read_kept(m_in, a.kept, m_error);
            }
        } else if constexpr (std::is_same_v<T, SetUp>) {
            if (take("to_move", 1)) ok = read_one_player(m_in, value.to_move, m_error, "to_move");
            if (!handled && take("x_cells", 2)) {
                value.x.clear();
                ok = read_cells(m_in, value.x, m_error);
            }
            if (!handled && take("o_cells", 4)) {
                value.o.clear();
                ok = read_cells(m_in, value.o, m_error);
            }
        } else {
            static_assert(kAlwaysFalse<T>, "a field kind the payload does not know how to read");
        }
    }
    template <class S>
    void operator()(const FieldInfo&, ForkPointOf<S> value) {
        static_assert(!std::is_const_v<S>);
        Slot& slot = m_slots[m_index++];
        (void)value;
        if (handled) return;
        if (m_key == "from") {
            handled = true;
            slot.seen |= 1;
            ok = m_in.read_int(slot.a);
        } else if (m_key == "at") {
            handled = true;
            slot.seen |= 2;
            ok = m_in.read_int(slot.b);
        }
    }

private:
    static bool read_one_player(JsonReader& in, Player& out, std::string& error, const char* what) {
        std::optional<Player> p;
        if (!read_player(in, p, error, what)) return false;
        out = *p;
        return true;
    }

    JsonReader& m_in;
    std::string& m_error;
    const std::string& m_key;
    std::array<Slot, kMaxFields>& m_slots;
    std::size_t m_index = 0;
};

// "a, b and c"
void append_words(std::string& out, const std::vector<const char*>& words) {
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i) out += i + 1 == words.size() ? " and " : ", ";
        out += words[i];
    }
}

// Once every member is read: the words of the fields that must be there, whether all are, and the
// values checked and set; `error` is the first sentence against the payload.
class FieldChecker {
public:
    FieldChecker(std::string_view type, std::array<Slot, kMaxFields>& slots, std::string& error)
        : m_type(type), m_slots(slots), m_error(error) {}

    std::vector<const char*> needs;
    bool missing = false;

    template <class T>
    void operator()(const FieldInfo& f, T& value) {
        Slot& slot = m_slots[m_index++];
        if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            return;  // every member optional: an annotation without any is the one that clears a step
        }
        if (!f.omit_default) {
            if constexpr (std::is_same_v<T, Pos>)
                needs.insert(needs.end(), {"row", "col"});
            else if constexpr (std::is_same_v<T, SetUp>)
                needs.insert(needs.end(), {"to_move", "x_cells", "o_cells"});
            else
                needs.push_back(f.needs_words());
            if (slot.seen != all_keys<T>()) missing = true;
        }
        if (missing || !m_error.empty() || !slot.seen) return;
        const auto unknown = [&](const char* noun) {
            m_error =
                std::string(m_type) + " payload: unknown " + noun + " \"" + slot.text.substr(0, 32) + "\"";
        };
        if constexpr (std::is_same_v<T, int>) {
            if (slot.a < 0 || slot.a > std::numeric_limits<int>::max())
                m_error = std::string(m_type) + " payload needs " + f.needs_words();
            else
                value = static_cast<int>(slot.a);
        } else if constexpr (NamedEnum<T>) {
            const auto known = value_from_name(slot.text, T{});
            // A field written only when not its default never holds its default.
            if (!known || (f.omit_default && *known == T{}))
                unknown(f.noun_words());
            else
                value = *known;
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            if (slot.text == "x" || slot.text == "o")
                value = slot.text == "x" ? Player::X : Player::O;
            else if (slot.text == "draw")
                value.reset();
            else
                unknown(f.noun_words());
        } else if constexpr (std::is_same_v<T, Pos>) {
            // Stored 1-based; anything that does not fit an int is no coordinate of any board.
            if (slot.a < 1 || slot.b < 1 || slot.a > std::numeric_limits<int>::max() ||
                slot.b > std::numeric_limits<int>::max())
                m_error = std::string(m_type) + " payload: row and col must be positive";
            else
                value = Pos{static_cast<int>(slot.a - 1), static_cast<int>(slot.b - 1)};
        }
    }
    template <class S>
    void operator()(const FieldInfo&, ForkPointOf<S> value) {
        Slot& slot = m_slots[m_index++];
        if (missing || !m_error.empty()) return;
        if ((slot.seen != 0 && slot.seen != 3) ||
            (slot.seen && (slot.b < 0 || slot.b > std::numeric_limits<int>::max()))) {
            m_error = std::string(m_type) + " payload needs both from and a valid at, or neither";
            return;
        }
        if (slot.seen) {
            value.start.from_game = slot.a;
            value.start.at = static_cast<int>(slot.b);
        }
    }

private:
    std::string_view m_type;
    std::array<Slot, kMaxFields>& m_slots;
    std::string& m_error;
    std::size_t m_index = 0;
};

template <class E>
Result<Event, std::string> decode_as(std::string_view payload) {
    const std::string_view type = E::kType;
    E event{};
    std::size_t fields = 0;
    for_each_field(event, [&fields](const FieldInfo&, auto&&) { ++fields; });
    if (fields > kMaxFields) return fail("an event with more fields than the payload reader holds");
    std::array<Slot, kMaxFields> slots{};
    std::string error;
    JsonReader in(payload);
    const auto malformed = [&] {
        return "malformed " + std::string(type) + " payload: " + (error.empty() ? in.error() : error);
    };
    if (!in.begin_object()) return fail(malformed());
    std::string key;
    while (in.next_member(key)) {
        MemberReader reader(in, error, key, slots);
        for_each_field(event, reader);
        // A member this version does not know: tolerated, not kept.
        if (!reader.handled) reader.ok = in.skip_value();
        if (!reader.ok) return fail(malformed());
    }
    if (!in.error().empty() || !in.at_end()) {
        if (in.error().empty()) error = "text after the payload";
        return fail(malformed());
    }
    FieldChecker check(type, slots, error);
    for_each_field(event, check);
    if (check.missing) {
        std::string out = std::string(type) + " payload needs ";
        append_words(out, check.needs);
        return fail(std::move(out));
    }
    if (!error.empty()) return fail(std::move(error));
    return Event{std::move(event)};
}

}  // namespace

void encode_payload(const Event& event, std::string& out) {
    std::visit(
        [&out](const auto& ev) {
            PayloadWriter writer(out);
            for_each_field(ev, writer);
            writer.finish();
        },
        event);
}

std::string encode_payload(const Event& event) {
    std::string out;
    encode_payload(event, out);
    return out;
}

Result<Event, std::string> decode_event(std::string_view type, int version, std::string_view payload) {
    if (type == MovePlayed::kType && version == MovePlayed::kVersion) {
        if (const auto move = read_canonical_move(payload)) return Event{*move};
    }
    std::optional<Result<Event, std::string>> decoded;
    for_each_alternative<Event>([&]<class E>(std::type_identity<E>) {
        if (!decoded && type == E::kType && version == E::kVersion) decoded = decode_as<E>(payload);
    });
    if (!decoded)
        return fail("unknown event type \"" + std::string(type) + "\" version " + std::to_string(version) +
                    " (written by a newer tictactrace?)");
    return std::move(*decoded);
}

}  // namespace ttt::store
