// The XML archive scanner: a flat pass that bounds the element nesting, then cereal's own RapidXML (the
// parser its archive uses, with the same flags) for syntax errors with a location and for the layout.
#include "archive_layout.hpp"

#include "tictactrace/exchange/archive.hpp"

// rapidxml.hpp uses CEREAL_NOEXCEPT without including the header that defines it.
#include <cereal/macros.hpp>

#include <cereal/external/rapidxml/rapidxml.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace ttt::exchange::detail {

namespace {

namespace rx = cereal::rapidxml;

// The deepest element nesting in `text`, or the offset where it passes the limit. Comments, CDATA,
// processing instructions, declarations and quoted attribute values are skipped as RapidXML skips them,
// so the count never falls below the depth RapidXML will recurse to.
struct DepthScan {
    bool too_deep = false;
    std::size_t offset = 0;
};

DepthScan scan_depth(std::string_view text) {
    int depth = 0;
    std::size_t i = 0;
    const auto skip_past = [&](std::string_view end) {
        const auto found = text.find(end, i);
        i = found == std::string_view::npos ? text.size() : found + end.size();
    };
    while (i < text.size()) {
        if (text[i] != '<') {
            ++i;
            continue;
        }
        const std::string_view rest = text.substr(i);
        if (rest.starts_with("<!--")) {
            i += 4;
            skip_past("-->");
        } else if (rest.starts_with("<![CDATA[")) {
            i += 9;
            skip_past("]]>");
        } else if (rest.starts_with("<?")) {
            i += 2;
            skip_past("?>");
        } else if (rest.starts_with("<!")) {
            i += 2;
            skip_past(">");
        } else if (rest.starts_with("</")) {
            i += 2;
            skip_past(">");
            if (depth > 0) --depth;
        } else {
            const std::size_t start = i;
            ++i;
            bool self_closing = false;
            while (i < text.size() && text[i] != '>') {
                if (text[i] == '"' || text[i] == '\'') {
                    const char quote = text[i++];
                    const auto end = text.find(quote, i);
                    i = end == std::string_view::npos ? text.size() : end + 1;
                    continue;
                }
                self_closing = text[i] == '/';
                ++i;
            }
            ++i;
            if (!self_closing && ++depth > kMaxArchiveDepth) return {true, start};
        }
    }
    return {};
}

std::size_t element_offset(const rx::xml_node<>* node, const char* base) {
    // In-place parsing leaves the name where it was in the text, just after the '<'.
    return static_cast<std::size_t>(node->name() - base) - 1;
}

}  // namespace

Result<ArchiveLayout, ExchangeError> scan_xml(std::string_view text) {
    if (const DepthScan depth = scan_depth(text); depth.too_deep) {
        return fail(ExchangeError{ExchangeErrorKind::Malformed,
                                  "broken archive: elements nested more than " +
                                      std::to_string(kMaxArchiveDepth) + " levels deep",
                                  spot_at_offset(text, depth.offset), -1});
    }
    std::vector<char> buffer(text.begin(), text.end());
    buffer.push_back('\0');
    rx::xml_document<> doc;
    try {
        doc.parse<rx::parse_trim_whitespace | rx::parse_no_data_nodes | rx::parse_declaration_node>(
            buffer.data());
    } catch (const rx::parse_error& e) {
        const auto offset = static_cast<std::size_t>(e.where<char>() - buffer.data());
        // The parse wrote terminators into the buffer, so the end is measured on the text: RapidXML stops
        // at the first NUL byte.
        const bool at_end = offset >= std::min(text.size(), text.find('\0'));
        return fail(
            ExchangeError{at_end ? ExchangeErrorKind::Truncated : ExchangeErrorKind::Malformed,
                          at_end ? std::string("truncated file: the XML ends before its elements are closed")
                                 : std::string("broken archive: ") + e.what(),
                          spot_at_offset(text, offset), -1});
    }

    ArchiveLayout layout;
    const char* base = buffer.data();
    const rx::xml_node<>* root = doc.first_node("cereal");
    const rx::xml_node<>* archive = root ? root->first_node("tictactrace") : nullptr;
    if (archive) layout.root = static_cast<std::int64_t>(element_offset(archive, base));
    const rx::xml_node<>* games = archive ? archive->first_node("games") : nullptr;
    if (!games) return layout;  // cereal will say what is missing
    for (const rx::xml_node<>* game = games->first_node(); game; game = game->next_sibling()) {
        layout.games.push_back(static_cast<std::int64_t>(element_offset(game, base)));
        auto& events = layout.events.emplace_back();
        if (const rx::xml_node<>* list = game->first_node("events"))
            for (const rx::xml_node<>* event = list->first_node(); event; event = event->next_sibling())
                events.push_back(static_cast<std::int64_t>(element_offset(event, base)));
    }
    return layout;
}

}  // namespace ttt::exchange::detail
