// The stable type names and versions of the log's events.
#include "tictactrace/engine/events.hpp"

namespace ttt {

const char* type_name_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kType; }, e);
}

EventKind kind_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kKind; }, e);
}

bool is_creating(const Event& e) noexcept {
    return kind_of(e) == EventKind::Start;
}

bool is_study(const Event& e) noexcept {
    return kind_of(e) == EventKind::Study;
}

int type_version_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kVersion; }, e);
}

int since_record_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kSinceRecord; }, e);
}

}  // namespace ttt
