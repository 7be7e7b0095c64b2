// Checking an engine before it is listed.
#include "model/engine_check.hpp"

#include "tictactrace/engine/rules.hpp"

#include <utility>

namespace ttt::app {

namespace {

// The brains layer's sentence ("the brain did not answer ABOUT within ..."), as the window says it.
std::string not_added(const std::string& why) {
    return "Not added: " + why + ".";
}

// The answer came, or why the engine is not added.
template <class Reply>
Result<void, std::string> answered(const Reply& reply) {
    if (const auto* refused = std::get_if<brains::Refused>(&reply)) return fail(not_added(refused->detail));
    if (const auto* lost = brains::forfeit_of(reply)) return fail(not_added(lost->detail));
    return {};
}

}  // namespace

EngineCheck::EngineCheck(std::string command, brains::BrainLimits limits)
    : m_command(std::move(command)),
      m_job([this, limits] { return run(limits); }, [this] { m_control.give_up(); }) {}

EngineCheck::Result EngineCheck::run(brains::BrainLimits limits) {
    brains::BrainOptions options;
    options.command = m_command;
    options.limits = limits;
    options.control = &m_control;
    brains::BrainClient brain(std::move(options));
    // The board most games in the window are played on: an engine that refuses it is of little use here.
    if (auto started = answered(brain.start(Rules::gomoku())); !started) return fail(started.error());
    const brains::AboutReply about = brain.about();
    if (auto ok = answered(about); !ok) return fail(ok.error());
    const brains::YesNoReply yxstop = brain.takes_yxstop();
    if (auto ok = answered(yxstop); !ok) return fail(ok.error());
    brain.end();
    return engine_entry(m_command, std::get<brains::BrainAbout>(about), std::get<bool>(yxstop));
}

std::optional<EngineCheck::Result> EngineCheck::take() {
    return m_job.take();
}

}  // namespace ttt::app
