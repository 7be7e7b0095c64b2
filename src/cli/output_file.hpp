// What the exchange commands share about files: writing -o FILE and naming a format.
#pragma once

#include <tictactrace/exchange/format.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace ttt::cli {

// -o FILE through the one file write: 2 when the file cannot be written at all (a missing folder, a folder
// in its place), 5 when writing it fails part way (the disk full); the old file is left as it was.
[[nodiscard]] int write_output_file(const std::string& file, std::string_view bytes);

// --format NAME in any case (SGF, Json), or nullopt after saying which names there are (`expected`).
[[nodiscard]] std::optional<exchange::Format>
format_named(const std::string& name, const std::string& expected = "json, xml, binary, sgf or psq");

}  // namespace ttt::cli
