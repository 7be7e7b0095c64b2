// Making the registry's windows: every window's class, included once here.
#include "panels/panel_factory.hpp"

#include "panel_registry.hpp"

#include "model/teaching_model.hpp"
#include "panels/board_panel.hpp"
#include "panels/class_panel.hpp"
#include "panels/engines_dialog.hpp"
#include "panels/events_panel.hpp"
#include "panels/explainer_panel.hpp"
#include "panels/export_dialog.hpp"
#include "panels/forbidden_panel.hpp"
#include "panels/game_browser_panel.hpp"
#include "panels/help_dialogs.hpp"
#include "panels/history_panel.hpp"
#include "panels/import_dialog.hpp"
#include "panels/index_map_panel.hpp"
#include "panels/lesson_window.hpp"
#include "panels/matrices_panel.hpp"
#include "panels/menu_bar_panel.hpp"
#include "panels/new_game_dialog.hpp"
#include "panels/outcome_modal.hpp"
#include "panels/poll_answers_dialog.hpp"
#include "panels/positions_panel.hpp"
#include "panels/proof_panel.hpp"
#include "panels/rotation_panel.hpp"
#include "panels/score_plot_panel.hpp"
#include "panels/status_panel.hpp"
#include "panels/this_move_panel.hpp"
#include "panels/win_explainer_panel.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace ttt::app {

namespace {

class Factory {
public:
    explicit Factory(std::vector<AppWindow>& out) : m_out(out) {}

    template <class T>
    void add(WindowType<T>, const WindowSpec& spec) {
        static_assert(std::is_base_of_v<View, T>, "a registered window is a View");
        std::unique_ptr<View> view;
        // The teaching views share one model (the explainer's step, the matrices' cell pointed at).
        if constexpr (std::is_constructible_v<T, std::shared_ptr<TeachingModel>>)
            view = std::make_unique<T>(m_teaching);
        else
            view = std::make_unique<T>();
        if (view->id() != spec.id)
            throw std::logic_error("panel_registry.hpp: the window \"" + view->id() +
                                   "\" is registered as \"" + std::string(spec.id) + "\"");
        m_out.push_back(AppWindow{spec, std::move(view)});
    }

private:
    std::vector<AppWindow>& m_out;
    std::shared_ptr<TeachingModel> m_teaching = std::make_shared<TeachingModel>();
};

// Whether some registered window reacts to the view intent I (has an on(const I&)), found by walking the
// registry at compile time.
template <class I>
class ReactionSearch {
public:
    template <class T>
    constexpr void add(WindowType<T>, const WindowSpec&) {
        if constexpr (requires(T& window, const I& intent) { window.on(intent); }) m_found = true;
    }
    [[nodiscard]] constexpr bool found() const noexcept { return m_found; }

private:
    bool m_found = false;
};

template <class I>
constexpr bool reacted_to() {
    ReactionSearch<I> search;
    register_windows(search);
    return search.found();
}

template <class I>
constexpr bool check_reacted_to() {
    static_assert(reacted_to<I>(), "a view intent that no window reacts to: give one window an on(const I&)");
    return true;
}

template <class... I>
constexpr bool every_view_intent_reacted_to(IntentList<I...>) {
    return (check_reacted_to<I>() && ...);
}

// Nobody carries a view intent out (App::carry_out passes it by); the windows react to it in on_intent. One
// that no window reacts to does not compile.
static_assert(every_view_intent_reacted_to(ViewIntents{}));

}  // namespace

std::vector<AppWindow> make_windows() {
    std::vector<AppWindow> windows;
    Factory factory(windows);
    register_windows(factory);
    return windows;
}

}  // namespace ttt::app
