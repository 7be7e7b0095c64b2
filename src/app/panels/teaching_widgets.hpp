// Small pieces the teaching panels share: the X/O switch, the teaching keys, colours as ImU32 and the
// scissors of the scoring article's split('0').
#pragma once

#include "model/teaching_model.hpp"
#include "model/window_layout.hpp"
#include "render/board_palette.hpp"
#include "ui/fonts.hpp"

#include "ui/flow.hpp"

#include <imgui.h>

#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::base {
class JsonWriter;
}

namespace ttt::app {

// "Explain: [X] [O]": whose marks are the 1s. Returns true when the user switched.
// Without `label`, only the two buttons (a narrow toolbar).
bool player_switch(TeachingModel& model, const Fonts& fonts, bool label = true);

// The keys every teaching panel answers (X and O choose the player), read once a frame by whichever
// teaching panel draws first; never while typing or while a dialog is open.
void read_teaching_keys(TeachingModel& model);
// Whether a teaching panel may read a plain key this frame.
[[nodiscard]] bool keyboard_free();

// The keys of a stepper (the explainers): . and , one step, Shift for the last and the first, the arrows
// while the window has the focus, Space plays and pauses. The caller checks keyboard_free().
template <class Stepper>
void read_stepper_keys(Stepper& s, bool has_focus) {
    const bool shift = ImGui::GetIO().KeyShift;
    // GLFW key codes: ',' 44, '.' 46.
    if (ImGui::IsKeyPressed(46, true)) shift ? s.last() : s.next();
    if (ImGui::IsKeyPressed(44, true)) shift ? s.first() : s.prev();
    if (has_focus && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow), true)) s.next();
    if (has_focus && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow), true)) s.prev();
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) s.toggle_play();
}

// The rectangle of the item ImGui drew last, in window pixels.
[[nodiscard]] Rect last_item_rect();

// Where the speed slider stood this frame, for the layout line (nullopt before it was drawn).
struct SpeedSpots {
    std::optional<Rect> slider;  // the slider's frame, the knob inside it
    std::optional<Rect> label;   // its value, "3.0/s", beside it
    double speed = 0;
};

// The speed's words, "3.0/s", into `out`; the text the slider shows beside it.
void speed_text(double speed, char (&out)[16]);
// The room speed_text() takes at its widest, so the toolbar does not shift as the value changes.
[[nodiscard]] float speed_text_width();

// The playing speed of a stepper, 0.5 to 20 steps a second on a logarithmic slider `width` pixels wide,
// flowing onto the next line when the toolbar is full. The value is written beside the slider, never in
// it: ImGui centres a slider's text where the knob passes, and at 3 steps a second (the default) the knob
// hid the digit on a projector.
template <class Stepper>
SpeedSpots speed_slider(Stepper& s, float width) {
    float speed = static_cast<float>(s.speed());
    const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
    flow(width + gap + speed_text_width());
    ImGui::SetNextItemWidth(width);
    if (ImGui::SliderFloat("##speed", &speed, 0.5f, 20.0f, "", ImGuiSliderFlags_Logarithmic))
        s.set_speed(std::round(static_cast<double>(speed) * 10.0) / 10.0);  // tenths, as it is written
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playing speed, in steps per second");
    SpeedSpots spots;
    spots.slider = last_item_rect();
    spots.speed = s.speed();
    char text[16];
    speed_text(s.speed(), text);
    ImGui::SameLine(0, gap);
    ImGui::TextUnformatted(text);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playing speed, in steps per second");
    spots.label = last_item_rect();
    return spots;
}
// "speed":{"value":3,"text":"3.0/s","slider":[x,y,w,h],"label":[x,y,w,h]} once the slider was drawn.
void write_speed_json(base::JsonWriter& json, const SpeedSpots& spots);

// A toolbar button that flows (ui/flow.hpp) `gap` pixels after the last item (the style's spacing when
// negative), or starts the line itself; greyed out unless `enabled`, its tooltip shown even then.
bool toolbar_button(const char* label, const char* tip, bool enabled, float gap = -1.0f, bool starts_line = false);

// The tooltips of a stepper's buttons that differ between the explainers.
struct StepperTips {
    const char* prev;  // "Previous step (, or ← while ... has the focus)"
    const char* next;
    const char* last;
};

// A stepper's buttons (the explainers' toolbar): first, previous, play/pause, next, last. The first flows
// `first_gap` pixels after the last item, or starts the line.
template <class Stepper>
void stepper_buttons(Stepper& s, const StepperTips& tips, float first_gap, bool starts_line = false) {
    if (toolbar_button("⇤##first", "First step (Shift+,)", !s.at_first(), first_gap, starts_line)) s.first();
    if (toolbar_button("←##prev", tips.prev, !s.at_first())) s.prev();
    ImGui::PushStyleColor(ImGuiCol_Button,
                          s.playing() ? ImVec4(0.55f, 0.42f, 0.08f, 1) : ImVec4(0.18f, 0.42f, 0.30f, 1));
    if (toolbar_button(s.playing() ? "▮▮ Pause##play" : "▶ Play##play", "Play or pause (Space)", s.count() > 1))
        s.toggle_play();
    ImGui::PopStyleColor();
    if (toolbar_button("→##next", tips.next, !s.at_last())) s.next();
    if (toolbar_button("⇥##last", tips.last, !s.at_last())) s.last();
}

[[nodiscard]] ImU32 to_u32(palette::Rgb c, float alpha = 1.0f);

// The scoring article's scissors (the zeros of split('0')): two blades crossing, two round handles; `size` is
// the height in pixels, the blades pointing down at `tip`.
void draw_scissors(ImDrawList* dl, ImVec2 tip, float size, ImU32 color);

// A link to a panel's state, as `--show` passes it: the ShowPanel intent "explainer@-45/9/points" gives
// "-45/9/points" for the panel "explainer"; nullopt for any other intent. A leading "x:" or "o:" chooses the
// player and is taken off.
[[nodiscard]] std::optional<std::string> link_argument(const Intent& intent, std::string_view panel,
                                                       TeachingModel* model = nullptr);

}  // namespace ttt::app
