// Asks where to write an export (a game file in one of the exchange formats, or a PNG of the board).
#pragma once

#include "panels/panel.hpp"

#include <optional>
#include <string>

namespace ttt::app {

class ExportDialog final : public Panel {
public:
    ExportDialog() : Panel("export", "Export", false) {}
    [[nodiscard]] bool listed() const noexcept override { return false; }
    void draw(const FrameContext& ctx, Intents& out) override;
    void on_intent(const Intent& intent) override;
    void layout_json(base::JsonWriter& json) const override;

private:
    bool m_request_open = false;
    bool m_shown = false;                  // drawn this frame
    bool m_path_active = false;            // the path field has the keyboard: Enter exports
    std::optional<ExportFormat> m_format;  // nullopt: the board as PNG
    std::string m_path;
    int m_size = 1024;
};

}  // namespace ttt::app
