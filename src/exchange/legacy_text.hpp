// Text that older programs wrote in their Windows code page (GBK for Chinese, Windows-1252 for Western
// languages), turned into UTF-8, so that no byte of it reaches the log or a terminal raw.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::exchange::detail {

enum class TextEncoding : std::uint8_t {
    Utf8 = 0,         // already UTF-8 (plain ASCII included)
    Gbk = 1,          // GBK, the code page of Chinese Windows (cp936)
    Windows1252 = 2,  // Windows-1252, the code page of Western Windows (Latin-1 with letters in 0x80-0x9F)
};

// "UTF-8", "GBK", "Windows-1252".
[[nodiscard]] const char* name_of(TextEncoding encoding) noexcept;

// `bytes` read as GBK, or nullopt when they are not valid GBK (a lead byte without its trail byte, a pair
// GBK does not assign) or this system's iconv has no GBK. ASCII reads as itself.
[[nodiscard]] std::optional<std::string> gbk_to_utf8(std::string_view bytes);

// `bytes` read as Windows-1252. Every byte is a character there except 0x81, 0x8D, 0x8F, 0x90 and 0x9D,
// which become U+FFFD.
[[nodiscard]] std::string windows1252_to_utf8(std::string_view bytes);

}  // namespace ttt::exchange::detail
