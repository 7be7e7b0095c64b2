#include "tictactrace/base/shared_library.hpp"

#include <dlfcn.h>

namespace ttt::base {

void SharedLibrary::Closer::operator()(void* handle) const noexcept { dlclose(handle); }

Result<SharedLibrary, std::string> SharedLibrary::open(const char* soname) {
    // RTLD_LOCAL: its symbols serve only whoever asks for them here, never another library's lookups.
    void* handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        return fail(std::string(why != nullptr ? why : soname));
    }
    return SharedLibrary(handle);
}

void* SharedLibrary::symbol(const char* name) const noexcept { return dlsym(m_handle.get(), name); }

}  // namespace ttt::base
