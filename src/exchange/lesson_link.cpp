// Writing and reading lesson links.
#include "tictactrace/exchange/lesson_link.hpp"

#include <charconv>
#include <cstdint>

namespace ttt::exchange {

namespace {

constexpr std::string_view kScheme = "ttt:";

bool plain(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' ||
           c == '/' || c == ':' || c == '.' || c == '_' || c == '-';
}

std::string escaped(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        if (plain(c)) {
            out += c;
        } else {
            const auto u = static_cast<unsigned char>(c);
            out += '%';
            out += kHex[u >> 4];
            out += kHex[u & 0xf];
        }
    }
    return out;
}

std::optional<std::string> unescaped(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return std::nullopt;
        unsigned value = 0;
        const auto [end, ec] = std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
        if (ec != std::errc() || end != text.data() + i + 3) return std::nullopt;
        out += static_cast<char>(value);
        i += 2;
    }
    return out;
}

template <class Int>
std::optional<Int> whole_number(std::string_view text) {
    Int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

// "'NAME' has ...": built by appending; GCC 12 warns falsely (-Wrestrict) on chains of + over short strings.
std::string quoted(std::string_view before, std::string_view text, std::string_view after) {
    std::string out(before);
    out += text;
    out += after;
    return out;
}

}  // namespace

std::string format_lesson_link(const LessonLink& link) {
    std::string out(kScheme);
    const auto field = [&](std::string_view name, const std::string& value) {
        if (out.size() > kScheme.size()) out += '&';
        out += name;
        out += '=';
        out += value;
    };
    if (link.game) field("game", std::to_string(*link.game));
    if (link.at) field("at", std::to_string(*link.at));
    if (!link.show.empty()) {
        std::string panels;
        for (const std::string& p : link.show) {
            if (!panels.empty()) panels += ',';
            panels += escaped(p);
        }
        field("show", panels);
    }
    if (link.layout) field("layout", escaped(*link.layout));
    return out;
}

Result<LessonLink, std::string> parse_lesson_link(std::string_view text) {
    if (!text.starts_with(kScheme)) return fail("a lesson link starts with ttt:");
    text.remove_prefix(kScheme.size());
    LessonLink link;
    while (!text.empty()) {
        const auto amp = text.find('&');
        const std::string_view pair = text.substr(0, amp);
        text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
        const auto eq = pair.find('=');
        if (eq == std::string_view::npos)
            return fail(quoted("'", pair, "' has no value (expected NAME=VALUE)"));
        const std::string_view name = pair.substr(0, eq);
        const std::string_view value = pair.substr(eq + 1);
        if (name == "game") {
            link.game = whole_number<store::GameId>(value);
            if (!link.game) return fail(quoted("game=", value, " is not a game's number"));
        } else if (name == "at") {
            link.at = whole_number<int>(value);
            if (!link.at) return fail(quoted("at=", value, " is not a step"));
        } else if (name == "show") {
            for (std::string_view rest = value; !rest.empty();) {
                const auto comma = rest.find(',');
                const auto panel = unescaped(rest.substr(0, comma));
                if (!panel || panel->empty()) return fail(quoted("show=", value, " names no panel"));
                link.show.push_back(*panel);
                rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
            }
        } else if (name == "layout") {
            link.layout = unescaped(value);
            if (!link.layout || link.layout->empty())
                return fail(quoted("layout=", value, " names no layout"));
        } else {
            return fail(quoted("'", name, "' is not part of a lesson link this program follows"));
        }
    }
    return link;
}

}  // namespace ttt::exchange
