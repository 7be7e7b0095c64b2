// An engine's entry: its words and its name.
#include "model/engine_entry.hpp"

#include "tictactrace/brains/command_line.hpp"
#include "tictactrace/engine/player_name.hpp"

#include <filesystem>

namespace ttt::app {

std::string EngineEntry::label() const {
    if (name.empty()) return program_name(command);
    return version.empty() ? name : name + " " + version;
}

EngineEntry engine_entry(std::string command, const brains::BrainAbout& about, bool yxstop) {
    const auto safe = [](const std::string& said) { return sanitize_player_name(said).name; };
    return EngineEntry{std::move(command), safe(about.name), safe(about.version), safe(about.author), yxstop};
}

std::string program_name(std::string_view command) {
    const auto words = brains::split_command_line(command);
    if (const auto* split = words ? &words.value() : nullptr; split && !split->empty()) {
        const std::string file = std::filesystem::path(split->front()).filename().string();
        return sanitize_player_name(file.empty() ? split->front() : file).name;
    }
    return sanitize_player_name(command).name;
}

}  // namespace ttt::app
