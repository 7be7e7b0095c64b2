// The fonts the panels use. Any of them may be ImGui's built-in font when no TrueType font was found.
#pragma once

struct ImFont;

namespace ttt::app {

struct Fonts {
    ImFont* regular = nullptr;
    ImFont* bold = nullptr;   // the current history row (the gomoku article shows it in bold), headings
    ImFont* large = nullptr;  // the status line, readable from the back of a classroom
    ImFont* mono = nullptr;   // numbers in tables that should line up
};

}  // namespace ttt::app
