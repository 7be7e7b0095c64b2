// Reading and writing the settings file.
#include "model/settings.hpp"

#include "tictactrace/base/trim.hpp"
#include "tictactrace/base/write_file.hpp"

#include "model/ui_scale.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string_view>
#include <system_error>

namespace ttt::app {

namespace {

using base::trim;

std::optional<std::int64_t> to_int(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9' || v > (INT64_MAX - 9) / 10) return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

}  // namespace

Settings Settings::load(const std::filesystem::path& file) {
    Settings s;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        const std::string_view l = trim(line);
        if (l.empty() || l.front() == '#') continue;
        const auto eq = l.find('=');
        if (eq == std::string_view::npos) continue;
        const std::string_view key = trim(l.substr(0, eq));
        const std::string_view value = trim(l.substr(eq + 1));
        // An engine's lines after its `engine=` line belong to it.
        EngineEntry* last = s.engines.empty() ? nullptr : &s.engines.back();
        if (key == "database")
            s.last_database = std::string(value);
        else if (key == "game")
            s.last_game = to_int(value);
        else if (key == "history_descending")
            s.history_descending = value == "1";
        else if (key == "fireworks")
            s.fireworks = value != "0";
        else if (key == "ui_scale")
            s.ui_scale = parse_ui_scale(value).value_or(1.0f);
        else if (key == "high_contrast")
            s.high_contrast = value == "1";
        else if (key == "forbidden_points")
            s.forbidden_points = value != "0";
        else if (key == "class_view")
            s.class_view = value == "1";
        else if (key == "recent_folder" && !value.empty() && s.recent_folders.size() < 8)
            s.recent_folders.emplace_back(std::string(value));
        else if (key == "engine" && !value.empty() && s.engines.size() < kMaxEngines)
            s.engines.push_back(EngineEntry{std::string(value), {}, {}, {}, false});
        else if (last && key == "engine_name")
            last->name = std::string(value);
        else if (last && key == "engine_version")
            last->version = std::string(value);
        else if (last && key == "engine_author")
            last->author = std::string(value);
        else if (last && key == "engine_yxstop")
            last->yxstop = value == "1";
    }
    return s;
}

Result<void, std::string> Settings::save(const std::filesystem::path& file) const {
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    if (ec) return fail("cannot create " + file.parent_path().string() + ": " + ec.message());
    std::string text = "# tictactrace-gui settings\n";
    text += "database=" + last_database.string() + '\n';
    text += "game=" + (last_game ? std::to_string(*last_game) : std::string()) + '\n';
    text += std::string("history_descending=") + (history_descending ? "1" : "0") + '\n';
    text += std::string("fireworks=") + (fireworks ? "1" : "0") + '\n';
    char scale[16];
    std::snprintf(scale, sizeof scale, "%.2f", static_cast<double>(ui_scale));
    text += std::string("ui_scale=") + scale + '\n';
    text += std::string("high_contrast=") + (high_contrast ? "1" : "0") + '\n';
    text += std::string("forbidden_points=") + (forbidden_points ? "1" : "0") + '\n';
    text += std::string("class_view=") + (class_view ? "1" : "0") + '\n';
    // One line each: a folder's name may hold any character but a line end, which no folder we list has.
    for (const auto& folder : recent_folders)
        if (folder.string().find('\n') == std::string::npos)
            text += "recent_folder=" + folder.string() + '\n';
    // An engine's words come from a single line typed or answered; one with a line end is left out whole.
    for (const EngineEntry& e : engines) {
        if ((e.command + e.name + e.version + e.author).find_first_of("\r\n") != std::string::npos) continue;
        text += "engine=" + e.command + '\n';
        if (!e.name.empty()) text += "engine_name=" + e.name + '\n';
        if (!e.version.empty()) text += "engine_version=" + e.version + '\n';
        if (!e.author.empty()) text += "engine_author=" + e.author + '\n';
        text += std::string("engine_yxstop=") + (e.yxstop ? "1" : "0") + '\n';
    }
    if (const auto written = base::write_file(file, text); !written) return fail(written.error().message);
    return {};
}

std::optional<std::filesystem::path> config_directory() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && xdg[0] == '/')
        return std::filesystem::path(xdg) / "tictactrace";
    if (const char* home = std::getenv("HOME"); home && home[0] == '/')
        return std::filesystem::path(home) / ".config" / "tictactrace";
    return std::nullopt;
}

std::optional<std::filesystem::path> samples_directory() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    const std::filesystem::path bin = exe.parent_path();
    // Installed first: bin/../share/tictactrace/samples under whatever prefix (and DESTDIR) the program
    // was copied to. Then the build tree's build/../samples, the source tree's own folder.
    for (const auto& candidate :
         {(bin / TTT_SAMPLES_FROM_BIN).lexically_normal(), bin.parent_path() / "samples"})
        if (std::filesystem::is_directory(candidate, ec)) return candidate;
    return std::nullopt;
}

}  // namespace ttt::app
