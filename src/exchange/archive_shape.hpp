// The shape of a text archive, checked by our own code before cereal reads it: every member the loaders
// (cereal_types.hpp) will ask for is present and holds the kind of value they will read, so a broken file
// is refused with our words ("the field "rows" is missing") instead of whatever the parser would throw.
#pragma once

#include "cereal_types.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::exchange::detail {

// What is wrong with a text archive's shape, and in which game and event (as DecodeTrace counts them).
struct ShapeProblem {
    std::string message;
    int game = -1;
    int event = -1;
};

// JSON and XML archives whose syntax the layout scanners (archive_layout.hpp) accepted. nullopt: the shape
// is what the loaders read, or it stops being ours to judge (a version from a newer tictactrace, an
// unknown event type, a list longer than an import takes: the loaders refuse those with their own words).
[[nodiscard]] std::optional<ShapeProblem> check_json_shape(std::string_view text);
[[nodiscard]] std::optional<ShapeProblem> check_xml_shape(std::string_view text);

// [SECTION] The walk, shared by both formats

// Walks a document in the order the loaders read it, members looked up as cereal looks them up, and
// stops at the first problem. `Doc` is a format's view of its parsed document:
//   Value, Object, List;  find(Object&, name) -> optional<Value>;  open_object(Value) -> optional<Object>
//   (nullopt: not a value that holds members);  open_list(Value) -> optional<List>;  size(const List&);
//   next(List&) -> Value;  is_string, is_flag, is_int32, is_int64, is_uint32(Value);  uint32_of(Value);
//   string_of(Value).
template <class Doc>
class ShapeWalker {
public:
    explicit ShapeWalker(const Doc& doc) : m_doc(doc) {}

    // `root` is the object that holds "tictactrace".
    [[nodiscard]] std::optional<ShapeProblem> check(typename Doc::Object root) {
        archive(root);
        return m_problem;
    }

private:
    using Value = typename Doc::Value;
    using Object = typename Doc::Object;
    using Body = bool (ShapeWalker::*)(Object&);

    enum class Kind { String, Flag, Int32, Int64 };

    // Every step returns whether the walk goes on. A stop without a problem leaves the rest to the loaders.
    bool stop() { return false; }
    bool problem(std::string message) {
        m_problem = ShapeProblem{std::move(message), m_game, m_event};
        return false;
    }
    bool missing(const char* name) {
        return problem(std::string("broken archive: the field \"") + name + "\" is missing");
    }
    // Names the field and what it must hold, as the file's author needs to mend it.
    bool wrong_type(const char* name, const char* expected) {
        return problem(std::string("broken archive: the field \"") + name +
                       "\" holds a value of the wrong type: " + expected + " is expected");
    }
    static const char* words_of(Kind kind) {
        switch (kind) {
        case Kind::String: return "a string";
        case Kind::Flag: return "true or false";
        case Kind::Int32: return "a whole number from -2147483648 to 2147483647";
        case Kind::Int64: return "a whole number of at most 64 bits";
        }
        return "a value";
    }

    bool member(Object& object, const char* name, Value& out) {
        const std::optional<Value> found = m_doc.find(object, name);
        if (!found) return missing(name);
        out = *found;
        return true;
    }

    bool scalar(Object& object, const char* name, Kind kind) {
        Value value{};
        if (!member(object, name, value)) return false;
        bool right = false;
        switch (kind) {
        case Kind::String: right = m_doc.is_string(value); break;
        case Kind::Flag: right = m_doc.is_flag(value); break;
        case Kind::Int32: right = m_doc.is_int32(value); break;
        case Kind::Int64: right = m_doc.is_int64(value); break;
        }
        return right || wrong_type(name, words_of(kind));
    }

    bool scalars(Object& object, std::initializer_list<const char*> names, Kind kind) {
        for (const char* name : names)
            if (!scalar(object, name, kind)) return false;
        return true;
    }

    bool object(Object& parent, const char* name, Body body) {
        Value value{};
        if (!member(parent, name, value)) return false;
        std::optional<Object> inner = m_doc.open_object(value);
        if (!inner) return wrong_type(name, "an object");
        return (this->*body)(*inner);
    }

    // A list of objects; `index` is the counter that names the element being walked, if any. A list
    // longer than `max` is the loaders' to refuse.
    bool list(Object& parent, const char* name, std::size_t max, int ShapeWalker::*index, Body body) {
        Value value{};
        if (!member(parent, name, value)) return false;
        std::optional<typename Doc::List> items = m_doc.open_list(value);
        if (!items) return wrong_type(name, "a list");
        const std::size_t size = m_doc.size(*items);
        if (size > max) return stop();
        for (std::size_t i = 0; i < size; ++i) {
            if (index) this->*index = static_cast<int>(i);
            std::optional<Object> item = m_doc.open_object(m_doc.next(*items));
            if (!item) return wrong_type(name, "a list of objects");
            if (!(this->*body)(*item)) return false;
        }
        if (index) this->*index = -1;
        return true;
    }

    // cereal reads a versioned type's version from the first object of that type only.
    bool version(Object& object, std::optional<std::uint32_t>& known, std::uint32_t& out) {
        if (!known) {
            Value value{};
            if (!member(object, "cereal_class_version", value)) return false;
            if (!m_doc.is_uint32(value))
                return wrong_type("cereal_class_version", "a whole number 0 or more");
            known = m_doc.uint32_of(value);
        }
        out = *known;
        return true;
    }

    bool archive(Object& root) {
        Value value{};
        if (!member(root, "tictactrace", value)) return false;
        std::optional<Object> top = m_doc.open_object(value);
        if (!top) return wrong_type("tictactrace", "an object");
        std::uint32_t v = 0;
        if (!version(*top, m_archive_version, v)) return false;
        if (v > kArchiveFormatVersion) return stop();
        if (!list(*top, "games", static_cast<std::size_t>(store::kMaxGamesPerImport), &ShapeWalker::m_game,
                  &ShapeWalker::game))
            return false;
        return v < 2 || object(*top, "lesson", &ShapeWalker::lesson);
    }

    bool game(Object& g) {
        std::uint32_t v = 0;
        if (!version(g, m_game_version, v)) return false;
        if (v > kGameRecordVersion) return stop();
        if (!object(g, "rules", &ShapeWalker::rules) || !scalars(g, {"x_name", "o_name"}, Kind::String) ||
            !scalar(g, "forked", Kind::Flag) || !scalar(g, "forked_from", Kind::Int64) ||
            !scalar(g, "forked_at", Kind::Int32) || !scalar(g, "created_ms", Kind::Int64))
            return false;
        if (v >= 2 && (!scalar(g, "set_up", Kind::Flag) || !set_up(g))) return false;
        if (v >= 5 && !scalar(g, "opening", Kind::String)) return false;
        return list(g, "events", static_cast<std::size_t>(store::kMaxEventsPerGame), &ShapeWalker::m_event,
                    &ShapeWalker::event) &&
               scalars(g, {"result", "source_format"}, Kind::String) && scalar(g, "source_id", Kind::Int64);
    }

    bool rules(Object& r) {
        return scalar(r, "name", Kind::String) && scalars(r, {"rows", "cols", "k"}, Kind::Int32) &&
               scalar(r, "exact", Kind::Flag) && scalars(r, {"min_run", "points"}, Kind::Int32);
    }

    bool set_up(Object& o) {
        return scalar(o, "to_move", Kind::String) &&
               list(o, "x_cells", kMaxSetUpCells, nullptr, &ShapeWalker::cell) &&
               list(o, "o_cells", kMaxSetUpCells, nullptr, &ShapeWalker::cell);
    }

    bool cell(Object& c) { return scalars(c, {"row", "col"}, Kind::Int64); }

    bool names(Object& e) { return scalars(e, {"x_name", "o_name"}, Kind::String); }

    bool event(Object& e) {
        std::uint32_t v = 0;
        if (!version(e, m_event_version, v)) return false;
        if (v > kRecordedEventVersion) return stop();
        Value type_value{};
        if (!member(e, "type", type_value)) return false;
        if (!m_doc.is_string(type_value)) return wrong_type("type", "a string");
        const std::string type = m_doc.string_of(type_value);
        if (!scalar(e, "t", Kind::Int64)) return false;
        if (type == "move_played" || type == "move_taken_back")
            return scalar(e, "player", Kind::String) && cell(e);
        if (type == "resigned") return scalar(e, "player", Kind::String);
        if (type == "forfeited") return scalars(e, {"player", "reason", "detail"}, Kind::String);
        if (type == "opening_chosen") return scalars(e, {"by", "choice"}, Kind::String);
        if (type == "game_adjudicated") return scalars(e, {"result", "reason"}, Kind::String);
        if (type == "game_created") return object(e, "rules", &ShapeWalker::rules) && names(e);
        if (type == "game_set_up")
            return scalar(e, "forked", Kind::Flag) && scalar(e, "from_game", Kind::Int64) &&
                   scalar(e, "at", Kind::Int32) && object(e, "rules", &ShapeWalker::rules) && names(e) &&
                   set_up(e);
        if (type == "game_forked")
            return scalar(e, "from_game", Kind::Int64) && scalar(e, "at", Kind::Int32) &&
                   object(e, "rules", &ShapeWalker::rules) && names(e);
        return stop();  // an unknown event type: the loader names it
    }

    bool lesson(Object& l) {
        std::uint32_t v = 0;
        if (!version(l, m_lesson_version, v)) return false;
        if (v > kLessonPlanVersion) return stop();
        return scalar(l, "title", Kind::String) &&
               list(l, "moments", kMaxLessonMoments, nullptr, &ShapeWalker::moment);
    }

    bool moment(Object& m) {
        if (!scalars(m, {"game", "at"}, Kind::Int64) ||
            !scalars(m, {"show", "layout", "caption"}, Kind::String))
            return false;
        // From version 2 on every moment says whether it asks "find the move", and what.
        return m_lesson_version.value_or(1) < 2 ||
               (scalar(m, "asks", Kind::Flag) &&
                list(m, "answers", kMaxQuestionAnswers, nullptr, &ShapeWalker::cell) &&
                scalar(m, "hint", Kind::String) &&
                list(m, "wrong", kMaxWrongAnswers, nullptr, &ShapeWalker::wrong_answer));
    }

    bool wrong_answer(Object& w) { return cell(w) && scalar(w, "message", Kind::String); }

    const Doc& m_doc;
    std::optional<ShapeProblem> m_problem;
    int m_game = -1;
    int m_event = -1;
    std::optional<std::uint32_t> m_archive_version;
    std::optional<std::uint32_t> m_game_version;
    std::optional<std::uint32_t> m_event_version;
    std::optional<std::uint32_t> m_lesson_version;
};

}  // namespace ttt::exchange::detail
