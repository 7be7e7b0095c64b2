#include "cairo_api.hpp"

#include "tictactrace/base/shared_library.hpp"

#include <optional>
#include <string>

namespace ttt::exchange {
namespace {

struct LoadedCairo {
    std::optional<base::SharedLibrary> library;
    Cairo table;
    base::Result<const Cairo*, std::string> answer = base::fail(std::string());
};

// Filled in place: the answer points at the table beside it, so the object is never moved once loaded.
void load(LoadedCairo& out) {
    auto opened = base::SharedLibrary::open(kCairoName);
    if (!opened) {
        out.answer = base::fail(std::string("this build cannot paint a PNG: ") + kCairoName + " not found (" +
                                opened.error() + ")");
        return;
    }
    out.library.emplace(std::move(*opened));
    // Every function or none: an older cairo fails here, naming what it lacks, rather than half-way
    // through a picture.
#define TTT_CAIRO_BIND(name)                                                                                \
    if (!out.library->bind(out.table.name, #name)) {                                                        \
        out.answer = base::fail(std::string("this build cannot paint a PNG: ") + kCairoName + " has no " #name \
                                " (a cairo older than the one this program was built with)");              \
        return;                                                                                             \
    }
    TTT_CAIRO_FUNCTIONS(TTT_CAIRO_BIND)
#undef TTT_CAIRO_BIND
    out.answer = &out.table;
}

}  // namespace

const base::Result<const Cairo*, std::string>& cairo_library() {
    static LoadedCairo loaded;
    static const bool once = (load(loaded), true);
    (void)once;
    return loaded.answer;
}

}  // namespace ttt::exchange
