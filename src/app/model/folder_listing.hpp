// One folder as the import picker lists it: its sub-folders, then the files in the formats we read (or
// every file), each with its size and time, read through std::filesystem. A folder that cannot be read is
// a sentence, never an exception: the picker stays up and says why.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

struct FolderEntry {
    std::string name;              // the file name, as the file system has it
    bool folder = false;           // a folder (or a link to one): opening it lists it
    std::uintmax_t size = 0;       // bytes; 0 for folders
    std::int64_t modified_ms = 0;  // last change, ms since the Unix epoch; 0 when unknown
};

struct FolderListing {
    std::filesystem::path folder;      // absolute, normalised
    std::vector<FolderEntry> entries;  // folders first, then files, each by name (case folded, then bytes)
    std::optional<std::string> error;  // why the folder could not be listed ("permission denied")
    std::size_t hidden = 0;            // files left out by the filter (and dot files)
};

// The endings of the files an import reads: .json, .xml, .bin, .sgf, .psq, and .txt text boards.
[[nodiscard]] bool is_game_file_name(std::string_view name) noexcept;

// Lists `folder` (made absolute against the working folder). With `game_files_only`, files whose names do
// not end in a format we read are counted in `hidden` rather than listed; dot files are always hidden.
// At most `limit` entries are listed (a folder of a million files stays quick to show).
[[nodiscard]] FolderListing list_folder(const std::filesystem::path& folder, bool game_files_only,
                                        std::size_t limit = 20'000);

// The recent folders list after `folder` was used: it first, each folder once, at most `keep`.
[[nodiscard]] std::vector<std::filesystem::path> remember_folder(std::vector<std::filesystem::path> recent,
                                                                 const std::filesystem::path& folder,
                                                                 std::size_t keep = 8);

}  // namespace ttt::app
