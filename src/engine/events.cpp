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

std::int64_t* fork_link_of(Event& e) noexcept {
    if (auto* forked = std::get_if<GameForked>(&e)) return &forked->from_game;
    if (auto* set = std::get_if<GameSetUp>(&e); set && set->start->from_game) return &*set->start->from_game;
    return nullptr;
}

const std::int64_t* fork_link_of(const Event& e) noexcept {
    return fork_link_of(const_cast<Event&>(e));
}

int type_version_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kVersion; }, e);
}

int since_record_of(const Event& e) noexcept {
    return std::visit([](const auto& ev) { return std::decay_t<decltype(ev)>::kSinceRecord; }, e);
}

}  // namespace ttt
