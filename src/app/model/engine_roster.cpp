// The list of engines and the check of the one being added.
#include "model/engine_roster.hpp"

#include "model/settings.hpp"
#include "tictactrace/base/trim.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

EngineRoster::EngineRoster(std::vector<EngineEntry> engines, brains::BrainLimits check_limits)
    : m_engines(std::move(engines)), m_check_limits(check_limits) {}

const EngineEntry* EngineRoster::numbered(std::size_t n) const noexcept {
    return n >= 1 && n <= m_engines.size() ? &m_engines[n - 1] : nullptr;
}

void EngineRoster::say(bool added, std::string text) {
    m_outcome = Outcome{added, std::move(text), ++m_serial};
}

void EngineRoster::add(std::string command) {
    command = std::string(base::trim(command));
    if (command.empty()) return say(false, "Type the engine's command line first.");
    if (m_check) return say(false, "Wait for " + m_check->command() + " to be checked first.");
    if (m_engines.size() >= kMaxEngines)
        return say(false, "Not added: the list holds " + std::to_string(kMaxEngines) +
                              " engines already; remove one first.");
    const auto same = std::find_if(m_engines.begin(), m_engines.end(),
                                   [&](const EngineEntry& e) { return e.command == command; });
    if (same != m_engines.end()) return say(false, "Not added: " + same->label() + " is listed already.");
    m_check = std::make_unique<EngineCheck>(std::move(command), m_check_limits);
}

void EngineRoster::remove(std::size_t index) {
    if (index >= m_engines.size()) return;
    const std::string label = m_engines[index].label();
    m_engines.erase(m_engines.begin() + static_cast<std::ptrdiff_t>(index));
    say(false, "Removed " + label + " from the list.");
}

bool EngineRoster::poll() {
    if (!m_check) return false;
    auto result = m_check->take();
    if (!result) return false;
    m_check.reset();
    if (!*result) {
        say(false, std::move(*result).error());
        return false;
    }
    EngineEntry& entry = result->value();
    std::string text = "Added " + entry.label();
    if (!entry.author.empty()) text += " by " + entry.author;
    text += entry.yxstop ? "; Stop asks it for its move at once (YXSTOP)."
                         : "; it does not take YXSTOP, so Stop cannot hurry it: it answers within its time.";
    m_engines.push_back(std::move(entry));
    say(true, std::move(text));
    return true;
}

bool EngineRoster::finish() {
    if (m_check) m_check->wait();
    return poll();
}

}  // namespace ttt::app
