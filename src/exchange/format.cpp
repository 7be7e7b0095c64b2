// Format names and recognising a file's format from its first bytes.
#include "tictactrace/exchange/format.hpp"

namespace ttt::exchange {

const char* name_of(Format format) noexcept {
    switch (format) {
    case Format::Json: return "json";
    case Format::Xml: return "xml";
    case Format::Binary: return "binary";
    case Format::Sgf: return "sgf";
    case Format::Psq: return "psq";
    }
    return "?";
}

std::optional<Format> format_from_name(std::string_view name) noexcept {
    for (Format f : {Format::Json, Format::Xml, Format::Binary, Format::Sgf, Format::Psq})
        if (name == name_of(f)) return f;
    return std::nullopt;
}

Format sniff_format(std::string_view bytes) noexcept {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (bytes.starts_with(kBom)) bytes.remove_prefix(kBom.size());
    const auto first = bytes.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return Format::Binary;
    const std::string_view rest = bytes.substr(first);
    if (rest.front() == '{') return Format::Json;
    if (rest.front() == '<') return Format::Xml;
    if (rest.front() == '(') return Format::Sgf;
    if (rest.starts_with("Piskvorky")) return Format::Psq;
    return Format::Binary;
}

}  // namespace ttt::exchange
