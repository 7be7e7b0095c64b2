// Asks where to write an export: a game file in one of the exchange formats, a PNG of the board, or a
// diagram of the step shown with its annotation for a worksheet (SVG or PNG by the name's ending).
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
    std::optional<ExportFormat> m_format;  // nullopt: the board as a picture
    bool m_diagram = false;                // with no format: a diagram, not the board's picture
    std::string m_path;
    int m_size = 1024;
    bool m_numbers = true;  // the diagram's move numbers
    std::string m_title;    // the diagram's title line
};

}  // namespace ttt::app
