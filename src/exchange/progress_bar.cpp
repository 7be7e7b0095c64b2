// The progress bar of long imports.
#include "tictactrace/exchange/progress_bar.hpp"

#include <unistd.h>

namespace ttt::exchange {

ProgressBar::ProgressBar(std::FILE* out) : ProgressBar(out, out != nullptr && ::isatty(::fileno(out)) == 1) {}

ProgressBar::ProgressBar(std::FILE* out, bool enabled) : m_out(out), m_enabled(enabled && out != nullptr) {}

ProgressBar::~ProgressBar() {
    finish();
}

void ProgressBar::update(std::string_view what, std::size_t done, std::size_t total) {
    if (!m_enabled || total == 0) return;
    const int percent = static_cast<int>(done >= total ? 100 : done * 100 / total);
    if (percent == m_last_percent && what == m_last_what) return;
    m_last_percent = percent;
    m_last_what = what;
    constexpr int kWidth = 30;
    const int filled = percent * kWidth / 100;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.append(static_cast<std::size_t>(kWidth - filled), '.');
    std::fprintf(m_out, "\r[%s] %3d%%  %.*s %zu/%zu games\033[K", bar.c_str(), percent,
                 static_cast<int>(what.size()), what.data(), done, total);
    std::fflush(m_out);
    m_drawn = true;
}

void ProgressBar::finish() {
    if (!m_drawn) return;
    std::fputs("\r\033[K", m_out);
    std::fflush(m_out);
    m_drawn = false;
    m_last_percent = -1;
}

}  // namespace ttt::exchange
