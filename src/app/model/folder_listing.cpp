// Listing a folder for the import picker.
#include "model/folder_listing.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

namespace ttt::app {

namespace {

char folded(char c) noexcept {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool ends_with_folded(std::string_view name, std::string_view ending) noexcept {
    if (name.size() < ending.size()) return false;
    const std::string_view tail = name.substr(name.size() - ending.size());
    return std::equal(tail.begin(), tail.end(), ending.begin(),
                      [](char a, char b) { return folded(a) == b; });
}

// Names compare as a person reads a list: case folded first, then byte for byte so the order is total.
bool name_before(const std::string& a, const std::string& b) noexcept {
    const auto cmp = [](char x, char y) { return folded(x) < folded(y); };
    if (std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), cmp)) return true;
    if (std::lexicographical_compare(b.begin(), b.end(), a.begin(), a.end(), cmp)) return false;
    return a < b;
}

std::int64_t ms_since_epoch(std::filesystem::file_time_type t) {
    // file_clock's epoch is not the Unix one in C++20's libstdc++: go through the difference to now.
    const auto now_file = std::filesystem::file_time_type::clock::now();
    const auto now_sys = std::chrono::system_clock::now();
    const auto sys = now_sys + std::chrono::duration_cast<std::chrono::system_clock::duration>(t - now_file);
    return std::chrono::duration_cast<std::chrono::milliseconds>(sys.time_since_epoch()).count();
}

}  // namespace

bool is_game_file_name(std::string_view name) noexcept {
    for (std::string_view ending : {".json", ".xml", ".bin", ".sgf", ".psq", ".txt"})
        if (ends_with_folded(name, ending)) return true;
    return false;
}

FolderListing list_folder(const std::filesystem::path& folder, bool game_files_only, std::size_t limit) {
    namespace fs = std::filesystem;
    FolderListing out;
    std::error_code ec;
    fs::path absolute = fs::absolute(folder, ec);
    if (ec) absolute = folder;
    out.folder = absolute.lexically_normal();
    // "/a/b/" normalises to "/a/b/": drop the empty last part so the path reads as the folder's own.
    if (out.folder.has_parent_path() && !out.folder.has_filename() && out.folder != out.folder.root_path())
        out.folder = out.folder.parent_path();
    fs::directory_iterator it(out.folder, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        out.error = "cannot list " + out.folder.string() + ": " + ec.message();
        return out;
    }
    for (const fs::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            out.error = "stopped listing " + out.folder.string() + ": " + ec.message();
            break;
        }
        const fs::directory_entry& e = *it;
        FolderEntry entry;
        entry.name = e.path().filename().string();
        if (entry.name.empty() || entry.name.front() == '.') {
            ++out.hidden;
            continue;
        }
        std::error_code kind_ec;
        entry.folder = e.is_directory(kind_ec);  // follows links: a link to a folder opens like one
        if (!entry.folder) {
            // Sockets, devices and pipes are no game files, whatever their names.
            if (!e.is_regular_file(kind_ec) || (game_files_only && !is_game_file_name(entry.name))) {
                ++out.hidden;
                continue;
            }
            std::error_code size_ec;
            entry.size = e.file_size(size_ec);
            if (size_ec) entry.size = 0;
        }
        std::error_code time_ec;
        const auto t = e.last_write_time(time_ec);
        if (!time_ec) entry.modified_ms = ms_since_epoch(t);
        if (out.entries.size() >= limit) {
            ++out.hidden;
            continue;
        }
        out.entries.push_back(std::move(entry));
    }
    std::sort(out.entries.begin(), out.entries.end(), [](const FolderEntry& a, const FolderEntry& b) {
        if (a.folder != b.folder) return a.folder;
        return name_before(a.name, b.name);
    });
    return out;
}

std::vector<std::filesystem::path> remember_folder(std::vector<std::filesystem::path> recent,
                                                   const std::filesystem::path& folder, std::size_t keep) {
    std::erase(recent, folder);
    recent.insert(recent.begin(), folder);
    if (recent.size() > keep) recent.resize(keep);
    return recent;
}

}  // namespace ttt::app
