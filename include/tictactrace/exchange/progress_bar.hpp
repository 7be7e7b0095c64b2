// A one-line progress bar for long imports, drawn on a terminal only: when the stream is a pipe or a
// file nothing is written, so scripts and logs stay clean.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace ttt::exchange {

class ProgressBar {
public:
    // Draws on `out` when it is a terminal (isatty).
    explicit ProgressBar(std::FILE* out = stderr);
    // Draws on `out` when `enabled`, whatever `out` is (tests).
    ProgressBar(std::FILE* out, bool enabled);
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;
    // Clears the bar's line.
    ~ProgressBar();

    [[nodiscard]] bool enabled() const noexcept { return m_enabled; }

    // "[#########...........]  45%  writing 4500/10000 games"; redrawn only when the percentage moves.
    void update(std::string_view what, std::size_t done, std::size_t total);
    void finish();

private:
    std::FILE* m_out;
    bool m_enabled;
    bool m_drawn = false;
    int m_last_percent = -1;
    std::string m_last_what;
};

}  // namespace ttt::exchange
