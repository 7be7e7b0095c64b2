// cairo, the PNG painter of diagrams, reached through a table of its functions that is filled the first
// time a diagram is painted as PNG, instead of being linked into the program: cairo brings X11, xcb,
// fontconfig, freetype and libpng with it, and loading them cost every command its start. Call
// `cairo().cairo_fill(cr)` where cairo's own `cairo_fill(cr)` would be, once `cairo_library()` said the
// table is there; the types are cairo's own.
#pragma once

#include <cairo.h>

#include <string>

#include "tictactrace/base/result.hpp"

namespace ttt::exchange {

// Every function of cairo the program calls, once: the table's members and their loading both come from
// this list, so they cannot disagree.
#define TTT_CAIRO_FUNCTIONS(X)                                                                               \
    X(cairo_arc)                                                                                             \
    X(cairo_close_path)                                                                                      \
    X(cairo_create)                                                                                          \
    X(cairo_destroy)                                                                                         \
    X(cairo_fill)                                                                                            \
    X(cairo_fill_preserve)                                                                                   \
    X(cairo_get_scaled_font)                                                                                 \
    X(cairo_glyph_free)                                                                                      \
    X(cairo_image_surface_create)                                                                            \
    X(cairo_line_to)                                                                                         \
    X(cairo_move_to)                                                                                         \
    X(cairo_new_path)                                                                                        \
    X(cairo_new_sub_path)                                                                                    \
    X(cairo_rectangle)                                                                                       \
    X(cairo_scale)                                                                                           \
    X(cairo_scaled_font_text_to_glyphs)                                                                      \
    X(cairo_select_font_face)                                                                                \
    X(cairo_set_font_size)                                                                                   \
    X(cairo_set_line_cap)                                                                                    \
    X(cairo_set_line_join)                                                                                   \
    X(cairo_set_line_width)                                                                                  \
    X(cairo_set_source_rgba)                                                                                 \
    X(cairo_show_text)                                                                                       \
    X(cairo_status)                                                                                          \
    X(cairo_status_to_string)                                                                                \
    X(cairo_stroke)                                                                                          \
    X(cairo_surface_destroy)                                                                                 \
    X(cairo_surface_flush)                                                                                   \
    X(cairo_surface_status)                                                                                  \
    X(cairo_surface_write_to_png_stream)                                                                     \
    X(cairo_text_extents)

struct Cairo {
#define TTT_CAIRO_MEMBER(name) decltype(&::name) name = nullptr;
    TTT_CAIRO_FUNCTIONS(TTT_CAIRO_MEMBER)
#undef TTT_CAIRO_MEMBER
};

// The library's name as the dynamic loader finds it (Debian's libcairo2 package).
inline constexpr const char* kCairoName = "libcairo.so.2";

// The table, or why there is none: "this build cannot paint a PNG: libcairo.so.2 not found (the
// loader's reason)". The first call opens the library and keeps it open until the program ends.
[[nodiscard]] const base::Result<const Cairo*, std::string>& cairo_library();

// The table, once cairo_library() has answered with one.
[[nodiscard]] inline const Cairo& cairo() { return *cairo_library().value(); }

}  // namespace ttt::exchange
