// The game browser panel: the table is clipped to its visible rows, and those rows come from the
// controller's pages (SQLite orders and filters); a row not read yet shows as "..." until its page arrives.
#include "panels/game_browser_panel.hpp"

#include "model/describe.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace ttt::app {

namespace {

enum Column : int { kId, kRules, kSize, kX, kO, kStatus, kWinner, kMoves, kChanged, kColumnCount };

// The column a header click sorts by, as the store orders it.
store::GameOrder order_of(int column) {
    switch (column) {
    case kRules: return store::GameOrder::Rules;
    case kSize: return store::GameOrder::Size;
    case kX: return store::GameOrder::XName;
    case kO: return store::GameOrder::OName;
    case kStatus: return store::GameOrder::Status;
    case kWinner: return store::GameOrder::Winner;
    case kMoves: return store::GameOrder::Moves;
    case kChanged: return store::GameOrder::Changed;
    default: return store::GameOrder::Id;
    }
}

ImVec2 center_of_item() {
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    return ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
}

bool same_query(const store::GameQuery& a, const store::GameQuery& b) {
    return a.contains == b.contains && a.playing_only == b.playing_only && a.order == b.order &&
           a.descending == b.descending;
}

}  // namespace

void GameBrowserPanel::on_intent(const Intent& intent) {
    // Opening or starting a game means the user is done choosing: the board takes over.
    if (std::holds_alternative<OpenGame>(intent) || std::holds_alternative<CreateGame>(intent))
        m_open = false;
    if (const auto* show = std::get_if<ShowPanel>(&intent); show && show->panel == m_id && show->show)
        m_focus_filter = true;
    deliver_view_intent(*this, intent);
}

void GameBrowserPanel::while_hidden(const FrameContext&, Intents& out) {
    // Closed or collapsed: the controller stops reading pages for it.
    if (m_told) out.push_back(BrowseGames{m_query, 0, 0, false});
    m_told = false;
    m_waiting = false;
}

void GameBrowserPanel::draw_content(const FrameContext& ctx, Intents& out) {
    const GameList& list = ctx.controller.game_list();
    // The folder and the count wrap rather than run off a narrow window.
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    // A server's URI is shown without its password; made again only when the log is another one.
    if (!m_where_of || !(*m_where_of == ctx.controller.location())) {
        m_where_of = ctx.controller.location();
        m_where = m_where_of->shown();
    }
    const std::string& where = m_where;
    if (const auto count = list.count(); count && m_told)
        ImGui::TextWrapped("%s  ·  %lld games", where.c_str(), static_cast<long long>(*count));
    else
        ImGui::TextWrapped("%s  ·  counting...", where.c_str());
    ImGui::PopStyleColor();

    if (m_focus_filter) {
        ImGui::SetKeyboardFocusHere();
        m_focus_filter = false;
    }
    // The toolbar flows onto the next line where the window is narrow.
    ImGui::SetNextItemWidth(std::min(ctx.px(360), ImGui::GetContentRegionAvail().x));
    ImGui::InputTextWithHint("##filter", "Filter (players, rules, status)", m_filter.data(), m_filter.size());
    flow(checkbox_width("Playing only"));
    ImGui::Checkbox("Playing only", &m_playing_only);
    flow(button_width("New game..."));
    if (ImGui::Button("New game...")) out.push_back(ShowNewGameDialog{});
    flow(button_width("Refresh"));
    if (ImGui::Button("Refresh")) out.push_back(RefreshGames{});
    flow(button_width("Open"));
    ImGui::BeginDisabled(m_selected < 0);
    if (ImGui::Button("Open")) out.push_back(OpenGame{m_selected});
    ImGui::EndDisabled();
    if (list.count() == 0 && m_told && m_query.contains.empty() && !m_query.playing_only)
        ImGui::TextColored(muted_text_color(), "No games yet: start one with New game (Ctrl+N).");

    draw_table(ctx, out);

    const bool keys =
        ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && !ImGui::GetIO().WantTextInput;
    if (keys && m_selected >= 0 && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)))
        out.push_back(OpenGame{m_selected});
    // Escape puts the browser away (the first one, in the filter, only leaves the field).
    if (keys && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) m_open = false;
}

void GameBrowserPanel::draw_table(const FrameContext& ctx, Intents& out) {
    const GameList& list = ctx.controller.game_list();
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_Resizable |
                                  ImGuiTableFlags_Hideable | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingStretchProp;
    // Each column at least as wide as its name (with room for the sort arrow) and a typical entry; the
    // table spreads over the window when that fits, and scrolls sideways when it does not, so no column's
    // name is ever cut.
    static constexpr const char* kNames[kColumnCount] = {"Game",   "Rules",  "Size",  "X",          "O",
                                                         "Status", "Winner", "Moves", "Last change"};
    static constexpr const char* kTypical[kColumnCount] = {
        "#0000000", "gomoku (exact)", "100x100",   "Alice Xavier", "Alice Xavier", "O won (X resigned)",
        "X",        "00000",          "00 min ago"};
    const float pad = ImGui::GetStyle().CellPadding.x * 2 + ImGui::GetFontSize();
    float widths[kColumnCount];
    float needed = 0;
    for (int c = 0; c < kColumnCount; ++c) {
        widths[c] = std::max(ImGui::CalcTextSize(kNames[c]).x, ImGui::CalcTextSize(kTypical[c]).x) + pad;
        needed += widths[c];
    }
    if (!ImGui::BeginTable("games", kColumnCount, flags, ImVec2(0, 0),
                           std::max(needed, ImGui::GetContentRegionAvail().x)))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    const ImGuiTableColumnFlags later_first = ImGuiTableColumnFlags_PreferSortDescending;
    const ImGuiTableColumnFlags kFlags[kColumnCount] = {
        ImGuiTableColumnFlags_DefaultSort | later_first, 0, 0, 0, 0, 0, 0, later_first, later_first};
    for (int c = 0; c < kColumnCount; ++c)
        ImGui::TableSetupColumn(kNames[c], kFlags[c] | ImGuiTableColumnFlags_WidthStretch, widths[c],
                                static_cast<ImGuiID>(c));
    // TableHeadersRow() by hand, to know where the X header is (the layout line tells the window tests).
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < kColumnCount; ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        ImGui::PushID(c);
        ImGui::TableHeader(ImGui::TableGetColumnName(c));
        if (c == kX) m_x_header = center_of_item();
        ImGui::PopID();
    }

    // The query this frame asks for: SQL does the filtering and the ordering.
    store::GameQuery query = m_query;
    query.contains = m_filter.data();
    query.playing_only = m_playing_only;
    if (const ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsCount > 0) {
        query.order = order_of(static_cast<int>(specs->Specs[0].ColumnUserID));
        query.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
    }
    const bool new_query = !m_told || !same_query(query, m_query);
    if (new_query) {
        // Another order or filter: the list starts from the top.
        ImGui::SetScrollY(0);
        m_scroll_by = 0;
    }
    const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    if (m_scroll_by != 0) {
        ImGui::SetScrollY(std::max(0.0f, ImGui::GetScrollY() + static_cast<float>(m_scroll_by) * row_h));
        m_scroll_by = 0;
    }

    const std::int64_t rows = new_query ? 0 : list.rows_to_lay_out();
    // The rows on screen, from the scroll: the clipper also hands out rows off screen (the one that had the
    // keyboard focus), which must not count as shown.
    const std::int64_t first_shown = static_cast<std::int64_t>(ImGui::GetScrollY() / row_h);
    const std::int64_t last_shown =
        first_shown + static_cast<std::int64_t>(std::max(0.0f, ImGui::GetWindowHeight() - row_h) / row_h);
    bool missing = false;
    m_first_id = -1;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(std::min<std::int64_t>(rows, 1'000'000'000)), row_h);
    while (clipper.Step()) {
        for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
            ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
            const store::GameSummary* g = list.row(r);
            if (!g) {
                missing = missing || (r >= first_shown && r <= last_shown);
                ImGui::TableNextColumn();
                ImGui::TextColored(muted_text_color(), "...");
                continue;
            }
            draw_row(ctx, *g, out);
            if (r == first_shown) {
                m_first_id = g->id;
                m_first_row = center_of_item();
            }
        }
    }
    ImGui::EndTable();

    // Tell the controller what is on screen when that changed: it reads those pages, and only those.
    const std::int64_t count = last_shown - first_shown + 1;
    if (new_query || first_shown != m_first || count != m_count) {
        m_query = query;
        m_first = first_shown;
        m_count = count;
        m_told = true;
        out.push_back(BrowseGames{m_query, m_first, m_count, true});
    }
    m_waiting = missing || list.reading();
}

void GameBrowserPanel::draw_row(const FrameContext& ctx, const store::GameSummary& g, Intents& out) {
    const GameSession* open = ctx.session();
    ImGui::PushID(static_cast<int>(g.id));
    ImGui::TableNextColumn();
    const bool is_open = open && open->id() == g.id;
    if (is_open) ImGui::PushFont(ctx.fonts.bold);
    char label[24];
    std::snprintf(label, sizeof label, "#%lld", static_cast<long long>(g.id));
    if (ImGui::Selectable(label, m_selected == g.id || is_open,
                          ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
        m_selected = g.id;
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) out.push_back(OpenGame{g.id});
    }
    if (is_open) ImGui::PopFont();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(rules_label(g.rules).c_str());
    if (g.forked_from) {
        ImGui::SameLine();
        ImGui::TextColored(muted_text_color(), "fork of %s", fork_source(g.forked_from).c_str());
    }
    ImGui::TableNextColumn();
    ImGui::Text("%dx%d", g.rules.rows, g.rules.cols);
    ImGui::TableNextColumn();
    ImGui::TextColored(player_color(true), "%s", g.x_name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(player_color(false), "%s", g.o_name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(summary_status(g).c_str());
    ImGui::TableNextColumn();
    if (g.winner) ImGui::TextColored(player_color(*g.winner == Player::X), "%c", to_upper_char(*g.winner));
    ImGui::TableNextColumn();
    ImGui::Text("%d", g.moves);
    ImGui::TableNextColumn();
    ImGui::TextColored(muted_text_color(), "%s", age_label(g.updated_ms, ctx.now_ms).c_str());
    ImGui::PopID();
}

void GameBrowserPanel::layout_json(base::JsonWriter& json) const {
    if (!m_told) return;
    json.key("browser").begin_object();
    json.key("first")
        .value(static_cast<std::int64_t>(m_first_id))
        .key("top")
        .value(static_cast<std::int64_t>(m_first));
    json.key("x_header")
        .begin_array()
        .value(static_cast<double>(m_x_header.x), 0)
        .value(static_cast<double>(m_x_header.y), 0)
        .end_array();
    json.key("first_row")
        .begin_array()
        .value(static_cast<double>(m_first_row.x), 0)
        .value(static_cast<double>(m_first_row.y), 0)
        .end_array();
    json.end_object();
}

}  // namespace ttt::app
