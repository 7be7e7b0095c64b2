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

// The palette in force. ImGui's style is one per context, and these colours go with it: the panels read
// them while they draw, and only apply_theme (between frames) changes them.
bool g_high_contrast = false;

}  // namespace

void apply_theme(float scale, bool high_contrast) {
    g_high_contrast = high_contrast;
    ImGuiStyle& s = ImGui::GetStyle();
    s = ImGuiStyle();  // from ImGui's own sizes, so that scaling twice never compounds
    ImGui::StyleColorsDark(&s);
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
    s.FrameBorderSize = high_contrast ? 1.0f : 0.0f;
    s.WindowTitleAlign = ImVec2(0.0f, 0.5f);
    s.ScaleAllSizes(scale);
    // Borders are lines, not sizes: one pixel (two in high contrast) at any scale reads as a line.
    s.WindowBorderSize = high_contrast ? 2.0f : 1.0f;

    ImVec4* c = s.Colors;
    if (high_contrast) {
        c[ImGuiCol_Text] = hex(0xffffff);
        c[ImGuiCol_TextDisabled] = hex(0xc8ccd2);
        c[ImGuiCol_WindowBg] = rgb(palette::kHighContrast.table);
        c[ImGuiCol_ChildBg] = hex(0x0c0c0c);
        c[ImGuiCol_PopupBg] = hex(0x101010, 1.0f);
        c[ImGuiCol_Border] = hex(0xffffff, 0.85f);
        c[ImGuiCol_FrameBg] = hex(0x1c1c1c);
        c[ImGuiCol_FrameBgHovered] = hex(0x3a3a3a);
        c[ImGuiCol_FrameBgActive] = hex(0x505050);
        c[ImGuiCol_TitleBg] = hex(0x000000);
        c[ImGuiCol_TitleBgActive] = hex(0x00409c);
        c[ImGuiCol_TitleBgCollapsed] = hex(0x000000);
        c[ImGuiCol_MenuBarBg] = hex(0x000000);
        c[ImGuiCol_ScrollbarBg] = hex(0x000000);
        c[ImGuiCol_ScrollbarGrab] = hex(0xb0b0b0);
        c[ImGuiCol_Button] = hex(0x0050c8);
        c[ImGuiCol_ButtonHovered] = hex(0x1f6fe6);
        c[ImGuiCol_ButtonActive] = hex(0x4d8fff);
        c[ImGuiCol_Header] = hex(0x0050c8);
        c[ImGuiCol_HeaderHovered] = hex(0x1f6fe6);
        c[ImGuiCol_HeaderActive] = hex(0x4d8fff);
        c[ImGuiCol_CheckMark] = hex(0xffe000);
        c[ImGuiCol_SliderGrab] = hex(0xffe000);
        c[ImGuiCol_SliderGrabActive] = hex(0xfff066);
        c[ImGuiCol_TableHeaderBg] = hex(0x1a1a1a);
        c[ImGuiCol_TableRowBg] = hex(0x000000, 0.0f);
        c[ImGuiCol_TableRowBgAlt] = hex(0xffffff, 0.08f);
        c[ImGuiCol_TableBorderStrong] = hex(0xffffff, 0.7f);
        c[ImGuiCol_TableBorderLight] = hex(0xffffff, 0.4f);
        c[ImGuiCol_Separator] = hex(0xffffff, 0.6f);
        c[ImGuiCol_ModalWindowDimBg] = hex(0x000000, 0.6f);
        return;
    }
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

Fonts load_fonts(float scale) {
    ImGui::GetIO().Fonts->Clear();
    Fonts f;
    // Rasterised at the size they are shown: a scaled bitmap would be blurred.
    f.regular = add_font("DejaVuSans.ttf", 18.0f * scale);
    f.bold = add_font("DejaVuSans-Bold.ttf", 18.0f * scale);
    f.large = add_font("DejaVuSans-Bold.ttf", 30.0f * scale);
    f.mono = add_font("DejaVuSansMono.ttf", 17.0f * scale);
    if (!f.regular) {
        ImFontConfig config;
        config.SizePixels = 13.0f * scale;
        f.regular = ImGui::GetIO().Fonts->AddFontDefault(&config);
    }
    if (!f.bold) f.bold = f.regular;
    if (!f.large) f.large = f.regular;
    if (!f.mono) f.mono = f.regular;
    ImGui::GetIO().FontDefault = f.regular;
    return f;
}

ImVec4 player_color(bool x) {
    // The board's ink, lightened so it reads on the dark panels (brighter still on black).
    if (g_high_contrast) return x ? hex(0x7cc0ff) : hex(0xff8a78);
    return x ? hex(0x6ea8ff) : hex(0xff7a6b);
}
ImVec4 muted_text_color() {
    return g_high_contrast ? hex(0xd6d9de) : hex(0x9aa3b2);
}
ImVec4 accent_color() {
    return g_high_contrast ? hex(0xffe000) : hex(0xffcc33);
}
ImVec4 warning_color() {
    return g_high_contrast ? hex(0xffb000) : hex(0xffb454);
}
ImVec4 error_color() {
    return g_high_contrast ? hex(0xff5c5c) : hex(0xff6b6b);
}
ImVec4 win_color() {
    return rgb(board_colors().win);
}
ImVec4 eval_color() {
    return g_high_contrast ? hex(0x5cff8a) : hex(0x7ed99b);
}
ImVec4 strong_text_color() {
    return g_high_contrast ? hex(0xffffff) : ImVec4(0.93f, 0.94f, 0.96f, 1);
}
const palette::BoardColors& board_colors() {
    return palette::board_colors(g_high_contrast);
}

}  // namespace ttt::app
