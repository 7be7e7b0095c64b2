// The JSON archive's shape: RapidJSON's document, looked at as cereal's JSON archive will look at it.
// cereal's json.hpp comes first: it sets the parse flags (and the assertions) cereal's own parse uses.
#include <cereal/archives/json.hpp>

#include "archive_shape.hpp"

#include <rapidjson/document.h>

#include <cstring>

namespace ttt::exchange::detail {

namespace {

class JsonDoc {
public:
    using Value = const rapidjson::Value*;

    // Members by name, or (for an array where an object is read) none: cereal finds no name in an array.
    struct Object {
        Value value = nullptr;
        bool members = false;
        rapidjson::SizeType next = 0;  // the member cereal reads when the name it wants is that one
    };

    struct List {
        Value value = nullptr;
        rapidjson::SizeType next = 0;
    };

    // cereal reads a value where its iterator stands when the names match, else the first member of that
    // name; the iterator then moves past it.
    static std::optional<Value> find(Object& object, const char* name) {
        if (!object.members) return std::nullopt;
        const auto begin = object.value->MemberBegin();
        const rapidjson::SizeType count = object.value->MemberCount();
        rapidjson::SizeType at = object.next;
        if (at >= count || std::strcmp(name, begin[at].name.GetString()) != 0) {
            at = 0;
            while (at < count && std::strcmp(name, begin[at].name.GetString()) != 0) ++at;
            if (at == count) return std::nullopt;
        }
        object.next = at + 1;
        return &begin[at].value;
    }

    static std::optional<Object> open_object(Value value) {
        if (value->IsObject()) return Object{value, true, 0};
        if (value->IsArray()) return Object{value, false, 0};
        return std::nullopt;
    }

    static std::optional<List> open_list(Value value) {
        if (!value->IsArray()) return std::nullopt;
        return List{value, 0};
    }
    static std::size_t size(const List& list) { return list.value->Size(); }
    static Value next(List& list) { return &(*list.value)[list.next++]; }

    static bool is_string(Value value) { return value->IsString(); }
    static bool is_flag(Value value) { return value->IsBool(); }
    static bool is_int32(Value value) { return value->IsInt(); }
    static bool is_int64(Value value) { return value->IsInt64(); }
    static bool is_uint32(Value value) { return value->IsUint(); }
    static std::uint32_t uint32_of(Value value) { return value->GetUint(); }
    static std::string string_of(Value value) { return value->GetString(); }
};

}  // namespace

std::optional<ShapeProblem> check_json_shape(std::string_view text) {
    rapidjson::Document document;
    document.Parse<rapidjson::kParseDefaultFlags | rapidjson::kParseIterativeFlag>(text.data(), text.size());
    if (document.HasParseError()) return std::nullopt;  // the layout scan has judged the syntax
    const JsonDoc doc;
    const std::optional<JsonDoc::Object> root = JsonDoc::open_object(&document);
    if (!root)
        return ShapeProblem{"broken archive: the file holds no object: {\"tictactrace\": ...} is expected"};
    return ShapeWalker<JsonDoc>(doc).check(*root);
}

}  // namespace ttt::exchange::detail
