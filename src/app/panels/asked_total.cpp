// "?" for the total the quiz asks for.
#include "panels/asked_total.hpp"

#include "ui/theme.hpp"

#include <cstdio>

namespace ttt::app {

namespace {

// The text into `buffer`: the number, or "?", padded on the left to `width`.
const char* format_total(char (&buffer)[32], std::int64_t total, bool asked, int width) {
    if (asked)
        std::snprintf(buffer, sizeof buffer, "%*s", width, "?");
    else
        std::snprintf(buffer, sizeof buffer, "%*lld", width, static_cast<long long>(total));
    return buffer;
}

}  // namespace

TotalText total_text(std::int64_t total, bool asked, int width) {
    TotalText out;
    format_total(out.text, total, asked, width);
    return out;
}

void draw_total(const ImVec4& color, std::int64_t total, bool asked, int width) {
    char buffer[32];
    ImGui::TextColored(asked ? accent_color() : color, "%s", format_total(buffer, total, asked, width));
}

}  // namespace ttt::app
