// cereal's view of our values: free save/load templates for the engine's rules and events and for the
// exchange records, so that nothing outside src/exchange ever includes cereal. Loading treats the archive
// as hostile: a binary read never starts without the bytes that back it, and every value is checked.
// (A text archive's shape is checked before cereal reads it: archive_shape.hpp.)
#pragma once

#include "memory_stream.hpp"

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/player_name.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/store/limits.hpp"

// cereal keeps its UserDataAdapter behind this switch, calling the adapters experimental. The switch must be
// on where adapters.hpp is first included, so the exchange sources include it only through this header.
#ifndef CEREAL_FUTURE_EXPERIMENTAL
#define CEREAL_FUTURE_EXPERIMENTAL
#endif
#include <cereal/archives/adapters.hpp>
#include <cereal/cereal.hpp>
#include <cereal/details/traits.hpp>
#include <cereal/types/string.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

// [SECTION] Index
// - GameArchive, DecodeError, DecodeTrace: what an archive holds and how loading reports.
// - detail: reading and writing fields (strings, flags, players, coordinates, lists) for every archive kind.
// - ttt::save/load(Rules): the engine's rules.
// - ttt::exchange::save/load(RecordedEvent, GameRecord): the versioned records (a game's set-up from
//   version 2 of the record on); an event's members as its own field list gives them (EventFieldWriter,
//   EventFieldReader).
// - ttt::exchange::save/load(LessonMoment, LessonPlan): a lesson file's lesson (a moment's question from
//   version 2 of the lesson on).
// - ttt::exchange::save/load(GameArchive, LessonArchiveView): the root (a lesson from version 2 on).

namespace ttt::exchange {

// [SECTION] What an archive holds, and how loading reports

// The root of every archive file: one game or many, always as a list, and from version 2 of the format
// on the lesson a lesson file holds.
struct GameArchive {
    std::vector<GameRecord> games;
    std::optional<LessonPlan> lesson;
};

// The same root for writing, without copying the games: a plain archive, written at version 1.
struct GameArchiveView {
    std::span<const GameRecord> games;
};

// The root of a lesson file, written at version 2: the games, then the lesson.
struct LessonArchiveView {
    std::span<const GameRecord> games;
    const LessonPlan* plan = nullptr;
};

// A lesson written at version 1: one whose moments ask nothing.
struct LessonPlanV1 {
    const LessonPlan* plan = nullptr;
};

// A moment as the lesson's version `version` writes it.
struct MomentView {
    const LessonMoment* moment = nullptr;
    std::uint32_t version = 1;
};

// Thrown by the loaders below for content cereal itself would accept (a player named 'z', a format
// version from the future); read_archive turns it into an ExchangeError of the same kind.
class DecodeError : public cereal::Exception {
public:
    DecodeError(ExchangeErrorKind kind, const std::string& message)
        : cereal::Exception(message), m_kind(kind) {}
    [[nodiscard]] ExchangeErrorKind kind() const noexcept { return m_kind; }

private:
    ExchangeErrorKind m_kind;
};

// How far loading got, so that a failure can name the game and event (and for binary the byte). Every
// reader is a cereal::UserDataAdapter<DecodeTrace, ...> holding one, and the loaders reach it through
// cereal::get_user_data.
struct DecodeTrace {
    int game = -1;   // 0-based index of the game being loaded, -1 outside any game
    int event = -1;  // 0-based index of the event being loaded within it, -1 outside the events
    int moment = -1;  // 0-based index of the lesson's moment being loaded, -1 outside the moments
    std::uint32_t lesson_version = 0;  // the version of the lesson being loaded: its moments' layout
    const detail::MemoryStreambuf* payload = nullptr;  // binary only: the bytes being read, and how far
    std::int64_t payload_base = 0;                     // where the payload starts in the file
};

// The message of every binary read that would run past the end of the payload.
inline constexpr const char* kTruncatedValue = "truncated archive: it ends in the middle of a value";

// The versions of the archive format. A newer file is refused with ExchangeErrorKind::TooNew.
// 1: the games; 2: and a lesson (only lesson files are written at 2, so plain archives stay readable by a
// release that knows only 1).
inline constexpr std::uint32_t kArchiveFormatVersion = 2;
// A lesson: 1 its title and moments; 2 the same, and a moment may ask "find the move" (answers, a hint,
// messages for wrong answers). A lesson without a question is written at 1, so a release that knows only 1
// still reads it; one with a question is refused there as "from a newer tictactrace".
inline constexpr std::uint32_t kLessonPlanVersion = 2;
// 1: rules, players, fork, events; 2: and the set-up a game starts from; 3: the same members, and its
// events may hold a forfeit (an event type a release that knows 2 does not read); 4: the same again, and
// its events may hold an adjudication (game_adjudicated, which a release that knows 3 does not read); 5:
// and the opening rule a game was created with (swap, swap2), its events the opening's choices; 6: the same
// members, and its events may hold the game's study (variations, promotions, lines set aside, annotations).
// An archive is written
// at the oldest version that holds its games, byte for byte as that version wrote it, so a release that
// knows only 1 reads every archive without set-ups or forfeits, and one that would not understand a file
// refuses it as "from a newer tictactrace" rather than as broken.
inline constexpr std::uint32_t kGameRecordVersion = 6;
inline constexpr std::uint32_t kRecordedEventVersion = 1;

// A game written at version 1 of the record: what every archive without a set-up or forfeit holds.
struct GameRecordV1 {
    const GameRecord* game = nullptr;
};
// A game written at version 2 of the record: an archive with set-ups but no forfeit.
struct GameRecordV2 {
    const GameRecord* game = nullptr;
};
// A game written at version 3 of the record: an archive with forfeits but no adjudication.
struct GameRecordV3 {
    const GameRecord* game = nullptr;
};
// A game written at version 4 of the record: an archive with adjudications but no opening rule.
struct GameRecordV4 {
    const GameRecord* game = nullptr;
};
// A game written at version 5 of the record: an archive with opening rules but no study.
struct GameRecordV5 {
    const GameRecord* game = nullptr;
};

namespace detail {

// [SECTION] Fields

template <class Archive>
inline constexpr bool kIsText = cereal::traits::is_text_archive<Archive>::value;

template <class Archive>
DecodeTrace& trace_of(Archive& ar) {
    return cereal::get_user_data<DecodeTrace>(ar);
}

template <class Archive>
std::int64_t byte_offset_of(Archive& ar) {
    if constexpr (kIsText<Archive>) {
        return -1;
    } else {
        const DecodeTrace& trace = trace_of(ar);
        if (!trace.payload) return -1;
        return trace.payload_base + static_cast<std::int64_t>(trace.payload->position());
    }
}

// Binary only: refuses a read of `size` bytes that the payload does not hold, before cereal tries it (and
// before a string claiming a length allocates room for it).
template <class Archive>
void need_bytes(Archive& ar, std::uint64_t size) {
    const DecodeTrace& trace = trace_of(ar);
    if (trace.payload && size > trace.payload->remaining())
        throw DecodeError(ExchangeErrorKind::Truncated, kTruncatedValue);
}

// A number (or any value cereal writes as sizeof(T) bytes in binary).
template <class Archive, class T>
void load_value(Archive& ar, const char* name, T& out) {
    static_assert(std::is_arithmetic_v<T>);
    if constexpr (!kIsText<Archive>) need_bytes(ar, sizeof(T));
    ar(cereal::make_nvp(name, out));
}

// The count of a list (a binary size tag is 8 bytes).
template <class Archive>
void load_size(Archive& ar, cereal::size_type& size) {
    if constexpr (!kIsText<Archive>) need_bytes(ar, sizeof(cereal::size_type));
    ar(cereal::make_size_tag(size));
}

template <class Archive>
void load_string(Archive& ar, const char* name, std::string& out) {
    if constexpr (kIsText<Archive>) {
        ar(cereal::make_nvp(name, out));
    } else {
        cereal::size_type size = 0;
        load_size(ar, size);
        need_bytes(ar, size);
        out.resize(static_cast<std::size_t>(size));
        if (size > 0) ar(cereal::binary_data(out.data(), static_cast<std::size_t>(size)));
    }
}

template <class Archive>
void save_string(Archive& ar, const char* name, const std::string& value) {
    ar(cereal::make_nvp(name, value));
}

// A player's name as the name rule allows it. Names in the log pass it; one an older log holds may not,
// and would otherwise reach a terminal raw through an XML export (XML has no escape for ESC) or make a
// JSON export invalid. An import would replace the same characters, so the archive loses nothing.
template <class Archive>
void save_name(Archive& ar, const char* name, const std::string& value) {
    if (check_player_name(value)) {
        save_string(ar, name, value);
        return;
    }
    save_string(ar, name, sanitize_player_name(value).name);
}

// Flags are true/false in text archives and one byte (0 or 1) in binary: a stray byte value must not
// become an invalid bool.
template <class Archive>
void save_flag(Archive& ar, const char* name, bool value) {
    if constexpr (kIsText<Archive>) {
        ar(cereal::make_nvp(name, value));
    } else {
        const std::uint8_t byte = value ? 1 : 0;
        ar(byte);
    }
}

template <class Archive>
void load_flag(Archive& ar, const char* name, bool& out);

template <class Archive>
void save_player(Archive& ar, const char* name, Player p) {
    const std::string text(1, to_char(p));
    ar(cereal::make_nvp(name, text));
}

template <class Archive>
Player load_player(Archive& ar, const char* name) {
    std::string text;
    load_string(ar, name, text);
    if (text == "x") return Player::X;
    if (text == "o") return Player::O;
    throw DecodeError(ExchangeErrorKind::Malformed,
                      std::string("the player of an event must be \"x\" or \"o\", not \"") +
                          text.substr(0, 16) + "\"");
}

// Archives count rows and columns from 1, as users do; this gives the engine's cell. A value beyond
// every board throws a DecodeError naming the file's own number (defined in archive.cpp).
[[nodiscard]] Pos pos_from_archive(std::int64_t row, std::int64_t col);

template <class Archive>
void save_pos(Archive& ar, Pos p) {
    const std::int64_t row = std::int64_t{p.row} + 1;
    const std::int64_t col = std::int64_t{p.col} + 1;
    ar(cereal::make_nvp("row", row), cereal::make_nvp("col", col));
}

template <class Archive>
Pos load_pos(Archive& ar) {
    std::int64_t row = 0;
    std::int64_t col = 0;
    load_value(ar, "row", row);
    load_value(ar, "col", col);
    return pos_from_archive(row, col);
}

// One cell of a set-up, as {"row": R, "col": C} (1-based) in a list.
struct ArchivedCell {
    Pos pos;
};

template <class Archive>
void save(Archive& ar, const ArchivedCell& cell) {
    save_pos(ar, cell.pos);
}

template <class Archive>
void load(Archive& ar, ArchivedCell& cell) {
    cell.pos = load_pos(ar);
}

// A list written as cereal writes a vector, but loaded one element at a time: the count in a hostile
// file never reserves memory, so a list claiming 2^60 entries fails at the end of the bytes instead.
template <class T>
struct ListRef {
    std::vector<T>* items = nullptr;
    int DecodeTrace::*index = nullptr;  // the trace field that follows the element being loaded
    // The most elements a list may have (the store's limits): a longer one is refused at its count, and
    // room for up to this many is reserved. Reserving touches no memory a list does not fill, so a
    // hostile count costs address space only, while a real long list grows in place instead of copying
    // itself at every doubling (a game at the maximum would otherwise need twice its size).
    std::size_t max = 0;
};

template <class T>
struct ConstListRef {
    std::span<const T> items;
};

template <class Archive, class T>
void save(Archive& ar, const ConstListRef<T>& list) {
    ar(cereal::make_size_tag(static_cast<cereal::size_type>(list.items.size())));
    for (const T& item : list.items) ar(item);
}

template <class Archive, class T>
void load(Archive& ar, ListRef<T>& list) {
    cereal::size_type size = 0;
    load_size(ar, size);
    list.items->clear();
    if (size > list.max)
        throw DecodeError(ExchangeErrorKind::Unsupported, "a list of " + std::to_string(size) +
                                                              " entries is longer than an import takes (" +
                                                              std::to_string(list.max) + ")");
    list.items->reserve(static_cast<std::size_t>(size));
    DecodeTrace& trace = trace_of(ar);
    for (cereal::size_type i = 0; i < size; ++i) {
        if (list.index) trace.*list.index = static_cast<int>(std::min<cereal::size_type>(i, 0x7fffffff));
        T item;
        ar(item);
        list.items->push_back(std::move(item));
    }
    if (list.index) trace.*list.index = -1;
}

// No board has more cells, so no set-up lists more of one player's.
inline constexpr std::size_t kMaxSetUpCells =
    static_cast<std::size_t>(kMaxSide) * static_cast<std::size_t>(kMaxSide);

template <class Archive>
void save_cells(Archive& ar, const char* name, const std::vector<Pos>& cells) {
    std::vector<ArchivedCell> items;
    items.reserve(cells.size());
    for (const Pos p : cells) items.push_back(ArchivedCell{p});
    ar(cereal::make_nvp(name, ConstListRef<ArchivedCell>{items}));
}

template <class Archive>
void load_cells(Archive& ar, const char* name, std::vector<Pos>& cells) {
    std::vector<ArchivedCell> items;
    ListRef<ArchivedCell> list{&items, nullptr, kMaxSetUpCells};
    ar(cereal::make_nvp(name, list));
    cells.clear();
    cells.reserve(items.size());
    for (const ArchivedCell& item : items) cells.push_back(item.pos);
}

// A set-up's members: who moves next, then X's and O's cells.
template <class Archive>
void save_set_up(Archive& ar, const SetUp& setup) {
    save_player(ar, "to_move", setup.to_move);
    save_cells(ar, "x_cells", setup.x);
    save_cells(ar, "o_cells", setup.o);
}

template <class Archive>
SetUp load_set_up(Archive& ar) {
    SetUp setup;
    setup.to_move = load_player(ar, "to_move");
    load_cells(ar, "x_cells", setup.x);
    load_cells(ar, "o_cells", setup.o);
    return setup;
}

// One shape of an annotation: its kind, its cell (an arrow's head too, the tail's cell again when it has
// none), its colour and a label's text. Names are checked here, cells by the engine's check_annotation.
struct ArchivedShape {
    Shape shape;
};

template <class Archive>
void save(Archive& ar, const ArchivedShape& item) {
    const Shape& s = item.shape;
    save_string(ar, "kind", std::string(name_of(s.kind)));
    save_pos(ar, s.at);
    save_flag(ar, "arrow", s.to.has_value());
    const Pos to = s.to.value_or(s.at);
    const std::int64_t to_row = std::int64_t{to.row} + 1;
    const std::int64_t to_col = std::int64_t{to.col} + 1;
    ar(cereal::make_nvp("to_row", to_row), cereal::make_nvp("to_col", to_col));
    save_string(ar, "colour", std::string(name_of(s.colour)));
    save_string(ar, "text", s.text);
}

template <class Archive>
void load(Archive& ar, ArchivedShape& item) {
    Shape& s = item.shape;
    std::string text;
    load_string(ar, "kind", text);
    const auto kind = shape_kind_from_name(text);
    if (!kind)
        throw DecodeError(ExchangeErrorKind::Malformed, "unknown shape \"" + text.substr(0, 32) + "\"");
    s.kind = *kind;
    s.at = load_pos(ar);
    bool arrow = false;
    load_flag(ar, "arrow", arrow);
    std::int64_t to_row = 0;
    std::int64_t to_col = 0;
    load_value(ar, "to_row", to_row);
    load_value(ar, "to_col", to_col);
    const Pos to = pos_from_archive(to_row, to_col);
    if (arrow) s.to = to;
    load_string(ar, "colour", text);
    const auto colour = shape_colour_from_name(text);
    if (!colour)
        throw DecodeError(ExchangeErrorKind::Malformed, "unknown colour \"" + text.substr(0, 32) + "\"");
    s.colour = *colour;
    load_string(ar, "text", s.text);
}

// One value of a kept property, bounded as every string of an archive is.
struct ArchivedValue {
    std::string text;
};

template <class Archive>
void save(Archive& ar, const ArchivedValue& item) {
    save_string(ar, "value", item.text);
}

template <class Archive>
void load(Archive& ar, ArchivedValue& item) {
    load_string(ar, "value", item.text);
}

// A property another program's file keeps on a step: its id and its values as the file wrote them. The
// engine's check_annotation judges them; the count of values is bounded here by the bytes a step keeps.
struct ArchivedKept {
    KeptProperty property;
};

template <class Archive>
void save(Archive& ar, const ArchivedKept& item) {
    save_string(ar, "id", item.property.id);
    std::vector<ArchivedValue> values;
    values.reserve(item.property.values.size());
    for (const std::string& v : item.property.values) values.push_back(ArchivedValue{v});
    ar(cereal::make_nvp("values", ConstListRef<ArchivedValue>{values}));
}

template <class Archive>
void load(Archive& ar, ArchivedKept& item) {
    load_string(ar, "id", item.property.id);
    std::vector<ArchivedValue> values;
    ListRef<ArchivedValue> list{&values, nullptr, kMaxKeptBytes};
    ar(cereal::make_nvp("values", list));
    for (ArchivedValue& v : values) item.property.values.push_back(std::move(v.text));
}

// An annotation's members: the comment, the glyph's symbol and the judgement's name ("" for none), the
// shapes, and what another program's file keeps there.
template <class Archive>
void save_note(Archive& ar, const Annotation& a) {
    save_string(ar, "comment", a.comment);
    save_string(ar, "glyph", a.glyph ? std::string(symbol_of(*a.glyph)) : std::string());
    save_string(ar, "judgement", a.judgement ? std::string(name_of(*a.judgement)) : std::string());
    std::vector<ArchivedShape> items;
    items.reserve(a.shapes.size());
    for (const Shape& s : a.shapes) items.push_back(ArchivedShape{s});
    ar(cereal::make_nvp("shapes", ConstListRef<ArchivedShape>{items}));
    std::vector<ArchivedKept> kept;
    kept.reserve(a.kept.size());
    for (const KeptProperty& p : a.kept) kept.push_back(ArchivedKept{p});
    ar(cereal::make_nvp("kept", ConstListRef<ArchivedKept>{kept}));
}

template <class Archive>
Annotation load_note(Archive& ar) {
    Annotation a;
    load_string(ar, "comment", a.comment);
    std::string text;
    load_string(ar, "glyph", text);
    if (!text.empty()) {
        a.glyph = glyph_from_symbol(text);
        if (!a.glyph)
            throw DecodeError(ExchangeErrorKind::Malformed, "unknown glyph \"" + text.substr(0, 32) + "\"");
    }
    load_string(ar, "judgement", text);
    if (!text.empty()) {
        a.judgement = judgement_from_name(text);
        if (!a.judgement)
            throw DecodeError(ExchangeErrorKind::Malformed,
                              "unknown judgement \"" + text.substr(0, 32) + "\"");
    }
    std::vector<ArchivedShape> items;
    ListRef<ArchivedShape> list{&items, nullptr, kMaxShapes};
    ar(cereal::make_nvp("shapes", list));
    for (ArchivedShape& item : items) a.shapes.push_back(std::move(item.shape));
    std::vector<ArchivedKept> kept;
    ListRef<ArchivedKept> kept_list{&kept, nullptr, kMaxKept};
    ar(cereal::make_nvp("kept", kept_list));
    for (ArchivedKept& item : kept) a.kept.push_back(std::move(item.property));
    return a;
}

}  // namespace detail
}  // namespace ttt::exchange

namespace ttt {

// [SECTION] The engine's rules

template <class Archive>
void save(Archive& ar, const Rules& rules) {
    const std::string name = name_of(rules.kind);
    ar(cereal::make_nvp("name", name), cereal::make_nvp("rows", rules.rows),
       cereal::make_nvp("cols", rules.cols), cereal::make_nvp("k", rules.k));
    exchange::detail::save_flag(ar, "exact", rules.exact);
    ar(cereal::make_nvp("min_run", rules.min_run), cereal::make_nvp("points", rules.points));
}

template <class Archive>
void load(Archive& ar, Rules& rules) {
    std::string name;
    exchange::detail::load_string(ar, "name", name);
    const auto kind = rule_kind_from_name(name);
    if (!kind)
        throw exchange::DecodeError(exchange::ExchangeErrorKind::BadBoard,
                                    "unknown rule set \"" + name.substr(0, 32) + "\"");
    rules.kind = *kind;
    exchange::detail::load_value(ar, "rows", rules.rows);
    exchange::detail::load_value(ar, "cols", rules.cols);
    exchange::detail::load_value(ar, "k", rules.k);
    exchange::detail::load_flag(ar, "exact", rules.exact);
    exchange::detail::load_value(ar, "min_run", rules.min_run);
    exchange::detail::load_value(ar, "points", rules.points);
}

}  // namespace ttt

namespace ttt::exchange {

// [SECTION] The records

namespace detail {

template <class T>
inline constexpr bool kAlwaysFalse = false;

// Writes an event's fields as its own list describes them (engine/event_fields.hpp), each by its kind. The
// names and a rule-held text (a forfeit's detail, an adjudication's reason) are written as save_name
// makes them safe.
template <class Archive>
struct EventFieldWriter {
    Archive& ar;

    template <class T>
    void operator()(const FieldInfo& f, const T& value) {
        if (f.log_only) return;
        if constexpr (std::is_same_v<T, Rules> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, int>) {
            ar(cereal::make_nvp(f.name, value));
        } else if constexpr (std::is_same_v<T, std::string>) {
            save_name(ar, f.name, value);
        } else if constexpr (std::is_same_v<T, Player>) {
            save_player(ar, f.name, value);
        } else if constexpr (std::is_same_v<T, Pos>) {
            save_pos(ar, value);
        } else if constexpr (NamedEnum<T>) {
            save_string(ar, f.name, std::string(name_of(value)));
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            save_string(ar, f.name, std::string(!value ? "draw" : *value == Player::X ? "x" : "o"));
        } else if constexpr (std::is_same_v<T, ForkPointOf<const GameSetUp::Start>>) {
            // Only a game's first event sets it up, and the record carries that one in its own members; a
            // set-up among the later events is kept as it was so the fold can refuse it.
            const std::int64_t from = value.start.from_game.value_or(0);
            save_flag(ar, "forked", value.start.from_game.has_value());
            ar(cereal::make_nvp("from_game", from), cereal::make_nvp("at", value.start.at));
        } else if constexpr (std::is_same_v<T, SetUp>) {
            save_set_up(ar, value);
        } else if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            save_note(ar, *value);
        } else {
            static_assert(kAlwaysFalse<T>, "a field kind the archive does not know how to write");
        }
    }
};

// Reads an event's fields back in the same order, checking every value.
template <class Archive>
struct EventFieldReader {
    Archive& ar;
    const char* type;

    template <class T>
    void operator()(const FieldInfo& f, T& value) {
        if (f.log_only) return;
        if constexpr (std::is_same_v<T, Rules>) {
            ar(cereal::make_nvp(f.name, value));
        } else if constexpr (std::is_same_v<T, std::int64_t> || std::is_same_v<T, int>) {
            load_value(ar, f.name, value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            load_string(ar, f.name, value);
        } else if constexpr (std::is_same_v<T, Player>) {
            value = load_player(ar, f.name);
        } else if constexpr (std::is_same_v<T, Pos>) {
            value = load_pos(ar);
        } else if constexpr (NamedEnum<T>) {
            std::string text;
            load_string(ar, f.name, text);
            const auto known = value_from_name(text, T{});
            if (!known) unknown(f, text);
            value = *known;
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            std::string text;
            load_string(ar, f.name, text);
            if (text == "x" || text == "o")
                value = text == "x" ? Player::X : Player::O;
            else if (text == "draw")
                value.reset();
            else
                unknown(f, text);
        } else if constexpr (std::is_same_v<T, SetUp>) {
            value = load_set_up(ar);
        } else if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            value = load_note(ar);
        } else {
            static_assert(kAlwaysFalse<T>, "a field kind the archive does not know how to read");
        }
    }
    template <class S>
    void operator()(const FieldInfo&, ForkPointOf<S> point) {
        bool forked = false;
        load_flag(ar, "forked", forked);
        std::int64_t from = 0;
        load_value(ar, "from_game", from);
        load_value(ar, "at", point.start.at);
        if (forked) point.start.from_game = from;
    }

private:
    [[noreturn]] void unknown(const FieldInfo& f, const std::string& text) const {
        throw DecodeError(ExchangeErrorKind::Malformed, std::string(type) + ": unknown " + f.noun_words() +
                                                            " \"" + text.substr(0, 32) + "\"");
    }
};

}  // namespace detail

template <class Archive>
void save(Archive& ar, const RecordedEvent& recorded, std::uint32_t /*version*/) {
    const std::string type = type_name_of(recorded.event);
    ar(cereal::make_nvp("type", type), cereal::make_nvp("t", recorded.recorded_ms));
    std::visit(
        [&](const auto& ev) {
            detail::EventFieldWriter<Archive> writer{ar};
            for_each_field(ev, writer);
        },
        recorded.event);
}

template <class Archive>
void load(Archive& ar, RecordedEvent& recorded, std::uint32_t version) {
    recorded.where.byte_offset = detail::byte_offset_of(ar);
    if (version > kRecordedEventVersion)
        throw DecodeError(ExchangeErrorKind::TooNew, "events of format version " + std::to_string(version) +
                                                         " come from a newer tictactrace");
    std::string type;
    detail::load_string(ar, "type", type);
    detail::load_value(ar, "t", recorded.recorded_ms);
    bool known = false;
    for_each_alternative<Event>([&]<class E>(std::type_identity<E>) {
        if (known || type != E::kType) return;
        known = true;
        E ev{};
        detail::EventFieldReader<Archive> reader{ar, E::kType};
        for_each_field(ev, reader);
        recorded.event = std::move(ev);
    });
    if (!known)
        throw DecodeError(ExchangeErrorKind::Malformed, "unknown event type \"" + type.substr(0, 32) + "\"");
}

namespace detail {

// A game's members in the order of the record's layout `version`: 2 adds the set-up after the fork.
template <class Archive>
void save_game(Archive& ar, const GameRecord& game, std::uint32_t version) {
    ar(cereal::make_nvp("rules", game.rules));
    save_name(ar, "x_name", game.x_name);
    save_name(ar, "o_name", game.o_name);
    save_flag(ar, "forked", game.forked.has_value());
    const ForkOrigin origin = game.forked.value_or(ForkOrigin{});
    ar(cereal::make_nvp("forked_from", origin.from_game), cereal::make_nvp("forked_at", origin.at),
       cereal::make_nvp("created_ms", game.created_ms));
    if (version >= 2) {
        save_flag(ar, "set_up", game.setup.has_value());
        save_set_up(ar, game.setup.value_or(SetUp{}));
    }
    if (version >= 5) save_string(ar, "opening", std::string(name_of(game.opening)));
    ar(cereal::make_nvp("events", ConstListRef<RecordedEvent>{game.events}));
    save_string(ar, "result", game.declared_result);
    save_string(ar, "source_format", game.source_format);
    ar(cereal::make_nvp("source_id", game.source_id));
}

}  // namespace detail

template <class Archive>
void save(Archive& ar, const GameRecord& game, std::uint32_t /*version*/) {
    detail::save_game(ar, game, kGameRecordVersion);
}

template <class Archive>
void save(Archive& ar, const GameRecordV1& view, std::uint32_t /*version*/) {
    detail::save_game(ar, *view.game, 1);
}

template <class Archive>
void save(Archive& ar, const GameRecordV2& view, std::uint32_t /*version*/) {
    detail::save_game(ar, *view.game, 2);
}

template <class Archive>
void save(Archive& ar, const GameRecordV3& view, std::uint32_t /*version*/) {
    detail::save_game(ar, *view.game, 3);
}

template <class Archive>
void save(Archive& ar, const GameRecordV4& view, std::uint32_t /*version*/) {
    detail::save_game(ar, *view.game, 4);
}

template <class Archive>
void save(Archive& ar, const GameRecordV5& view, std::uint32_t /*version*/) {
    detail::save_game(ar, *view.game, 5);
}

template <class Archive>
void load(Archive& ar, GameRecord& game, std::uint32_t version) {
    game.where.byte_offset = detail::byte_offset_of(ar);
    if (version > kGameRecordVersion)
        throw DecodeError(ExchangeErrorKind::TooNew, "games of format version " + std::to_string(version) +
                                                         " come from a newer tictactrace");
    ar(cereal::make_nvp("rules", game.rules));
    detail::load_string(ar, "x_name", game.x_name);
    detail::load_string(ar, "o_name", game.o_name);
    bool forked = false;
    detail::load_flag(ar, "forked", forked);
    ForkOrigin origin;
    detail::load_value(ar, "forked_from", origin.from_game);
    detail::load_value(ar, "forked_at", origin.at);
    detail::load_value(ar, "created_ms", game.created_ms);
    if (forked) game.forked = origin;
    if (version >= 2) {
        bool set_up = false;
        detail::load_flag(ar, "set_up", set_up);
        SetUp setup = detail::load_set_up(ar);
        if (set_up) game.setup = std::move(setup);
    }
    if (version >= 5) {
        std::string opening;
        detail::load_string(ar, "opening", opening);
        const auto known = opening_rule_from_name(opening);
        if (!known)
            throw DecodeError(ExchangeErrorKind::Malformed,
                              "unknown opening rule \"" + opening.substr(0, 32) + "\"");
        game.opening = *known;
    }
    detail::ListRef<RecordedEvent> events{&game.events, &DecodeTrace::event,
                                          static_cast<std::size_t>(store::kMaxEventsPerGame)};
    ar(cereal::make_nvp("events", events));
    detail::load_string(ar, "result", game.declared_result);
    detail::load_string(ar, "source_format", game.source_format);
    detail::load_value(ar, "source_id", game.source_id);
}

// [SECTION] Lessons

namespace detail {

// One cell of a question's wrong answers, with what to say when it is chosen.
struct ArchivedWrongAnswer {
    WrongAnswer wrong;
};

template <class Archive>
void save(Archive& ar, const ArchivedWrongAnswer& item) {
    save_pos(ar, item.wrong.cell);
    save_string(ar, "message", item.wrong.message);
}

template <class Archive>
void load(Archive& ar, ArchivedWrongAnswer& item) {
    item.wrong.cell = load_pos(ar);
    load_string(ar, "message", item.wrong.message);
}

// A question's list, loaded as ListRef loads one, refused at its count past `max` with the words
// check_lesson_plan uses.
template <class T>
struct QuestionListRef {
    std::vector<T>* items = nullptr;
    std::size_t max = 0;
    bool answers = true;  // the accepted answers, else the wrong answers' messages
};

template <class Archive, class T>
void load(Archive& ar, QuestionListRef<T>& list) {
    cereal::size_type size = 0;
    load_size(ar, size);
    list.items->clear();
    if (size > list.max)
        throw DecodeError(ExchangeErrorKind::Malformed,
                          (list.answers
                               ? "the question accepts " + std::to_string(size) + " answers"
                               : "the question has " + std::to_string(size) + " messages for wrong answers") +
                              "; at most " + std::to_string(list.max) + " are read");
    list.items->reserve(static_cast<std::size_t>(size));
    for (cereal::size_type i = 0; i < size; ++i) {
        T item;
        ar(item);
        list.items->push_back(std::move(item));
    }
}

// A moment's question, as version 2 of the lesson writes it for every moment: whether it asks, the
// accepted cells, the hint, and the wrong answers with their messages (all empty when it asks nothing).
template <class Archive>
void save_question(Archive& ar, const std::optional<FindTheMove>& question) {
    static const FindTheMove kNone;
    const FindTheMove& q = question ? *question : kNone;
    save_flag(ar, "asks", question.has_value());
    save_cells(ar, "answers", q.answers);
    save_string(ar, "hint", q.hint);
    std::vector<ArchivedWrongAnswer> wrong;
    wrong.reserve(q.wrong.size());
    for (const WrongAnswer& w : q.wrong) wrong.push_back(ArchivedWrongAnswer{w});
    ar(cereal::make_nvp("wrong", ConstListRef<ArchivedWrongAnswer>{wrong}));
}

template <class Archive>
std::optional<FindTheMove> load_question(Archive& ar) {
    bool asks = false;
    load_flag(ar, "asks", asks);
    FindTheMove q;
    std::vector<ArchivedCell> answers;
    QuestionListRef<ArchivedCell> answer_list{&answers, kMaxQuestionAnswers, true};
    ar(cereal::make_nvp("answers", answer_list));
    for (const ArchivedCell& a : answers) q.answers.push_back(a.pos);
    load_string(ar, "hint", q.hint);
    std::vector<ArchivedWrongAnswer> wrong;
    QuestionListRef<ArchivedWrongAnswer> wrong_list{&wrong, kMaxWrongAnswers, false};
    ar(cereal::make_nvp("wrong", wrong_list));
    for (ArchivedWrongAnswer& w : wrong) q.wrong.push_back(std::move(w.wrong));
    if (asks) return q;
    if (!q.answers.empty() || !q.hint.empty() || !q.wrong.empty())
        throw DecodeError(ExchangeErrorKind::Malformed,
                          "the moment asks no question but holds a question's answers, hint or messages");
    return std::nullopt;
}

}  // namespace detail

template <class Archive>
void save(Archive& ar, const MomentView& view) {
    const LessonMoment& moment = *view.moment;
    const std::int64_t game = std::int64_t{moment.game} + 1;
    const std::int64_t at = moment.at ? std::int64_t{*moment.at} : -1;
    std::string show;
    for (const std::string& entry : moment.show) {
        if (!show.empty()) show += ',';
        show += entry;
    }
    ar(cereal::make_nvp("game", game), cereal::make_nvp("at", at));
    detail::save_string(ar, "show", show);
    detail::save_string(ar, "layout", moment.layout);
    detail::save_string(ar, "caption", moment.caption);
    if (view.version >= 2) detail::save_question(ar, moment.question);
}

template <class Archive>
void load(Archive& ar, LessonMoment& moment) {
    std::int64_t game = 0;
    std::int64_t at = 0;
    detail::load_value(ar, "game", game);
    detail::load_value(ar, "at", at);
    if (game < 1 || game > store::kMaxGamesPerImport)
        throw DecodeError(ExchangeErrorKind::Malformed,
                          "a lesson's moment names game " + std::to_string(game) + ", which no file holds");
    if (at < -1 || at > store::kMaxEventsPerGame)
        throw DecodeError(ExchangeErrorKind::Malformed,
                          "a lesson's moment is at step " + std::to_string(at) + ", which no game has");
    moment.game = static_cast<int>(game - 1);
    if (at >= 0) moment.at = static_cast<int>(at);
    std::string show;
    detail::load_string(ar, "show", show);
    // Every entry between commas, empty ones too: check_lesson_plan refuses those rather than skip them.
    for (std::size_t start = 0; !show.empty();) {
        const std::size_t comma = show.find(',', start);
        moment.show.push_back(show.substr(start, comma == std::string::npos ? comma : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    detail::load_string(ar, "layout", moment.layout);
    detail::load_string(ar, "caption", moment.caption);
    if (detail::trace_of(ar).lesson_version >= 2) {
        // A question's problems name the moment, as check_lesson_plan's do.
        try {
            moment.question = detail::load_question(ar);
        } catch (const DecodeError& e) {
            if (e.kind() == ExchangeErrorKind::Truncated) throw;
            throw DecodeError(e.kind(),
                              "moment " + std::to_string(detail::trace_of(ar).moment + 1) + ": " + e.what());
        }
    }
}

namespace detail {

template <class Archive>
void save_plan(Archive& ar, const LessonPlan& plan, std::uint32_t version) {
    save_string(ar, "title", plan.title);
    std::vector<MomentView> views;
    views.reserve(plan.moments.size());
    for (const LessonMoment& m : plan.moments) views.push_back(MomentView{&m, version});
    ar(cereal::make_nvp("moments", ConstListRef<MomentView>{views}));
}

// Whether a lesson needs version 2: a moment that asks.
inline bool plan_asks(const LessonPlan& plan) {
    return std::any_of(plan.moments.begin(), plan.moments.end(),
                       [](const LessonMoment& m) { return m.question.has_value(); });
}

}  // namespace detail

template <class Archive>
void save(Archive& ar, const LessonPlan& plan, std::uint32_t /*version*/) {
    detail::save_plan(ar, plan, kLessonPlanVersion);
}

template <class Archive>
void save(Archive& ar, const LessonPlanV1& view, std::uint32_t /*version*/) {
    detail::save_plan(ar, *view.plan, 1);
}

template <class Archive>
void load(Archive& ar, LessonPlan& plan, std::uint32_t version) {
    if (version > kLessonPlanVersion)
        throw DecodeError(ExchangeErrorKind::TooNew, "a lesson of format version " + std::to_string(version) +
                                                         " comes from a newer tictactrace");
    detail::trace_of(ar).lesson_version = version;
    detail::load_string(ar, "title", plan.title);
    detail::ListRef<LessonMoment> moments{&plan.moments, &DecodeTrace::moment, kMaxLessonMoments};
    ar(cereal::make_nvp("moments", moments));
}

// [SECTION] The archive's root

namespace detail {

// The games as records of an older version `View`.
template <class View, class Archive>
void save_game_views(Archive& ar, std::span<const GameRecord> games) {
    std::vector<View> views;
    views.reserve(games.size());
    for (const GameRecord& game : games) views.push_back(View{&game});
    ar(cereal::make_nvp("games", ConstListRef<View>{views}));
}

// Every event can be written at a record version this release writes (each says since which, kSinceRecord).
template <class Variant>
inline constexpr bool kRecordsHoldAll = false;
template <class... E>
inline constexpr bool kRecordsHoldAll<std::variant<E...>> =
    ((E::kSinceRecord >= 1 && static_cast<std::uint32_t>(E::kSinceRecord) <= kGameRecordVersion) && ...);
static_assert(kRecordsHoldAll<Event>, "an event's kSinceRecord names a game record version not written here");

template <class Archive>
void save_games(Archive& ar, std::span<const GameRecord> games) {
    // The record's newest layout only where it is needed: cereal writes a type's version once, with its
    // first object, so every game of one archive has the same one. The oldest record that holds every
    // game: its own members (a set-up from 2 on, an opening rule from 5 on) and its events' kSinceRecord.
    std::uint32_t needed = 1;
    for (const GameRecord& g : games) {
        if (g.setup) needed = std::max(needed, std::uint32_t{2});
        if (g.opening != OpeningRule::None) needed = std::max(needed, std::uint32_t{5});
        for (const RecordedEvent& e : g.events)
            needed = std::max(needed, static_cast<std::uint32_t>(since_record_of(e.event)));
    }
    static_assert(kGameRecordVersion == 6, "a new record version is written here");
    switch (needed) {
    case 1: return save_game_views<GameRecordV1>(ar, games);
    case 2: return save_game_views<GameRecordV2>(ar, games);
    case 3: return save_game_views<GameRecordV3>(ar, games);
    case 4: return save_game_views<GameRecordV4>(ar, games);
    case 5: return save_game_views<GameRecordV5>(ar, games);
    default: ar(cereal::make_nvp("games", ConstListRef<GameRecord>{games}));
    }
}

}  // namespace detail

template <class Archive>
void save(Archive& ar, const GameArchiveView& archive, std::uint32_t /*version*/) {
    detail::save_games(ar, archive.games);
}

template <class Archive>
void save(Archive& ar, const LessonArchiveView& archive, std::uint32_t /*version*/) {
    detail::save_games(ar, archive.games);
    static_assert(kLessonPlanVersion == 2, "a new lesson version is written here");
    if (detail::plan_asks(*archive.plan))
        ar(cereal::make_nvp("lesson", *archive.plan));
    else
        ar(cereal::make_nvp("lesson", LessonPlanV1{archive.plan}));
}

template <class Archive>
void load(Archive& ar, GameArchive& archive, std::uint32_t version) {
    if (version > kArchiveFormatVersion)
        throw DecodeError(ExchangeErrorKind::TooNew, "archive format version " + std::to_string(version) +
                                                         " comes from a newer tictactrace");
    detail::ListRef<GameRecord> games{&archive.games, &DecodeTrace::game,
                                      static_cast<std::size_t>(store::kMaxGamesPerImport)};
    ar(cereal::make_nvp("games", games));
    if (version >= 2) {
        LessonPlan plan;
        ar(cereal::make_nvp("lesson", plan));
        archive.lesson = std::move(plan);
    }
}

}  // namespace ttt::exchange

CEREAL_CLASS_VERSION(ttt::exchange::GameArchive, ttt::exchange::kArchiveFormatVersion);
CEREAL_CLASS_VERSION(ttt::exchange::GameArchiveView, 1);
CEREAL_CLASS_VERSION(ttt::exchange::LessonArchiveView, 2);
CEREAL_CLASS_VERSION(ttt::exchange::LessonPlan, ttt::exchange::kLessonPlanVersion);
CEREAL_CLASS_VERSION(ttt::exchange::LessonPlanV1, 1);
CEREAL_CLASS_VERSION(ttt::exchange::GameRecord, ttt::exchange::kGameRecordVersion);
CEREAL_CLASS_VERSION(ttt::exchange::GameRecordV1, 1);
CEREAL_CLASS_VERSION(ttt::exchange::GameRecordV2, 2);
CEREAL_CLASS_VERSION(ttt::exchange::GameRecordV3, 3);
CEREAL_CLASS_VERSION(ttt::exchange::GameRecordV4, 4);
CEREAL_CLASS_VERSION(ttt::exchange::GameRecordV5, 5);
CEREAL_CLASS_VERSION(ttt::exchange::RecordedEvent, ttt::exchange::kRecordedEventVersion);

namespace ttt::exchange::detail {

template <class Archive>
void load_flag(Archive& ar, const char* name, bool& out) {
    if constexpr (kIsText<Archive>) {
        ar(cereal::make_nvp(name, out));
    } else {
        std::uint8_t byte = 0;
        load_value(ar, name, byte);
        if (byte > 1)
            throw DecodeError(ExchangeErrorKind::Malformed, std::string("the flag \"") + name + "\" holds " +
                                                                std::to_string(byte) + ", not 0 or 1");
        out = byte == 1;
    }
}

}  // namespace ttt::exchange::detail
