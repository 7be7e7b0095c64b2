// Making the teaching panels and their shared model.
#include "panels/teaching_panels.hpp"

#include "model/teaching_model.hpp"
#include "panels/explainer_panel.hpp"
#include "panels/matrices_panel.hpp"
#include "panels/outcome_modal.hpp"
#include "panels/rotation_panel.hpp"
#include "panels/score_plot_panel.hpp"
#include "panels/this_move_panel.hpp"

namespace ttt::app {

void add_teaching_panels(std::vector<std::unique_ptr<Panel>>& panels) {
    auto model = std::make_shared<TeachingModel>();
    panels.push_back(std::make_unique<MatricesPanel>(model));
    panels.push_back(std::make_unique<ExplainerPanel>(model));
    panels.push_back(std::make_unique<RotationPanel>(model));
    panels.push_back(std::make_unique<ThisMovePanel>());
    panels.push_back(std::make_unique<ScorePlotPanel>());
    panels.push_back(std::make_unique<OutcomeModal>());
}

}  // namespace ttt::app
