// The import dialog.
#include "panels/import_dialog.hpp"

#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <system_error>

namespace ttt::app {

namespace {

constexpr ExportFormat kFormats[] = {ExportFormat::Json, ExportFormat::Xml, ExportFormat::Binary,
                                     ExportFormat::Sgf, ExportFormat::Psq};
// The rule sets a file without rules (SGF, PSQ) may be read under; the board's size is the file's.
constexpr const char* kRuleNames[] = {"gomoku", "fullline", "mnk", "score", "classic"};

// "12.5 KiB", "3.0 MiB": sizes as a file manager shows them.
std::string size_text(std::uintmax_t bytes) {
    char text[32];
    if (bytes < 1024)
        std::snprintf(text, sizeof text, "%ju B", bytes);
    else if (bytes < (std::uintmax_t{1} << 20))
        std::snprintf(text, sizeof text, "%.1f KiB", static_cast<double>(bytes) / 1024.0);
    else if (bytes < (std::uintmax_t{1} << 30))
        std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    else
        std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
    return text;
}

// "2026-11-30 10:02", local time.
std::string time_text(std::int64_t ms) {
    if (ms <= 0) return "";
    const std::time_t t = static_cast<std::time_t>(ms / 1000);
    std::tm local{};
    if (!localtime_r(&t, &local)) return "";
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &local);
    return text;
}

bool key_pressed(ImGuiKey key, bool repeat = true) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat);
}

}  // namespace

void ImportDialog::on_intent(const Intent& intent) {
    deliver_view_intent(*this, intent);
    // A file dropped on the window (or imported from here): the dialog shows its progress.
    if (std::holds_alternative<ImportFile>(intent)) {
        m_waiting = true;
        m_show_outcome = false;
        if (!is_open()) request_open();
    }
}

bool ImportDialog::on_opening(const FrameContext& ctx, Intents&) {
    // Asked open by a drop whose import went in before the dialog was ever shown: nothing to show.
    if (m_skip_opening) return false;
    if (!m_recent_loaded) {
        m_recent = ctx.settings.recent_folders;
        m_recent_loaded = true;
    }
    // Where the user imported from last, else the folder the program was started in.
    std::filesystem::path start;
    std::error_code ec;
    for (const auto& folder : m_recent)
        if (std::filesystem::is_directory(folder, ec)) {
            start = folder;
            break;
        }
    if (start.empty()) start = std::filesystem::current_path(ec);
    if (m_listing.folder.empty() || !std::filesystem::is_directory(m_listing.folder, ec))
        list(start);
    else
        list(m_listing.folder);  // again: files may have come or gone since
    return true;
}

void ImportDialog::before_window(const FrameContext& ctx, Intents&) {
    m_shown = false;
    m_name_active = false;
    m_skip_opening = false;
    if (!m_waiting) return;
    // The imports this dialog is waiting for ended (the controller starts each one in the frame that asks
    // and takes its outcome in a poll before a frame): a clean one closes the dialog (the notice and the
    // game opened say what came in), any other stays to show why.
    if (ctx.controller.import_job() == nullptr && ctx.controller.imports_waiting() == 0) {
        m_waiting = false;
        const auto& outcome = ctx.controller.last_import();
        const bool clean = outcome && !outcome->error && !outcome->cancelled && !outcome->ids.empty() &&
                           std::none_of(outcome->notes.begin(), outcome->notes.end(),
                                        [](const std::string& n) { return n.starts_with("Warning"); });
        m_show_outcome = !clean;
        m_last_error = outcome ? outcome->error : std::nullopt;
        if (clean && is_open()) close();
        if (clean && !is_open()) m_skip_opening = true;
        if (m_listing.folder.empty()) return;
        list(m_listing.folder);
    }
}

void ImportDialog::list(const std::filesystem::path& folder) {
    const std::string previous = m_listing.folder.filename().string();
    const bool going_up =
        !m_listing.folder.empty() && m_listing.folder.parent_path() == folder.lexically_normal();
    m_listing = list_folder(folder, m_game_files_only);
    m_selected = m_listing.entries.empty() ? -1 : 0;
    // Up from a folder selects the folder we came from, as file managers do.
    if (going_up)
        for (std::size_t i = 0; i < m_listing.entries.size(); ++i)
            if (m_listing.entries[i].folder && m_listing.entries[i].name == previous)
                m_selected = static_cast<int>(i);
    m_scroll_to_selected = true;
}

void ImportDialog::activate(const std::string& name, Intents& out) {
    namespace fs = std::filesystem;
    if (name.empty()) return;
    // A name typed in the field may be a whole path ("~" is the home folder) or one relative to the folder.
    fs::path path;
    if (name == "~" || name.starts_with("~/")) {
        if (const char* home = std::getenv("HOME"))
            path = fs::path(home) / name.substr(name.size() > 1 ? 2 : 1);
    }
    if (path.empty()) path = fs::path(name).is_absolute() ? fs::path(name) : m_listing.folder / name;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        list(path);
        m_name.clear();
        return;
    }
    import(path, out);
}

void ImportDialog::import(const std::filesystem::path& file, Intents& out) {
    ImportFile request;
    request.path = file;
    if (m_format > 0) request.format = kFormats[m_format - 1];
    if (m_rules > 0) request.rules = kRuleNames[m_rules - 1];
    out.push_back(std::move(request));
    const std::filesystem::path folder = file.parent_path();
    m_recent = remember_folder(std::move(m_recent), folder);
    out.push_back(RememberImportFolder{folder});
}

void ImportDialog::draw_content(const FrameContext& ctx, Intents& out) {
    m_shown = true;
    if (ctx.controller.import_job() != nullptr)
        draw_running(ctx, out);
    else
        draw_picker(ctx, out);
}

void ImportDialog::draw_running(const FrameContext& ctx, Intents& out) {
    const ImportJob& job = *ctx.controller.import_job();
    const ImportProgressView p = job.progress();
    ImGui::TextWrapped("Importing %s", job.file().filename().string().c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("from %s", job.file().parent_path().string().c_str());
    ImGui::PopStyleColor();
    char overlay[96];
    float fraction = 0;
    switch (p.phase) {
    case ImportPhase::Reading: std::snprintf(overlay, sizeof overlay, "Reading the file"); break;
    case ImportPhase::Checking: std::snprintf(overlay, sizeof overlay, "Checking every game"); break;
    case ImportPhase::Writing:
    case ImportPhase::Done:
        fraction = p.total > 0 ? static_cast<float>(p.done) / static_cast<float>(p.total) : 0.0f;
        std::snprintf(overlay, sizeof overlay, "Writing game %zu of %zu", std::min(p.done + 1, p.total),
                      p.total);
        break;
    }
    // Reading and checking have no count to show: the bar sweeps so that the window is seen to be alive.
    if (p.phase == ImportPhase::Reading || p.phase == ImportPhase::Checking)
        fraction = static_cast<float>(std::fmod(ctx.time * 0.5, 1.0));
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), overlay);
    if (ctx.controller.imports_waiting() > 0)
        ImGui::Text("%zu more file%s waiting", ctx.controller.imports_waiting(),
                    ctx.controller.imports_waiting() == 1 ? "" : "s");
    ImGui::TextWrapped("The games go in all together when the last one is written; Cancel leaves the "
                       "database as it was.");
    ImGui::BeginDisabled(job.cancelling());
    if (ImGui::Button(job.cancelling() ? "Cancelling..." : "Cancel", ImVec2(ctx.px(140), 0)))
        out.push_back(CancelImport{});
    ImGui::EndDisabled();
    flow(ctx.px(160));
    if (ImGui::Button("Hide", ImVec2(ctx.px(120), 0))) close();
}

void ImportDialog::draw_outcome(const FrameContext& ctx) {
    const auto& outcome = ctx.controller.last_import();
    if (!m_show_outcome || !outcome) return;
    if (outcome->error) {
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        ImGui::TextWrapped("%s", outcome->error->c_str());
        ImGui::PopStyleColor();
    } else if (outcome->cancelled) {
        ImGui::TextWrapped("The import of %s was cancelled; nothing was imported.",
                           outcome->file.filename().string().c_str());
    } else if (!outcome->ids.empty()) {
        ImGui::TextWrapped("Imported %zu game%s from %s.", outcome->ids.size(),
                           outcome->ids.size() == 1 ? "" : "s", outcome->file.filename().string().c_str());
    }
    for (const std::string& note : outcome->notes) {
        ImGui::PushStyleColor(ImGuiCol_Text,
                              note.starts_with("Warning") ? warning_color() : muted_text_color());
        ImGui::TextWrapped("%s", note.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::Separator();
}

void ImportDialog::draw_picker(const FrameContext& ctx, Intents& out) {
    namespace fs = std::filesystem;
    draw_outcome(ctx);

    // The folder, a way up, and the recent folders.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Folder");
    flow(ctx.px(80));
    if (ImGui::Button("Up", ImVec2(ctx.px(80), 0)) && m_listing.folder.has_parent_path())
        list(m_listing.folder.parent_path());
    flow(ctx.px(200));
    ImGui::SetNextItemWidth(ctx.px(200));
    if (ImGui::BeginCombo("##recent", "Recent folders")) {
        if (m_recent.empty()) ImGui::TextDisabled("none yet");
        for (const fs::path& folder : m_recent)
            if (ImGui::Selectable(folder.string().c_str())) list(folder);
        ImGui::EndCombo();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("%s", m_listing.folder.string().c_str());
    ImGui::PopStyleColor();
    if (m_listing.error) {
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        ImGui::TextWrapped("%s", m_listing.error->c_str());
        ImGui::PopStyleColor();
    }

    // The entries: as many rows as fit the work area with the rest of the dialog, at least four.
    const float row = ImGui::GetTextLineHeightWithSpacing();
    const DialogBounds bounds = dialog_bounds(ctx.work(), ctx.px(width()), ctx.scale);
    const float rest = row * 11.0f + ImGui::GetCursorPosY();
    const float list_h = std::clamp(bounds.max_height - rest, row * 4.0f, row * 14.0f);
    const ImGuiTableFlags table_flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                        ImGuiTableFlags_BordersOuter | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("entries", 3, table_flags, ImVec2(-1, list_h))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 4.0f);
        ImGui::TableSetupColumn("Size", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("Modified", ImGuiTableColumnFlags_WidthStretch, 1.6f);
        ImGui::TableHeadersRow();
        std::optional<std::string> activated;
        for (int i = 0; i < static_cast<int>(m_listing.entries.size()); ++i) {
            const FolderEntry& e = m_listing.entries[static_cast<std::size_t>(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(i);
            const std::string label = e.folder ? e.name + "/" : e.name;
            if (e.folder) ImGui::PushStyleColor(ImGuiCol_Text, accent_color());
            if (ImGui::Selectable(label.c_str(), m_selected == i,
                                  ImGuiSelectableFlags_SpanAllColumns |
                                      ImGuiSelectableFlags_AllowDoubleClick)) {
                m_selected = i;
                if (!e.folder) m_name = e.name;
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) activated = e.name;
            }
            if (e.folder) ImGui::PopStyleColor();
            if (m_scroll_to_selected && m_selected == i) ImGui::SetScrollHereY(0.5f);
            ImGui::PopID();
            ImGui::TableNextColumn();
            if (!e.folder) ImGui::TextUnformatted(size_text(e.size).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(time_text(e.modified_ms).c_str());
        }
        m_scroll_to_selected = false;
        ImGui::EndTable();
        if (activated) activate(*activated, out);
    }
    if (m_listing.entries.empty() && !m_listing.error)
        ImGui::TextDisabled("No folder and no file of a format we read here.");
    if (m_listing.hidden > 0) {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        ImGui::Text("%zu other entr%s not shown", m_listing.hidden, m_listing.hidden == 1 ? "y" : "ies");
        ImGui::PopStyleColor();
    }
    if (ImGui::Checkbox("Only files we read (.json .xml .bin .sgf .psq .txt)", &m_game_files_only))
        list(m_listing.folder);

    // The name: the selected file, or anything typed (a name here, a path, a folder to go to).
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("File");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    const bool entered = ImGui::InputText("##name", &m_name, ImGuiInputTextFlags_EnterReturnsTrue);
    m_name_active = ImGui::IsItemActive();

    // How to read it.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Format");
    flow(ctx.px(200));
    ImGui::SetNextItemWidth(ctx.px(200));
    const char* format_label = m_format == 0 ? "Recognise it" : name_of(kFormats[m_format - 1]);
    if (ImGui::BeginCombo("##format", format_label)) {
        if (ImGui::Selectable("Recognise it", m_format == 0)) m_format = 0;
        for (int i = 0; i < static_cast<int>(std::size(kFormats)); ++i)
            if (ImGui::Selectable(name_of(kFormats[i]), m_format == i + 1)) m_format = i + 1;
        ImGui::EndCombo();
    }
    flow(ctx.px(420));
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Rules, for files without");
    flow(ctx.px(200));
    ImGui::SetNextItemWidth(ctx.px(200));
    if (ImGui::BeginCombo("##rules", m_rules == 0 ? "As the file says" : kRuleNames[m_rules - 1])) {
        if (ImGui::Selectable("As the file says", m_rules == 0)) m_rules = 0;
        for (int i = 0; i < static_cast<int>(std::size(kRuleNames)); ++i)
            if (ImGui::Selectable(kRuleNames[i], m_rules == i + 1)) m_rules = i + 1;
        ImGui::EndCombo();
    }

    // The keys, while the dialog has the keyboard and the name field does not (typing there is typing):
    // arrows move through the list, Enter opens the selected folder or imports the selected file,
    // Backspace goes up.
    // (Enter in the field leaves it in the same frame: `entered` says the key was the field's.)
    const bool keys_ours = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && !m_name_active &&
                           !entered && !ImGui::GetIO().WantTextInput;
    if (keys_ours && !m_listing.entries.empty()) {
        const int last = static_cast<int>(m_listing.entries.size()) - 1;
        const auto move_to = [&](int i) {
            m_selected = std::clamp(i, 0, last);
            const FolderEntry& e = m_listing.entries[static_cast<std::size_t>(m_selected)];
            m_name = e.folder ? std::string() : e.name;
            m_scroll_to_selected = true;
        };
        if (key_pressed(ImGuiKey_DownArrow)) move_to(m_selected + 1);
        if (key_pressed(ImGuiKey_UpArrow)) move_to(m_selected - 1);
        if (key_pressed(ImGuiKey_PageDown)) move_to(m_selected + 10);
        if (key_pressed(ImGuiKey_PageUp)) move_to(m_selected - 10);
    }
    if (keys_ours && key_pressed(ImGuiKey_Backspace) && m_listing.folder.has_parent_path())
        list(m_listing.folder.parent_path());
    if (keys_ours && (key_pressed(ImGuiKey_Enter, false) || key_pressed(ImGuiKey_KeyPadEnter, false)) &&
        m_selected >= 0 && m_selected < static_cast<int>(m_listing.entries.size()))
        activate(m_listing.entries[static_cast<std::size_t>(m_selected)].name, out);
    else if (entered)
        activate(m_name, out);

    ImGui::Spacing();
    const bool can_import = !m_name.empty();
    ImGui::BeginDisabled(!can_import);
    if (ImGui::Button("Import", ImVec2(ctx.px(140), 0))) activate(m_name, out);
    ImGui::EndDisabled();
    flow(ctx.px(120));
    if (ImGui::Button("Close", ImVec2(ctx.px(120), 0))) close();
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("Arrows choose, Enter opens a folder or imports a file, Backspace goes up; a name or "
                       "a path typed in File imports with Enter. A file dropped on the window imports too.");
    ImGui::PopStyleColor();
}

// The picker's state for the window tests: where it is, what is listed and selected, and the import's.
void ImportDialog::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("import").begin_object();
    json.key("folder").value(m_listing.folder.string());
    json.key("entries").value(static_cast<std::int64_t>(m_listing.entries.size()));
    json.key("selected");
    if (m_selected >= 0 && m_selected < static_cast<int>(m_listing.entries.size()))
        json.value(m_listing.entries[static_cast<std::size_t>(m_selected)].name);
    else
        json.null();
    json.key("name").value(m_name).key("name_active").value(m_name_active);
    json.key("waiting").value(m_waiting).key("outcome_shown").value(m_show_outcome);
    if (m_show_outcome && m_last_error) json.key("message").value(*m_last_error);
    json.end_object();
}

}  // namespace ttt::app
