// A fresh folder under the system's temporary directory, removed with everything in it on scope exit:
// what every suite that writes files (databases, exports, settings) works in.
#pragma once

#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace ttt::testing {

class TempDir {
public:
    explicit TempDir(const std::string& prefix = "ttt") {
        std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
        REQUIRE_MESSAGE(::mkdtemp(pattern.data()) != nullptr, "cannot make a temporary folder");
        m_path = pattern;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }

    [[nodiscard]] const std::filesystem::path& path() const noexcept { return m_path; }
    [[nodiscard]] std::filesystem::path file(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};

}  // namespace ttt::testing
