// Makes the app's windows from the registry (panel_registry.hpp), each with its line: the one file that
// includes every window's class, so that the App names none.
#pragma once

#include "model/window_spec.hpp"
#include "panels/view.hpp"

#include <memory>
#include <vector>

namespace ttt::app {

// A window as the App keeps it: its registry line and the window itself.
struct AppWindow {
    WindowSpec spec;
    std::unique_ptr<View> view;
};

// Every window of the registry, in its order, as its class makes it (the teaching panels share one
// TeachingModel). Needs a current GL context: the panels make their shaders. Throws std::logic_error when a
// window's id is not its line's (a mistake in the registry, found by the first run).
[[nodiscard]] std::vector<AppWindow> make_windows();

}  // namespace ttt::app
