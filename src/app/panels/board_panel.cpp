// The board panel: input on the board's cells, the shader-drawn picture, labels around it and notices beside
// it.
//
// [SECTION] Drawing
// [SECTION] Overlays: the history banner, numbers around the board, notices
#include "panels/board_panel.hpp"

#include "model/annotation_edit.hpp"
#include "model/describe.hpp"
#include "model/index_mapping.hpp"
#include "model/notice_room.hpp"
#include "panels/live_banner.hpp"
#include "panels/teaching_widgets.hpp"
#include "render/board_renderer.hpp"
#include "render/board_shapes.hpp"
#include "ui/theme.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

namespace ttt::app {

namespace {

constexpr double kNoticeSeconds = 6.0;
// The history banner's ground: the amber of an earlier page, unlike a notice's dark box.
const ImVec4 kBannerBg(0.32f, 0.26f, 0.10f, 1.0f);
constexpr const char* kBannerSentence =
    "A move here starts a variation; the game's own moves stay as they are.";
constexpr const char* kBannerFirstWords = "A move here starts a variation...";

ImU32 to_u32(ImVec4 c) {
    return ImGui::ColorConvertFloat4ToU32(c);
}

}  // namespace

BoardPanel::BoardPanel() : Panel("board", "Board", true) {}

void BoardPanel::lead_json(base::JsonWriter& json) const {
    json.key("board");
    if (const auto& l = m_layout) {
        json.begin_object();
        json.key("x").value(static_cast<double>(l->x), 1).key("y").value(static_cast<double>(l->y), 1);
        json.key("cell")
            .value(static_cast<double>(l->cell), 2)
            .key("rows")
            .value(l->rows)
            .key("cols")
            .value(l->cols);
        json.key("view")
            .begin_array()
            .value(static_cast<double>(l->view_x), 1)
            .value(static_cast<double>(l->view_y), 1)
            .value(static_cast<double>(l->view_w), 1)
            .value(static_cast<double>(l->view_h), 1)
            .end_array();
        // The numbers written around it, 1-based: which columns and rows are labelled.
        json.key("col_labels").begin_array();
        for (const int c : m_col_labels) json.value(c);
        json.end_array().key("row_labels").begin_array();
        for (const int r : m_row_labels) json.value(r);
        json.end_array();
        json.end_object();
    } else {
        json.null();
    }
}

void BoardPanel::on_intent(const Intent& intent) {
    deliver_view_intent(*this, intent);
}

void BoardPanel::on(const FitBoard&) {
    m_view.fit();
}

void BoardPanel::on(const ChooseShapeTool& choice) {
    m_tool = choice.tool;
    m_colour = choice.colour;
    m_label = choice.label;
}

ShapeColour BoardPanel::colour_now() const noexcept {
    const ImGuiIO& io = ImGui::GetIO();
    return io.KeyShift || io.KeyAlt ? shape_colour(io.KeyShift, io.KeyAlt) : m_colour;
}

void BoardPanel::on(const QuizWantsCell& wants) {
    m_quiz_next = wants.source;
}

// [SECTION] Drawing

void BoardPanel::before_window(const FrameContext&, Intents&) {
    m_layout.reset();
    m_live_buttons.reset();
    m_notice_place.reset();
    m_banner_place.reset();
    m_title_notice_end = 0;
    m_dragging = false;
    m_quiz_asker = std::exchange(m_quiz_next, std::nullopt);
}

void BoardPanel::draw_content(const FrameContext& ctx, Intents& out) {
    if (ctx.draft) {
        draw_draft(ctx, out);
        return;
    }
    if (m_setting_up) {
        // Back from set-up mode: the game's board is placed afresh.
        m_setting_up = false;
        m_game = -1;
    }
    const GameSession* session = ctx.session();
    if (!session) {
        draw_empty(ctx, out);
        return;
    }
    const Position& position = session->shown().position;
    const Board& board = position.board();
    if (session->id() != m_game) {
        m_game = session->id();
        m_view = BoardView{};
        m_last_step = -1;
    }
    if (session->cursor() != m_last_step) {
        m_last_step = session->cursor();
        m_follow = position.last_move();
    }

    draw_live_banner(ctx, out, m_live_buttons);

    const auto [at, size] = place_view(ctx, board);
    if (m_follow) {
        if (!m_view.fitted()) m_view.reveal(*m_follow);
        m_follow.reset();
    }

    // The history banner takes no room from the board: it goes where the board leaves some, else in the
    // title bar, so a step back leaves every cell where it was. Drawn over the picture (a channel above it)
    // but given first, so its button takes the pointer before the board's own.
    NoticeGround ground = ground_of(ctx, at, size);
    const Notice* notice = notice_shown(ctx);
    ImDrawList* draw_list = ImGui::GetWindowDrawList();
    draw_list->ChannelsSplit(2);
    draw_list->ChannelsSetCurrent(1);
    ground.taken = draw_banner(ctx, out, ground, notice);
    draw_list->ChannelsSetCurrent(0);

    m_overlay = ctx.forbidden;
    m_note = &ctx.controller.note_shown();
    const bool hovered = take_input(at, size, out, &ctx);
    Picture picture;
    picture.board = &board;
    picture.winning_line = position.outcome().winning_line;
    picture.last_move = position.last_move();
    if (!position.outcome().over()) picture.ghost_player = position.to_move();
    picture.revision = ctx.controller.revision();
    if (const auto& hint = ctx.controller.hint();
        hint && hint->game == session->id() && hint->step == session->cursor())
        picture.hint = hint->report.move;
    if (m_hover && m_overlay) picture.forbidden = m_overlay->at(*m_hover);
    draw_picture(ctx, picture, at, size);
    draw_forbidden(at);
    draw_hint(at, picture.hint);
    draw_shapes(ctx, at);
    draw_heat(ctx, at);
    draw_ghosts(ctx, at);
    draw_poll_overlay(ctx, at.x + m_view.origin_x(), at.y + m_view.origin_y(), m_view.cell_size());
    draw_labels(ctx, at);
    if (m_hover && hovered && !ImGui::IsItemActive()) {
        ImGui::BeginTooltip();
        m_tip_words.show(*m_hover, board.rows(), board.cols());
        ImGui::Text("cell %s", m_tip_words.label().c_str());
        // The dynamic m×n article's mapping of the cell into its one array, and the cell's number.
        ImGui::TextColored(muted_text_color(), "%s", m_tip_words.number().c_str());
        ImGui::TextColored(muted_text_color(), "%s", m_tip_words.index().c_str());
        ImGui::TextColored(muted_text_color(), "%s", kIndexNote);
        if (const auto owner = player_of(board.at(*m_hover)))
            ImGui::TextColored(muted_text_color(), "%c is here", to_upper_char(*owner));
        if (picture.forbidden) {
            ImGui::TextColored(error_color(), "red triangle: forbidden for X: %s",
                               name_of(picture.forbidden->kind));
            ImGui::TextColored(muted_text_color(), "click: why (the Forbidden point panel)");
        }
        ImGui::EndTooltip();
    }
    draw_zoom_hint(ctx, at, size);
    if (notice) draw_notice(ctx, *notice, ground);
    draw_list->ChannelsMerge();

    remember_layout(board, at, size);
}

bool BoardPanel::take_input(ImVec2 at, ImVec2 size, Intents& out, const FrameContext* game) {
    // One invisible button over the whole area takes the clicks, so dragging on the board never moves
    // the window, and the picture is drawn under it.
    ImGui::SetCursorScreenPos(at);
    ImGui::InvisibleButton("board", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                               ImGuiButtonFlags_MouseButtonMiddle);
    const ImGuiIO& io = ImGui::GetIO();
    const bool hovered = ImGui::IsItemHovered();
    const bool active = ImGui::IsItemActive();
    const ImVec2 mouse(io.MousePos.x - at.x, io.MousePos.y - at.y);

    if (hovered && io.MouseWheel != 0.0f) m_view.zoom_at(std::pow(1.2f, io.MouseWheel), mouse.x, mouse.y);
    // On a game's board the right button draws (as on Lichess) and the middle one pans; setting up, the
    // right one pans too.
    const bool draws = game != nullptr && !m_quiz_asker;
    if (active && ((!draws && ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2.0f)) ||
                   ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 2.0f))) {
        m_view.pan_by(io.MouseDelta.x, io.MouseDelta.y);
        m_dragging = true;
    }
    m_hover = hovered ? m_view.cell_at(mouse.x, mouse.y) : std::nullopt;
    if (draws) {
        if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) m_shape_from = m_hover;
        if (m_shape_from && ImGui::IsMouseDown(ImGuiMouseButton_Right)) {
            const auto under = m_view.cell_at(mouse.x, mouse.y);
            if (under) m_shape_to = under;
        }
        if (m_shape_from && ImGui::IsMouseReleased(ImGuiMouseButton_Right)) {
            const auto to = m_view.cell_at(mouse.x, mouse.y).value_or(m_shape_to.value_or(*m_shape_from));
            // A click draws the toolbar's shape; a drag to another cell, an arrow.
            Shape shape = clicked_shape(*m_note, m_tool, *m_shape_from, colour_now(), m_label);
            if (to != *m_shape_from) shape = Shape{ShapeKind::Arrow, *m_shape_from, to, colour_now(), ""};
            out.push_back(Annotate{game->controller.node_shown(), with_shape(*m_note, shape)});
            m_shape_from.reset();
            m_shape_to.reset();
        }
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Right)) {
            m_shape_from.reset();
            m_shape_to.reset();
        }
    }
    // A left click is a press and a release on the board without a drag in between.
    if (ImGui::IsItemDeactivated() && io.MouseReleased[ImGuiMouseButton_Left] && hovered &&
        io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 36.0f) {
        if (const auto cell = m_view.cell_at(mouse.x, mouse.y)) {
            if (m_setting_up)
                out.push_back(SetUpClick{*cell});
            else if (m_quiz_asker)
                out.push_back(QuizCellClick{*m_quiz_asker, *cell});
            else if (game && game->controller.live().state().wants_answer())
                out.push_back(AnswerPoll{*cell});
            else
                out.push_back(PlayMove{*cell});
            // The move is refused with the reason; the panel says it at length, its lines lit.
            if (!m_setting_up && !m_quiz_asker && m_overlay && m_overlay->at(*cell)) {
                out.push_back(FocusForbidden{*cell});
                out.push_back(ShowPanel{"forbidden", true});
            }
        }
    }
    if (m_hover) out.push_back(HoverCells{m_id, std::span<const Pos>(&*m_hover, 1)});
    return hovered;
}

std::pair<ImVec2, ImVec2> BoardPanel::place_view(const FrameContext& ctx, const Board& board) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    const ImVec2 at(std::floor(cursor.x), std::floor(cursor.y));
    const ImVec2 size(std::max(32.0f, std::floor(avail.x)), std::max(32.0f, std::floor(avail.y)));
    m_view.set_board(board.rows(), board.cols());
    // Room for the row and column numbers, which grow with the ui scale.
    const float label_w = ImGui::CalcTextSize(std::to_string(std::max(board.rows(), board.cols())).c_str()).x;
    m_view.set_margin(std::max(BoardView::kMargin, std::max(label_w, ImGui::GetFontSize()) + ctx.px(10)));
    m_view.set_viewport(size.x, size.y);
    return {at, size};
}

void BoardPanel::remember_layout(const Board& board, ImVec2 at, ImVec2 size) {
    m_layout = BoardLayout{at.x + m_view.origin_x(),
                           at.y + m_view.origin_y(),
                           m_view.cell_size(),
                           board.rows(),
                           board.cols(),
                           at.x,
                           at.y,
                           size.x,
                           size.y};
}

void BoardPanel::draw_draft(const FrameContext& ctx, Intents& out) {
    const SetUpDraft& draft = *ctx.draft;
    const Board& board = draft.board();
    if (!m_setting_up || board.rows() != m_view.rows() || board.cols() != m_view.cols()) {
        m_setting_up = true;
        m_view = BoardView{};
    }
    const auto [at, size] = place_view(ctx, board);
    (void)take_input(at, size, out);
    Picture picture;
    picture.board = &board;
    picture.winning_line = draft.winning_line();  // a line that already wins stands out in gold
    if (draft.tool() != SetUpTool::Erase)
        picture.ghost_player = draft.tool() == SetUpTool::X ? Player::X : Player::O;
    picture.revision = draft.revision();
    picture.draft = true;
    draw_picture(ctx, picture, at, size);
    draw_labels(ctx, at);
    remember_layout(board, at, size);
}

void BoardPanel::draw_picture(const FrameContext& ctx, const Picture& picture, ImVec2 at, ImVec2 size) {
    const Board& board = *picture.board;
    m_lit.clear();
    for (const CellLink& link : ctx.links)
        if (link.source != m_id) m_lit.insert(m_lit.end(), link.cells.begin(), link.cells.end());
    if (picture.forbidden)
        for (const ForbiddenLine& line : picture.forbidden->lines) {
            const std::vector<Pos> cells = cells_of(line);
            m_lit.insert(m_lit.end(), cells.begin(), cells.end());
        }

    BoardScene scene;
    scene.board = &board;
    scene.winning_line = picture.winning_line;
    scene.lit = m_lit;
    scene.last_move = picture.last_move;
    scene.hover = m_hover;
    if (m_hover && picture.ghost_player && board.at(*m_hover) == Cell::Empty)
        scene.ghost = *picture.ghost_player;
    scene.width = static_cast<int>(size.x);
    scene.height = static_cast<int>(size.y);
    scene.cell = m_view.cell_size();
    scene.origin_x = m_view.origin_x();
    scene.origin_y = m_view.origin_y();
    scene.colors = &board_colors();
    const bool same = m_drawn && m_drawn->revision == picture.revision && m_drawn->draft == picture.draft &&
                      m_drawn->hover == m_hover && m_drawn->lit == m_lit && m_drawn->cell == scene.cell &&
                      m_drawn->origin_x == scene.origin_x && m_drawn->origin_y == scene.origin_y &&
                      m_drawn->width == scene.width && m_drawn->height == scene.height &&
                      m_drawn->colors == scene.colors;
    if (!same) {
        m_target.ensure_size(scene.width, scene.height);
        ctx.board_renderer.render_to(m_target, scene);
        m_drawn = SceneKey{picture.revision, picture.draft,  m_hover,     m_lit,        scene.cell,
                           scene.origin_x,   scene.origin_y, scene.width, scene.height, scene.colors};
    }
    // GL keeps the texture's first row at the bottom: flip it with the texture coordinates.
    ImGui::GetWindowDrawList()->AddImage(
        reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(m_target.color().id())), at,
        ImVec2(at.x + size.x, at.y + size.y), ImVec2(0, 1), ImVec2(1, 0));
}

void BoardPanel::draw_forbidden(ImVec2 at) const {
    if (!m_overlay || m_overlay->points().empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float cell = m_view.cell_size();
    const float ox = at.x + m_view.origin_x();
    const float oy = at.y + m_view.origin_y();
    // A small filled triangle, as renju books mark a forbidden point: a cross would read as X's own mark
    // and a disc as a stone.
    const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
    for (const Forbidden& f : m_overlay->points()) {
        const ImVec2 c(ox + (static_cast<float>(f.at.col) + 0.5f) * cell,
                       oy + (static_cast<float>(f.at.row) + 0.5f) * cell);
        if (c.x < lo.x - cell || c.y < lo.y - cell || c.x > hi.x + cell || c.y > hi.y + cell) continue;
        draw_forbidden_mark(dl, c, cell * 0.3f);
    }
}

void BoardPanel::draw_hint(ImVec2 at, std::optional<Pos> hint) const {
    if (!hint) return;
    const float cell = m_view.cell_size();
    const ImVec2 c(at.x + m_view.origin_x() + (static_cast<float>(hint->col) + 0.5f) * cell,
                   at.y + m_view.origin_y() + (static_cast<float>(hint->row) + 0.5f) * cell);
    ImGui::PushClipRect(at, ImVec2(at.x + m_view.viewport_width(), at.y + m_view.viewport_height()), true);
    draw_hint_mark(ImGui::GetWindowDrawList(), c, cell * 0.3f);
    ImGui::PopClipRect();
}

namespace {

// An evaluation in a cell's few characters: "+123", "-40", a proven result "W8" / "L8", a draw "=".
void short_eval(const Evaluation& e, char (&out)[24]) {
    if (e.kind == EvaluationKind::Win || e.kind == EvaluationKind::Loss)
        std::snprintf(out, sizeof out, "%c%d", e.kind == EvaluationKind::Win ? 'W' : 'L', e.plies);
    else if (e.kind == EvaluationKind::Draw)
        std::snprintf(out, sizeof out, "=");
    else
        std::snprintf(out, sizeof out, "%s%lld", e.score > 0 ? "+" : "", static_cast<long long>(e.score));
}

// Below this a cell's words are not drawn at all: unreadable text is worse than none.
constexpr float kMinHeatFont = 7.0f;

}  // namespace

void BoardPanel::draw_heat(const FrameContext& ctx, ImVec2 at) const {
    m_heat.clear();
    const AnalysisShelf& shelf = ctx.controller.analyses();
    const GameSession* session = ctx.session();
    if (!session || shelf.game() != session->id()) return;
    const store::AnalysedPosition* here = shelf.at_node(ctx.controller.node_shown());
    if (!here || !here->best) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float cell = m_view.cell_size();
    const float ox = at.x + m_view.origin_x();
    const float oy = at.y + m_view.origin_y();
    ImGui::PushClipRect(at, ImVec2(at.x + m_view.viewport_width(), at.y + m_view.viewport_height()), true);
    const auto tint = [&](Pos p, float strength) {
        const ImVec2 lo(ox + static_cast<float>(p.col) * cell, oy + static_cast<float>(p.row) * cell);
        dl->AddRectFilled(ImVec2(lo.x + 1, lo.y + 1), ImVec2(lo.x + cell - 1, lo.y + cell - 1),
                          IM_COL32(255, 96, 32, static_cast<int>(200.0f * strength)), cell * 0.12f);
    };
    // In the cell, not across its neighbours, at its foot: the font shrunk to fit, none below readable.
    ImFont* font = ImGui::GetFont();
    const auto label = [&](Pos p, const Evaluation& e, int rank) {
        char text[24];
        short_eval(e, text);
        float font_size = std::min(ImGui::GetFontSize(), cell * 0.4f);
        const float wide = font->CalcTextSizeA(font_size, FLT_MAX, 0, text).x;
        if (wide > cell - 4.0f) font_size *= (cell - 4.0f) / wide;
        HeatCell h{p, rank, {}, font_size >= kMinHeatFont ? font_size : 0.0f};
        std::snprintf(h.text, sizeof h.text, "%s", text);
        m_heat.push_back(h);
        if (font_size < kMinHeatFont) return;
        const ImVec2 ts = font->CalcTextSizeA(font_size, FLT_MAX, 0, text);
        const ImVec2 c(ox + (static_cast<float>(p.col) + 0.5f) * cell,
                       oy + (static_cast<float>(p.row) + 1.0f) * cell - ts.y - 2.0f);
        dl->AddText(font, font_size, ImVec2(c.x - ts.x * 0.5f, c.y), IM_COL32(255, 255, 255, 255), text);
    };
    if (here->candidates.empty()) {
        // An analysis without candidates: the best move, and the side to move's own later moves of its line
        // as its next candidates, fainter as they go.
        float strength = 0.55f;
        for (std::size_t i = 2; i < here->line.size() && strength > 0.2f; i += 2, strength -= 0.15f)
            if (!(here->line[i] == *here->best)) tint(here->line[i], strength);
        tint(*here->best, 1.0f);
        label(*here->best, here->evaluation, 1);
        ImGui::PopClipRect();
        return;
    }
    // The N best, each tinted by its rank among them (they come best first: the strongest tint the best,
    // the faintest the last) and labelled with its own evaluation.
    const auto& candidates = here->candidates;
    const std::size_t n = candidates.size();
    bool played_among = false;
    for (std::size_t i = 0; i < n; ++i) {
        const float strength =
            n == 1 ? 1.0f : 1.0f - 0.65f * static_cast<float>(i) / static_cast<float>(n - 1);
        tint(candidates[i].move, strength);
        label(candidates[i].move, candidates[i].evaluation, static_cast<int>(i) + 1);
        played_among = played_among || (here->played && candidates[i].move == *here->played);
    }
    // The move the game played instead, when none of them: outlined, so that the choice reads against them.
    if (here->played && !played_among) {
        const Pos p = *here->played;
        const ImVec2 lo(ox + static_cast<float>(p.col) * cell, oy + static_cast<float>(p.row) * cell);
        const float thick = std::max(2.0f, cell * 0.07f);
        dl->AddRect(ImVec2(lo.x + thick * 0.5f + 1, lo.y + thick * 0.5f + 1),
                    ImVec2(lo.x + cell - thick * 0.5f - 1, lo.y + cell - thick * 0.5f - 1),
                    IM_COL32(64, 160, 255, 255), cell * 0.12f, 0, thick);
        m_heat.push_back(HeatCell{p, 0, {}, 0.0f});
    }
    ImGui::PopClipRect();
    // Over a candidate: which it is, what it is worth, and its line.
    if (!ImGui::IsWindowHovered()) return;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (mouse.x < ox || mouse.y < oy) return;
    const Pos under{static_cast<int>((mouse.y - oy) / cell), static_cast<int>((mouse.x - ox) / cell)};
    for (std::size_t i = 0; i < n; ++i) {
        if (!(candidates[i].move == under)) continue;
        std::string tip = "candidate " + std::to_string(i + 1) + " of " + std::to_string(n) + ": " +
                          describe(candidates[i].evaluation) + ", line";
        for (const Pos p : candidates[i].line) tip += " " + cell_label(p);
        ImGui::SetTooltip("%s", tip.c_str());
        return;
    }
    if (here->played && !played_among && *here->played == under)
        ImGui::SetTooltip("the move played, none of the engine's %d best", static_cast<int>(n));
}

void BoardPanel::draw_ghosts(const FrameContext& ctx, ImVec2 at) const {
    if (!ctx.ghosts || (ctx.ghosts->stones.empty() && ctx.ghosts->crosses.empty())) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float cell = m_view.cell_size();
    const float ox = at.x + m_view.origin_x();
    const float oy = at.y + m_view.origin_y();
    ImGui::PushClipRect(at, ImVec2(at.x + m_view.viewport_width(), at.y + m_view.viewport_height()), true);
    const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
    const auto centre = [&](Pos p) {
        return ImVec2(ox + (static_cast<float>(p.col) + 0.5f) * cell,
                      oy + (static_cast<float>(p.row) + 0.5f) * cell);
    };
    const auto visible = [&](ImVec2 c) {
        return c.x >= lo.x - cell && c.y >= lo.y - cell && c.x <= hi.x + cell && c.y <= hi.y + cell;
    };
    const palette::BoardColors& colors = board_colors();
    const float radius = cell * 0.42f;
    // The number in the board's own font size, shrunk to fit a small cell; none below a readable size.
    ImFont* font = ImGui::GetFont();
    const float font_size = std::min(ImGui::GetFontSize(), cell * 0.55f);
    for (const GhostStone& g : ctx.ghosts->stones) {
        const ImVec2 c = centre(g.at);
        if (!visible(c)) continue;
        const palette::Rgb ink = g.by == Player::X ? colors.x : colors.o;
        // Translucent, so the board under a line of moves still reads; the step shown stands out.
        dl->AddCircleFilled(c, radius, to_u32(ink, g.current ? 0.85f : 0.55f), 32);
        dl->AddCircle(c, radius, to_u32(ink), 32, std::max(1.0f, cell * 0.04f));
        if (g.current)
            dl->AddCircle(c, radius + std::max(2.0f, cell * 0.06f), to_u32(colors.win), 32,
                          std::max(2.0f, cell * 0.06f));
        if (font_size < 7.0f) continue;
        char number[12];
        std::snprintf(number, sizeof number, "%d", g.number);
        const ImVec2 ts = font->CalcTextSizeA(font_size, FLT_MAX, 0, number);
        dl->AddText(font, font_size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f),
                    IM_COL32(255, 255, 255, 255), number);
    }
    const ImU32 red = ImGui::ColorConvertFloat4ToU32(error_color());
    const float arm = std::max(2.0f, cell * 0.3f);
    const float thick = std::max(2.0f, cell * 0.1f);
    for (const Pos p : ctx.ghosts->crosses) {
        const ImVec2 c = centre(p);
        if (!visible(c)) continue;
        dl->AddCircle(c, cell * 0.44f, red, 32, thick * 0.6f);
        dl->AddLine(ImVec2(c.x - arm, c.y - arm), ImVec2(c.x + arm, c.y + arm), red, thick);
        dl->AddLine(ImVec2(c.x - arm, c.y + arm), ImVec2(c.x + arm, c.y - arm), red, thick);
    }
    ImGui::PopClipRect();
}

void BoardPanel::draw_shapes(const FrameContext& ctx, ImVec2 at) const {
    ShapeFrame frame;
    frame.dl = ImGui::GetWindowDrawList();
    frame.cell = m_view.cell_size();
    frame.ox = at.x + m_view.origin_x();
    frame.oy = at.y + m_view.origin_y();
    frame.min_thick = ctx.px(3);
    ImGui::PushClipRect(at, ImVec2(at.x + m_view.viewport_width(), at.y + m_view.viewport_height()), true);
    if (m_note)
        for (const Shape& shape : m_note->shapes) draw_shape(frame, shape, 1.0f);
    // The arrow being drawn, fainter until it is let go.
    if (m_shape_from && m_shape_to && *m_shape_to != *m_shape_from) {
        draw_shape(frame, Shape{ShapeKind::Arrow, *m_shape_from, *m_shape_to, colour_now(), ""}, 0.6f);
    }
    ImGui::PopClipRect();
}

float BoardPanel::zoom_hint_height(const FrameContext& ctx) const {
    if (m_view.fitted() && m_view.cell_size() >= 12.0f) return 0;
    return ImGui::GetFontSize() + ctx.px(14);
}

void BoardPanel::draw_zoom_hint(const FrameContext& ctx, ImVec2 at, ImVec2 size) const {
    if (zoom_hint_height(ctx) == 0) return;
    char hint[96];
    std::snprintf(hint, sizeof hint, "zoom %d%%  ·  wheel: zoom  ·  middle-drag: pan  ·  F: fit",
                  static_cast<int>(std::lround(m_view.zoom() * 100)));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 ts = ImGui::CalcTextSize(hint);
    const ImVec2 p(at.x + size.x - ts.x - ctx.px(10), at.y + size.y - ts.y - ctx.px(8));
    dl->AddRectFilled(ImVec2(p.x - ctx.px(6), p.y - ctx.px(3)),
                      ImVec2(p.x + ts.x + ctx.px(6), p.y + ts.y + ctx.px(3)), IM_COL32(20, 24, 30, 200),
                      ctx.px(4));
    dl->AddText(p, to_u32(muted_text_color()), hint);
}

void BoardPanel::draw_empty(const FrameContext& ctx, Intents& out) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const char* line1 = "No game is open.";
    const char* line2 = "Start one, or pick one from the game browser.";
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + avail.y * 0.38f);
    for (const char* line : {line1, line2}) {
        ImGui::SetCursorPosX((avail.x - ImGui::CalcTextSize(line).x) * 0.5f);
        ImGui::TextUnformatted(line);
    }
    ImGui::Spacing();
    const float w = ctx.px(180);
    ImGui::SetCursorPosX((avail.x - 2 * w - ImGui::GetStyle().ItemSpacing.x) * 0.5f);
    if (ImGui::Button("New game...", ImVec2(w, 0))) out.push_back(ShowNewGameDialog{});
    ImGui::SameLine();
    if (ImGui::Button("Game browser...", ImVec2(w, 0))) out.push_back(ShowPanel{"browser", true});
}

// [SECTION] Overlays: the history banner, numbers around the board, notices

Rect BoardPanel::draw_banner(const FrameContext& ctx, Intents& out, const NoticeGround& ground,
                             const Notice* notice) {
    const GameSession* session = ctx.session();
    if (session->at_end()) return Rect{};
    // A window following the teacher shows the teacher's step: the live banner says so, a click there
    // answers the class's poll, and "Back to end" would only break away.
    if (const LiveLessonState& live = ctx.controller.live().state(); live.following() && !live.broken_away())
        return Rect{};
    char step[48];
    std::snprintf(step, sizeof step, "Step %d of %d.", session->cursor(), session->last_step());
    const char* sentence = kBannerSentence;
    m_banner_place.emplace();
    std::snprintf(m_banner_place->text, sizeof m_banner_place->text, "%s %s", step, sentence);
    // The step, the sentence wrapped and the button under them. One reference captured: the measure fits
    // std::function's own storage, and a frame with the banner asks the heap for nothing.
    const ImGuiStyle& style = ImGui::GetStyle();
    const struct {
        const char* step;
        const char* sentence;
        float button_w;
        float spacing;
    } parts{step, sentence, ImGui::CalcTextSize("Back to end").x + style.FramePadding.x * 2,
            style.ItemSpacing.y};
    const auto spot = place_banner(ground, [&parts](float wrap) {
        const ImVec2 st = ImGui::CalcTextSize(parts.step);
        const ImVec2 se = ImGui::CalcTextSize(parts.sentence, nullptr, false, wrap);
        return TextSize{std::max({st.x, se.x, parts.button_w}),
                        st.y + se.y + ImGui::GetFrameHeight() + 2 * parts.spacing};
    });
    if (spot) {
        m_banner_place->where = name_of(spot->room);
        draw_banner_box(ctx, out, *spot, step, sentence);
        return spot->box;
    }
    draw_banner_in_title(ctx, out, step, sentence, notice && !notice_spot(*notice, ground));
    return Rect{};
}

void BoardPanel::draw_banner_box(const FrameContext& ctx, Intents& out, const NoticeSpot& spot,
                                 const char* step, const char* sentence) {
    // In a room beside the board: the step, the sentence wrapped, the button under them.
    const ImGuiStyle& style = ImGui::GetStyle();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 lo(spot.box.x, spot.box.y);
    const ImVec2 hi(spot.box.right(), spot.box.bottom());
    dl->AddRectFilled(lo, hi, to_u32(kBannerBg), ctx.px(6));
    dl->AddRect(lo, hi, to_u32(accent_color()), ctx.px(6), 0, ctx.px(1.5f));
    float y = spot.y;
    dl->AddText(ImVec2(spot.x, y), to_u32(accent_color()), step);
    y += ImGui::GetTextLineHeight() + style.ItemSpacing.y;
    dl->AddText(nullptr, 0.0f, ImVec2(spot.x, y), to_u32(ImGui::GetStyleColorVec4(ImGuiCol_Text)), sentence,
                nullptr, spot.wrap);
    y += ImGui::CalcTextSize(sentence, nullptr, false, spot.wrap).y + style.ItemSpacing.y;
    ImGui::SetCursorScreenPos(ImVec2(spot.x, y));
    if (ImGui::Button("Back to end")) out.push_back(JumpToEnd{});
    const ImVec2 blo = ImGui::GetItemRectMin(), bhi = ImGui::GetItemRectMax();
    m_banner_place->back = ImVec2((blo.x + bhi.x) * 0.5f, (blo.y + bhi.y) * 0.5f);
    m_banner_place->rect = spot.box;
}

void BoardPanel::draw_banner_in_title(const FrameContext& ctx, Intents& out, const char* step,
                                      const char* sentence, bool notice_in_title) {
    // No room around the board: one line in the title bar, right of "Board", its button at the line's end;
    // the whole of it in a tooltip. While a notice needs the title bar, the button alone stays and the
    // notice takes the rest (a few seconds).
    const auto room = title_room(ctx);
    const float pad_x = ctx.px(8);
    const float button_w = ImGui::CalcTextSize("Back to end").x + 2 * pad_x;
    if (!room || room->hi.x - room->lo.x < button_w) {
        // A window too narrow for even the button: the History panel's >| and the End key remain.
        m_banner_place->where = "none";
        return;
    }
    const auto [lo, hi] = *room;
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float h = hi.y - lo.y;
    ImGui::PushClipRect(
        window->Pos, ImVec2(window->Pos.x + window->Size.x, window->Pos.y + window->TitleBarHeight()), false);
    ImGui::SetCursorScreenPos(ImVec2(hi.x - button_w, lo.y));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                        ImVec2(pad_x, std::max(0.0f, std::floor((h - ImGui::GetFontSize()) * 0.5f))));
    if (ImGui::Button("Back to end##title", ImVec2(button_w, h))) out.push_back(JumpToEnd{});
    ImGui::PopStyleVar();
    const ImVec2 blo = ImGui::GetItemRectMin(), bhi = ImGui::GetItemRectMax();
    m_banner_place->back = ImVec2((blo.x + bhi.x) * 0.5f, (blo.y + bhi.y) * 0.5f);
    const float text_end = blo.x - ctx.px(6);
    m_title_notice_end = text_end;
    Rect placed{blo.x, blo.y, bhi.x - blo.x, bhi.y - blo.y};
    if (!notice_in_title && text_end - lo.x >= ctx.px(60)) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 step_size = ImGui::CalcTextSize(step);
        const ImVec2 rest_size = ImGui::CalcTextSize(sentence);
        const float space = ImGui::CalcTextSize(" ").x;
        const float want = step_size.x + space + rest_size.x + 2 * pad_x;
        // The sentence, cut if need be, where at least its first words fit: a few letters and an ellipsis
        // say nothing, and the tooltip has it whole.
        const bool sentence_shows = text_end - pad_x - (lo.x + pad_x + step_size.x + space) >=
                                    ImGui::CalcTextSize(kBannerFirstWords).x;
        const ImVec2 box_hi(std::min(text_end, sentence_shows ? lo.x + want : lo.x + step_size.x + 2 * pad_x),
                            hi.y);
        dl->AddRectFilled(lo, box_hi, to_u32(kBannerBg), ctx.px(4));
        dl->AddRect(lo, box_hi, to_u32(accent_color()), ctx.px(4), 0, ctx.px(1.5f));
        const float text_y = std::floor((lo.y + hi.y - step_size.y) * 0.5f);
        const float clip = box_hi.x - pad_x;
        ImGui::PushStyleColor(ImGuiCol_Text, accent_color());
        ImGui::RenderTextEllipsis(dl, ImVec2(lo.x + pad_x, text_y), ImVec2(clip, hi.y), clip, clip, step,
                                  nullptr, &step_size);
        ImGui::PopStyleColor();
        if (sentence_shows)
            ImGui::RenderTextEllipsis(dl, ImVec2(lo.x + pad_x + step_size.x + space, text_y),
                                      ImVec2(clip, hi.y), clip, clip, sentence, nullptr, &rest_size);
        m_banner_place->cut = lo.x + want > text_end;
        placed = Rect{lo.x, lo.y, bhi.x - lo.x, hi.y - lo.y};
        // The whole banner while the pointer is on its words.
        if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(lo, box_hi, false)) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ctx.px(520));
            ImGui::TextColored(accent_color(), "%s", step);
            ImGui::TextUnformatted(sentence);
            ImGui::TextColored(muted_text_color(), "Back to end (End): the game's last step.");
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    } else {
        // Only the button shows: the words are for the tooltip, the History panel and Status.
        m_banner_place->words = false;
        if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(blo, bhi, false)) {
            ImGui::BeginTooltip();
            ImGui::TextColored(accent_color(), "%s", step);
            ImGui::TextUnformatted(sentence);
            ImGui::EndTooltip();
        }
    }
    ImGui::PopClipRect();
    m_banner_place->where = "title";
    m_banner_place->rect = placed;
}

void BoardPanel::draw_labels(const FrameContext& ctx, ImVec2 at) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float cell = m_view.cell_size();
    const float ox = at.x + m_view.origin_x();
    const float oy = at.y + m_view.origin_y();
    const float w = m_view.viewport_width();
    const float h = m_view.viewport_height();
    const float text_h = ImGui::GetFontSize();
    // Number every cell when there is room, else every 2nd, 5th, 10th... from the first, evenly spaced
    // (1 3 5 7..., 1 6 11...): the eye counts on from any number it reads.
    const float widest =
        ImGui::CalcTextSize(std::to_string(std::max(m_view.rows(), m_view.cols())).c_str()).x + ctx.px(6);
    int every = 1000;
    for (int candidate : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
        if (cell * static_cast<float>(candidate) >= widest) {
            every = candidate;
            break;
        }
    // Beside the board when it fits; on a zoomed board the numbers stick to the view's edges instead,
    // on a strip of their own, so the coordinates stay readable however far one pans.
    const float gap = ctx.px(5);
    float top = oy - text_h - gap;
    const bool top_sticks = top < at.y + 2;
    if (top_sticks) top = at.y + 3;
    float right = ox - ctx.px(7);
    const bool left_sticks = right - widest < at.x + 2;
    if (left_sticks) right = at.x + widest + 2;
    const ImU32 strip = IM_COL32(20, 24, 30, 225);
    if (top_sticks) dl->AddRectFilled(at, ImVec2(at.x + w, at.y + text_h + 6), strip);
    if (left_sticks) dl->AddRectFilled(at, ImVec2(right + gap, at.y + h), strip);

    const ImU32 color = to_u32(muted_text_color());
    ImGui::PushClipRect(at, ImVec2(at.x + w, at.y + h), true);
    const auto visible = [&](float origin, float extent, int count) {
        const int first = std::max(0, static_cast<int>(std::floor((0 - origin) / cell)));
        const int last = std::min(count - 1, static_cast<int>(std::ceil((extent - origin) / cell)));
        return std::pair{first, last};
    };
    m_col_labels.clear();
    m_row_labels.clear();
    const auto [c0, c1] = visible(m_view.origin_x(), w, m_view.cols());
    for (int c = c0; c <= c1; ++c) {
        if (c % every != 0) continue;
        const std::string s = std::to_string(c + 1);
        const float x = ox + (static_cast<float>(c) + 0.5f) * cell - ImGui::CalcTextSize(s.c_str()).x * 0.5f;
        if (left_sticks && x < right + gap) continue;  // under the row numbers' strip
        dl->AddText(ImVec2(x, top), color, s.c_str());
        m_col_labels.push_back(c + 1);
    }
    const auto [r0, r1] = visible(m_view.origin_y(), h, m_view.rows());
    for (int r = r0; r <= r1; ++r) {
        if (r % every != 0) continue;
        const std::string s = std::to_string(r + 1);
        const float y = oy + (static_cast<float>(r) + 0.5f) * cell - text_h * 0.5f;
        if (top_sticks && y < at.y + text_h + 6) continue;
        dl->AddText(ImVec2(right - ImGui::CalcTextSize(s.c_str()).x, y), color, s.c_str());
        m_row_labels.push_back(r + 1);
    }
    ImGui::PopClipRect();
}

double BoardPanel::changes_at() const noexcept {
    return m_notice_serial != 0 ? m_notice_since + kNoticeSeconds : std::numeric_limits<double>::infinity();
}

const Notice* BoardPanel::notice_shown(const FrameContext& ctx) {
    const auto& notice = ctx.controller.notice();
    if (!notice) return nullptr;
    if (notice->serial != m_notice_serial) {
        m_notice_serial = notice->serial;
        m_notice_since = ctx.time;
    }
    if (ctx.time - m_notice_since > kNoticeSeconds) return nullptr;
    return &*notice;
}

NoticeGround BoardPanel::ground_of(const FrameContext& ctx, ImVec2 at, ImVec2 size) const {
    const float cell = m_view.cell_size();
    const float font = ImGui::GetFontSize();
    NoticeGround ground;
    ground.area = Rect{at.x, at.y, size.x, size.y};
    ground.cells = cells_shown(m_view, at.x, at.y);
    // As draw_labels writes them: right-aligned 7 px left of the cells, 5 px above them.
    ground.row_numbers =
        ImGui::CalcTextSize(std::to_string(std::max(m_view.rows(), m_view.cols())).c_str()).x + ctx.px(7);
    ground.col_numbers = font + ctx.px(5);
    ground.overhang = std::max(0.0f, (font - cell) * 0.5f);
    ground.hint = zoom_hint_height(ctx);
    ground.px = ctx.px(1);
    return ground;
}

std::optional<NoticeSpot> BoardPanel::notice_spot(const Notice& notice, const NoticeGround& ground) const {
    return place_notice(ground, [&](float wrap) {
        const ImVec2 ts = ImGui::CalcTextSize(notice.text.c_str(), nullptr, false, wrap);
        return TextSize{ts.x, ts.y};
    });
}

void BoardPanel::draw_notice(const FrameContext& ctx, const Notice& notice, const NoticeGround& ground) {
    const ImVec4 color = notice.level == Notice::Level::Error     ? error_color()
                         : notice.level == Notice::Level::Warning ? warning_color()
                                                                  : accent_color();
    const char* text = notice.text.c_str();
    // Never over a cell, the numbers around the board or the history banner (model/notice_room.hpp): in a
    // room beside it, else in the title bar.
    const auto spot = notice_spot(notice, ground);
    if (!spot) {
        draw_notice_in_title(ctx, text, color);
        return;
    }
    const ImVec2 lo(spot->box.x, spot->box.y);
    const ImVec2 hi(spot->box.right(), spot->box.bottom());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(lo, hi, IM_COL32(24, 28, 36, 235), ctx.px(6));
    dl->AddRect(lo, hi, to_u32(color), ctx.px(6), 0, ctx.px(2));
    dl->AddText(nullptr, 0.0f, ImVec2(spot->x, spot->y), to_u32(ImVec4(0.95f, 0.96f, 0.98f, 1.0f)), text,
                nullptr, spot->wrap);
    m_notice_place = NoticePlace{name_of(spot->room), spot->box};
}

std::optional<BoardPanel::TitleRoom> BoardPanel::title_room(const FrameContext& ctx) const {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float title_h = window->TitleBarHeight();
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 pos = window->Pos;
    const float width = window->Size.x;
    // Past the collapse arrow and the title, as ImGui lays them out; short of the close button.
    const float title_end = pos.x + style.FramePadding.x + ImGui::GetFontSize() + style.ItemInnerSpacing.x +
                            ImGui::CalcTextSize(title().c_str()).x;
    const ImVec2 lo(title_end + ctx.px(10), pos.y + ctx.px(2));
    const ImVec2 hi(pos.x + width - title_h - ctx.px(6), pos.y + title_h - ctx.px(2));
    if (title_h <= 0 || hi.x <= lo.x) return std::nullopt;
    return TitleRoom{lo, hi};
}

void BoardPanel::draw_notice_in_title(const FrameContext& ctx, const char* text, ImVec4 color) {
    // No room around the board (a board that fills its window, or one zoomed in): the title bar, right of
    // "Board" (and left of the history banner's button), on one line cut with an ellipsis; the whole of it
    // in a tooltip there and on the Status panel. In front of a shared area the tabs take the title bar's
    // place, and the notice is on Status alone ("where":"status").
    auto room = title_room(ctx);
    if (room && m_title_notice_end > 0) room->hi.x = std::min(room->hi.x, m_title_notice_end);
    if (!room || room->hi.x - room->lo.x < ctx.px(60)) {
        m_notice_place = NoticePlace{"status", Rect{}};
        return;
    }
    const auto [lo, hi] = *room;
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImVec2 pos = window->Pos;
    const float width = window->Size.x;
    const float title_h = window->TitleBarHeight();
    const float pad_x = ctx.px(8);
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const ImVec2 box_hi(std::min(hi.x, lo.x + ts.x + 2 * pad_x), hi.y);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(pos, ImVec2(pos.x + width, pos.y + title_h), false);
    dl->AddRectFilled(lo, box_hi, IM_COL32(24, 28, 36, 235), ctx.px(4));
    dl->AddRect(lo, box_hi, to_u32(color), ctx.px(4), 0, ctx.px(1.5f));
    const float text_y = std::floor((lo.y + hi.y - ts.y) * 0.5f);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.96f, 0.98f, 1.0f));
    ImGui::RenderTextEllipsis(dl, ImVec2(lo.x + pad_x, text_y), ImVec2(box_hi.x - pad_x, hi.y),
                              box_hi.x - pad_x, box_hi.x - pad_x, text, nullptr, &ts);
    ImGui::PopStyleColor();
    dl->PopClipRect();
    m_notice_place = NoticePlace{"title", Rect{lo.x, lo.y, box_hi.x - lo.x, box_hi.y - lo.y}};
    // The whole text while the pointer is on it, and the notice kept while it is read.
    if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(lo, box_hi, false)) {
        m_notice_since = std::max(m_notice_since, ctx.time - kNoticeSeconds + 1.0);
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ctx.px(520));
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

}  // namespace ttt::app

namespace ttt::app {

void BoardPanel::layout_json(base::JsonWriter& json) const {
    m_live_buttons.write_json(json);
    // "notice_place":{"where":"below","rect":[x,y,w,h]}, or null while no notice shows on the board.
    json.key("notice_place");
    if (m_notice_place) {
        const Rect& r = m_notice_place->rect;
        json.begin_object()
            .key("where")
            .value(std::string_view(m_notice_place->where))
            .key("rect")
            .begin_array();
        for (const float v : {r.x, r.y, r.w, r.h}) json.value(static_cast<double>(v), 1);
        json.end_array().end_object();
    } else {
        json.null();
    }
    // "history_banner":{"where":"title","rect":[x,y,w,h],"text":"Step 10 of 14. A move ...","words":true,
    // "cut":true,"back":[x,y]}, or null at the last step (or following the teacher).
    json.key("history_banner");
    if (m_banner_place) {
        const BannerPlace& b = *m_banner_place;
        json.begin_object().key("where").value(std::string_view(b.where)).key("rect").begin_array();
        for (const float v : {b.rect.x, b.rect.y, b.rect.w, b.rect.h}) json.value(static_cast<double>(v), 1);
        json.end_array()
            .key("text")
            .value(std::string_view(b.text))
            .key("words")
            .value(b.words)
            .key("cut")
            .value(b.cut)
            .key("back");
        if (b.back)
            json.begin_array()
                .value(static_cast<double>(b.back->x), 0)
                .value(static_cast<double>(b.back->y), 0)
                .end_array();
        else
            json.null();
        json.end_object();
    } else {
        json.null();
    }
    json.key("heat").begin_array();
    for (const HeatCell& h : m_heat)
        json.begin_object()
            .key("row")
            .value(h.at.row)
            .key("col")
            .value(h.at.col)
            .key("rank")
            .value(h.rank)
            .key("text")
            .value(std::string_view(h.text))
            .key("font")
            .value(static_cast<double>(h.font), 1)
            .end_object();
    json.end_array();
}

}  // namespace ttt::app
