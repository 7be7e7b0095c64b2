// One folder for a benchmark run's files, made at first use and removed by its destructor at exit. (An
// atexit handler registered while the path was being made ran after the path's own destructor, so it
// removed nothing and every run left its folder behind.)
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace ttt::bench {

struct ScratchDir {
    std::filesystem::path path;
    explicit ScratchDir(const char* prefix) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
        if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path = pattern;
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

}  // namespace ttt::bench
