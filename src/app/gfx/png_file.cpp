// PNG output through stb_image_write (its implementation comes with the packaged stb library).
#include "gfx/png_file.hpp"

#include <stb_image_write.h>

#include <cerrno>
#include <cstring>

namespace ttt::app::gfx {

std::optional<std::string> write_png(const std::filesystem::path& path, int width, int height,
                                     std::span<const std::uint8_t> rgba) {
    if (rgba.size() < static_cast<std::size_t>(width) * height * 4) return std::string("not enough pixels");
    errno = 0;
    if (stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4) == 0)
        return "cannot write " + path.string() +
               (errno ? std::string(": ") + std::strerror(errno) : std::string());
    return std::nullopt;
}

}  // namespace ttt::app::gfx
