// The JSON payload of each event type, version 1 (docs/event-log.md shows one of each).
#include "tictactrace/store/event_codec.hpp"

#include "json_text.hpp"

#include "tictactrace/base/json_string.hpp"

#include <charconv>
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
    out += "\"rules\":{\"name\":";
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

void append_names(std::string& out, const std::string& x, const std::string& o) {
    out += ",\"x\":";
    append_json_string(out, x);
    out += ",\"o\":";
    append_json_string(out, o);
}

void append_player(std::string& out, Player p) {
    out += p == Player::X ? "\"player\":\"x\"" : "\"player\":\"o\"";
}

void append_move(std::string& out, Player p, Pos pos) {
    out.push_back('{');
    append_player(out, p);
    out.push_back(',');
    append_member(out, "row", static_cast<std::int64_t>(pos.row) + 1);
    out.push_back(',');
    append_member(out, "col", static_cast<std::int64_t>(pos.col) + 1);
    out.push_back('}');
}

// A set-up's cells as [[row,col],...], 1-based.
void append_cells(std::string& out, const char* key, const std::vector<Pos>& cells) {
    out += ",\"";
    out += key;
    out += "\":[";
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

// The fields every payload version 1 may carry; each decoder checks the ones it needs.
struct Fields {
    std::optional<Rules> rules;
    std::optional<std::string> x;
    std::optional<std::string> o;
    std::optional<Player> player;
    std::optional<std::int64_t> row;
    std::optional<std::int64_t> col;
    std::optional<std::int64_t> from;
    std::optional<std::int64_t> at;
    std::optional<Player> to_move;
    std::optional<std::vector<Pos>> x_cells;
    std::optional<std::vector<Pos>> o_cells;
    std::optional<std::string> reason;
    std::optional<std::string> detail;
    std::optional<std::string> result;  // game_adjudicated: "x", "o" or "draw"
};

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

bool read_fields(std::string_view payload, Fields& f, std::string& error) {
    JsonReader in(payload);
    if (!in.begin_object()) return false;
    std::string key;
    std::string text;
    while (in.next_member(key)) {
        bool ok = true;
        if (key == "rules") {
            Rules r;
            ok = read_rules(in, r, error);
            if (ok) f.rules = r;
        } else if (key == "x" || key == "o") {
            ok = in.read_string(text);
            if (ok) (key == "x" ? f.x : f.o) = text;
        } else if (key == "reason" || key == "detail" || key == "result") {
            ok = in.read_string(text);
            if (ok) (key == "reason" ? f.reason : key == "detail" ? f.detail : f.result) = text;
        } else if (key == "player") {
            ok = read_player(in, f.player, error, "player");
        } else if (key == "to_move") {
            ok = read_player(in, f.to_move, error, "to_move");
        } else if (key == "x_cells" || key == "o_cells") {
            auto& cells = key == "x_cells" ? f.x_cells : f.o_cells;
            cells.emplace();
            ok = read_cells(in, *cells, error);
        } else if (key == "row" || key == "col" || key == "from" || key == "at") {
            std::int64_t v = 0;
            ok = in.read_int(v);
            if (ok) (key == "row" ? f.row : key == "col" ? f.col : key == "from" ? f.from : f.at) = v;
        } else {
            ok = in.skip_value();  // a member this version does not know: tolerated, not kept
        }
        if (!ok) {
            if (error.empty()) error = in.error();
            return false;
        }
    }
    if (!in.error().empty() || !in.at_end()) {
        error = in.error().empty() ? "text after the payload" : in.error();
        return false;
    }
    return true;
}

std::optional<Pos> coordinates(const Fields& f, std::string& error) {
    if (!f.row || !f.col) {
        error = "the payload needs row and col";
        return std::nullopt;
    }
    // Stored 1-based; anything that does not fit an int is no coordinate of any board.
    if (*f.row < 1 || *f.col < 1 || *f.row > std::numeric_limits<int>::max() ||
        *f.col > std::numeric_limits<int>::max()) {
        error = "row and col must be positive";
        return std::nullopt;
    }
    return Pos{static_cast<int>(*f.row - 1), static_cast<int>(*f.col - 1)};
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

}  // namespace

void encode_payload(const Event& event, std::string& out) {
    std::visit(
        [&out](const auto& ev) {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, GameCreated>) {
                out.push_back('{');
                append_rules(out, ev.rules);
                append_names(out, ev.x_name, ev.o_name);
                out.push_back('}');
            } else if constexpr (std::is_same_v<T, GameForked>) {
                out.push_back('{');
                append_member(out, "from", ev.from_game);
                out.push_back(',');
                append_member(out, "at", ev.at);
                out.push_back(',');
                append_rules(out, ev.rules);
                append_names(out, ev.x_name, ev.o_name);
                out.push_back('}');
            } else if constexpr (std::is_same_v<T, GameSetUp>) {
                const GameSetUp::Start& start = *ev.start;
                out.push_back('{');
                if (start.from_game) {
                    append_member(out, "from", *start.from_game);
                    out.push_back(',');
                    append_member(out, "at", start.at);
                    out.push_back(',');
                }
                append_rules(out, ev.rules);
                append_names(out, ev.x_name, ev.o_name);
                out += start.setup.to_move == Player::X ? ",\"to_move\":\"x\"" : ",\"to_move\":\"o\"";
                append_cells(out, "x_cells", start.setup.x);
                append_cells(out, "o_cells", start.setup.o);
                out.push_back('}');
            } else if constexpr (std::is_same_v<T, MovePlayed> || std::is_same_v<T, MoveTakenBack>) {
                append_move(out, ev.player, ev.pos);
            } else if constexpr (std::is_same_v<T, Resigned>) {
                out.push_back('{');
                append_player(out, ev.player);
                out.push_back('}');
            } else if constexpr (std::is_same_v<T, Forfeited>) {
                out.push_back('{');
                append_player(out, ev.player);
                out += ",\"reason\":";
                append_json_string(out, name_of(ev.reason));
                out += ",\"detail\":";
                append_json_string(out, ev.detail);
                out.push_back('}');
            } else if constexpr (std::is_same_v<T, Adjudicated>) {
                out += "{\"result\":";
                append_json_string(out, !ev.winner ? "draw" : *ev.winner == Player::X ? "x" : "o");
                out += ",\"reason\":";
                append_json_string(out, ev.reason);
                out.push_back('}');
            }
        },
        event);
}

std::string encode_payload(const Event& event) {
    std::string out;
    encode_payload(event, out);
    return out;
}

std::variant<Event, std::string> decode_event(std::string_view type, int version, std::string_view payload) {
    if (type == "move_played" && version == MovePlayed::kVersion) {
        if (const auto move = read_canonical_move(payload)) return Event{*move};
    }
    const auto is = [&](const char* name, int known_version) {
        return type == name && version == known_version;
    };
    const bool known = is("game_created", GameCreated::kVersion) || is("game_forked", GameForked::kVersion) ||
                       is("move_played", MovePlayed::kVersion) ||
                       is("move_taken_back", MoveTakenBack::kVersion) || is("resigned", Resigned::kVersion) ||
                       is("game_set_up", GameSetUp::kVersion) || is("forfeited", Forfeited::kVersion) ||
                       is("game_adjudicated", Adjudicated::kVersion);
    if (!known)
        return "unknown event type \"" + std::string(type) + "\" version " + std::to_string(version) +
               " (written by a newer tictactrace?)";

    Fields f;
    std::string error;
    if (!read_fields(payload, f, error)) return "malformed " + std::string(type) + " payload: " + error;

    if (type == "game_created" || type == "game_forked") {
        if (!f.rules || !f.x || !f.o) return std::string(type) + " payload needs rules, x and o";
        if (type == "game_created") return Event{GameCreated{*f.rules, *f.x, *f.o}};
        if (!f.from || !f.at || *f.at < 0 || *f.at > std::numeric_limits<int>::max())
            return std::string("game_forked payload needs from and a valid at");
        return Event{GameForked{*f.from, static_cast<int>(*f.at), *f.rules, *f.x, *f.o}};
    }
    if (type == "game_set_up") {
        if (!f.rules || !f.x || !f.o || !f.to_move || !f.x_cells || !f.o_cells)
            return std::string("game_set_up payload needs rules, x, o, to_move, x_cells and o_cells");
        GameSetUp::Start start{SetUp{std::move(*f.x_cells), std::move(*f.o_cells), *f.to_move}, std::nullopt,
                               0};
        // A fork of a set-up game says where it branched off; a plain set-up says neither.
        if (f.from.has_value() != f.at.has_value() ||
            (f.at && (*f.at < 0 || *f.at > std::numeric_limits<int>::max())))
            return std::string("game_set_up payload needs both from and a valid at, or neither");
        if (f.from) {
            start.from_game = *f.from;
            start.at = static_cast<int>(*f.at);
        }
        return Event{GameSetUp{*f.rules, *f.x, *f.o, std::move(start)}};
    }
    if (type == "game_adjudicated") {
        if (!f.result || !f.reason)
            return std::string("game_adjudicated payload needs a result and a reason");
        if (*f.result != "x" && *f.result != "o" && *f.result != "draw")
            return "game_adjudicated payload: unknown result \"" + f.result->substr(0, 32) + "\"";
        std::optional<Player> winner;
        if (*f.result != "draw") winner = *f.result == "x" ? Player::X : Player::O;
        return Event{Adjudicated{winner, *f.reason}};
    }
    if (!f.player) return std::string(type) + " payload needs a player";
    if (type == "resigned") return Event{Resigned{*f.player}};
    if (type == "forfeited") {
        if (!f.reason || !f.detail) return std::string("forfeited payload needs a reason and a detail");
        const auto reason = forfeit_reason_from_name(*f.reason);
        if (!reason) return "forfeited payload: unknown reason \"" + f.reason->substr(0, 32) + "\"";
        return Event{Forfeited{*f.player, *reason, *f.detail}};
    }
    const auto pos = coordinates(f, error);
    if (!pos) return std::string(type) + " payload: " + error;
    if (type == "move_played") return Event{MovePlayed{*f.player, *pos}};
    return Event{MoveTakenBack{*f.player, *pos}};
}

}  // namespace ttt::store
