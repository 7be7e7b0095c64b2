// The teaching panels (matrices, explainer, rotation, this move, score plot), added to the app's list of
// views in one call, sharing one TeachingModel. The outcome modal is a dialog of its own (App adds it).
#pragma once

#include "panels/view.hpp"

#include <memory>
#include <vector>

namespace ttt::app {

// Needs a current GL context (the panels make their shaders).
void add_teaching_panels(std::vector<std::unique_ptr<View>>& views);

}  // namespace ttt::app
