// Making the teaching panels and their shared model.
#include "panels/teaching_panels.hpp"

#include "model/teaching_model.hpp"
#include "panels/explainer_panel.hpp"
#include "panels/forbidden_panel.hpp"
#include "panels/index_map_panel.hpp"
#include "panels/matrices_panel.hpp"
#include "panels/rotation_panel.hpp"
#include "panels/score_plot_panel.hpp"
#include "panels/this_move_panel.hpp"
#include "panels/win_explainer_panel.hpp"

namespace ttt::app {

void add_teaching_panels(std::vector<std::unique_ptr<View>>& views) {
    auto model = std::make_shared<TeachingModel>();
    views.push_back(std::make_unique<MatricesPanel>(model));
    views.push_back(std::make_unique<ExplainerPanel>(model));
    views.push_back(std::make_unique<RotationPanel>(model));
    views.push_back(std::make_unique<ThisMovePanel>());
    views.push_back(std::make_unique<ScorePlotPanel>());
    views.push_back(std::make_unique<WinExplainerPanel>(model));
    views.push_back(std::make_unique<IndexMapPanel>());
    views.push_back(std::make_unique<ForbiddenPanel>());
}

}  // namespace ttt::app
