// Style and fonts.
#include "ui/theme.hpp"

#include "render/board_palette.hpp"

#include <filesystem>
#include <initializer_list>

namespace ttt::app {

namespace {

ImVec4 rgb(palette::Rgb c, float a = 1.0f) {
    return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, a);
}
ImVec4 hex(unsigned v, float a = 1.0f) {
    return ImVec4(((v >> 16) & 0xff) / 255.0f, ((v >> 8) & 0xff) / 255.0f, (v & 0xff) / 255.0f, a);
}

// Latin, punctuation (— …), arrows (← →), geometric shapes (▶ ●) and a few symbols (★).
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF, 0x2212, 0x2212,
                                0x25A0, 0x25FF, 0x2605, 0x2606, 0x2713, 0x2717, 0};

ImFont* add_font(const char* file, float size) {
    for (const char* dir :
         {"/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/TTF/", "/usr/share/fonts/dejavu/"}) {
        const std::filesystem::path path = std::filesystem::path(dir) / file;
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec))
            return ImGui::GetIO().Fonts->AddFontFromFileTTF(path.c_str(), size, nullptr, kGlyphRanges);
    }
    return nullptr;
}

}  // namespace

void apply_theme() {
    ImGui::StyleColorsDark();
    ImGuiStyle& s = ImGui::GetStyle();
    s.WindowPadding = ImVec2(12, 10);
    s.FramePadding = ImVec2(9, 5);
    s.ItemSpacing = ImVec2(9, 7);
    s.ItemInnerSpacing = ImVec2(7, 5);
    s.CellPadding = ImVec2(7, 4);
    s.ScrollbarSize = 16;
    s.GrabMinSize = 12;
    s.WindowRounding = 6;
    s.ChildRounding = 4;
    s.FrameRounding = 4;
    s.PopupRounding = 5;
    s.ScrollbarRounding = 8;
    s.GrabRounding = 4;
    s.TabRounding = 4;
    s.WindowBorderSize = 1;
    s.FrameBorderSize = 0;
    s.WindowTitleAlign = ImVec2(0.0f, 0.5f);

    ImVec4* c = s.Colors;
    c[ImGuiCol_Text] = hex(0xeceff4);
    c[ImGuiCol_TextDisabled] = hex(0x8a93a3);
    c[ImGuiCol_WindowBg] = rgb(palette::kTable);
    c[ImGuiCol_ChildBg] = hex(0x232831);
    c[ImGuiCol_PopupBg] = hex(0x262c36, 0.98f);
    c[ImGuiCol_Border] = hex(0x3c4454);
    c[ImGuiCol_FrameBg] = hex(0x1d2129);
    c[ImGuiCol_FrameBgHovered] = hex(0x353d4b);
    c[ImGuiCol_FrameBgActive] = hex(0x3f4959);
    c[ImGuiCol_TitleBg] = hex(0x20252d);
    c[ImGuiCol_TitleBgActive] = hex(0x2f3d52);
    c[ImGuiCol_TitleBgCollapsed] = hex(0x20252d);
    c[ImGuiCol_MenuBarBg] = hex(0x1d2129);
    c[ImGuiCol_ScrollbarBg] = hex(0x1d2129);
    c[ImGuiCol_Button] = hex(0x3b4a61);
    c[ImGuiCol_ButtonHovered] = hex(0x4b5f7d);
    c[ImGuiCol_ButtonActive] = hex(0x5a7396);
    c[ImGuiCol_Header] = hex(0x3b4a61);
    c[ImGuiCol_HeaderHovered] = hex(0x465872);
    c[ImGuiCol_HeaderActive] = hex(0x516687);
    c[ImGuiCol_CheckMark] = hex(0xffcc33);
    c[ImGuiCol_SliderGrab] = hex(0xffcc33);
    c[ImGuiCol_SliderGrabActive] = hex(0xffd966);
    c[ImGuiCol_Tab] = hex(0x2b3340);
    c[ImGuiCol_TabHovered] = hex(0x4b5f7d);
    c[ImGuiCol_TabActive] = hex(0x3b4a61);
    c[ImGuiCol_TableHeaderBg] = hex(0x252b35);
    c[ImGuiCol_TableRowBg] = hex(0x000000, 0.0f);
    c[ImGuiCol_TableRowBgAlt] = hex(0xffffff, 0.035f);
    c[ImGuiCol_TableBorderStrong] = hex(0x3c4454);
    c[ImGuiCol_TableBorderLight] = hex(0x323946);
    c[ImGuiCol_ModalWindowDimBg] = hex(0x0b0d10, 0.55f);
}

Fonts load_fonts() {
    Fonts f;
    f.regular = add_font("DejaVuSans.ttf", 18.0f);
    f.bold = add_font("DejaVuSans-Bold.ttf", 18.0f);
    f.large = add_font("DejaVuSans-Bold.ttf", 30.0f);
    f.mono = add_font("DejaVuSansMono.ttf", 17.0f);
    ImFont* fallback = f.regular ? f.regular : ImGui::GetIO().Fonts->AddFontDefault();
    if (!f.regular) f.regular = fallback;
    if (!f.bold) f.bold = fallback;
    if (!f.large) f.large = fallback;
    if (!f.mono) f.mono = fallback;
    ImGui::GetIO().FontDefault = f.regular;
    return f;
}

ImVec4 player_color(bool x) {
    // The board's ink, lightened a little so it reads on the dark panels.
    return x ? hex(0x6ea8ff) : hex(0xff7a6b);
}
ImVec4 muted_text_color() {
    return hex(0x9aa3b2);
}
ImVec4 accent_color() {
    return hex(0xffcc33);
}
ImVec4 warning_color() {
    return hex(0xffb454);
}
ImVec4 error_color() {
    return hex(0xff6b6b);
}
ImVec4 win_color() {
    return rgb(palette::kWin);
}

}  // namespace ttt::app
