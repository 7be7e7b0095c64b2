#include "libpq_api.hpp"

#include "tictactrace/base/shared_library.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <optional>
#include <string>

namespace ttt::store {
namespace {

struct LoadedLibPq {
    std::optional<base::SharedLibrary> library;
    LibPq table;
    std::string error;  // empty when the table is whole
};

LoadedLibPq load() {
    LoadedLibPq out;
    auto opened = base::SharedLibrary::open(kLibPqName);
    if (!opened) {
        out.error = std::string("this build cannot reach a server: ") + kLibPqName + " not found (" +
                    opened.error() + ")";
        return out;
    }
    out.library.emplace(std::move(*opened));
    // Every function or none: a libpq older than the one built against fails here, naming what it lacks,
    // rather than in the middle of a statement.
#define TTT_LIBPQ_BIND(name)                                                                                 \
    if (!out.library->bind(out.table.name, #name) && out.error.empty())                                     \
        out.error = std::string("this build cannot reach a server: ") + kLibPqName + " has no " #name         \
                    " (a libpq older than the one this program was built with)";
    TTT_LIBPQ_FUNCTIONS(TTT_LIBPQ_BIND)
#undef TTT_LIBPQ_BIND
    return out;
}

}  // namespace

const LibPq& libpq() {
    static const LoadedLibPq loaded = load();
    if (!loaded.error.empty()) throw StorageError(StorageErrorKind::Unavailable, 0, loaded.error);
    return loaded.table;
}

}  // namespace ttt::store
