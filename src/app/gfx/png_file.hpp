// Writing RGBA pixels as a PNG file (the screenshots and the board export).
#pragma once

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace ttt::app::gfx {

// `rgba` holds width x height pixels, top row first. The PNG is encoded in memory and written through
// base::write_file, like every file the program writes. Returns nothing, or why the file could not be
// written.
[[nodiscard]] Result<void, std::string> write_png(const std::filesystem::path& path, int width, int height,
                                                  std::span<const std::uint8_t> rgba);

}  // namespace ttt::app::gfx
