// The engines the window knows (Game > Engines...): the list kept in settings.ini, and the check of the
// one being added, which runs on its own thread while the frame draws on. An engine joins the list only
// once it has answered; otherwise the roster holds the sentence that says why not.
#pragma once

#include "model/engine_check.hpp"
#include "model/engine_entry.hpp"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class EngineRoster {
public:
    explicit EngineRoster(std::vector<EngineEntry> engines = {}, brains::BrainLimits check_limits = {});

    [[nodiscard]] const std::vector<EngineEntry>& engines() const noexcept { return m_engines; }
    // The engine numbered `n` from 1, as --opponent o=engine:N names it; nullptr when there is none.
    [[nodiscard]] const EngineEntry* numbered(std::size_t n) const noexcept;

    // Starts checking `command` (trimmed). Refused at once, with the sentence, when it is empty, when
    // another is being checked, when the list is full, or when it is listed already.
    void add(std::string command);
    // Takes engine `index` (from 0) off the list; games it plays go on with it.
    void remove(std::size_t index);
    // The command line being checked, if one is.
    [[nodiscard]] const std::string* checking() const noexcept {
        return m_check ? &m_check->command() : nullptr;
    }
    // Takes the finished check, if any: true when the list changed (an engine was added), so that it is
    // saved. Call it once a frame.
    bool poll();
    // Blocks until the check running now is done, then takes it (tests; the window never waits).
    bool finish();

    // What the last add or remove came to: "Added fake brain 1.2 by ...", or "Not added: ...".
    struct Outcome {
        bool added = false;
        std::string text;
        std::int64_t serial = 0;  // grows with each outcome, so a view can tell a new one
    };
    [[nodiscard]] const std::optional<Outcome>& outcome() const noexcept { return m_outcome; }

private:
    void say(bool added, std::string text);

    std::vector<EngineEntry> m_engines;
    brains::BrainLimits m_check_limits;
    std::unique_ptr<EngineCheck> m_check;
    std::optional<Outcome> m_outcome;
    std::int64_t m_serial = 0;
};

}  // namespace ttt::app
