// A shared library opened when it is first needed (dlopen) rather than linked into the program: for what
// only a few commands use (the PostgreSQL client library, the PNG painter), so that every other command
// starts without loading it and the dozens of libraries it pulls in (TLS, Kerberos, LDAP, X11). The handle
// is owned: closing is the object's end.
#pragma once

#include <memory>
#include <string>

#include "tictactrace/base/result.hpp"

namespace ttt::base {

class SharedLibrary {
public:
    // Opens `soname` (for example "libpq.so.5") where the dynamic loader looks for libraries, resolving
    // every symbol now. Fails with the loader's own sentence (what is missing, or why it would not load).
    [[nodiscard]] static Result<SharedLibrary, std::string> open(const char* soname);

    // The address of `name` in the library, or nullptr when it has none.
    [[nodiscard]] void* symbol(const char* name) const noexcept;

    // Fills `function` with `name`'s address, typed as the caller declared it; false when it is missing.
    template <class F>
    [[nodiscard]] bool bind(F*& function, const char* name) const noexcept {
        function = reinterpret_cast<F*>(symbol(name));  // NOLINT(cppguidelines-pro-type-reinterpret-cast)
        return function != nullptr;
    }

private:
    struct Closer {
        void operator()(void* handle) const noexcept;
    };
    explicit SharedLibrary(void* handle) : m_handle(handle) {}
    std::unique_ptr<void, Closer> m_handle;
};

}  // namespace ttt::base
