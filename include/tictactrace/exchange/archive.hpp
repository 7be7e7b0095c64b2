// Games in the product's own archives (JSON, XML and portable binary): its export format. How they are
// written and read is the exchange layer's business (src/exchange); callers see only these functions.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/format.hpp"
#include "tictactrace/exchange/game_record.hpp"

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange {

// Binary archives start with these 8 bytes, then the payload length (8 bytes, little-endian), then
// the portable binary payload. The header lets a reader refuse a foreign or truncated file before a
// single size is read from it.
inline constexpr std::string_view kBinaryMagic{"\x89TTT\r\n\x1a\n", 8};
inline constexpr std::size_t kBinaryHeaderSize = 16;

// Nesting deeper than this is refused before a parser recurses into it (our archives nest about 6 deep).
inline constexpr int kMaxArchiveDepth = 64;

// The archive text (or bytes) of `games`. `format` must be Json, Xml or Binary.
[[nodiscard]] std::string write_archive(std::span<const GameRecord> games, Format format);

// The games of an archive, each event's `where` set (line and column for JSON and XML, byte offset for
// binary). Nothing is folded here: validate the games before using them. `format` must be Json, Xml
// or Binary.
[[nodiscard]] Result<std::vector<GameRecord>, ExchangeError> read_archive(std::string_view bytes,
                                                                          Format format);

}  // namespace ttt::exchange
