// The teaching panels of the run-splitting score (matrices, explainer, rotation, this move, score plot, the
// outcome modal), added to the app's panel list in one call, sharing one TeachingModel.
#pragma once

#include "panels/panel.hpp"

#include <memory>
#include <vector>

namespace ttt::app {

// Needs a current GL context (the panels make their shaders). The outcome modal comes last, so it and its
// fireworks draw above everything else.
void add_teaching_panels(std::vector<std::unique_ptr<Panel>>& panels);

}  // namespace ttt::app
