// Starting and ending a test's own Xvfb.
#include "x_server.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#ifndef TTT_XVFB
#error "TTT_XVFB must name the Xvfb executable"
#endif

namespace ttt::testing {

namespace {

ChildProcess start_xvfb(const std::filesystem::path& folder, int width, int height) {
    std::filesystem::create_directories(folder);
    ChildOptions o;
    // -displayfd 1: once it accepts connections, the server writes its display number on stdout.
    // -noreset: an X server resets itself when its last client goes, and a client connecting during the
    // reset is refused ("Failed to open display"); a test that quits the app and starts it again would
    // race that.
    const std::string screen = std::to_string(width) + "x" + std::to_string(height) + "x24";
    o.argv = {TTT_XVFB, "-displayfd", "1",      "-screen",      "0", screen, "-nolisten",
              "tcp",    "-noreset",   "-fbdir", folder.string()};
    o.in = Stream::null();
    o.out = Stream::pipe();
    // Its warnings (keyboard maps, socket folders) would clutter the test's output; kept for a failure.
    o.err = Stream::to_file(folder / "xvfb.log");
    return ChildProcess(std::move(o));
}

std::string log_of(const std::filesystem::path& folder) {
    std::ifstream in(folder / "xvfb.log");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

XServer::XServer(const std::filesystem::path& folder, int width, int height)
    : m_folder(folder), m_server(start_xvfb(folder, width, height)) {
    // Xvfb starts in a fraction of a second; the long wait only keeps a loaded machine from failing here.
    const auto number = m_server.read_line(30000);
    if (!number || number->empty() || number->find_first_not_of("0123456789") != std::string::npos) {
        const bool still_running = m_server.running();
        m_server.terminate(1000);
        FAIL("cannot start an X server for the window test: "
             << TTT_XVFB
             << (still_running ? " did not name its display within 30 s"
                               : " exited with status " + std::to_string(m_server.wait()))
             << "; it said: " << log_of(folder));
    }
    m_display = ":" + *number;
}

XServer::~XServer() {
    m_server.terminate(2000);
}

}  // namespace ttt::testing
