// Game > Engines' Add: a command line checked the way a game will use it, on a thread of its own so that
// the frame never waits — the engine started, told a 15x15 board (START 15), asked ABOUT and whether it
// takes YXSTOP, then ended. What comes back is its entry for the list, or one sentence saying exactly what
// went wrong (it could not be started, it exited, it did not answer in time, it answered ERROR to START).
// Destroying a check gives up on it and joins: the engine is ended, never left behind.
#pragma once

#include "model/background_job.hpp"
#include "model/engine_entry.hpp"
#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/brains/wait_control.hpp"

#include <optional>
#include <string>
#include <variant>

namespace ttt::app {

class EngineCheck {
public:
    // `limits`: how long each answer may take (the defaults: 5 s a command and 1 s of tolerance).
    explicit EngineCheck(std::string command, brains::BrainLimits limits = {});

    [[nodiscard]] const std::string& command() const noexcept { return m_command; }
    [[nodiscard]] bool done() const noexcept { return m_job.done(); }
    // Once done(): the entry, or why the engine cannot be added ("Not added: ..."), taken once.
    using Result = ttt::Result<EngineEntry, std::string>;
    [[nodiscard]] std::optional<Result> take();
    // Blocks until done() (tests; the window never waits).
    void wait() { m_job.wait(); }

private:
    [[nodiscard]] Result run(brains::BrainLimits limits);

    std::string m_command;
    brains::WaitControl m_control;
    BackgroundJob<Result> m_job;  // last: it starts once everything it uses exists
};

}  // namespace ttt::app
