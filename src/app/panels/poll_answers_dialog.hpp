// Class > The answers: the teacher's table of who answered what in the newest poll (student, answer, when,
// how often they changed it, and whether it is accepted), live while the poll is open, and Save as CSV —
// the spreadsheet `tictactrace poll results --csv` prints. Not modal: the teacher keeps presenting beside it.
#pragma once

#include "panels/dialog.hpp"

#include <optional>
#include <string>

namespace ttt::app {

class PollAnswersDialog final : public Dialog {
public:
    PollAnswersDialog() : Dialog("poll_answers", "The class's answers", false) {}
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    bool on_opening(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] float width() const noexcept override { return 620; }
    [[nodiscard]] bool modal() const noexcept override { return false; }
    bool m_shown = false;          // drawn this frame
    int m_rows = 0;                // the table's rows this frame (the layout line's, for the tests)
    std::int64_t m_poll = 0;       // the poll the path was named for
    std::string m_path;            // where Save as CSV writes
    std::optional<ImVec2> m_save;  // the Save button's middle in the last frame (window pixels)
};

}  // namespace ttt::app
