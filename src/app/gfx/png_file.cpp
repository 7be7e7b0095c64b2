// PNG output through stb_image_write (its implementation comes with the packaged stb library), encoded to
// memory so that the file itself is written by the program's one file write.
#include "gfx/png_file.hpp"

#include "tictactrace/base/write_file.hpp"

#include <stb_image_write.h>

#include <string_view>

namespace ttt::app::gfx {

namespace {

void append_bytes(void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
}

}  // namespace

Result<void, std::string> write_png(const std::filesystem::path& path, int width, int height,
                                    std::span<const std::uint8_t> rgba) {
    if (rgba.size() < static_cast<std::size_t>(width) * height * 4) return fail("not enough pixels");
    std::string png;
    if (stbi_write_png_to_func(append_bytes, &png, width, height, 4, rgba.data(), width * 4) == 0)
        return fail("cannot encode " + path.string() + " as PNG");
    if (const auto written = base::write_file(path, png); !written) return fail(written.error().message);
    return {};
}

}  // namespace ttt::app::gfx
