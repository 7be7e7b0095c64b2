// The file formats games travel in, their names on the command line, and recognising one by its content.
#pragma once

#include <optional>
#include <string_view>

namespace ttt::exchange {

enum class Format : int {
    Json = 0,    // our archive as JSON
    Xml = 1,     // our archive as XML
    Binary = 2,  // our archive as portable binary, behind our own header
    Sgf = 3,     // Smart Game Format, FF[4] GM[4]
    Psq = 4,     // Gomocup / Piskvork PSQ
    Board = 5,   // a board as text, as `score` reads it: a position to set a game up from (import only)
    Renlib = 6,  // a RenLib opening library (.lib): one game with its variation tree (import only)
};

// "json", "xml", "binary", "sgf", "psq", "board", "renlib". Names are read in any case ("SGF").
[[nodiscard]] const char* name_of(Format format) noexcept;
[[nodiscard]] std::optional<Format> format_from_name(std::string_view name) noexcept;

// Text formats can go to a terminal; binary cannot.
[[nodiscard]] constexpr bool is_text(Format format) noexcept {
    return format != Format::Binary && format != Format::Renlib;
}
// Formats that hold any number of games (PSQ holds exactly one).
[[nodiscard]] constexpr bool holds_many(Format format) noexcept {
    return format != Format::Psq && format != Format::Renlib;
}

// Which format `bytes` are in: RenLib's header makes a RenLib library; otherwise judged by the first
// bytes after whitespace (and a UTF-8 byte order
// mark): '{' JSON, '<' XML, '(' SGF, "Piskvorky" PSQ, a first line of only 'x', 'o' and '.' (either
// case, spaces around it) a text board; anything else is taken for binary, whose own header then
// decides.
[[nodiscard]] Format sniff_format(std::string_view bytes) noexcept;

}  // namespace ttt::exchange
