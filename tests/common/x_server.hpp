// An X server of one test's own: Xvfb started with -displayfd, so that it picks a free display number
// itself and says which (tests running side by side never race for one, as `xvfb-run -a` makes them),
// with its screen kept in a file that the test can read back. Ended (SIGTERM, then SIGKILL) on scope exit.
#pragma once

#include "child_process.hpp"

#include <filesystem>
#include <string>

namespace ttt::testing {

class XServer {
public:
    // Starts Xvfb with one screen of width x height x 24 whose pixels it keeps in `folder`/Xvfb_screen0.
    // Fails the test, saying why, when Xvfb cannot start.
    explicit XServer(const std::filesystem::path& folder, int width = 1280, int height = 800);
    XServer(const XServer&) = delete;
    XServer& operator=(const XServer&) = delete;
    ~XServer();

    // ":N", for DISPLAY.
    [[nodiscard]] const std::string& display() const noexcept { return m_display; }
    // The screen as an XWD file, as Xvfb's -fbdir keeps it up to date.
    [[nodiscard]] std::filesystem::path screen_file() const { return m_folder / "Xvfb_screen0"; }

private:
    std::filesystem::path m_folder;
    ChildProcess m_server;
    std::string m_display;
};

}  // namespace ttt::testing
