// Format names and recognising a file's format from its first bytes.
#include "tictactrace/exchange/format.hpp"

#include "renlib.hpp"

#include <algorithm>

namespace ttt::exchange {

const char* name_of(Format format) noexcept {
    switch (format) {
    case Format::Json: return "json";
    case Format::Xml: return "xml";
    case Format::Binary: return "binary";
    case Format::Sgf: return "sgf";
    case Format::Psq: return "psq";
    case Format::Board: return "board";
    case Format::Renlib: return "renlib";
    }
    return "?";
}

std::optional<Format> format_from_name(std::string_view name) noexcept {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    for (Format f : {Format::Json, Format::Xml, Format::Binary, Format::Sgf, Format::Psq, Format::Board,
                     Format::Renlib}) {
        const std::string_view known = name_of(f);
        if (name.size() == known.size() && std::equal(name.begin(), name.end(), known.begin(),
                                                      [&](char a, char b) { return lower(a) == b; }))
            return f;
    }
    return std::nullopt;
}

Format sniff_format(std::string_view bytes) noexcept {
    if (looks_like_renlib(bytes)) return Format::Renlib;
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (bytes.starts_with(kBom)) bytes.remove_prefix(kBom.size());
    const auto first = bytes.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return Format::Binary;
    const std::string_view rest = bytes.substr(first);
    if (rest.front() == '{') return Format::Json;
    if (rest.front() == '<') return Format::Xml;
    if (rest.front() == '(') return Format::Sgf;
    if (rest.starts_with("Piskvorky")) return Format::Psq;
    // A board's first row: cells, then only blanks to the end of the line.
    const std::string_view line = rest.substr(0, rest.find('\n'));
    const auto cells = line.find_first_not_of("xXoO.");
    if (cells != 0 &&
        (cells == std::string_view::npos || line.find_first_not_of(" \t\r", cells) == std::string_view::npos))
        return Format::Board;
    return Format::Binary;
}

}  // namespace ttt::exchange
