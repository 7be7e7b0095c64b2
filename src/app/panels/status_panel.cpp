// The status panel: the game's state in a body that scrolls, and under it, always in sight, the open
// game's notice (in a strip of its own, scrolling when long) and the buttons (flowing onto more lines
// when the panel is narrow).
#include "panels/status_panel.hpp"

#include "model/describe.hpp"
#include "model/sides.hpp"
#include "panels/asked_total.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace ttt::app {

namespace {

constexpr const char* kButtons[] = {"Take back", "Resign", "Fork from here"};

// What Stop says: an engine that does not take YXSTOP cannot be hurried, and the button says when its move
// comes instead.
std::string stop_label(const Controller::Thinking& thinking) {
    if (thinking.hint) return "Stop: hint now (Enter)";
    if (thinking.can_stop) return "Stop: move now (Enter)";
    return "No Stop: " + thinking.engine + " answers within " + per_move_words(thinking.within_ms);
}

// "1 mark", "18 marks": what is on the board, a set-up's marks included.
std::string marks_on_board(const Position& pos) {
    const int n = pos.board().filled();
    return std::to_string(n) + (n == 1 ? " mark" : " marks");
}

// What the table shows of one player's score: the total, then the four matrices; "?" for the ones the
// explainer's quiz asks for.
ShownScore shown_score(const FrameContext& ctx, const PlayerScore& score, Player p) {
    ShownScore shown;
    shown.value[0] = score.total();
    shown.asked[0] = ctx.total_asked(p);
    for (int d = 0; d < kDirectionCount; ++d) {
        shown.value[static_cast<std::size_t>(d) + 1] = score.by_direction[static_cast<std::size_t>(d)];
        shown.asked[static_cast<std::size_t>(d) + 1] = ctx.total_asked(p, static_cast<Direction>(d));
    }
    return shown;
}

// Both players in one table: name, and for the score rules the score and where its points came from (the
// four matrices: rows, columns, '/' and '\' lines), into `scores` as shown. Other rules have no score to
// show.
// Returns the table's bounds, the directions' lines under it included.
std::optional<Rect> players_table(const FrameContext& ctx, const GameState& shown,
                                  std::array<ShownScore, 2>& scores) {
    const ImVec2 top = ImGui::GetCursorScreenPos();
    const Position& pos = shown.position;
    const bool scored = pos.rules().kind == RuleKind::Score;
    const bool playing = !pos.outcome().over();
    // The directions beside the total when the panel is wide enough; else under the table.
    const float number_w = ImGui::CalcTextSize("00000").x + ImGui::GetStyle().CellPadding.x * 2;
    const bool wide = ImGui::GetContentRegionAvail().x >= ctx.px(120) + number_w * 5;
    const int columns = !scored ? 2 : wide ? 7 : 3;
    if (!ImGui::BeginTable("players", columns,
                           ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH))
        return std::nullopt;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthStretch);
    if (scored) ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_WidthFixed);
    if (scored && wide)
        for (const char* h : {"rows", "cols", "/", "\\"})
            ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < columns; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextColored(muted_text_color(), "%s", ImGui::TableGetColumnName(c));
    }
    for (Player p : {Player::X, Player::O}) {
        const std::string& name = p == Player::X ? shown.x_name : shown.o_name;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(name.empty() ? "(no name)" : name.c_str());
        ImGui::PopTextWrapPos();
        if (playing && pos.to_move() == p) {
            ImGui::SameLine();
            ImGui::TextColored(accent_color(), "to move");
        }
        if (!scored) continue;
        const ShownScore& score = scores[p == Player::X ? 0 : 1] = shown_score(ctx, pos.scores().of(p), p);
        ImGui::TableNextColumn();
        ImGui::PushFont(ctx.fonts.mono);
        draw_total(ImGui::GetStyleColorVec4(ImGuiCol_Text), score.value[0], score.asked[0], 6);
        if (wide)
            for (std::size_t i = 1; i < score.value.size(); ++i) {
                ImGui::TableNextColumn();
                draw_total(muted_text_color(), score.value[i], score.asked[i], 5);
            }
        ImGui::PopFont();
    }
    ImGui::EndTable();
    if (scored && !wide)
        for (Player p : {Player::X, Player::O}) {
            const ShownScore& score = scores[p == Player::X ? 0 : 1];
            const auto cell = [&](std::size_t i) { return total_text(score.value[i], score.asked[i]); };
            ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
            ImGui::TextWrapped("%c: rows %s · cols %s · / %s · \\ %s", to_upper_char(p), cell(1).c_str(),
                               cell(2).c_str(), cell(3).c_str(), cell(4).c_str());
            ImGui::PopStyleColor();
        }
    const ImVec2 end = ImGui::GetItemRectMax();
    return Rect{top.x, top.y, end.x - top.x, end.y - top.y};
}

}  // namespace

void StatusPanel::draw_content(const FrameContext& ctx, Intents& out) {
    // Setting up a position: its controls take the window, with the notice (a paste refused) under them
    // and Start from here / Cancel at the bottom, in sight like the game's buttons.
    const GameSession* session = ctx.draft ? nullptr : ctx.session();
    const Notice* notice = ctx.controller.notice() ? &*ctx.controller.notice() : nullptr;
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 avail = ImGui::GetContentRegionAvail();

    // The bottom first: the buttons' lines, and the notice's strip (at most a third of the panel, or two
    // lines, whichever is more; it scrolls beyond). The body gets what is left and scrolls.
    float buttons_h = 0;
    if (session) {
        // While the built-in thinks, Stop leads the buttons, in sight like them.
        const auto thinking = ctx.controller.thinking();
        float widths[4];
        int count = 0;
        if (thinking) widths[count++] = button_width(stop_label(*thinking).c_str());
        for (const char* b : kButtons) widths[count++] = button_width(b);
        const int lines = flowed_lines(widths, count, avail.x);
        buttons_h = static_cast<float>(lines) * ImGui::GetFrameHeight() +
                    static_cast<float>(lines - 1) * style.ItemSpacing.y + style.ItemSpacing.y;
    }
    if (ctx.draft) buttons_h = SetUpControls::buttons_height(ctx, avail.x);
    float notice_h = 0;
    if (notice) {
        const float text_h =
            ImGui::CalcTextSize(notice->text.c_str(), nullptr, false, avail.x - style.ScrollbarSize).y;
        const float most = std::max(avail.y / 3, ImGui::GetTextLineHeightWithSpacing() * 2);
        notice_h = std::min(text_h + style.ItemSpacing.y, most);
    }
    const float separators = (notice ? 1.0f : 0.0f) + (session || ctx.draft ? 1.0f : 0.0f);
    const float bottom = buttons_h + notice_h + separators * style.ItemSpacing.y;
    ImGui::BeginChild("status-body", ImVec2(0, std::max(1.0f, avail.y - bottom)));
    // What of the body is in sight without scrolling: the players and scores must be (the layout line).
    m_table.reset();
    const ImVec2 body_at = ImGui::GetWindowPos();
    const ImVec2 body_size = ImGui::GetWindowSize();
    m_body = Rect{body_at.x, body_at.y, body_size.x, body_size.y};
    if (ctx.draft)
        m_set_up.draw(ctx, *ctx.draft, out);
    else if (!session)
        ImGui::TextColored(muted_text_color(), "No game open.");
    else {
        draw_opening(ctx, *session, out);
        draw_state(ctx, *session);
    }
    ImGui::EndChild();

    if (notice) {
        const ImVec4 color = notice->level == Notice::Level::Error     ? error_color()
                             : notice->level == Notice::Level::Warning ? warning_color()
                                                                       : muted_text_color();
        ImGui::BeginChild("status-notice", ImVec2(0, notice_h));
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        ImGui::TextWrapped("%s", notice->text.c_str());
        ImGui::PopStyleColor();
        ImGui::EndChild();
    }
    if (session) draw_buttons(ctx, *session, out);
    if (ctx.draft) m_set_up.draw_buttons(ctx, *ctx.draft, out);
}

void StatusPanel::draw_opening(const FrameContext& ctx, const GameSession& session, Intents& out) {
    m_opening_buttons.clear();
    const GameState& shown = session.shown();
    const auto due = session.at_end() ? opening_step(shown) : std::nullopt;
    if (!due || shown.position.outcome().over()) return;
    // Whose part of the opening it is, and its choice as buttons: the board takes the stones as moves.
    ImGui::PushFont(ctx.fonts.large);
    ImGui::PushStyleColor(ImGuiCol_Text, accent_color());
    ImGui::TextWrapped("%s", describe(*due, shown.opening).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    if (due->kind == OpeningStep::Kind::Place) {
        ImGui::TextColored(muted_text_color(), "%s opening · next stone: %s", name_of(shown.opening.rule),
                           shown.position.to_move() == Player::X ? "black (X)" : "white (O)");
        return;
    }
    const auto button = [&](const char* label, const char* id, OpeningChoice choice) {
        if (ImGui::Button(label)) out.push_back(ChooseOpening{choice});
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        m_opening_buttons.emplace_back(id, ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f));
    };
    button("Play black (X)", "black", OpeningChoice::TakeBlack);
    ImGui::SameLine();
    button("Play white (O)", "white", OpeningChoice::TakeWhite);
    if (due->may_place_two) {
        ImGui::SameLine();
        button("Place two more", "two", OpeningChoice::PlaceTwo);
    }
    ImGui::Spacing();
}

void StatusPanel::draw_state(const FrameContext& ctx, const GameSession& session) {
    const GameState& shown = session.shown();
    const Position& pos = shown.position;
    const Outcome& outcome = pos.outcome();
    // The words, made again only when the position shown changed: an idle frame allocates nothing.
    if (ctx.controller.revision() != m_words_revision) {
        m_words_revision = ctx.controller.revision();
        m_status = status_line(pos);
        m_review = outcome.over() ? outcome_review(pos) : std::string();
        m_rules = describe(pos.rules());
        m_where = "Step " + std::to_string(session.cursor()) + " of " + std::to_string(session.last_step()) +
                  "  ·  " + marks_on_board(pos);
        if (shown.forked_from)
            m_where += "  ·  fork of " + fork_source(shown.forked_from) + " at step " +
                       std::to_string(shown.forked_at);
    }

    // The status line, large and coloured by the player it names.
    ImGui::PushFont(ctx.fonts.large);
    const std::optional<Player> named =
        outcome.over() ? outcome.winner : std::optional<Player>(pos.to_move());
    ImGui::PushStyleColor(ImGuiCol_Text, named ? player_color(*named == Player::X) : strong_text_color());
    ImGui::TextWrapped("%s", m_status.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    if (outcome.over()) ImGui::TextWrapped("%s", m_review.c_str());
    draw_opponent(ctx);
    draw_clock(ctx);
    ImGui::Spacing();
    m_scored = pos.rules().kind == RuleKind::Score;
    m_table = players_table(ctx, shown, m_scores);
    if (m_table) m_table->y += ImGui::GetScrollY();

    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(muted_text_color(), "Game #%lld", static_cast<long long>(session.id()));
    ImGui::SameLine();
    ImGui::TextUnformatted(m_rules.c_str());
    ImGui::TextColored(muted_text_color(), "%s", m_where.c_str());
    ImGui::PopTextWrapPos();
}

void StatusPanel::draw_opponent(const FrameContext& ctx) {
    const Controller& c = ctx.controller;
    const Sides& sides = c.sides();
    const auto thinking = c.thinking();
    const auto& hint = c.hint();
    if (!sides.x.program() && !sides.o.program() && !thinking && !hint) return;
    const auto eval_words = [&](const Evaluation& e) -> const std::string& {
        if (m_eval_of != e) {
            m_eval_of = e;
            m_eval_text = describe(e);
        }
        return m_eval_text;
    };
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    for (Player p : {Player::X, Player::O})
        if (const Side& side = sides.of(p); side.built_in()) {
            ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
            ImGui::SameLine();
            ImGui::TextColored(muted_text_color(), "is played by the built-in (%s%s)", name_of(side.level),
                               side.think_ms > 0 && side.level != Level::Perfect ? ", a set time per move"
                                                                                 : "");
        } else if (side.is_engine()) {
            ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
            ImGui::SameLine();
            ImGui::TextColored(muted_text_color(), "is played by the engine %s", side.engine.label().c_str());
        }
    if (thinking) {
        const double seconds = static_cast<double>(ctx.now_ms - thinking->since_ms) / 1000.0;
        ImGui::PushStyleColor(ImGuiCol_Text, accent_color());
        // A dot more every third of a second: it is alive even before its first iteration.
        const int dots = 1 + static_cast<int>(seconds * 3) % 3;
        if (thinking->hint)
            ImGui::Text("Looking for a hint for %c%.*s", to_upper_char(thinking->side), dots, "...");
        else
            ImGui::Text("%c is thinking%.*s  %.1f s", to_upper_char(thinking->side), dots, "...", seconds);
        ImGui::PopStyleColor();
        if (!thinking->engine.empty()) {
            // An engine's best line and evaluation are its own words: its last MESSAGE or DEBUG lines.
            for (const std::string& said : thinking->messages)
                ImGui::TextColored(muted_text_color(), "%s", said.c_str());
            if (thinking->messages.empty()) ImGui::TextColored(muted_text_color(), "no word from it yet");
        } else if (const auto& best = thinking->best; best && best->move) {
            ImGui::Text("best so far %s, %s (depth %d, %lld nodes)", cell_label(*best->move).c_str(),
                        eval_words(best->evaluation).c_str(), best->depth,
                        static_cast<long long>(best->nodes));
            draw_line(best->line);
        } else {
            ImGui::TextColored(muted_text_color(), "no move found yet");
        }
    } else if (hint && hint->report.move) {
        ImGui::TextColored(accent_color(), "Hint: %s, %s", cell_label(*hint->report.move).c_str(),
                           eval_words(hint->report.evaluation).c_str());
        ImGui::SameLine();
        ImGui::TextColored(muted_text_color(), "(the violet diamond on the board)");
        draw_line(hint->report.line);
    }
    ImGui::PopTextWrapPos();
}

void StatusPanel::draw_line(const std::vector<Pos>& line) {
    if (line.size() < 2) return;
    if (m_line_of != line) {
        m_line_of = line;
        // Ten moves say where the search is going; the rest would only wrap the panel.
        constexpr std::size_t kShown = 10;
        m_line_text = "expected line:";
        for (std::size_t i = 0; i < std::min(line.size(), kShown); ++i) {
            m_line_text += ' ';
            m_line_text += cell_label(line[i]);
        }
        if (line.size() > kShown) m_line_text += " …";
    }
    ImGui::TextColored(muted_text_color(), "%s", m_line_text.c_str());
}

void StatusPanel::draw_clock(const FrameContext& ctx) {
    const GameClock* clock = ctx.controller.clock();
    if (!clock) return;
    ImGui::Spacing();
    for (Player p : {Player::X, Player::O}) {
        const auto game = clock->game_left(p);
        const auto move = clock->move_left(p);
        // What runs out first is what the side must watch.
        const std::int64_t left = std::min(game.value_or(move.value_or(0)), move.value_or(game.value_or(0)));
        const bool running = clock->running() == p;
        ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
        ImGui::SameLine();
        const ImVec4 color = left < 10'000 ? error_color() : running ? accent_color() : muted_text_color();
        std::string face = game ? clock_text(*game) : std::string();
        if (move) face += (game ? "  (move " : "move ") + clock_text(*move) + (game ? ")" : "");
        ImGui::TextColored(color, "%s%s", face.c_str(), running ? "  ◀" : "");
    }
}

void StatusPanel::before_window(const FrameContext&, Intents&) {
    m_buttons.reset();
    m_stop.reset();
    m_scored = false;
    m_set_up.forget();
}

void StatusPanel::draw_buttons(const FrameContext& ctx, const GameSession& session, Intents& out) {
    // The bounds of the buttons drawn so far, for the layout line (flowed, they may take two lines).
    const auto grow = [&] {
        const ImVec2 lo = ImGui::GetItemRectMin();
        const ImVec2 hi = ImGui::GetItemRectMax();
        if (!m_buttons) {
            m_buttons = Rect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y};
            return;
        }
        const float x = std::min(m_buttons->x, lo.x);
        const float y = std::min(m_buttons->y, lo.y);
        m_buttons =
            Rect{x, y, std::max(m_buttons->right(), hi.x) - x, std::max(m_buttons->bottom(), hi.y) - y};
    };
    if (const auto thinking = ctx.controller.thinking()) {
        ImGui::BeginDisabled(thinking->stopping || !thinking->can_stop);
        if (ImGui::Button(stop_label(*thinking).c_str())) out.push_back(StopThinking{});
        ImGui::EndDisabled();
        if (!thinking->can_stop && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("The Gomocup protocol has no command that asks for a move now, and %s does not "
                              "take YXSTOP, the extension that does: its move comes within its time.",
                              thinking->engine.c_str());
        const ImVec2 lo = ImGui::GetItemRectMin();
        const ImVec2 hi = ImGui::GetItemRectMax();
        m_stop = ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
        grow();
        flow(button_width(kButtons[0]));
    }
    const GameEnd& latest = session.end();
    ImGui::BeginDisabled(latest.move_count == 0 || latest.outcome.status == Status::Resigned ||
                         latest.outcome.status == Status::Forfeited ||
                         latest.outcome.status == Status::Adjudicated);
    if (ImGui::Button(kButtons[0])) out.push_back(TakeBack{});
    ImGui::EndDisabled();
    grow();
    flow(button_width(kButtons[1]));
    ImGui::BeginDisabled(latest.outcome.over());
    if (ImGui::Button(kButtons[1])) out.push_back(Resign{});
    ImGui::EndDisabled();
    grow();
    flow(button_width(kButtons[2]));
    if (ImGui::Button(kButtons[2])) out.push_back(ForkHere{});
    grow();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Start a new game from the position shown (step %d); this game stays as it is.",
                          session.cursor());
}

void StatusPanel::layout_json(base::JsonWriter& json) const {
    m_set_up.layout_json(json);
    if (!m_opening_buttons.empty()) {
        json.key("opening_buttons").begin_object();
        for (const auto& [id, at] : m_opening_buttons)
            json.key(id)
                .begin_array()
                .value(static_cast<double>(at.x), 0)
                .value(static_cast<double>(at.y), 0)
                .end_array();
        json.end_object();
    }
    if (m_scored) {
        json.key("status_scores").begin_object();
        for (std::size_t p = 0; p < m_scores.size(); ++p) {
            json.key(p == 0 ? "x" : "o").begin_array();
            for (std::size_t i = 0; i < m_scores[p].value.size(); ++i)
                json.value(total_text(m_scores[p].value[i], m_scores[p].asked[i]));
            json.end_array();
        }
        json.end_object();
    }
    if (m_stop)
        json.key("stop_button")
            .begin_array()
            .value(static_cast<double>(m_stop->x), 0)
            .value(static_cast<double>(m_stop->y), 0)
            .end_array();
    if (m_table && m_body) {
        json.key("status_table").begin_array();
        for (float v : {m_table->x, m_table->y, m_table->w, m_table->h})
            json.value(static_cast<double>(v), 0);
        json.end_array();
        json.key("status_body").begin_array();
        for (float v : {m_body->x, m_body->y, m_body->w, m_body->h}) json.value(static_cast<double>(v), 0);
        json.end_array();
    }
    if (!m_buttons) return;
    json.key("status_buttons").begin_array();
    for (float v : {m_buttons->x, m_buttons->y, m_buttons->w, m_buttons->h})
        json.value(static_cast<double>(v), 0);
    json.end_array();
}

}  // namespace ttt::app
