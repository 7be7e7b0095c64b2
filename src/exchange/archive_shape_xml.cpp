// The XML archive's shape: RapidXML's document (cereal's own copy, parsed with its flags), looked at as
// cereal's XML archive will look at it. XML holds text only, so a number is checked as the standard
// library's conversion that cereal uses will read it.
#include "archive_shape.hpp"

// rapidxml.hpp uses CEREAL_NOEXCEPT without including the header that defines it.
#include <cereal/macros.hpp>

#include <cereal/external/rapidxml/rapidxml.hpp>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace ttt::exchange::detail {

namespace {

namespace rx = cereal::rapidxml;

class XmlDoc {
public:
    using Value = const rx::xml_node<>*;

    struct Object {
        Value node = nullptr;
        Value next = nullptr;  // the child cereal reads when the name it wants is that one
    };

    struct List {
        Value next = nullptr;
        std::size_t size = 0;
    };

    static bool named(Value node, const char* name) { return std::strcmp(node->name(), name) == 0; }

    // The child where cereal's cursor stands when the names match, else the first child of that name.
    static std::optional<Value> find(Object& object, const char* name) {
        Value found = object.next;
        if (!found || !named(found, name)) {
            found = object.node->first_node();
            while (found && !named(found, name)) found = found->next_sibling();
            if (!found) return std::nullopt;
        }
        object.next = found->next_sibling();
        return found;
    }

    static std::optional<Object> open_object(Value node) { return Object{node, node->first_node()}; }

    static std::optional<List> open_list(Value node) {
        List list{node->first_node(), 0};
        for (Value child = list.next; child; child = child->next_sibling()) ++list.size;
        return list;
    }
    static std::size_t size(const List& list) { return list.size; }
    static Value next(List& list) {
        const Value item = list.next;
        list.next = item->next_sibling();
        return item;
    }

    // cereal reads a flag with a stream that never fails, and a string as whatever text the element holds.
    static bool is_string(Value) { return true; }
    static bool is_flag(Value) { return true; }
    // std::stoi, std::stol and std::stoul: strtol or strtoul takes at least one digit and does not overflow,
    // and stoi's value fits an int.
    static bool is_int32(Value node) {
        long value = 0;
        return signed_number(node, value) && value >= INT_MIN && value <= INT_MAX;
    }
    static bool is_int64(Value node) {
        long value = 0;
        return signed_number(node, value);
    }
    static bool is_uint32(Value node) {
        const char* text = node->value();
        char* end = nullptr;
        errno = 0;
        static_cast<void>(std::strtoul(text, &end, 10));
        return end != text && errno != ERANGE;
    }
    static std::uint32_t uint32_of(Value node) {
        return static_cast<std::uint32_t>(std::strtoul(node->value(), nullptr, 10));
    }
    static std::string string_of(Value node) { return node->value(); }

private:
    static bool signed_number(Value node, long& value) {
        static_assert(sizeof(long) == sizeof(std::int64_t), "cereal reads a 64-bit number with std::stol");
        const char* text = node->value();
        char* end = nullptr;
        errno = 0;
        value = std::strtol(text, &end, 10);
        return end != text && errno != ERANGE;
    }
};

}  // namespace

std::optional<ShapeProblem> check_xml_shape(std::string_view text) {
    std::vector<char> buffer(text.begin(), text.end());
    buffer.push_back('\0');
    rx::xml_document<> document;
    try {
        document.parse<rx::parse_trim_whitespace | rx::parse_no_data_nodes | rx::parse_declaration_node>(
            buffer.data());
    } catch (const rx::parse_error&) {
        return std::nullopt;  // the layout scan has judged the syntax
    }
    const rx::xml_node<>* root = document.first_node("cereal");
    if (!root) return ShapeProblem{"broken archive: the field \"cereal\" is missing"};
    const XmlDoc doc;
    return ShapeWalker<XmlDoc>(doc).check(*XmlDoc::open_object(root));
}

}  // namespace ttt::exchange::detail
