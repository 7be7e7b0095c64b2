// The rotation window: direction, replay and scrub controls, the shader picture, row labels once landed.
#include "panels/rotation_panel.hpp"

#include "model/matrix_grid.hpp"
#include "panels/teaching_widgets.hpp"
#include "render/teaching_palette.hpp"
#include "tictactrace/engine/score_trace.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace ttt::app {

namespace {

constexpr double kSeconds = 2.8;  // one way, board to matrix

// What the scoring article's function of each rotation does, in a line.
const char* caption_of(Direction d) {
    switch (d) {
    case Direction::Vertical:
        return "rotateMatrix90Deg: the columns become rows, each read from the bottom up.";
    case Direction::Diagonal45:
        return "rotateMatrix45Deg: tilted, the '/' diagonals become rows that grow, then shrink.";
    case Direction::DiagonalMinus45:
        return "rotateMatrixMinus45Deg: tilted the other way, the '\\' diagonals become rows.";
    default: return "";
    }
}

}  // namespace

RotationPanel::RotationPanel(std::shared_ptr<TeachingModel> model)
    : Panel("rotation", "Rotation", false), m_model(std::move(model)) {}

void RotationPanel::replay(int direction_of_motion) {
    m_motion = direction_of_motion;
    if (direction_of_motion > 0 && m_time >= 1.0f) m_time = 0;
    if (direction_of_motion < 0 && m_time <= 0.0f) m_time = 1;
}

void RotationPanel::on_intent(const Intent& intent) {
    const auto arg = link_argument(intent, m_id, m_model.get());
    if (!arg) return;
    set_open(true);
    const auto colon = arg->find(':');
    const std::string d = arg->substr(0, colon);
    if (d == "90")
        m_direction = Direction::Vertical;
    else if (d == "45")
        m_direction = Direction::Diagonal45;
    else if (d == "-45")
        m_direction = Direction::DiagonalMinus45;
    if (colon != std::string::npos) {
        m_time = std::clamp(std::strtof(arg->c_str() + colon + 1, nullptr), 0.0f, 1.0f);
        m_motion = 0;
        m_linked = true;
    }
}

void RotationPanel::before_window(const FrameContext& ctx, Intents&) {
    m_shown = false;
    m_dt = m_last_time < 0 ? 0.0 : ctx.time - m_last_time;
    m_last_time = ctx.time;
    if (!m_open) {
        m_was_open = false;
        return;
    }
    if (!m_was_open) {
        // Opening the panel plays the motion once, as the article's animations do.
        m_was_open = true;
        if (!m_linked) {
            m_time = 0;
            replay(+1);
        }
        m_linked = false;
    }
    if (m_motion != 0) {
        m_time = std::clamp(m_time + static_cast<float>(m_dt / kSeconds) * static_cast<float>(m_motion), 0.0f,
                            1.0f);
        if (m_time <= 0.0f || m_time >= 1.0f) m_motion = 0;
    }
}

void RotationPanel::draw_content(const FrameContext& ctx, Intents&) {
    const GameSession* session = ctx.session();
    if (TeachingModel::too_large(session->shown().position.board())) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(muted_text_color(), "%s", TeachingModel::why_no_trace(ctx.controller).c_str());
        ImGui::PopTextWrapPos();
        return;
    }

    // Controls: the matrix, replay and back, the scrubber, what the cells show; they flow onto the next
    // line where the window is narrow, and the caption wraps.
    player_switch(*m_model, ctx.fonts);
    bool first = true;
    for (Direction d : {Direction::Vertical, Direction::Diagonal45, Direction::DiagonalMinus45}) {
        flow(checkbox_width(matrix_name_of(d)), first ? ctx.px(18) : -1.0f);
        first = false;
        if (ImGui::RadioButton(matrix_name_of(d), m_direction == d) && m_direction != d) {
            m_direction = d;
            m_time = 0;
            replay(+1);
        }
    }
    if (ImGui::Button("▶ Replay")) {
        m_time = 0;
        replay(+1);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play the motion again, from the board to the matrix");
    flow(button_width("◀ Back"));
    if (ImGui::Button("◀ Back")) replay(-1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play it backwards, from the matrix to the board");
    const float slider_w = ctx.px(160);
    flow(slider_w);
    ImGui::SetNextItemWidth(slider_w);
    if (ImGui::SliderFloat("##time", &m_time, 0.0f, 1.0f,
                           m_time <= 0.0f   ? "board"
                           : m_time >= 1.0f ? "matrix"
                                            : "%.2f"))
        m_motion = 0;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Scrub: 0 is the board, 1 the matrix");
    flow(checkbox_width("cell numbers"));
    ImGui::Checkbox("cell numbers", &m_numbers);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The cells numbered 1..R×C row by row, as the scoring article numbers them, or the 0/1 "
            "values");
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("%s", caption_of(m_direction));
    ImGui::PopStyleColor();

    const Board& board = session->shown().position.board();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 at(std::floor(ImGui::GetCursorScreenPos().x), std::floor(ImGui::GetCursorScreenPos().y));
    const int width = static_cast<int>(std::max(32.0f, std::floor(avail.x)));
    const int height = static_cast<int>(std::max(32.0f, std::floor(avail.y)));
    Key key{ctx.controller.revision(),
            m_model->player,
            m_direction,
            m_time,
            m_numbers,
            width,
            height,
            &board_colors()};
    if (!m_drawn || !(key == *m_drawn)) {
        m_ones.assign(static_cast<std::size_t>(board.size()), 0);
        const Cell mine = cell_of(m_model->player);
        for (int i = 0; i < board.size(); ++i)
            m_ones[static_cast<std::size_t>(i)] = board.at(i) == mine ? 1 : 0;
        RotationScene scene;
        scene.board_rows = board.rows();
        scene.board_cols = board.cols();
        scene.direction = m_direction;
        scene.ones = m_ones;
        scene.player = m_model->player;
        scene.time = m_time;
        scene.show_numbers = m_numbers;
        scene.width = width;
        scene.height = height;
        scene.colors = key.colors;
        m_renderer.render(m_target, scene);
        m_drawn = key;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(m_target.color().id())), at,
                 ImVec2(at.x + static_cast<float>(width), at.y + static_cast<float>(height)), ImVec2(0, 1),
                 ImVec2(1, 0));
    const RotationFit fit = fit_rotation(board.rows(), board.cols(), m_direction, width, height);
    m_fit = fit;
    m_fit.matrix_x += at.x;
    m_fit.matrix_y += at.y;
    if (m_time >= 1.0f) {
        // Landed: number the matrix's rows (from 1, as the window counts).
        const int rows = matrix_rows(m_direction, board.rows(), board.cols());
        const float fs = ImGui::GetFontSize();
        if (fit.cell >= fs * 1.1f)
            for (int r = 0; r < rows; ++r) {
                const std::string label = "row " + std::to_string(r + 1);
                const float w = ImGui::CalcTextSize(label.c_str()).x;
                dl->AddText(
                    ImVec2(at.x + fit.matrix_x - w - ctx.px(8),
                           at.y + fit.matrix_y + (static_cast<float>(r) + 0.5f) * fit.cell - fs * 0.5f),
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
            }
    }
    ImGui::Dummy(ImVec2(static_cast<float>(width), static_cast<float>(height)));
    m_shown = true;
}

void RotationPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("rotation").begin_object();
    json.key("dir").value(static_cast<int>(m_direction)).key("t").value(static_cast<double>(m_time), 3);
    json.key("moving").value(m_motion != 0).key("cell").value(static_cast<double>(m_fit.cell), 2);
    json.key("matrix")
        .begin_array()
        .value(static_cast<double>(m_fit.matrix_x), 1)
        .value(static_cast<double>(m_fit.matrix_y), 1)
        .end_array();
    json.end_object();
}

}  // namespace ttt::app
