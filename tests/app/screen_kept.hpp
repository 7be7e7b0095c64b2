// The screen as a window test reads it, kept as a PNG for a person to look at when asked.
#pragma once
#include "gui_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace ttt::app::testing {

// A screen read, kept as NAME.png under $TTT_KEEP_SCREENSHOTS when it names a folder, to be looked at.
inline Screen kept(Screen sc, const std::string& name) {
    if (const char* keep = std::getenv("TTT_KEEP_SCREENSHOTS"); keep && *keep) {
        std::vector<unsigned char> rgb;
        for (int y = 0; y < sc.height(); ++y)
            for (int x = 0; x < sc.width(); ++x) {
                const Image::Rgb c = sc.at(x, y);
                rgb.insert(rgb.end(), {static_cast<unsigned char>(c.r), static_cast<unsigned char>(c.g),
                                       static_cast<unsigned char>(c.b)});
            }
        const auto png = std::filesystem::path(keep) / (name + ".png");
        CHECK(stbi_write_png(png.c_str(), sc.width(), sc.height(), 3, rgb.data(), sc.width() * 3) != 0);
    }
    return sc;
}

// The screen of a test's own X server now, kept as `kept` keeps it.
inline Screen screen_now(WindowTest& t, const std::string& name) {
    // The layout line is printed as a frame is built; the screen holds it once the frame is shown.
    pause_ms(300);
    return kept(Screen::capture(t.x()), name);
}

}  // namespace ttt::app::testing
