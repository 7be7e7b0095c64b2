// Asks where to write an export (a game file in one of the exchange formats, or a PNG of the board).
#pragma once

#include "panels/dialog.hpp"

#include <optional>
#include <string>

namespace ttt::app {

class ExportDialog final : public Dialog {
public:
    ExportDialog() : Dialog("export", "Export", false) {}
    void on_intent(const Intent& intent) override;
    void on(const ShowExportDialog& show);
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    bool on_opening(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] float width() const noexcept override { return 680; }
    bool m_shown = false;                  // drawn this frame
    bool m_path_active = false;            // the path field has the keyboard: Enter exports
    std::optional<ExportFormat> m_format;  // nullopt: the board as PNG
    std::string m_path;
    int m_size = 1024;
};

}  // namespace ttt::app
