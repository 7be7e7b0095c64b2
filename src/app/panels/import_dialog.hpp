// Game > Import: a file picker over std::filesystem (the folders, then the files in the formats we read,
// with recent folders), the format and the rules for files without rules, and while an import runs its
// progress with a Cancel. The import itself is the controller's (a thread, the CLI's checks and
// messages); a file dropped on the window arrives as the same ImportFile intent and opens this dialog on
// its progress. It closes by itself when an import went in cleanly, and stays with the message otherwise.
#pragma once

#include "model/folder_listing.hpp"
#include "panels/dialog.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class ImportDialog final : public Dialog {
public:
    ImportDialog() : Dialog("import", "Import games", false) {}
    void on_intent(const Intent& intent) override;
    void on(const ShowImportDialog&) { request_open(); }
    void layout_json(base::JsonWriter& json) const override;
    [[nodiscard]] bool busy() const noexcept override { return m_waiting; }

private:
    bool on_opening(const FrameContext& ctx, Intents& out) override;
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] float width() const noexcept override { return 760; }

    void list(const std::filesystem::path& folder);
    // Enter on an entry, a double click, or Enter in the name field: a folder opens, a file imports.
    void activate(const std::string& name, Intents& out);
    void import(const std::filesystem::path& file, Intents& out);
    void draw_picker(const FrameContext& ctx, Intents& out);
    void draw_running(const FrameContext& ctx, Intents& out);
    void draw_outcome(const FrameContext& ctx);

    FolderListing m_listing;
    bool m_game_files_only = true;
    int m_selected = -1;  // index into m_listing.entries
    bool m_scroll_to_selected = false;
    std::string m_name;                           // the name field: a file or folder name, or a whole path
    int m_format = 0;                             // 0: recognised from the content, else ExportFormat + 1
    int m_rules = 0;                              // 0: as the file says, else kRuleNames[m_rules - 1]
    std::vector<std::filesystem::path> m_recent;  // this run's recent folders, the settings' at first
    bool m_recent_loaded = false;
    bool m_waiting = false;                   // an import this dialog started (or a drop) has not ended yet
    bool m_show_outcome = false;              // the last import's error or notes are shown
    std::optional<std::string> m_last_error;  // the shown outcome's error, for the layout line
    bool m_skip_opening = false;              // this frame's open request came with an import already done
    bool m_shown = false;                     // drawn this frame
    bool m_name_active = false;               // the name field has the keyboard
};

}  // namespace ttt::app
