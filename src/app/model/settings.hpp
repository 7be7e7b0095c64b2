// What the app remembers between runs (the last database and game, a few choices), kept in a small
// key=value file next to ImGui's layout file in $XDG_CONFIG_HOME/tictactrace/ (or ~/.config/tictactrace/).
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/store/game_id.hpp"

#include "model/engine_entry.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

inline constexpr std::size_t kMaxEngines = 32;

struct Settings {
    std::filesystem::path last_database;
    std::optional<store::GameId> last_game;
    bool history_descending = false;
    bool fireworks = true;         // celebrate a won game
    float ui_scale = 1.0f;         // View > Text size: 0.75 to 3, times the monitor's own scale
    bool high_contrast = false;    // the palette for projectors
    bool forbidden_points = true;  // renju: the board marks Black's forbidden points
    bool class_view = false;       // View > Class: the room's games as tiles, open at the next start too
    std::vector<std::filesystem::path> recent_folders;  // Game > Import's, the latest first (at most 8)
    // Game > Engines': the external engines that can play a side, in the order they were added (at most
    // kMaxEngines). In the file each starts with its `engine=` line, its other lines after it.
    std::vector<EngineEntry> engines;

    // Missing or unreadable files give the defaults: settings are a convenience, never a reason not to start.
    // Unknown keys are ignored, so an older program reads a newer file.
    [[nodiscard]] static Settings load(const std::filesystem::path& file);
    // Writes through base::write_file (a temporary file renamed into place, so a crash never leaves half a
    // file, and a settings file kept as a link to a dotfiles folder stays one). Returns nothing, or why not.
    [[nodiscard]] Result<void, std::string> save(const std::filesystem::path& file) const;
};

// $XDG_CONFIG_HOME/tictactrace or ~/.config/tictactrace; nullopt when neither is set to an absolute path.
[[nodiscard]] std::optional<std::filesystem::path> config_directory();

// The sample games an empty default database starts with: share/tictactrace/samples beside an installed
// program (found from its own path, so any prefix works), or samples/ next to the build folder it runs
// from; nullopt when there is none.
[[nodiscard]] std::optional<std::filesystem::path> samples_directory();

}  // namespace ttt::app
